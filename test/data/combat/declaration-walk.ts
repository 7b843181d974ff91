// Whole skirmishes in the two declaration modes, walked in plain data the way declaration-flow.ts and
// secret-flow.ts walk them on the active GM's client, in the same order and with the same pure functions: at a
// declare step the GM drops earlier phases' declarations, then each declaration is ruled on and written (reverse:
// the `combat.declare` request through a request registry; secret: the owner's query answer kept in the GM's
// secret store, the combat getting only a sealed mark); at a resolve step the declarations are revealed (secret),
// a simultaneous step resolves its group through the engine, and a single step rules with `resolveDecision`
// (abort, "other" taken at once, or the owner resolves the declared attack or move). Every write goes through
// SkirmishWalk's update and commit, so the documents are checked against the engine after each one.
import { expect } from "vitest";
import { choiceOf, declaredLimits, isChoiceRefusal, parseDeclarationChoice, declaredMoveAllows, resolveDecision, ruleOnChoice, sealedDeclaration, translateDeclaration } from "../../../src/data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation, DeclaringWeapon } from "../../../src/data/combat/declaration";
import { groupActionFor } from "../../../src/data/combat/declaration-group";
import { currentStep } from "../../../src/data/combat/round";
import type { StoredDeclaration } from "../../../src/data/combat/stored";
import type { ActorSnapshot } from "../../../src/data/actor/actor-snapshot";
import { attackPools, grapplePools } from "../../../src/data/actor/actor-snapshot";
import { parseMoveRequest, ruleMoveRequest } from "../../../src/features/board/board-requests";
import { DECLARE_REQUEST, declareRequestKind } from "../../../src/features/round/declarations/declare-request";
import { REQUEST_REASONS, RequestRegistry } from "../../../src/core/requests/registry";
import type { Requester, Verdict } from "../../../src/core/requests/registry";
import { declarerFor, emptySecrets, keepSecret, parseSecretAnswer, revealSecrets } from "../../../src/features/round/declarations/secret-store";
import type { SecretQuestion, SecretStore } from "../../../src/features/round/declarations/secret-store";
import { declaredAllows } from "../../../src/rules/declaration";
import { performAttack } from "../../../src/rules/procedures/attack";
import { takeBattleAction } from "../../../src/rules/procedures/battle-action";
import { performGrapple } from "../../../src/rules/procedures/grapple";
import type { MovePhase } from "../../../src/rules/procedures/move";
import { resolveSimultaneous } from "../../../src/rules/procedures/simultaneous";
import type { SimultaneousAction, SimultaneousOutcome } from "../../../src/rules/procedures/simultaneous";
import type { RoundMode, RoundStep } from "../../../src/rules/round-plan";
import type { StateChange } from "../../../src/rules/state";
import { SkirmishWalk, byRequest } from "./skirmish-walk";
import type { Faces, Fighter, Orders, WalkRecord } from "./skirmish-walk";
import type { StoredSkirmish } from "../../../src/data/combat/stored";

/** The id the walked combat has (requests and questions name it). */
export const COMBAT_ID = "walkCombat";

type Phase = "movement" | "battle" | "end";

/**
 * A hostile or mistaken declaration made at a combatant's declare step before its own: a `combat.declare` request
 * (reverse) or an answer to the GM's query (secret), refused with `refused` and writing nothing.
 */
export interface Attempt {
  /** The requesting user (reverse; the combatant's declarer when absent). A query's answer comes from whom was asked. */
  by?: string;
  /** The combatant it declares for (this step's combatant when absent). */
  combatantId?: string;
  /** It names the step before the cursor's (one that has passed) instead of the cursor's. */
  stale?: boolean;
  /** The choice (the combatant's own declaration when absent). */
  choice?: unknown;
  /** The reason it must be refused with. */
  refused: string;
}

/** What one combatant declares in one phase, and the dice its resolution rolls. */
export interface Declared {
  /** What the declaration dialog returns: untrusted JSON, read by the pure parsers. */
  choice: Record<string, unknown>;
  /** Attack, defence and damage dice of its resolution (in a simultaneous group: in the group's order). */
  dice?: readonly Faces[];
  /** Declarations refused before this one (secret: the GM asks again after each). */
  attempts?: readonly Attempt[];
}

