// One client of the declaration modes on plain documents (src/features/round/declarations/declaration-steps.ts
// `DeclarationIO`, which declaration-flow.ts builds from Foundry): the combat and its actors are a SkirmishWalk
// (bestiary actors, updates with core's semantics), the chat log refuses a second message with an id it has (core's
// `keepId`), the `combat.declare` request runs through a request registry, the secret store is a plain record, the
// text is the system's own en.json, and a group's dice are the roll pipeline's with scripted faces.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { DeclarationChoice } from "../../../../src/data/combat/declaration";
import { currentStep } from "../../../../src/data/combat/round";
import type { StoredDeclaration } from "../../../../src/data/combat/stored";
import { outcomeUpdates } from "../../../../src/data/combat/updates";
import type { DocumentUpdates } from "../../../../src/data/combat/updates";
import { RequestRegistry } from "../../../../src/core/requests/registry";
import type { Requester, Verdict } from "../../../../src/core/requests/registry";
import type { MovePayload, StartAttackOptions } from "../../../../src/core/action-payloads";
import { PipelineDice, ROLL_HOOKS } from "../../../../src/core/rolls/pipeline";
import type { RollConfig } from "../../../../src/core/rolls/pipeline";
import { DECLARE_REQUEST } from "../../../../src/features/round/declarations/declare-request";
import { DeclarationSteps } from "../../../../src/features/round/declarations/declaration-steps";
import type { DeclarationCombat, DeclarationIO, DeclarationPost, GroupDice } from "../../../../src/features/round/declarations/declaration-steps";
import { GROUP_RECORD_FLAG } from "../../../../src/features/round/declarations/resolve-step-op";
import type { RoundStep } from "../../../../src/rules/round-plan";
import { DEFAULT_SKILL_LADDER } from "../../../../src/rules/skills";
import type { SkillLadder } from "../../../../src/rules/skills";
import { applyUpdate } from "../../../data/combat/foundry-update";
import { SkirmishWalk } from "../../../data/combat/skirmish-walk";
import type { Fighter } from "../../../data/combat/skirmish-walk";
import { standInEnv } from "../../../core/rolls/roll-stand-ins";

type Plain = Record<string, unknown>;

/** The combat's id. */
export const COMBAT = "c1";

const EN = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../../lang/en.json"), "utf8")) as Plain;

/** An en.json key as Foundry's i18n gives it: localised, `{name}` filled in from `data`. */
export function english(key: string, data: Readonly<Record<string, unknown>> = {}): string {
  const found = key.split(".").reduce<unknown>((o, k) => (typeof o === "object" && o !== null ? (o as Plain)[k] : undefined), EN);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
}

/** The Sable (Ada's), the wyvern rider (the GM's) and the knight (Cid's); the Sable in melee with the knight. */
export const FIGHTERS: readonly Fighter[] = [
  { id: "sable", file: "sable-dragon", side: "Dragons", place: { altitude: "grounded" } },
  { id: "rider", file: "wyvern-rider", side: "Wyvern Host", place: { altitude: "mid" } },
  { id: "knight", file: "knight", side: "Wyvern Host", place: { altitude: "grounded" } },
];
export const DISTANCES = { "rider|sable": "middle", "knight|sable": "close", "knight|rider": "middle" } as const;
export const OWNERS: Readonly<Record<string, readonly string[]>> = { sable: ["ada"], knight: ["cid"] };
const USERS: Readonly<Record<string, Requester>> = {
  gm: { id: "gm", name: "Gamemaster", isGM: true },
  ada: { id: "ada", name: "Ada", isGM: false },
  cid: { id: "cid", name: "Cid", isGM: false },
};

/** A chat message of the world. */
export interface Message {
  post: DeclarationPost;
  flags: Plain;
}

/** The documents every client sees: the combat, its actors, the chat log; who is the active GM. */
export class Server {
  readonly walk: SkirmishWalk;
  readonly messages = new Map<string, Message>();
  /** Every write and post, in order. */
  readonly log: string[] = [];
  activeGM = "gm";
  started = true;
  exists = true;
  #posted = 0;

  constructor(mode: "reverseDeclaration" | "secretDeclaration", fighters: readonly Fighter[] = FIGHTERS) {
    this.walk = new SkirmishWalk(mode, fighters, { distances: { ...DISTANCES } });
  }

