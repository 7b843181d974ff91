// The interleaving harness's world: one document store with core's update semantics (test/data/combat/foundry-update.ts),
// two GMs and three players as clients, each with its own write queue and request registry (module state is per
// browser), and the thin glue the Foundry side has around the shared operations. The operations themselves are the
// system's own code: the write queue, the request registry and handler with its ledger, Apply and Undo
// (features/attack/card-writes.ts), the End Phase (features/round/end-phase-op.ts), the surprise step
// (features/round/surprise-op.ts), a declaration mode's resolve step with its reveal (features/round/declarations/
// resolve-step-op.ts and secret-store.ts `revealInOrder`), write-once and hand-over (src/core/writes/).
import { applyUpdate, copyJSON } from "../../../data/combat/foundry-update";
import { Rng, Scheduler } from "./scheduler";
import { WriteQueue, combatKey } from "../../../../src/core/writes/write-queue";
import type { OpContext } from "../../../../src/core/writes/write-queue";
import { RequestRegistry, shouldProcess } from "../../../../src/core/requests/registry";
import type { Requester, Verdict } from "../../../../src/core/requests/registry";
import { handleRequest } from "../../../../src/core/requests/handle";
import { EMPTY_LEDGER, readLedger } from "../../../../src/core/requests/ledger";
import type { RequestLedger } from "../../../../src/core/requests/ledger";
import { ActiveWatch } from "../../../../src/core/writes/hand-over";
import type { CombatTargets, OpActor, OpDocument } from "../../../../src/core/writes/write-once";
import { PENDING_WRITES_FLAG, finishRecorded, writeRecorded } from "../../../../src/core/writes/write-once";
import { OPS_FLAG, claimId } from "../../../../src/core/writes/op-record";
import { SYSTEM_ID } from "../../../../src/constants/system-id";
import { DEFENCES_FLAG, DEFENCE_CLAIM_FLAG, WRITE_FLAG, applyOp, defendOp, finishCard, readDefenceClaim, readWriteRecord, settleCard, undoOp } from "../../../../src/features/attack/card-writes";
import type { CardRead, CardSkirmish, CardWrites, DefendWrites } from "../../../../src/features/attack/card-writes";
import { END_RECORD_FLAG, PENDING_FLAG, endPhaseOp, finishEndPhase } from "../../../../src/features/round/end-phase-op";
import type { EndPhaseIO } from "../../../../src/features/round/end-phase-op";
import { SURPRISE_RECORD_FLAG, finishSurprise, surpriseOp } from "../../../../src/features/round/surprise-op";
import type { SurpriseIO, SurpriseRecord } from "../../../../src/features/round/surprise-op";
import { isRefusal, parseCardPayload, parseDefend } from "../../../../src/features/attack/attack-requests";
import type { CardPayload, DefendPayload } from "../../../../src/features/attack/attack-requests";
import type { AttackSource } from "../../../../src/data/message/attack-source";
import type { EndPhaseCardData } from "../../../../src/core/cards/combat-card-context";
import { skirmishState, storedSkirmish } from "../../../../src/data/combat/combat-snapshot";
import type { CombatantEntry } from "../../../../src/data/combat/combat-snapshot";
import type { StoredSkirmish } from "../../../../src/data/combat/stored";
import { outcomeUpdates } from "../../../../src/data/combat/updates";
import { revertChanges } from "../../../../src/data/combat/round";
import { resolveEndPhase } from "../../../../src/rules/procedures/end-phase";
import type { SkirmishState, StateChange } from "../../../../src/rules/state";
import { pairKey } from "../../../../src/rules/state";
import { answerDefence, recordDamage } from "../../../../src/rules/attack-card";
import type { AttackCard } from "../../../../src/rules/attack-card";
import { dodge, ok, rolled } from "../../../rules/attack-card-fixtures";
import { resolveStepOp, revealUpdate } from "../../../../src/features/round/declarations/resolve-step-op";
import type { ResolveStepIO } from "../../../../src/features/round/declarations/resolve-step-op";
import { emptySecrets, revealInOrder } from "../../../../src/features/round/declarations/secret-store";
import type { SecretStore } from "../../../../src/features/round/declarations/secret-store";
import type { StoredDeclaration } from "../../../../src/data/combat/stored";
import { newOpId } from "../../../../src/core/writes/write-queue";
import { entry, storedOf } from "../../../data/combat/fixtures";