/** Declarations per round, per combatant, per phase. */
export type DeclarationScript = Readonly<Record<number, Readonly<Record<string, Partial<Record<Phase, Declared>>>>>>;

/** What the resolve steps did, for the test's assertions. */
export interface Resolution {
  round: number;
  phase: string;
  id: string;
  /** stands: resolved by its owner or the GM; aborted: lost at its resolve step; group: resolved with its group. */
  kind: "stands" | "aborted" | "group" | "groupAborted";
  reason: string;
}

/** One user of the world: players own combatants; the GM declares for the others. */
export interface WalkUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
}

export interface DeclarationRecord {
  resolutions: Resolution[];
  groups: { round: number; phase: string; ids: string[]; outcome: SimultaneousOutcome }[];
  /** Refusals met on the way: secret answers not kept, requests refused. */
  refusals: { round: number; id: string; by: string; reason: string }[];
  /** Sealed declarations checked absent from the stored combat, over all writes. */
  sealedChecks: number;
  /** The most sealed marks the stored combat carried at once. */
  sealedAtOnce: number;
  /** Declarations kept (secret: in the GM's store) or written (reverse: by the request's apply), and by whom ("" for the GM). */
  kept: { round: number; phase: string; id: string; by: string }[];
}

/** What the dialog hands back: the choice read as any untrusted JSON is. */
function dialogChoice(value: unknown): DeclarationChoice {
  const parsed = parseDeclarationChoice(value);
  if (isChoiceRefusal(parsed)) throw new Error(`the script's choice is refused: ${parsed.refused}`);
  return parsed;
}

/** The weapons of an actor by item id (declaration-flow.ts `weaponsOf`). */
function weaponsOf(snapshot: ActorSnapshot): DeclaringWeapon[] {
  return snapshot.weapons.flatMap((w) => (w.itemId === null ? [] : [{ itemId: w.itemId, weapon: w.weapon }]));
}

/** The declaration modes' walk: what declare and resolve steps do on the active GM's client. */
abstract class DeclarationWalk extends SkirmishWalk {
  readonly declarations: DeclarationRecord = { resolutions: [], groups: [], refusals: [], sealedChecks: 0, sealedAtOnce: 0, kept: [] };
  protected script: DeclarationScript = {};

  constructor(
    mode: RoundMode,
    fighters: readonly Fighter[],
    skirmish: Partial<StoredSkirmish>,
    /** Who owns each combatant (user ids); a combatant nobody owns is the GM's. */
    readonly owners: Readonly<Record<string, readonly string[]>>,
    readonly users: readonly WalkUser[],
  ) {
    super(mode, fighters, skirmish);
  }

  /** A weapon's item id on a combatant's actor, by name. */
  weaponId(id: string, name: string): string {
    const weapon = this.snapshot(id).weapons.find((w) => w.weapon.name === name);
    if (!weapon?.itemId) throw new Error(`${id} has no ${name}`);
    return weapon.itemId;
  }

  /** Walks rounds until one side is out, with the declarations of the script. */
  async run(script: DeclarationScript, crash: readonly Faces[], maxRounds = 6): Promise<WalkRecord> {
    this.script = script;
    return this.fight({}, () => ({ d10: [], events: [], crash }), maxRounds);
  }

  protected declared(id: string, phase: string): Declared | undefined {
    return this.script[this.doc.round]?.[id]?.[phase as Phase];
  }

