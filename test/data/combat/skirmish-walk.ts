// A whole skirmish walked in plain data, the way the active GM's client walks it in Foundry: the Combat's stored
// source and the actors' data are the only memory; each step reads them through the snapshot translation, asks the
// engine, and writes the outcome back through `outcomeUpdates` (and `roundStart`, `removalUpdate`) with Foundry's
// update semantics (foundry-update.ts). After every write the state read back from the documents must equal the
// engine's own state after the outcome, and every actor's statuses must be the ones the state calls for.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { load } from "js-yaml";
import { expect } from "vitest";
import { eventsToDraw } from "../../../src/core/settings/settings-table";
import type { ItemData } from "../../../src/data/actor/actor-data";
import { armourPieces } from "../../../src/data/actor/actor-snapshot";
import { bodyFromActor } from "../../../src/data/combat/actor-body";
import { readCombatSystem } from "../../../src/data/combat/read";
import { carryOutNext, currentStep, livingSides, nextMove, pneumaDecision, removalUpdate, revertChanges, roundStart } from "../../../src/data/combat/round";
import type { InitiativeDecision } from "../../../src/data/combat/round";
import { eventSnapshot, skirmishState } from "../../../src/data/combat/combat-snapshot";
import type { CombatantEntry } from "../../../src/data/combat/combat-snapshot";
import { defaultCombatSystem, migrateCombatSource } from "../../../src/data/combat/stored";
import type { CombatSystemSource, StoredPlace, StoredSkirmish } from "../../../src/data/combat/stored";
import { outcomeUpdates, statusesFor } from "../../../src/data/combat/updates";
import type { EngineChange } from "../../../src/data/combat/updates";
import { actorSnapshot, attackPools, grapplePools } from "../../../src/data/actor/actor-snapshot";
import type { ActorSnapshot } from "../../../src/data/actor/actor-snapshot";
import { resolveCombatEvent } from "../../../src/rules/combat-events";
import type { CombatEventResult } from "../../../src/rules/combat-events";
import { sideInitiative } from "../../../src/rules/initiative";
import { chooseToFall, resolveEndPhase } from "../../../src/rules/procedures/end-phase";
import type { EndPhaseOutcome } from "../../../src/rules/procedures/end-phase";
import { performAttack } from "../../../src/rules/procedures/attack";
import { performGrapple } from "../../../src/rules/procedures/grapple";
import { resolveMove } from "../../../src/rules/procedures/move";
import type { MoveDeclaration } from "../../../src/rules/procedures/move";
import type { RoundMode, RoundStep } from "../../../src/rules/round-plan";
import type { SkirmishState } from "../../../src/rules/state";
import type { DiceSource } from "../../../src/rules/types";
import { applyUpdate } from "./foundry-update";

type Plain = Record<string, unknown>;

/** The faces one dice request shows: the same face on every die, or exactly `n` sixes and the rest ones. */
export type Faces = number | { sixes: number };

/** A dice source answering request i with `spec[i]`, so a test scripts each roll (attack, defence, damage) as a whole. */
export function byRequest(spec: readonly Faces[]): DiceSource & { used: () => number } {
  let at = 0;
  return {
    used: () => at,
    roll(count: number, faces: 6 | 10 | 20): number[] {
      const next = spec[at];
      if (next === undefined) throw new Error(`dice script ran out at request ${at + 1} (${count}d${faces})`);
      at += 1;
      if (typeof next === "number") return Array.from({ length: count }, () => Math.min(next, faces));
      return Array.from({ length: count }, (_, i) => (i < next.sixes ? 6 : 1));
    },
  };
}

/** A dice source whose request i shows face (i mod 6) + 1 on every die: ties break, nothing depends on luck. */
export function cycling(): DiceSource {
  let at = 0;
  return {
    roll(count: number) {
      const face = (at % 6) + 1;
      at += 1;
      return Array.from({ length: count }, () => face);
    },
  };
}