type Plain = Record<string, unknown>;

export const CARD = "card1";
export const COMBAT = "combat1";
export const LEDGER = "ledger";
export const USERS = ["gm1", "gm2", "p1", "p2", "p3"] as const;
export type UserId = (typeof USERS)[number];
const OWNERS: Record<string, string[]> = { a: ["p1"], b: ["p2"], c: ["p3"] };

/** A request message as the store holds it. */
export interface RequestDoc {
  type: "request";
  author: UserId;
  timestamp: number;
  system: { kind: string; payload: Plain; status: string; reason: string };
}

/** A card still awaiting b's defence. */
const AWAITING: AttackCard = rolled([4, 4, 6, 1, 2]);

/** The card every schedule starts from: a hit on b with its damage rolled, resolved and ready to apply. */
const HIT: AttackCard = ok(
  recordDamage(ok(answerDefence(rolled([4, 4, 6, 1, 2]), "b", { check: dodge, dice: [5, 2, 1], by: "owner" }, [dodge])), "b", { pool: 8, tn: 5 }, [5, 6, 5, 5, 5, 1, 2, 3]),
);

const flag = (doc: Plain | undefined, key: string): unknown => ((doc?.flags as Plain | undefined)?.[SYSTEM_ID] as Plain | undefined)?.[key];

/** One browser: its user, whether it is loaded, and its own module state (queue, registry, request pump). */
export class Client {
  alive = true;
  queue = new WriteQueue();
  inFlight = new Set<string>();
  chain: Promise<void> = Promise.resolve();
  #registry: RequestRegistry | null = null;
  watch = new ActiveWatch();
  /** Refusals shown to this user. */
  told: string[] = [];
  /** The kinds this user's own clicks carried out at once (as the active GM). */
  done: string[] = [];
  /** What this GM's browser keeps of secret declarations (its localStorage: a reload keeps it). */
  secrets: SecretStore = emptySecrets();

  constructor(
    readonly world: World,
    readonly id: UserId,
    readonly isGM: boolean,
  ) {}

  /** Its request kinds, registered on its own queue (as a browser's `init` does; made when first needed). */
  get registry(): RequestRegistry {
    this.#registry ??= this.world.registryFor(this);
    return this.#registry;
  }

  get requester(): Requester {
    return { id: this.id, name: this.id, isGM: this.isGM };
  }

  /** A reload: its tasks stop (writes it sent land or not), and it comes back empty. */
  reload(): void {
    this.alive = false;
    this.world.sched.crash(this.id);
    this.queue = new WriteQueue();
    this.#registry = null;
    this.inFlight = new Set();
    this.chain = Promise.resolve();
    this.watch = new ActiveWatch();
  }
}

const ENTRIES: CombatantEntry[] = [entry("a", { soma: 6 }), entry("b", { life: { max: 12, wounds: 4 } }), entry("c")];

/** The documents every schedule starts from. */
const TEMPLATE: Map<string, Plain> = (() => {
  const docs = new Map<string, Plain>();
  {
    const stored: StoredSkirmish = storedOf({
      combatants: {
        a: { altitude: "mid", moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [] },
        b: { altitude: "mid", moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [] },
        c: { altitude: "low", moved: false, fullMove: false, acted: false, choseToFall: false, falling: true, roundEffects: [] },
      },
      distances: { [pairKey("a", "b")]: "close" },
    });
    docs.set(COMBAT, { round: 1, system: { skirmish: stored, endPhase: { round: 0, messageId: "" } }, flags: {} });
    for (const e of ENTRIES) {
      const body = e.body;
      if (body === null) continue;
      // Statuses as the state says they are (c is falling), so any write's status switches are the change's own.
      docs.set(`actor.${e.id}`, { system: { life: { ...body.life }, magic: { ...body.magic } }, statuses: e.id === "c" ? ["falling"] : [], flags: {} });
    }
    docs.set(LEDGER, { value: { ...EMPTY_LEDGER } });
    const hit = copyJSON(HIT);
    const refs = Object.fromEntries(["a", "b"].map((id) => [id, { actorUuid: `Actor.${id}`, tokenUuid: null }]));
    const source: AttackSource = { card: hit, refs, combatId: COMBAT, prompts: {} };
    docs.set(CARD, { type: "attack", author: "gm1", system: source, flags: {} });
  }
  return docs;
})();


