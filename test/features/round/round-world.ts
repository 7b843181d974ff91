// A combat, its actors and the chat log in plain data, as the round's Foundry calls reach them
// (src/features/round/round-runner.ts `RoundIO`, which round-driver.ts builds from Foundry): updates land with core's
// update semantics (test/data/combat/foundry-update.ts), the server refuses a second message with an id it has
// (core's `keepId`), and the engine's dice are the roll pipeline's (`PipelineDice`, which RollingDice is with
// Foundry's side) with scripted faces.
import { SYSTEM_ID } from "../../../src/constants/system-id";
import type { CombatantEntry } from "../../../src/data/combat/combat-snapshot";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { readCombatSystem } from "../../../src/data/combat/read";
import { defaultCombatSystem, defaultPlace } from "../../../src/data/combat/stored";
import type { CombatSystemSource } from "../../../src/data/combat/stored";
import type { RoundMode } from "../../../src/rules/round-plan";
import type { DocumentUpdates, EngineChange } from "../../../src/data/combat/updates";
import { outcomeUpdates } from "../../../src/data/combat/updates";
import { SURPRISE_MOMENT_REASONS } from "../../../src/data/combat/surprise-round";
import { PipelineDice, ROLL_HOOKS } from "../../../src/core/rolls/pipeline";
import type { RollConfig } from "../../../src/core/rolls/pipeline";
import type { CombatTargets, OpActor, OpDocument } from "../../../src/core/writes/write-once";
import { writeOnce, writeRecorded } from "../../../src/core/writes/write-once";
import type { EventsTableDoc, RoundCard, RoundCombat, RoundDice, RoundIO, RoundPost, RoundRollKind } from "../../../src/features/round/round-runner";
import type { SkirmishState } from "../../../src/rules/state";
import { applyUpdate, copyJSON } from "../../data/combat/foundry-update";
import { standInEnv } from "../../core/rolls/roll-stand-ins";
import type { StandInRoll } from "../../core/rolls/roll-stand-ins";

type Plain = Record<string, unknown>;

/** A chat message as the world stores it. */
export interface StoredMessage {
  id: string;
  card: string;
  round: number;
  undone: boolean;
  data: Plain;
  rolls: unknown[];
  flags: Plain;
  authoredByGM: boolean;
}

function flagOf(doc: { flags: Plain }, key: string): unknown {
  const scope = doc.flags[SYSTEM_ID];
  return typeof scope === "object" && scope !== null ? (scope as Plain)[key] : undefined;
}

/** The world: one combat, its actors, the chat log, the dice, the settings, and a log of every write in order. */
export class RoundWorld implements RoundIO {
  readonly doc: { id: string; round: number; turn: number | null; system: Plain; flags: Plain };
  readonly actors = new Map<string, { system: { life: { wounds: number }; magic: { value: number } }; flags: Plain }>();
  readonly messages = new Map<string, StoredMessage>();
  /** Every write and post, in order: `post:<card>`, `refused:<card>`, `combat`, `actor:<id>`, `message:<id>`. */
  readonly log: string[] = [];
  /** The combat updates as written. */
  readonly combatUpdates: Plain[] = [];
  /** The kind of every roll the pipeline evaluated, in order. */
  readonly rolled: string[] = [];
  readonly warnings: string[] = [];
  readonly settingValues = { combatEventsCap: 0 as unknown, surpriseCostsRoundOne: true, stealthyModifier: 0 };
  /** The GM's own events table (null: the system's). */
  table: EventsTableDoc | null = null;
  readonly #script: number[];
  readonly #env: ReturnType<typeof standInEnv>["env"];
  #posted = 0;