/** What a combatant does in a round: a move (its movement or speed phase) and a battle action (battle or speed phase). */
export interface Orders {
  move?: Omit<MoveDeclaration, "id">;
  attack?: { target: string; weapon: string; dice: readonly Faces[] };
  grapple?: { target: string; dice: readonly Faces[] };
  /** Chooses to fall in this round's End Phase (000 "Falling out of the Sky"). */
  fall?: boolean;
  /** Combatants deleted from the combat just before this one acts (the GM removes them mid-round). */
  deleteBefore?: string[];
}

/** Orders per round, per combatant id. */
export type Script = Readonly<Record<number, Readonly<Record<string, Orders>>>>;

interface PackActor {
  name: string;
  type: string;
  system: Plain;
  items?: { _id: string; name: string; type: string; system: Plain }[];
}

interface ActorDoc {
  name: string;
  type: string;
  system: Plain;
  items: ItemData[];
  statuses: Set<string>;
}

/** One combatant to put in the walk: its id, bestiary file, side, and where it starts. */
export interface Fighter {
  id: string;
  file: string;
  side: string;
  place: Partial<StoredPlace>;
  /** Wounds its actor starts with (the bestiary's own when absent). */
  wounds?: number;
}

/** Everything that happened, for the test's assertions. */
export interface WalkRecord {
  rounds: number;
  events: CombatEventResult[];
  skipped: number;
  endPhases: EndPhaseOutcome[];
  /** How many rounds rolled the Pneuma order (it is kept while it holds). */
  pneumaRolls: number;
  /** Each round's plan as it was stored when the round began. */
  plans: RoundStep[][];
  /** Altitudes each combatant was seen at, in order, without repeats in a row. */
  altitudes: Record<string, string[]>;
  /** Health states each combatant went through. */
  health: Record<string, string[]>;
  grapples: string[];
  deleted: string[];
  /** Rounds whose End Phase the GM undid (and that then ran again), and what those undone End Phases did. */
  undone: number[];
  undoneFalls: EndPhaseOutcome[];
  /** Public declarations written (reverse declaration). */
  declared: number;
}

function bestiary(file: string): PackActor {
  return load(readFileSync(resolve(import.meta.dirname, `../../../packs/_source/bestiary/${file}.yml`), "utf8")) as PackActor;
}

/** A Combat and its actors as plain documents, walked by the same pure code the Foundry side calls. */
export class SkirmishWalk {
  readonly doc: { round: number; turn: number; system: Plain };
  readonly actors = new Map<string, ActorDoc>();
  combatants: { id: string; name: string; side: string }[];
  readonly record: WalkRecord = { rounds: 0, events: [], skipped: 0, endPhases: [], pneumaRolls: 0, plans: [], altitudes: {}, health: {}, grapples: [], deleted: [], undone: [], undoneFalls: [], declared: 0 };
  /** Rounds whose End Phase the GM undoes once, right after it resolves. */
  readonly undoEnd = new Set<number>();

  constructor(mode: RoundMode, fighters: readonly Fighter[], skirmish: Partial<StoredSkirmish>, private readonly cap = 3) {
    const system = defaultCombatSystem(mode, skirmish.surface ?? "normal");
    const places: Record<string, StoredPlace> = {};
    this.combatants = fighters.map((f) => {
      const actor = bestiary(f.file);
      const items = (actor.items ?? []).map((i) => ({ _id: i._id, name: i.name, type: i.type, system: structuredClone(i.system) }));
      if (f.wounds !== undefined) actor.system.life = { ...(actor.system.life as Plain), wounds: f.wounds };
      this.actors.set(f.id, { name: actor.name, type: actor.type, system: structuredClone(actor.system), items, statuses: new Set() });
      const canFly = actor.system.canFly === true;
      places[f.id] = { altitude: canFly ? "mid" : "grounded", moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [], ...f.place };
      return { id: f.id, name: actor.name, side: f.side };
    });
    system.skirmish = { ...system.skirmish, ...skirmish, combatants: places };
    // The source goes through JSON and the migration, as a stored document does.
    this.doc = { round: 0, turn: 0, system: migrateCombatSource(JSON.parse(JSON.stringify(system)) as Plain) };
    this.note();
  }

  /** What `combat.stored` reads. */
  get stored(): CombatSystemSource {
    return readCombatSystem(this.doc.system);
  }