/** The resolve step of the declaration flows: battle phase, a, b and c in turn. */
export const STEP = { phase: "battle", combatants: ["a", "b", "c"] } as const;

const declaration = (text: string): StoredDeclaration => ({
  phase: "battle", text, target: "", action: "{}", aborted: "", choice: JSON.stringify({ text }), sealed: false, resolved: false,
});

/** What a and b declared; a's no longer stands at its resolve step. */
export const DECLARED: Record<string, StoredDeclaration> = { a: declaration("Bite b"), b: declaration("Shout") };

/** The reason a's declaration aborts. */
export const ABORT_REASON = "Gone";

const SEALED: StoredDeclaration = { phase: "battle", text: "", target: "", action: "", aborted: "", choice: "", sealed: true, resolved: false };

/** The store, the clients and the glue. */
export class World {
  readonly sched: Scheduler;
  readonly rng: Rng;
  readonly docs = new Map<string, Plain>();
  readonly messages: string[] = [];
  readonly clients: Record<UserId, Client>;
  readonly entries: CombatantEntry[];
  /** Whether two GMs were ever writing at once (a hand-over while the other still ran an operation). */
  overlapped = false;
  /** Every task started, to wait on at the end. */
  readonly tasks: Promise<unknown>[] = [];
  #next = 0;
  #clock = 1000;
  /** Bumped by every write that lands, so a read of the state is computed once per change. */
  #version = 0;
  #state: { version: number; state: SkirmishState } | null = null;
  /** The damage the card does and the state before it, for the invariants. */
  readonly initial: SkirmishState;

  /** The declaration mode of the resolve step under way, if any (`declarations` option). */
  readonly stepMode: "reverse" | "secret" | null;

  /**
   * `awaiting`: the card still awaits b's defence (else it is a hit with its damage rolled). `declarations`: the
   * combat is at a battle-phase resolve step of a, b and c; a's declaration no longer stands (aborted), b's is an
   * "other" action (taken as the step runs), c declared nothing public. In secret mode a's and b's are sealed on the
   * combat and kept by gm1's browser only, and c's is sealed and kept by no GM's.
   */
  constructor(seed: number, options: { awaiting?: boolean; declarations?: "reverse" | "secret" } = {}) {
    this.rng = new Rng(seed);
    this.sched = new Scheduler(this.rng);
    this.entries = ENTRIES;
    for (const [id, doc] of TEMPLATE) this.docs.set(id, copyJSON(doc));
    if (options.awaiting === true) (this.doc(CARD).system as AttackSource).card = copyJSON(AWAITING);
    this.messages.push(CARD);
    this.clients = Object.fromEntries(USERS.map((id) => [id, new Client(this, id, id.startsWith("gm"))])) as Record<UserId, Client>;
    this.stepMode = options.declarations ?? null;
    if (this.stepMode !== null) {
      const system = this.doc(COMBAT).system as Plain;
      if (this.stepMode === "reverse") system.declarations = copyJSON({ a: DECLARED.a, b: DECLARED.b });
      else {
        system.declarations = copyJSON({ a: SEALED, b: SEALED, c: SEALED });
        const entries = Object.fromEntries(["a", "b"].map((id) => [id, { combatantId: id, answeredBy: OWNERS[id]?.[0] ?? "", phase: "battle", declaration: copyJSON(DECLARED[id] as StoredDeclaration) }]));
        this.clients.gm1.secrets = { combats: { [COMBAT]: { round: 1, entries } } };
      }
    }
    this.initial = this.state();
    this.initialStatuses = this.statuses();
  }

  /** Each actor's statuses at the start. */
  readonly initialStatuses: Record<string, string[]>;

  // ----- the store -----

  doc(id: string): Plain {
    const doc = this.docs.get(id);
    if (doc === undefined) throw new Error(`no document ${id}`);
    return doc;
  }