  /** Puts the combat at round 1 of `plan`, its cursor at `index`. */
  at(plan: RoundStep[], index: number): void {
    this.walk.update({ round: 1, "system.plan": plan, "system.cursor": { round: 1, index } });
  }

  update(data: Plain): void {
    this.walk.update(data);
    this.log.push("combat");
  }

  post(card: DeclarationPost): Promise<void> {
    if (card.id !== "" && this.messages.has(card.id)) {
      this.log.push(`refused:${card.card}`);
      return Promise.reject(new Error(`a message with id ${card.id} exists`));
    }
    this.#posted += 1;
    const id = card.id === "" ? `msg${String(this.#posted)}` : card.id;
    this.messages.set(id, { post: structuredClone(card), flags: { "age-of-dragons": structuredClone(card.flags) } });
    this.log.push(`post:${card.card}:${(card.data as { kind?: string }).kind ?? ""}`);
    return Promise.resolve();
  }

  /** The cards posted of a kind (the declaration card's own kind: declared, revealed, aborted). */
  cards(kind: string): DeclarationPost[] {
    return [...this.messages.values()].map((m) => m.post).filter((p) => p.card === kind || (p.data as { kind?: string }).kind === kind);
  }
}

/** One user's client. */
export class Client implements DeclarationIO {
  readonly steps: DeclarationSteps;
  readonly registry = new RequestRegistry();
  readonly notes: { level: string; text: string }[] = [];
  readonly sent: { payload: Plain; summary: string }[] = [];
  readonly attacks: StartAttackOptions[] = [];
  readonly moves: MovePayload[] = [];
  boardRefusal: string | undefined = undefined;
  /** What the declaration dialog answers, in order (null: closed); the combatants it opened for. */
  dialog: (DeclarationChoice | null)[] = [];
  readonly opened: string[] = [];
  /** Whether a declaration dialog is open on this client (a suggestion fills it in). */
  dialogOpen = false;
  readonly suggested: { id: string; choice: DeclarationChoice }[] = [];
  /** The secret declarations this client keeps (the GM's store), by combatant id; what was asked of it. */
  readonly kept: Record<string, StoredDeclaration> = {};
  readonly secretCalls: string[] = [];
  readonly rolled: string[] = [];
  readonly #script: number[];
  readonly #env: ReturnType<typeof standInEnv>["env"];