  /** What `combat.entries` gives: each combatant with its actor's body (null once the actor is gone). */
  get entries(): CombatantEntry[] {
    return this.combatants.map((c) => {
      const actor = this.actors.get(c.id);
      const body = actor ? bodyFromActor(actor.type, actor.system, actor.items) : null;
      return { id: c.id, name: c.name, side: c.side, speed: body?.speed ?? "average", body };
    });
  }

  /** What `combat.skirmish` gives. */
  get state(): SkirmishState {
    return skirmishState(this.stored.skirmish, this.entries);
  }

  snapshot(id: string): ActorSnapshot {
    const actor = this.actors.get(id);
    if (!actor) throw new Error(`no actor ${id}`);
    return actorSnapshot({ type: actor.type, system: actor.system, items: actor.items });
  }

  /** A Combat update, as `combat.update(flat)` would land it. */
  update(flat: Record<string, unknown>): void {
    applyUpdate(this.doc as unknown as Plain, flat);
    // Foundry migrates the stored source when it is read again.
    migrateCombatSource(this.doc.system);
  }

  /** `combat.applyEngineChanges`: the pure translation, its writes, and the proof that the documents carry them. */
  commit(changes: readonly EngineChange[]): SkirmishState {
    const state = this.state;
    const armour = Object.fromEntries([...this.actors].map(([id, a]) => [id, armourPieces(a.items)]));
    const statuses = Object.fromEntries([...this.actors].map(([id, a]) => [id, [...a.statuses]]));
    const { updates, state: after } = outcomeUpdates({ stored: this.stored.skirmish, state, changes, armour, statuses });
    this.update(updates.combat);
    for (const [id, update] of Object.entries(updates.actors)) {
      const actor = this.actors.get(id);
      if (actor) applyUpdate(actor as unknown as Plain, update);
    }
    for (const [id, list] of Object.entries(updates.items)) {
      const actor = this.actors.get(id);
      for (const change of list) {
        const item = actor?.items.find((i) => i._id === change._id);
        if (item) (item.system as Plain).damage = change["system.damage"];
      }
    }
    for (const [id, switches] of Object.entries(updates.statuses)) {
      const actor = this.actors.get(id);
      for (const [status, on] of Object.entries(switches)) {
        if (on) actor?.statuses.add(status);
        else actor?.statuses.delete(status);
      }
    }
    // The documents now say what the engine says.
    expect(this.state).toEqual(after);
    for (const id of Object.keys(after.combatants)) {
      expect([...(this.actors.get(id)?.statuses ?? [])].sort()).toEqual([...statusesFor(after, id)].sort());
    }
    this.note();
    return after;
  }

  /** Deletes a combatant from the combat mid-round (`_onDeleteDescendantDocuments` writes `removalUpdate`). */
  remove(id: string): void {
    const before = this.stored;
    this.combatants = this.combatants.filter((c) => c.id !== id);
    this.update(removalUpdate(before, id));
    this.record.deleted.push(id);
    const after = this.stored;
    // Nothing stored names it any more, and the cursor stays on the same step.
    expect(JSON.stringify(after)).not.toContain(`"${id}"`);
    expect(JSON.stringify(after.plan)).not.toMatch(new RegExp(`\\b${id}\\b`));
    const step = currentStep(before);
    if (step && step.combatants.some((c) => c !== id)) {
      expect(currentStep(after)?.phase).toBe(step.phase);
      expect(currentStep(after)?.combatants).toEqual(step.combatants.filter((c) => c !== id));
    }
  }

  private note(): void {
    const state = this.state;
    for (const c of Object.values(state.combatants)) {
      const seen = (this.record.altitudes[c.id] ??= []);
      if (seen.at(-1) !== c.altitude) seen.push(c.altitude);
      const health = c.life.wounds > c.life.max ? "dead" : c.life.wounds * 2 > c.life.max ? "severelyInjured" : "fit";
      const states = (this.record.health[c.id] ??= []);
      if (states.at(-1) !== health) states.push(health);
    }
    for (const key of state.grapples) if (!this.record.grapples.includes(key)) this.record.grapples.push(key);
  }