  /** One update from a client: a round trip to the server, which lands it when the scheduler says. */
  async update(client: UserId, id: string, data: Plain): Promise<void> {
    const doc = this.doc(id);
    // A GM that is no longer the active GM finishing its operation (core's Users#activeGM hands back to a returning
    // GM with the lower id at once): two GMs write at the same time until that operation ends.
    const writer = this.clients[client];
    if (writer.isGM && writer.alive && !this.isActive(writer)) this.overlapped = true;
    await this.sched.point(client, () => {
      applyUpdate(doc, data);
      this.#version += 1;
    });
  }

  /** A deletion from a client (a document already gone stays gone). */
  async remove(client: UserId, id: string): Promise<void> {
    await this.sched.point(client, () => {
      if (!this.docs.delete(id)) return;
      const at = this.messages.indexOf(id);
      if (at >= 0) this.messages.splice(at, 1);
      this.#version += 1;
    });
  }

  /** A new chat message from a client; every GM client's `createChatMessage` hook runs when it lands. */
  async create(client: UserId, data: Plain, keepId: string | null = null): Promise<string> {
    this.#next += 1;
    const id = keepId ?? `msg${this.#next}`;
    this.#clock += 1;
    const landed = { duplicate: false };
    await this.sched.point(client, () => {
      // The server refuses a second document with an id it already has (a create with `keepId`).
      if (this.docs.has(id)) {
        landed.duplicate = true;
        return;
      }
      this.docs.set(id, { ...copyJSON(data), timestamp: this.#clock });
      this.messages.push(id);
      this.#version += 1;
      for (const gm of [this.clients.gm1, this.clients.gm2]) this.spawn(gm, () => this.hookCreate(gm, id));
    });
    if (landed.duplicate) throw new Error(`a document with id ${id} exists`);
    return id;
  }

  /** Starts a task on a client (a hook or a click); it stops when the client reloads. */
  spawn(client: Client, task: () => Promise<unknown>): void {
    if (!client.alive) return;
    this.tasks.push(task().catch((error: unknown) => {
      throw error;
    }));
  }

  /** The active GM: the first connected GM (core's Users#activeGM takes one connected GM for all clients). */
  activeGM(): Client | null {
    return [this.clients.gm1, this.clients.gm2].find((c) => c.alive) ?? null;
  }

  isActive(client: Client): boolean {
    return this.activeGM() === client;
  }

  // ----- what the documents say -----

  state(): SkirmishState {
    if (this.#state?.version === this.#version) return this.#state.state;
    const state = this.#computeState();
    this.#state = { version: this.#version, state };
    return state;
  }

  #computeState(): SkirmishState {
    const stored = (this.doc(COMBAT).system as { skirmish: StoredSkirmish }).skirmish;
    const entries = this.entries.map((e) => {
      const actor = this.doc(`actor.${e.id}`).system as { life: { wounds: number; max: number }; magic: { value: number; max: number } };
      return e.body ? { ...e, body: { ...e.body, life: { ...actor.life }, magic: { ...actor.magic } } } : e;
    });
    return skirmishState(stored, entries);
  }

  statuses(): Record<string, string[]> {
    return Object.fromEntries(this.entries.map((e) => [e.id, [...(this.doc(`actor.${e.id}`).statuses as string[])]]));
  }

  combatRound(): number {
    return this.doc(COMBAT).round as number;
  }

  // ----- documents as the operations see them -----

  opDocument(client: UserId, id: string): OpDocument {
    return {
      ops: () => flag(this.docs.get(id), OPS_FLAG),
      update: (data) => this.update(client, id, data),
    };
  }

  opActor(client: UserId, id: string): OpActor {
    const docId = `actor.${id}`;
    return {
      ...this.opDocument(client, docId),
      updateItems: async () => {
        await this.sched.point(client);
      },
      setStatus: async (status, active) => {
        const doc = this.doc(docId);
        await this.sched.point(client, () => {
          const now = (doc.statuses as string[]).filter((s) => s !== status);
          doc.statuses = active ? [...now, status] : now;
          this.#version += 1;
        });
      },
    };
  }

  targets(client: UserId, withCombat = true): CombatTargets {
    const combat = this.opDocument(client, COMBAT);
    return { combat: withCombat ? combat : { ops: () => [], update: () => Promise.resolve() }, actor: (id) => (this.docs.has(`actor.${id}`) ? this.opActor(client, id) : null) };
  }

  updatesFor(changes: readonly StateChange[]) {
    const stored = (this.doc(COMBAT).system as { skirmish: StoredSkirmish }).skirmish;
    return outcomeUpdates({ stored, state: this.state(), changes, statuses: this.statuses() }).updates;
  }

  cardWrites(client: UserId): CardWrites<CardSkirmish> {
    return {
      cardId: CARD,
      read: () => {
        const doc = this.docs.get(CARD);
        if (doc === undefined) return Promise.resolve({ refused: "gone" });
        // The operations never change what they read (they build new objects), so the store's own copy is read.
        const source = doc.system as AttackSource;
        const read: CardRead<CardSkirmish> = {
          facts: { card: source.card, authoredByGM: true, owners: OWNERS },
          source,
          record: readWriteRecord(flag(doc, WRITE_FLAG)),
          defences: flag(doc, DEFENCES_FLAG),
          situation: { state: this.state(), missing: [] },
        };
        return Promise.resolve(read);
      },
      updatesFor: (_situation, changes) => this.updatesFor(changes),
      targets: () => this.targets(client),
      writeCard: (update) => this.update(client, CARD, update),
      writeAnswer: (update) => this.update(client, CARD, update),
      claimDefence: async (id, claim) => {
        try {
          await this.create(client, { type: "claim", flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: claim } } }, id);
          return true;
        } catch {
          return false;
        }
      },
      defenceClaims: () => this.defenceClaims().map((id) => ({ id, record: flag(this.doc(id), DEFENCE_CLAIM_FLAG) })),
      dropClaim: (id) => this.remove(client, id),
    };
  }