  protected user(id: string): WalkUser {
    const user = this.users.find((u) => u.id === id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  protected owns(userId: string, combatantId: string): boolean {
    return this.owners[combatantId]?.includes(userId) ?? false;
  }

  /** declarationFlow's `declarationSituation`: the skirmish now and the declarer's weapons. */
  protected situation(combatantId: string, phase: MovePhase): DeclarationSituation {
    const alive = this.actors.has(combatantId);
    return { combatantId, phase, state: this.state, weapons: alive ? weaponsOf(this.snapshot(combatantId)) : [] };
  }

  /** `clearEarlierPhases`: as a phase's declarations begin, the active GM drops those of earlier phases. */
  protected clearEarlierPhases(phase: string): void {
    const update: Record<string, unknown> = {};
    for (const [id, d] of Object.entries(this.stored.declarations)) if (d.phase !== phase) update[`system.declarations.-=${id}`] = null;
    if (Object.keys(update).length > 0) this.update(update);
    for (const d of Object.values(this.stored.declarations)) expect(d.phase).toBe(phase);
  }

  /** A declaration write: the skirmish the documents carry does not change. */
  protected writeDeclaration(flat: Record<string, unknown>): void {
    const before = this.state;
    this.update(flat);
    expect(this.state).toEqual(before);
  }

  protected resolution(id: string, phase: string, kind: Resolution["kind"], reason = ""): void {
    this.declarations.resolutions.push({ round: this.doc.round, phase, id, kind, reason });
  }

  /**
   * declaration-flow's `resolveOne` and, for an action that stands, its owner's Resolve: the attack card (which
   * `declaredAllows` binds to the declared weapon and target) or the board move (`declaredMoveAllows`, then the
   * board's own ruling).
   */
  protected async resolveOne(id: string, phase: MovePhase): Promise<void> {
    const stored = this.stored.declarations[id];
    if (!stored) return;
    const decision = resolveDecision(stored, this.situation(id, phase));
    if (decision.kind === "nothing" || decision.kind === "done") return;
    if (decision.kind === "aborted") {
      if (decision.changes.length > 0) this.commit(decision.changes);
      this.writeDeclaration({ [`system.declarations.${id}.aborted`]: decision.reason });
      this.resolution(id, phase, "aborted", decision.reason);
      // The declared action is lost: the move or the battle action is spent.
      const spent = this.state.combatants[id];
      expect(choiceOf(stored)?.action === "move" ? spent?.moved : spent?.acted).toBe(true);
      // The attack card refuses anything more for it.
      const limit = declaredLimits(this.stored.declarations, phase)[id] ?? null;
      expect(limit?.aborted).toBe(true);
      return;
    }
    const { choice, action, boardMove } = decision;
    const dice = byRequest(this.declared(id, phase)?.dice ?? []);
    if (choice.action === "other") {
      const taken = phase === "end" ? null : takeBattleAction(this.state, id);
      if (taken?.allowed) this.commit(taken.changes);
      this.writeDeclaration({ [`system.declarations.${id}.resolved`]: true });
    } else if (action.action === "move" && boardMove) {
      const parsed = parseMoveRequest({ combatId: COMBAT_ID, moverId: id, ...boardMove });
      if (!parsed.ok) throw new Error(`the declared move of ${id} does not parse: ${parsed.reason}`);
      const stored = this.stored;
      const step = currentStep(stored);
      expect(declaredMoveAllows({ mode: stored.mode, step, declarations: stored.declarations }, parsed.value.move, false)).toEqual({ allowed: true, outOfTurn: false });
      const ruling = ruleMoveRequest(this.state, parsed.value, phase, { isGM: false, owns: (m) => m === id });
      expect(ruling, `${id}'s declared move`).toMatchObject({ allowed: true });
      if (ruling.allowed) this.commit(ruling.changes);
    } else if (action.action === "attack" || action.action === "grapple") {
      const decl = action.action === "attack" ? action.attack : action.grapple;
      const card = { action: action.action, killerBlow: choice.action === "killerBlow", targets: [{ id: decl.targetId }], weapon: { id: choice.weaponId } };
      const limit = declaredLimits(this.stored.declarations, phase)[id] ?? null;
      expect(declaredAllows(limit, card)).toMatchObject({ allowed: true });
      // A card against anyone else, or with another weapon, is refused at this step.
      const other = Object.keys(this.state.combatants).find((c) => c !== id && c !== decl.targetId);
      if (other !== undefined) expect(declaredAllows(limit, { ...card, targets: [{ id: other }] })).toMatchObject({ allowed: false });
      const result =
        action.action === "attack"
          ? await performAttack(this.state, action.attack, attackPools(this.weaponSnapshot(id, choice.weaponId), this.snapshot(action.attack.targetId)), dice)
          : await performGrapple(this.state, action.grapple, grapplePools(this.snapshot(id), this.snapshot(action.grapple.targetId)), dice);
      expect(result, `${id}'s declared ${action.action} in round ${this.doc.round}`).toMatchObject({ allowed: true });
      if (result.allowed) this.commit(result.changes);
    } else {
      throw new Error(`the walk does not resolve a declared ${choice.action}`);
    }
    this.resolution(id, phase, "stands");
  }

  private weaponSnapshot(id: string, itemId: string): ActorSnapshot["weapons"][number] {
    const weapon = this.snapshot(id).weapons.find((w) => w.itemId === itemId);
    if (!weapon) throw new Error(`${id} has no weapon ${itemId}`);
    return weapon;
  }
}

/**
 * Secret declaration (secret-flow.ts, declaration-flow.ts `revealStep` and `resolveGroup`): the GM's client keeps
 * the declarations; after every write the stored combat source is checked to hold nothing of a sealed one.
 */
export class SecretWalk extends DeclarationWalk {
  store: SecretStore = emptySecrets();

  constructor(fighters: readonly Fighter[], skirmish: Partial<StoredSkirmish>, owners: Readonly<Record<string, readonly string[]>>, users: readonly WalkUser[]) {
    super("secretDeclaration", fighters, skirmish, owners, users);
  }

  override update(flat: Record<string, unknown>): void {
    super.update(flat);
    this.checkSealed();
  }

  /** What every client receives holds, for each declaration the GM still keeps, its sealed mark and nothing else. */
  private checkSealed(): void {
    const kept = this.store.combats[COMBAT_ID];
    if (kept?.round !== this.doc.round) return;
    const source = JSON.stringify(this.doc);
    const declarations = this.stored.declarations;
    const sealed = Object.values(declarations).filter((d) => d.sealed).length;
    this.declarations.sealedAtOnce = Math.max(this.declarations.sealedAtOnce, sealed);
    for (const [id, entry] of Object.entries(kept.entries)) {
      const mark = declarations[id];
      // A mark of this phase is exactly the sealed mark; a kept declaration of an earlier phase (never revealed:
      // its combatant died first) has had its mark cleared.
      if (mark) expect(mark).toEqual(sealedDeclaration(entry.phase));
      const { text, action, choice, target } = entry.declaration;
      if (text !== "") expect(source).not.toContain(text);
      expect(source).not.toContain(JSON.stringify(action).slice(1, -1));
      expect(source).not.toContain(JSON.stringify(choice).slice(1, -1));
      if (mark && target !== "") expect(JSON.stringify(mark)).not.toContain(target);
      this.declarations.sealedChecks += 1;
    }
  }

  /** `keep`: the ruled declaration into the GM's store, a sealed mark on the combat. */
  private keep(id: string, phase: string, answeredBy: string, asked: string | null, declaration: StoredDeclaration): void {
    const owns = answeredBy === "" || this.owns(answeredBy, id);
    const kept = keepSecret(this.store, { combatId: COMBAT_ID, round: this.doc.round, phase, combatantId: id, answeredBy, asked, owns, declaration });
    if (!kept.ok) {
      this.declarations.refusals.push({ round: this.doc.round, id, by: answeredBy, reason: kept.reason });
      return;
    }
    this.store = kept.store;
    this.declarations.kept.push({ round: this.doc.round, phase, id, by: answeredBy });
    this.writeDeclaration({ [`system.declarations.${id}`]: sealedDeclaration(phase) });
  }

  /** `askForSecrets`: each combatant's connected player owner answers the GM's query; the GM declares for the rest. */
  protected override declare(step: RoundStep): void {
    this.clearEarlierPhases(step.phase);
    const stored = this.stored;
    for (const id of step.combatants) {
      const declared = this.declared(id, step.phase);
      if (!declared || !(id in this.state.combatants)) continue;
      const owners = (this.owners[id] ?? []).map((u) => this.user(u));
      const asked = declarerFor(owners);
      if (asked === null) {
        // `keepOwnSecret`: the GM's dialog, ruled the same way.
        const ruled = ruleOnChoice(dialogChoice(declared.choice), this.situation(id, step.phase));
        expect(ruled, `the GM's declaration for ${id}`).toMatchObject({ ok: true });
        if (ruled.ok) this.keep(id, step.phase, "", null, ruled.declaration);
        continue;
      }
      const question: SecretQuestion = { combatId: COMBAT_ID, combatantId: id, round: stored.cursor.round, index: stored.cursor.index };
      // `askOwner`: each answer (the refused ones first) parsed against the question asked, then ruled.
      const answers = [...(declared.attempts ?? []), { refused: "" }];
      for (const attempt of answers) {
        const before = JSON.stringify(this.doc);
        const answer = { ...question, combatantId: attempt.combatantId ?? id, index: attempt.stale === true ? question.index - 1 : question.index, choice: attempt.choice ?? declared.choice };
        const parsed = parseSecretAnswer(answer, question);
        const ruled = "refused" in parsed ? { ok: false as const, reason: parsed.refused } : ruleOnChoice(parsed.choice, this.situation(id, step.phase));
        if (!ruled.ok) {
          expect(ruled.reason, `${id}'s answer`).toBe(attempt.refused);
          this.declarations.refusals.push({ round: this.doc.round, id, by: asked, reason: ruled.reason });
          expect(JSON.stringify(this.doc)).toBe(before);
          continue;
        }
        expect(attempt.refused, `${id}'s answer is kept`).toBe("");
        this.keep(id, step.phase, asked, asked, ruled.declaration);
      }
    }
  }

  /** `revealStep`: the step's declarations out of the store and onto the combat, then resolved. */
  protected override async act(step: RoundStep): Promise<void> {
    if (step.kind !== "resolve") return;
    const phase = step.phase;
    const { store, revealed, missing } = revealSecrets(this.store, COMBAT_ID, this.doc.round, phase, step.combatants);
    this.store = store;
    // Nothing sealed is left behind: this client held every declaration it marked.
    expect(missing.filter((id) => this.stored.declarations[id]?.sealed === true)).toEqual([]);
    const update: Record<string, unknown> = {};
    for (const [id, stored] of Object.entries(revealed)) update[`system.declarations.${id}`] = { ...stored, sealed: false };
    if (Object.keys(update).length > 0) this.writeDeclaration(update);
    for (const [id, stored] of Object.entries(revealed)) expect(this.stored.declarations[id]).toEqual(stored);
    if (step.simultaneous) {
      await this.resolveGroup(step, revealed);
      return;
    }
    for (const id of Object.keys(revealed)) await this.resolveOne(id, phase);
  }

  /** `resolveGroup`: every revealed action of the step through `resolveSimultaneous`, the merged changes at once. */
  private async resolveGroup(step: RoundStep, revealed: Readonly<Record<string, StoredDeclaration>>): Promise<void> {
    const phase = step.phase;
    const state = this.state;
    const actors: Record<string, ActorSnapshot> = {};
    for (const id of Object.keys(state.combatants)) if (this.actors.has(id)) actors[id] = this.snapshot(id);
    const group: SimultaneousAction[] = [];
    const members: { id: string; place: number | null; reason: string }[] = [];
    const lost: StateChange[] = [];
    const dice: Faces[] = [];
    for (const id of step.combatants) {
      const stored = revealed[id];
      const choice = choiceOf(stored);
      if (!stored || !choice || !Object.hasOwn(state.combatants, id)) continue;
      const translation = translateDeclaration(choice, this.situation(id, phase));
      const action = translation.ok ? groupActionFor(translation.action, choice, actors, state) : null;
      if (!translation.ok || action === null) {
        members.push({ id, place: null, reason: translation.ok ? REQUEST_REASONS.Gone : translation.reason });
        lost.push(choice.action === "move" ? { type: "flag", id, flag: "moved", value: true } : { type: "flag", id, flag: "acted", value: true });
        continue;
      }
      members.push({ id, place: group.length, reason: "" });
      group.push(action);
      dice.push(...(this.declared(id, phase)?.dice ?? []));
    }
    if (members.length === 0) return;
    const outcome = await resolveSimultaneous(state, group, byRequest(dice));
    this.commit([...lost, ...outcome.changes]);
    const marks: Record<string, unknown> = {};
    for (const m of members) {
      const result = m.place === null ? null : outcome.results[m.place];
      const reason = m.place === null ? m.reason : result && !result.stands ? result.reason : "";
      if (reason !== "") marks[`system.declarations.${m.id}.aborted`] = reason;
      else marks[`system.declarations.${m.id}.resolved`] = true;
      this.resolution(m.id, phase, reason === "" ? "group" : "groupAborted", reason);
    }
    this.writeDeclaration(marks);
    this.declarations.groups.push({ round: this.doc.round, phase, ids: members.map((m) => m.id), outcome });
  }
}

/**
 * Reverse declaration through the `combat.declare` request rules: each declaration is a request run through a
 * request registry (parse, gather from the walked documents, validate, apply writing `system.declarations.<id>`),
 * hostile ones refused and writing nothing; resolution in descending order as declaration-flow's `resolveOne`.
 */
export class RequestWalk extends DeclarationWalk {
  private readonly registry = new RequestRegistry();
  /** The user whose request is being applied (the apply's requester). */
  private writing = "";

  constructor(fighters: readonly Fighter[], skirmish: Partial<StoredSkirmish>, owners: Readonly<Record<string, readonly string[]>>, users: readonly WalkUser[]) {
    super("reverseDeclaration", fighters, skirmish, owners, users);
    this.registry.register(
      DECLARE_REQUEST,
      declareRequestKind({
        gather: (payload, requester) => {
          // declaration-flow's gather: the combat, combatant, actor and weapons re-read; ownership from the user.
          const there = this.combatants.some((c) => c.id === payload.combatantId) && this.actors.has(payload.combatantId);
          if (payload.combatId !== COMBAT_ID || !there || !this.users.some((u) => u.id === requester.id)) return { refused: REQUEST_REASONS.Gone };
          const stored = this.stored;
          return {
            owns: this.owns(requester.id, payload.combatantId),
            mode: stored.mode,
            running: this.doc.round > 0 && !stored.ended,
            round: stored.cursor.round,
            index: stored.cursor.index,
            step: currentStep(stored),
            state: this.state,
            weapons: weaponsOf(this.snapshot(payload.combatantId)),
          };
        },
        write: (payload, declaration) => {
          this.writeDeclaration({ [`system.declarations.${payload.combatantId}`]: declaration });
          this.declarations.kept.push({ round: this.doc.round, phase: declaration.phase, id: payload.combatantId, by: this.writing });
          return Promise.resolve();
        },
      }),
    );
  }

  private requester(userId: string): Requester {
    const user = this.user(userId);
    return { id: user.id, name: user.name, isGM: user.isGM };
  }

  private async request(by: string, payload: unknown): Promise<Verdict> {
    this.writing = by;
    return this.registry.process(DECLARE_REQUEST, payload, this.requester(by));
  }

  /** The declarer: the combatant's connected player owner, else the GM (from the tracker row's Declare button). */
  private declarer(id: string): string {
    const owner = declarerFor((this.owners[id] ?? []).map((u) => this.user(u))) ?? this.users.find((u) => u.isGM)?.id;
    if (owner === undefined) throw new Error("the walk has no GM");
    return owner;
  }

  protected override async declare(step: RoundStep): Promise<void> {
    this.clearEarlierPhases(step.phase);
    const cursor = this.stored.cursor;
    for (const id of step.combatants) {
      const declared = this.declared(id, step.phase);
      if (!declared) continue;
      // Hostile and mistaken requests first: each refused with its reason, and the combat left as it was.
      for (const attempt of declared.attempts ?? []) {
        const before = JSON.stringify(this.doc);
        const by = attempt.by ?? this.declarer(id);
        const combatantId = attempt.combatantId ?? id;
        const payload = { combatId: COMBAT_ID, combatantId, round: cursor.round, index: attempt.stale === true ? cursor.index - 1 : cursor.index, choice: attempt.choice ?? declared.choice };
        const verdict = await this.request(by, payload);
        expect(verdict, `a request by ${by} for ${combatantId}`).toMatchObject({ ok: false, reason: attempt.refused });
        if (!verdict.ok) this.declarations.refusals.push({ round: this.doc.round, id: combatantId, by, reason: verdict.reason });
        expect(JSON.stringify(this.doc)).toBe(before);
      }
      const verdict = await this.request(this.declarer(id), { combatId: COMBAT_ID, combatantId: id, round: cursor.round, index: cursor.index, choice: declared.choice });
      expect(verdict, `${id}'s declaration in round ${this.doc.round}, ${step.phase}`).toEqual({ ok: true });
      // The apply wrote exactly what the pure ruling stores.
      const ruled = ruleOnChoice(dialogChoice(declared.choice), this.situation(id, step.phase));
      if (ruled.ok) expect(this.stored.declarations[id]).toEqual(ruled.declaration);
    }
  }

  protected override async act(step: RoundStep, _orders: Readonly<Record<string, Orders>>): Promise<void> {
    if (step.kind !== "resolve") return;
    for (const id of step.combatants) await this.resolveOne(id, step.phase);
  }
}