  /** The round's initiative as the round driver decides it (`pneumaInitiative` / `sideRound`), events included. */
  private async initiative(round: number, dice: { d10: readonly number[]; events: readonly Faces[] }): Promise<InitiativeDecision> {
    const stored = this.stored;
    if (stored.mode === "sideD10") {
      const result = await sideInitiative(livingSides(this.state), byRequest(dice.d10));
      const { draw, skipped } = eventsToDraw(result.events, this.cap);
      this.record.skipped += skipped;
      const eventDice = byRequest(dice.events);
      for (let i = 0; i < draw; i += 1) {
        const event = await resolveCombatEvent(eventSnapshot(this.state, this.entries), eventDice);
        this.record.events.push(event);
        if (event.changes.length > 0) this.commit(event.changes);
      }
      return { sides: { order: result.order, rolls: result.rolls, phaseShift: result.phaseShift, events: result.events }, messageId: `init-${round}` };
    }
    if (stored.mode === "secretDeclaration") return {};
    // The round driver's own decision (data/combat/round.ts): kept while the order holds, else rolled.
    const decision = await pneumaDecision(stored.initiative, this.state, this.entries, cycling());
    this.record.pneumaRolls += decision.keep ? 0 : 1;
    if (decision.keep) return {};
    const { result } = decision;
    return { order: result.order, pneuma: result.pneuma, checks: result.checks.map((c) => ({ id: c.id, dice: [...c.dice], successes: c.successes })), messageId: `init-${round}` };
  }

  /** `beginRound`: initiative, then the plan, cursor and turn in one Combat update. */
  async beginRound(round: number, dice: { d10: readonly number[]; events: readonly Faces[] }): Promise<void> {
    const decided = await this.initiative(round, dice);
    const { system, update } = roundStart(this.stored, this.entries, round, decided);
    this.update(update);
    // What the update stored is what roundStart meant.
    expect(this.stored.plan).toEqual(system.plan);
    expect(this.stored.initiative).toEqual(system.initiative);
    expect(this.stored.declarations).toEqual({});
    expect(this.doc.round).toBe(round);
    this.record.plans.push(this.stored.plan);
    this.record.rounds = round;
  }

  /** A reverse-declaration step: each combatant with orders declares them publicly (`system.declarations.<id>`). */
  protected declare(step: RoundStep, orders: Readonly<Record<string, Orders>>): void | Promise<void> {
    for (const id of step.combatants) {
      const order = orders[id];
      if (!order) continue;
      const target = order.attack?.target ?? order.grapple?.target ?? "";
      const text = order.attack ? `attack ${target}` : order.grapple ? `grapple ${target}` : order.move ? "move" : "hold";
      this.update({ [`system.declarations.${id}`]: { phase: step.phase, text, target, action: "", aborted: "" } });
      this.record.declared += 1;
    }
  }

  /** One step's actions: each combatant of the step carries out its orders for the round, in the step's order. */
  protected async act(step: RoundStep, orders: Readonly<Record<string, Orders>>): Promise<void> {
    const moves = step.phase === "movement" || (step.phase !== "battle" && step.phase !== "end");
    const fights = step.phase === "battle" || (step.phase !== "movement" && step.phase !== "end");
    for (const id of step.combatants) {
      const order = orders[id];
      if (!order) continue;
      for (const gone of order.deleteBefore ?? []) if (this.combatants.some((c) => c.id === gone)) this.remove(gone);
      if (!(id in this.state.combatants)) continue;
      if (moves && order.move) {
        const ruling = resolveMove(this.state, { id, ...order.move }, step.phase);
        expect(ruling, `${id}'s move in round ${this.doc.round}`).toMatchObject({ allowed: true });
        if (ruling.allowed) this.commit(ruling.changes);
      }
      if (fights && order.fall) {
        const ruling = chooseToFall(this.state, id);
        expect(ruling, `${id}'s fall in round ${this.doc.round}`).toMatchObject({ allowed: true });
        if (ruling.allowed) this.commit(ruling.changes);
      }
      if (fights && order.attack) {
        const weapon = this.snapshot(id).weapons.find((w) => w.weapon.name === order.attack?.weapon);
        if (!weapon) throw new Error(`${id} has no ${order.attack.weapon}`);
        const pools = attackPools(weapon, this.snapshot(order.attack.target));
        const decl = { attackerId: id, targetId: order.attack.target, weapon: weapon.weapon };
        const result = await performAttack(this.state, decl, pools, byRequest(order.attack.dice));
        expect(result, `${id}'s attack in round ${this.doc.round}`).toMatchObject({ allowed: true });
        if (result.allowed) this.commit(result.changes);
      }
      if (fights && order.grapple) {
        const weapon = this.snapshot(id).weapons.find((w) => w.weapon.grapple);
        if (!weapon) throw new Error(`${id} cannot grapple`);
        const decl = { attackerId: id, targetId: order.grapple.target, weapon: weapon.weapon };
        const pools = grapplePools(this.snapshot(id), this.snapshot(order.grapple.target));
        const result = await performGrapple(this.state, decl, pools, byRequest(order.grapple.dice));
        expect(result, `${id}'s grapple in round ${this.doc.round}`).toMatchObject({ allowed: true });
        if (result.allowed) this.commit(result.changes);
      }
    }
  }