  /** The defence claims in the store. */
  defenceClaims(): string[] {
    return this.messages.filter((m) => readDefenceClaim(flag(this.docs.get(m), DEFENCE_CLAIM_FLAG)) !== null);
  }

  defendWrites(client: UserId): DefendWrites<CardSkirmish> {
    return {
      ...this.cardWrites(client),
      options: () => [dodge],
      roll: async (pool) => {
        await this.sched.point(client); // a real Roll's evaluation
        return { faces: Array.from({ length: pool }, () => 1 + this.rng.int(6)), roll: null };
      },
      gm: { id: client, name: client, isGM: true },
    };
  }

  endPhaseIO(client: UserId): EndPhaseIO {
    const combat = (): Plain => this.doc(COMBAT);
    return {
      round: () => this.combatRound(),
      endPhase: () => ({ ...(combat().system as { endPhase: { round: number; messageId: string } }).endPhase }),
      pending: () => flag(combat(), PENDING_FLAG),
      skirmish: () => this.state(),
      updatesFor: (changes) => this.updatesFor(changes),
      targets: () => this.targets(client),
      roll: async (state) => {
        const outcome = await resolveEndPhase(state, {
          roll: async (count, faces) => {
            await this.sched.point(client);
            return Array.from({ length: count }, () => 1 + this.rng.int(faces));
          },
        });
        return { outcome, rolls: [] };
      },
      cardId: (round) => claimId(COMBAT, String(round), String(this.endCards().filter((m) => m.round === round && m.undone === true).length)),
      claimCard: async (id, data, _rolls, record) => {
        try {
          await this.create(client, { type: "endPhase", round: data.round, undone: false, data, flags: { [SYSTEM_ID]: { [END_RECORD_FLAG]: record } } }, id);
          return true;
        } catch {
          return false;
        }
      },
      endCards: () => this.endCards().map((m) => ({ id: m.id, record: flag(m, END_RECORD_FLAG) })),
      updateCard: (id, update) => this.update(client, id, update),
      markUndone: (messageId) => this.update(client, messageId, { undone: true }),
      undoTarget: (data: EndPhaseCardData) =>
        skirmishState(
          data.undo.skirmish,
          this.entries.map((e) => (e.body ? { ...e, body: { ...e.body, life: { ...e.body.life, wounds: data.undo.wounds[e.id] ?? 0 } } } : e)),
        ),
      revert: revertChanges,
    };
  }