  constructor(
    readonly server: Server,
    readonly userId: string,
    faces: number[] = [],
  ) {
    this.steps = new DeclarationSteps(this);
    this.registry.register(DECLARE_REQUEST, this.steps.declareKind());
    this.#script = faces;
    const { env, hooks } = standInEnv(this.#script);
    hooks.on(ROLL_HOOKS.rollEvaluated, (_roll, config) => void this.rolled.push((config as RollConfig).kind));
    this.#env = env;
  }

  get me(): Requester {
    const user = USERS[this.userId];
    if (!user) throw new Error(`no user ${this.userId}`);
    return user;
  }

  /** The notifications' text, in order. */
  get texts(): string[] {
    return this.notes.map((n) => n.text);
  }

  view(): DeclarationCombat {
    const { walk } = this.server;
    const server = this.server;
    const owners = (id: string): readonly string[] => OWNERS[id] ?? [];
    const read = {
      round: () => walk.doc.round,
      started: () => server.started,
      stored: () => walk.stored,
      skirmish: () => walk.state,
      entries: () => walk.entries,
    };
    return {
      id: COMBAT,
      get round() {
        return read.round();
      },
      get started() {
        return read.started();
      },
      get stored() {
        return read.stored();
      },
      get step() {
        return currentStep(read.stored());
      },
      get skirmish() {
        return read.skirmish();
      },
      get entries() {
        return read.entries();
      },
      exists: () => server.exists,
      has: (id) => walk.combatants.some((c) => c.id === id),
      name: (id) => walk.combatants.find((c) => c.id === id)?.name ?? null,
      actor: (id) => (walk.actors.has(id) ? walk.snapshot(id) : null),
      ownedBy: (userId, id) => {
        const user = USERS[userId];
        if (!user || !walk.actors.has(id)) return null;
        return user.isGM || owners(id).includes(userId);
      },
      mayActFor: (id) => this.me.isGM || owners(id).includes(this.userId),
      playerOwns: (id) => !this.me.isGM && owners(id).includes(this.userId),
      uuid: (id) => `Scene.s1.Token.${id}`,
      choose: (id) => {
        this.opened.push(id);
        return Promise.resolve(this.dialog.shift() ?? null);
      },
      suggest: (id, choice) => {
        this.suggested.push({ id, choice });
        return this.dialogOpen;
      },
      update: (data) => {
        server.update(data);
        return Promise.resolve();
      },
      applyEngineChanges: (changes, extra) => {
        walk.commit(changes);
        if (Object.keys(extra).length > 0) walk.update(extra);
        server.log.push("combat");
        return Promise.resolve();
      },
      engineUpdates: (changes) => outcomeUpdates({ stored: walk.stored.skirmish, state: walk.state, changes }).updates,
      writeUpdates: (updates: DocumentUpdates, _opId, extra) => {
        walk.update({ ...updates.combat, ...extra });
        for (const [id, update] of Object.entries(updates.actors)) {
          const actor = walk.actors.get(id);
          if (actor) applyUpdate(actor as unknown as Plain, update);
        }
        server.log.push("combat");
        return Promise.resolve();
      },
      serially: (task) => task(),
      askForSecrets: (step) => {
        this.secretCalls.push(`ask:${step.phase}`);
        return Promise.resolve();
      },
      keepOwnSecret: (id) => {
        this.secretCalls.push(`keepOwn:${id}`);
        return Promise.resolve();
      },
      keepChosenSecret: (id) => {
        this.secretCalls.push(`keepChosen:${id}`);
        return Promise.resolve(null);
      },
      // secret-store.ts `revealInOrder`: written to the combat first, then taken out of the store.
      revealKept: async (phase, ids, write) => {
        const revealed: Record<string, StoredDeclaration> = {};
        for (const id of ids) {
          const d = this.kept[id];
          if (d?.phase === phase) revealed[id] = d;
        }
        await write(revealed);
        for (const id of Object.keys(revealed)) Reflect.deleteProperty(this.kept, id);
        return { revealed, missing: [] };
      },
    };
  }

  // ---- DeclarationIO ----

  combat(id: string): DeclarationCombat | null {
    return id === COMBAT && this.server.exists ? this.view() : null;
  }
  combats(): DeclarationCombat[] {
    return this.server.exists ? [this.view()] : [];
  }
  isActiveGM(): boolean {
    return this.server.activeGM === this.userId;
  }
  user(): Requester {
    return this.me;
  }
  process(payload: Plain): Promise<Verdict> {
    return this.registry.process(DECLARE_REQUEST, payload, { ...this.me, isGM: true });
  }
  send(payload: Plain, summary: string): Promise<void> {
    this.sent.push({ payload: structuredClone(payload), summary });
    return Promise.resolve();
  }
  dice(): GroupDice {
    return new PipelineDice("declaration", this.#env);
  }
  skillLadder(): SkillLadder {
    return DEFAULT_SKILL_LADDER;
  }
  newOpId(): string {
    return `op${String(this.server.log.length)}`;
  }
  post(card: DeclarationPost): Promise<void> {
    return this.server.post(card);
  }
  messageExists(id: string): boolean {
    return this.server.messages.has(id);
  }
  updateMessage(id: string, update: Plain): Promise<void> {
    const message = this.server.messages.get(id);
    if (message) {
      applyUpdate(message as unknown as Plain, update);
      this.server.log.push(`message:${id}`);
    }
    return Promise.resolve();
  }
  groupCards(combatId: string): { id: string; record: unknown }[] {
    return [...this.server.messages.entries()]
      .filter(([, m]) => m.post.card === "simultaneous" && m.post.combatId === combatId)
      .map(([id, m]) => ({ id, record: (m.flags["age-of-dragons"] as Plain | undefined)?.[GROUP_RECORD_FLAG] }));
  }
  boardMove(payload: MovePayload): Promise<string | undefined> {
    this.moves.push(payload);
    return Promise.resolve(this.boardRefusal);
  }
  startAttack(options: StartAttackOptions): Promise<void> {
    this.attacks.push(options);
    return Promise.resolve();
  }
  format(key: string, data?: Readonly<Record<string, unknown>>): string {
    return english(key, data);
  }
  notify(level: "info" | "warn", text: string): void {
    this.notes.push({ level, text });
  }
}