  constructor(
    readonly base: readonly CombatantEntry[],
    mode: RoundMode = "descending",
    faces: number[] = [],
  ) {
    const system = defaultCombatSystem(mode);
    system.skirmish.combatants = Object.fromEntries(base.map((e) => [e.id, defaultPlace(e.body?.canFly ?? false)]));
    this.doc = { id: "c1", round: 0, turn: null, system: copyJSON(system) as unknown as Plain, flags: {} };
    for (const e of base) {
      if (e.body) this.actors.set(e.id, { system: { life: { wounds: e.body.life.wounds }, magic: { value: e.body.magic.value } }, flags: {} });
    }
    this.#script = faces;
    const { env, hooks } = standInEnv(this.#script);
    hooks.on(ROLL_HOOKS.rollEvaluated, (_roll, config) => void this.rolled.push((config as RollConfig).kind));
    this.#env = env;
  }

  /** The faces the dice have not used yet. */
  get facesLeft(): readonly number[] {
    return this.#script;
  }

  /** Scripts more faces for the dice. */
  script(...faces: number[]): void {
    this.#script.push(...faces);
  }

  get stored(): CombatSystemSource {
    return readCombatSystem(this.doc.system);
  }

  get entries(): CombatantEntry[] {
    return this.base.map((e) => {
      const actor = this.actors.get(e.id);
      if (!e.body || !actor) return e;
      return { ...e, body: { ...e.body, life: { ...e.body.life, wounds: actor.system.life.wounds }, magic: { ...e.body.magic, value: actor.system.magic.value } } };
    });
  }

  get skirmish(): SkirmishState {
    return skirmishState(this.stored.skirmish, this.entries);
  }

  /** Lets a test change the stored combat directly (as a GM's earlier write would have). */
  set(update: Plain): void {
    applyUpdate(this.doc, update);
  }

  // ---- RoundIO ----

  get combat(): RoundCombat {
    const read = {
      id: () => this.doc.id,
      round: () => this.doc.round,
      stored: () => this.stored,
      entries: () => this.entries,
      skirmish: () => this.skirmish,
    };
    return {
      get id() {
        return read.id();
      },
      get round() {
        return read.round();
      },
      get stored() {
        return read.stored();
      },
      get entries() {
        return read.entries();
      },
      get skirmish() {
        return read.skirmish();
      },
      pending: () => flagOf(this.doc, "endPhasePending"),
      engineUpdates: (changes) => this.updatesFor(changes),
      applyEngineChanges: async (changes) => {
        await writeOnce(this.targets(), this.updatesFor(changes), `apply${String(this.log.length)}`);
      },
      update: (data) => this.writeCombat(data),
      targets: () => this.targets(),
      writeUpdates: (updates, opId) => writeRecorded(this.targets(), updates, opId),
      surpriseRefusal: () => ([...this.messages.values()].some((m) => m.card === "surprise" && m.authoredByGM) ? SURPRISE_MOMENT_REASONS.Rolled : null),
    };
  }

  dice(kind: RoundRollKind): RoundDice {
    return new PipelineDice(kind, this.#env);
  }

  rollData(roll: unknown): unknown {
    return { faces: [...(roll as StandInRoll).faces] };
  }

  post(card: RoundPost): Promise<string> {
    if (card.id !== "" && this.messages.has(card.id)) {
      this.log.push(`refused:${card.card}`);
      return Promise.reject(new Error(`a message with id ${card.id} exists`));
    }
    this.#posted += 1;
    const id = card.id === "" ? `msg${String(this.#posted)}` : card.id;
    this.messages.set(id, {
      id,
      card: card.card,
      round: this.doc.round,
      undone: false,
      data: copyJSON(card.data) as Plain,
      rolls: [...card.rolls],
      flags: { [SYSTEM_ID]: copyJSON(card.flags) },
      authoredByGM: true,
    });
    this.log.push(`post:${card.card}`);
    return Promise.resolve(id);
  }

  cards(kind: "endPhase" | "surprise", flag: string): RoundCard[] {
    return [...this.messages.values()]
      .filter((m) => m.card === kind && m.authoredByGM)
      .map((m) => ({ id: m.id, round: m.round, undone: m.undone, record: flagOf(m, flag) }));
  }

  messageExists(id: string): boolean {
    return this.messages.has(id);
  }

  updateMessage(id: string, update: Plain): Promise<void> {
    const message = this.messages.get(id);
    if (message) {
      applyUpdate(message as unknown as Plain, update);
      this.log.push(`message:${id}`);
    }
    return Promise.resolve();
  }

  markUndone(id: string): Promise<void> {
    const message = this.messages.get(id);
    if (message) {
      message.undone = true;
      this.log.push(`undone:${id}`);
    }
    return Promise.resolve();
  }

  eventsTable(): Promise<EventsTableDoc | null> {
    return Promise.resolve(this.table);
  }

  settings(): { combatEventsCap: unknown; surpriseCostsRoundOne: boolean; stealthyModifier: number } {
    return { ...this.settingValues };
  }

  localize(key: string): string {
    return `<${key}>`;
  }

  warn(key: string): void {
    this.warnings.push(key);
  }

  // ---- the documents ----

  updatesFor(changes: readonly EngineChange[]): DocumentUpdates {
    return outcomeUpdates({ stored: this.stored.skirmish, state: this.skirmish, changes }).updates;
  }

  writeCombat(data: Plain): Promise<void> {
    const copy = copyJSON(data);
    this.combatUpdates.push(copy);
    applyUpdate(this.doc, copy);
    this.log.push("combat");
    return Promise.resolve();
  }

  targets(): CombatTargets {
    const combat: OpDocument = { ops: () => flagOf(this.doc, "ops"), update: (data) => this.writeCombat(data) };
    return {
      combat,
      actor: (id) => {
        const actor = this.actors.get(id);
        if (!actor) return null;
        const doc: OpActor = {
          ops: () => flagOf(actor, "ops"),
          update: (data) => {
            applyUpdate(actor as unknown as Plain, copyJSON(data));
            this.log.push(`actor:${id}`);
            return Promise.resolve();
          },
          updateItems: () => Promise.resolve(),
          setStatus: () => Promise.resolve(),
        };
        return doc;
      },
    };
  }

  /** The messages of a kind, in the order posted. */
  posted(card: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.card === card);
  }
}