  /** The End Phase cards so far. */
  endCards(): (Plain & { id: string })[] {
    return this.messages.filter((id) => this.doc(id).type === "endPhase").map((id) => ({ ...this.doc(id), id }));
  }

  /** The surprise step's documents (features/round/round-runner.ts `surpriseDocuments`, on this store). */
  surpriseIO(client: UserId): SurpriseIO {
    return {
      refusal: () => (this.surpriseCards().length > 0 ? "Rolled" : null),
      cardId: () => claimId(COMBAT, "surprise"),
      claim: async (id, opId) => {
        await this.sched.point(client); // the dice
        const changes: StateChange[] = [{ type: "roundEffect", id: "c", effect: "surprised", active: true }];
        const record: SurpriseRecord = { op: opId, updates: JSON.stringify(this.updatesFor(changes)), done: false };
        try {
          await this.create(client, { type: "surprise", flags: { [SYSTEM_ID]: { [SURPRISE_RECORD_FLAG]: record } } }, id);
          return true;
        } catch {
          return false;
        }
      },
      cards: () => this.surpriseCards().map((id) => ({ id, record: flag(this.doc(id), SURPRISE_RECORD_FLAG) })),
      writeEffects: (record) => writeRecorded(this.targets(client), JSON.parse(record.updates) as ReturnType<World["updatesFor"]>, record.op),
      markDone: (id) => this.update(client, id, { [`flags.${SYSTEM_ID}.${SURPRISE_RECORD_FLAG}.done`]: true }),
    };
  }

  /** The surprise card posted so far, if any (the refusal counts only cards a GM made). */
  surpriseCards(): string[] {
    return this.messages.filter((m) => this.docs.get(m)?.type === "surprise");
  }

  /** A resolve step's documents on a GM's client (declaration-flow.ts `stepIO`, on this store). */
  stepIO(client: Client): ResolveStepIO<StateChange> {
    const declarations = (): Record<string, StoredDeclaration> => (this.doc(COMBAT).system as { declarations: Record<string, StoredDeclaration> }).declarations;
    return {
      combatId: COMBAT,
      round: () => this.combatRound(),
      declarations,
      reveal: (phase, ids) =>
        revealInOrder(
          {
            load: () => client.secrets,
            save: (store) => {
              client.secrets = store;
            },
            write: async (revealed) => {
              const update = revealUpdate(declarations(), revealed);
              if (Object.keys(update).length > 0) await this.update(client.id, COMBAT, update);
            },
          },
          COMBAT,
          this.combatRound(),
          phase,
          ids,
        ),
      tellMissing: (ids) => {
        client.told.push(...ids.map((id) => `missing:${id}`));
      },
      // a's declaration no longer stands (its battle action is lost); b's "other" action spends its battle action.
      decide: (id) =>
        id === "a"
          ? { mark: { aborted: ABORT_REASON }, changes: [{ type: "flag", id, flag: "acted", value: true }] }
          : id === "b"
            ? { mark: { resolved: true }, changes: [{ type: "flag", id, flag: "acted", value: true }] }
            : null,
      writeMark: (id, decision) => {
        const mark = "aborted" in decision.mark ? { [`system.declarations.${id}.aborted`]: decision.mark.aborted } : { [`system.declarations.${id}.resolved`]: true };
        return writeRecorded(this.targets(client.id), this.updatesFor(decision.changes), newOpId(() => this.rng.next()), mark);
      },
      has: (id) => this.docs.has(id),
      post: async (id, kind, combatantId, _stored, reason) => {
        try {
          await this.create(client.id, { type: "declaration", kind, combatantId, reason }, id);
          return true;
        } catch {
          return false;
        }
      },
    };
  }

  /** The step's work on a GM's client, in the combat's queue (declaration-flow.ts `stepWork`). */
  runStep(gm: Client): void {
    this.spawn(gm, () => gm.queue.run(combatKey(COMBAT), () => this.stepWork(gm)));
  }