  /** `combat.nextTurn` / `nextRound` until the round is walked: each step acted, the End Phase resolved once. */
  async walkRound(orders: Readonly<Record<string, Orders>>, crashDice: readonly Faces[], undoneCrash: readonly Faces[] = crashDice): Promise<void> {
    for (let guard = 0; guard < 100; guard += 1) {
      const stored = this.stored;
      const step = currentStep(stored);
      if (!step) return;
      if (step.kind === "act" || step.kind === "resolve") await this.act(step, orders);
      if (step.kind === "declare") await this.declare(step, orders);
      // The combat document's own decision (nextMove) carried out by its own dispatch (carryOutNext), as its #next
      // does, with this walk's End Phase, round start and cursor move.
      const move = nextMove(stored, this.state, this.doc.round);
      const walk = { done: false };
      await carryOutNext(move, this.doc.round, {
        resolveEnd: async () => {
          const before = this.state;
          const undoing = this.undoEnd.has(this.doc.round);
          const outcome = await resolveEndPhase(before, byRequest(undoing ? undoneCrash : crashDice));
          this.commit(outcome.changes);
          this.update({ "system.endPhase": { round: this.doc.round, messageId: `end-${this.doc.round}` } });
          if (undoing) {
            this.undoEnd.delete(this.doc.round);
            this.record.undoneFalls.push(outcome);
            // The GM's undo from the card (`undoEnd`): back to the state before, then the End Phase runs again.
            this.commit(revertChanges(this.state, before));
            expect(this.state).toEqual(before);
            this.update({ "system.endPhase": { round: this.doc.round - 1, messageId: "" } });
            this.record.undone.push(this.doc.round);
            return;
          }
          this.record.endPhases.push(outcome);
        },
        beginRound: () => {
          // Every plan ends with its End step, where the End Phase was resolved: none is left for the next round.
          expect(move.kind === "nextRound" && move.endPhaseFirst, `round ${this.doc.round}'s End Phase at its End step`).toBe(false);
          walk.done = true;
          return Promise.resolve();
        },
        moveTo: (cursor) => {
          this.update({ "system.cursor.index": cursor.index });
          return Promise.resolve();
        },
      });
      if (walk.done) return;
    }
    throw new Error("the round never ended");
  }

  /** The sides with anyone still able to act. */
  get sidesStanding(): string[] {
    return livingSides(this.state);
  }

  /** Rounds until at most one side stands (or `maxRounds`), each from the script, with its initiative dice. */
  async fight(
    script: Script,
    dice: (round: number) => { d10: readonly number[]; events: readonly Faces[]; crash: readonly Faces[]; undoneCrash?: readonly Faces[] },
    maxRounds = 8,
  ): Promise<WalkRecord> {
    for (let round = 1; round <= maxRounds && this.sidesStanding.length > 1; round += 1) {
      const d = dice(round);
      await this.beginRound(round, d);
      await this.walkRound(script[round] ?? {}, d.crash, d.undoneCrash);
      expect(this.stored.endPhase.round, `round ${round}'s End Phase`).toBe(round);
    }
    return this.record;
  }
}