  async stepWork(gm: Client): Promise<void> {
    if (this.stepMode === null) return;
    await resolveStepOp(this.stepIO(gm), STEP, this.stepMode === "secret");
  }

  /** The declaration cards posted so far, in order. */
  declarationCards(): { kind: string; combatantId: string; reason: string }[] {
    return this.messages.filter((m) => this.docs.get(m)?.type === "declaration").map((m) => this.doc(m) as { kind: string; combatantId: string; reason: string });
  }

  declarations(): Record<string, StoredDeclaration> {
    return (this.doc(COMBAT).system as { declarations: Record<string, StoredDeclaration> }).declarations;
  }

  // ----- the request kinds, as each client registers them -----

  registryFor(client: Client): RequestRegistry {
    const registry = new RequestRegistry(client.queue);
    const cardKind = (run: (io: CardWrites<CardSkirmish>, requester: Requester, op: OpContext) => Promise<Verdict>) => ({
      parse: parseCardPayload,
      gather: (payload: CardPayload) => payload,
      validate: (): Verdict => ({ ok: true }),
      apply: (_payload: CardPayload, _facts: CardPayload, requester: Requester, op: OpContext) => run(this.cardWrites(client.id), requester, op),
      queue: () => combatKey(COMBAT),
    });
    registry.register("attack.apply", cardKind(applyOp));
    registry.register<DefendPayload, DefendPayload>("attack.defend", {
      parse: parseDefend,
      gather: (payload) => payload,
      validate: () => ({ ok: true }),
      apply: (payload, _facts, requester, op) => defendOp(this.defendWrites(client.id), payload, requester, requester.isGM ? "gm" : "owner", op),
      queue: () => combatKey(COMBAT),
    });
    registry.register("attack.undo", cardKind(undoOp));
    registry.register<{ combatId: string }, { combatId: string }>("combat.endPhase", {
      parse: (payload) => ({ combatId: (payload as { combatId: string }).combatId }),
      gather: (payload) => payload,
      validate: (_p, _f, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: "GMOnly" }),
      apply: async (_p, _f, _r, op) => {
        await endPhaseOp(this.endPhaseIO(client.id), op);
        return { ok: true };
      },
    });
    registry.register<{ combatId: string }, { combatId: string }>("combat.surprise", {
      parse: (payload) => ({ combatId: (payload as { combatId: string }).combatId }),
      gather: (payload) => payload,
      validate: (_p, _f, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: "GMOnly" }),
      apply: async (_p, _f, _r, op) => {
        const reason = await surpriseOp(this.surpriseIO(client.id), op.id);
        return reason === null ? { ok: true } : { ok: false, reason };
      },
    });
    return registry;
  }

  // ----- clicks -----

  /**
   * A user's click on a card or the tracker: the active GM runs the kind at once (through its registry, so on its
   * write queue); anyone else posts a request message the active GM handles (core/requests/requests.ts).
   */
  click(user: UserId, kind: string, payload: Plain): void {
    const client = this.clients[user];
    this.spawn(client, async () => {
      if (this.isActive(client)) {
        const verdict = await client.registry.process(kind, payload, client.requester);
        if (verdict.ok) client.done.push(kind);
        else client.told.push(verdict.reason);
        return;
      }
      const doc: RequestDoc = { type: "request", author: user, timestamp: 0, system: { kind, payload, status: "pending", reason: "" } };
      await this.create(user, doc as unknown as Plain);
    });
  }

  /** The GM client's `createChatMessage` hook: a pending request is considered (requests.ts `consider`). */
  async hookCreate(gm: Client, id: string): Promise<void> {
    await this.sched.point(gm.id);
    this.consider(gm, id);
  }

  /** requests.ts `consider`: on the active GM, a pending request not already in flight is handled in turn. */
  consider(gm: Client, id: string): void {
    const doc = this.docs.get(id) as unknown as RequestDoc | undefined;
    if (doc?.type !== "request") return;
    const active = this.activeGM();
    if (!shouldProcess({ id, status: doc.system.status }, { userId: gm.id, activeGMId: active?.id ?? null }, gm.inFlight)) return;
    gm.inFlight.add(id);
    const run = async (): Promise<void> => {
      await handleRequest(
        {
          ledger: (): RequestLedger => readLedger(this.doc(LEDGER).value),
          saveLedger: (ledger) => this.update(gm.id, LEDGER, { "==value": ledger }),
          now: () => this.#clock,
          process: (kind, payload, requester) => gm.registry.process(kind, payload, requester),
          answer: (verdict) => this.update(gm.id, id, { system: verdict.ok ? { status: "applied" } : { status: "refused", reason: verdict.reason } }),
        },
        { id, timestamp: doc.timestamp, kind: doc.system.kind, payload: doc.system.payload, author: { id: doc.author, name: doc.author, isGM: doc.author.startsWith("gm") } },
      );
    };
    const chain = gm.chain.then(run).finally(() => gm.inFlight.delete(id));
    gm.chain = chain.catch(() => undefined);
    this.tasks.push(chain);
  }

  /** requests.ts `sweep`: every pending request, oldest first. */
  sweep(gm: Client): void {
    for (const id of this.messages) this.consider(gm, id);
  }

  /**
   * A client that has just become the active GM (hand-over, core/writes/hand-over.ts): in the combat's queue it
   * finishes the card's half-done write (attack-flow.ts `sweepCards`), the combat's actor writes and the End Phase
   * (features/round/register.ts), then handles the pending requests.
   */
  async takeOver(gm: Client): Promise<void> {
    if (!gm.watch.check(this.isActive(gm))) return;
    await gm.queue.run(combatKey(COMBAT), async (op) => {
      const io = this.cardWrites(gm.id);
      const read = await io.read();
      if (!isRefusal(read)) await finishCard(io, read);
      await settleCard(io, gm.requester, op);
      await finishRecorded(this.targets(gm.id), flag(this.doc(COMBAT), PENDING_WRITES_FLAG));
      await finishEndPhase(this.endPhaseIO(gm.id));
      await finishSurprise(this.surpriseIO(gm.id));
      // declaration-flow.ts `resumeSteps`: the current step's work again.
      await this.stepWork(gm);
    });
    this.sweep(gm);
  }

  /** The `ready` and `userConnected` hooks of every loaded GM client after someone (re)connects. */
  connected(): void {
    for (const gm of [this.clients.gm1, this.clients.gm2]) {
      this.spawn(gm, async () => {
        await this.sched.point(gm.id);
        await this.takeOver(gm);
      });
    }
  }

  /** A client comes back from a reload. */
  revive(user: UserId): void {
    this.clients[user].alive = true;
    this.connected();
  }

  /** Runs the schedule: each step resumes one parked task, or starts the next planned event. */
  async run(events: (() => void)[], eventChance = 0.3): Promise<void> {
    const queue = [...events];
    for (;;) {
      if (queue.length > 0 && (this.sched.waiting === 0 || this.rng.chance(eventChance))) {
        queue.shift()?.();
        await this.sched.settle();
        continue;
      }
      if (!(await this.sched.step())) {
        await this.sched.settle();
        if (this.sched.waiting === 0) break;
      }
    }
  }

  /** Ends the schedule: everyone back, the active GM takes over, every task runs to its end. */
  async finish(): Promise<void> {
    for (const user of USERS) if (!this.clients[user].alive) this.clients[user].alive = true;
    this.connected();
    await this.drain();
  }

  /** Runs until no task is parked, and none is about to park. */
  async drain(): Promise<void> {
    for (;;) {
      await this.sched.settle();
      if (await this.sched.step()) continue;
      await this.sched.settle();
      if (this.sched.waiting === 0) return;
    }
  }

  requests(): RequestDoc[] {
    return this.messages.filter((m) => this.docs.get(m)?.type === "request").map((m) => this.docs.get(m) as unknown as RequestDoc);
  }

  card(): AttackSource {
    return this.doc(CARD).system as AttackSource;
  }

  cardRecord() {
    return readWriteRecord(flag(this.doc(CARD), WRITE_FLAG));
  }

  combatFlag(key: string): unknown {
    return flag(this.doc(COMBAT), key);
  }

  actorOps(id: string): unknown {
    return flag(this.doc(`actor.${id}`), OPS_FLAG);
  }

  storedNow(): StoredSkirmish {
    return storedSkirmish(this.state());
  }
}
