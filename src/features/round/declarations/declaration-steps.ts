/**
 * The declaration modes' flow (docs/COMBAT.md "Declarations"), with every Foundry call behind a small injected
 * interface; declaration-flow.ts is the Foundry side and hands this the combats, the dialog, the request pipeline,
 * the secret declarations' calls (secret-flow.ts), the engine's dice (RollingDice, through the roll pipeline), the
 * chat cards (core's postCard), the feature actions and the notifications. Here: declaring at a declare step (the
 * `combat.declare` request of reverse declaration, or kept in secret), the declared, revealed and aborted cards,
 * what the active GM does as each step begins (clear spent declarations, ask for secret ones, reveal, abort what no
 * longer stands, take "other" actions, resolve equal Pneuma together) and the Resolve button that starts the
 * existing flows (the attack card, the board move). Every rule is in the pure files this calls
 * (data/combat/declaration.ts, declare-request.ts, resolve-step-op.ts). Pure: no Foundry, DOM or browser globals.
 */
import { SYSTEM_ID } from "../../../constants/system-id";
import { choiceOf, resolveDecision, ruleOnChoice, translateDeclaration } from "../../../data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation, DeclaringWeapon } from "../../../data/combat/declaration";
import { groupActionFor, splitGroupLog } from "../../../data/combat/declaration-group";
import { changesForRoster } from "../../../data/combat/late-changes";
import type { CombatSystemSource, StoredDeclaration } from "../../../data/combat/stored";
import type { ActorSnapshot } from "../../../data/actor/actor-snapshot";
import type { CombatantEntry } from "../../../data/combat/combat-snapshot";
import type { DocumentUpdates } from "../../../data/combat/updates";
import { REQUEST_REASONS } from "../../../core/requests/registry";
import type { Refusal, Requester, RequestKind, Verdict } from "../../../core/requests/registry";
import type { DeclareChoiceOptions, MovePayload, StartAttackOptions } from "../../../core/action-payloads";
import { takeBattleAction } from "../../../rules/procedures/battle-action";
import { resolveSimultaneous } from "../../../rules/procedures/simultaneous";
import type { SimultaneousAction } from "../../../rules/procedures/simultaneous";
import type { MovePhase } from "../../../rules/procedures/move";
import type { RoundStep } from "../../../rules/round-plan";
import type { SkirmishState, StateChange } from "../../../rules/state";
import type { SkillLadder } from "../../../rules/skills";
import type { DiceSource } from "../../../rules/types";
import { declareRequestKind } from "./declare-request";
import type { DeclareFacts, DeclarePayload } from "./declare-request";
import { summaryOf } from "./declaration-context";
import type { DeclarationCardData, DeclarationCardKind, SimultaneousCardData, SimultaneousEntry } from "./declaration-context";
import { GROUP_RECORD_FLAG, declaredCards, finishGroups, groupKey, groupOp, postOnce, resolveStepOp, revealStepDeclarations, revealUpdate } from "./resolve-step-op";
import type { GroupIO, GroupRecord, ResolveStepIO, StepDecision } from "./resolve-step-op";

/** The weapons of an actor by item id, with their names. */
export function weaponsOf(snapshot: ActorSnapshot): (DeclaringWeapon & { name: string })[] {
  return snapshot.weapons.flatMap((w) => (w.itemId === null ? [] : [{ itemId: w.itemId, weapon: w.weapon, name: w.weapon.name }]));
}

/** The names of a combat's combatants and landmarks by id. */
export function combatNames(combat: {
  readonly entries: readonly Pick<CombatantEntry, "id" | "name">[];
  readonly stored: { readonly skirmish: { readonly landmarks: Readonly<Record<string, { readonly name: string }>> } };
}): Record<string, string> {
  const names: Record<string, string> = {};
  for (const e of combat.entries) names[e.id] = e.name;
  for (const [id, l] of Object.entries(combat.stored.skirmish.landmarks)) names[id] = l.name;
  return names;
}

/** Whether a combat runs one of the declaration modes. */
export function declarationMode(mode: string): "reverseDeclaration" | "secretDeclaration" | null {
  return mode === "reverseDeclaration" || mode === "secretDeclaration" ? mode : null;
}

/** The engine's dice of a simultaneous group: each roll a real Roll through the roll pipeline, kept for the card. */
export interface GroupDice extends DiceSource {
  readonly rolls: readonly unknown[];
}

/** The combat as the declarations read and write it: every property read from the document when asked. */
export interface DeclarationCombat {
  readonly id: string;
  readonly round: number;
  readonly started: boolean;
  readonly stored: CombatSystemSource;
  readonly step: RoundStep | null;
  readonly skirmish: SkirmishState;
  readonly entries: readonly CombatantEntry[];
  /** Whether the combat is still in the world. */
  exists(): boolean;
  /** Whether the combatant is in the combat (with or without an actor). */
  has(combatantId: string): boolean;
  /** The combatant's name, or null when it is gone. */
  name(combatantId: string): string | null;
  /** The combatant's actor as the engine reads it; null when the combatant or its actor is gone. */
  actor(combatantId: string): ActorSnapshot | null;
  /** Whether that user owns the combatant's actor; null when the combatant, its actor or the user is gone. */
  ownedBy(userId: string, combatantId: string): boolean | null;
  /** Whether this client's user may declare or resolve for the combatant: its owner, or a GM. */
  mayActFor(combatantId: string): boolean;
  /** Whether this client's user is a player who owns the combatant (the declare step opens its dialog). */
  playerOwns(combatantId: string): boolean;
  /** The token (or actor) UUID a card names the combatant by. */
  uuid(combatantId: string): string | undefined;
  /** The declaration dialog: the choice, or null when it was closed. */
  choose(combatantId: string): Promise<DeclarationChoice | null>;
  /** Fills in the combatant's dialog with a choice (the open one, else the next); true when an open one took it. */
  suggest(combatantId: string, choice: DeclarationChoice): boolean;
  /** One combat update. */
  update(data: Record<string, unknown>): Promise<unknown>;
  /** Writes engine changes with `extra` in the same combat update (`combat.applyEngineChanges`). */
  applyEngineChanges(changes: readonly StateChange[], extra: Record<string, unknown>): Promise<unknown>;
  /** The document updates of engine changes against the combat now (nothing written). */
  engineUpdates(changes: readonly StateChange[]): DocumentUpdates;
  /** Writes document updates exactly once as operation `opId`, `extra` in the combat's update. */
  writeUpdates(updates: DocumentUpdates, opId: string, extra: Record<string, unknown>): Promise<void>;
  /** Runs a task as an operation of the combat's write queue. */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** Secret declaration (secret-flow.ts): asks the owners at a declare step. */
  askForSecrets(step: RoundStep): Promise<void>;
  /** Secret declaration: the GM declares for a combatant with the dialog and keeps it. */
  keepOwnSecret(combatantId: string): Promise<void>;
  /** Secret declaration: the active GM keeps a choice made without the dialog; the refusal, or null. */
  keepChosenSecret(combatantId: string, choice: DeclarationChoice): Promise<string | null>;
  /** Secret declaration: reveals the kept declarations through `write`, in the safe order (secret-store.ts). */
  revealKept(phase: MovePhase, ids: readonly string[], write: (revealed: Readonly<Record<string, StoredDeclaration>>) => Promise<void>): Promise<unknown>;
}

/** A declaration or simultaneous card to post. */
export interface DeclarationPost {
  card: "declaration" | "simultaneous";
  combatId: string;
  round: number;
  data: object;
  rolls: readonly unknown[];
  /** The id it is created with (core's `keepId`), or "" for one of its own. */
  id: string;
  /** Flags under the system's scope (none: no flags). */
  flags: Record<string, unknown>;
}

/** The Foundry calls the declarations make. */
export interface DeclarationIO {
  /** A combat by id (null when gone or not this system's). */
  combat(id: string): DeclarationCombat | null;
  /** Every combat of the world. */
  combats(): DeclarationCombat[];
  /** Whether this client is the active GM. */
  isActiveGM(): boolean;
  /** This client's user. */
  user(): Requester;
  /** Runs the `combat.declare` request at once on this (the active GM's) client (the request registry's `process`). */
  process(payload: Record<string, unknown>): Promise<Verdict>;
  /** Sends the `combat.declare` request to the active GM, with its summary line. */
  send(payload: Record<string, unknown>, summary: string): Promise<void>;
  /** The engine's dice of a simultaneous group (`declaration` RollingDice). */
  dice(): GroupDice;
  /** The world's skill ladder (CONFIG). */
  skillLadder(): SkillLadder;
  /** A fresh operation id. */
  newOpId(): string;
  /** Posts a combat card through core's postCard; rejects when the server refuses its id. */
  post(card: DeclarationPost): Promise<void>;
  /** Whether a message with the id exists. */
  messageExists(id: string): boolean;
  /** One update of a message (nothing when it is gone). */
  updateMessage(id: string, update: Record<string, unknown>): Promise<void>;
  /** The combat's GM-authored simultaneous cards with their group records. */
  groupCards(combatId: string): { id: string; record: unknown }[];
  /** The board's move (features/board through core/actions.ts); the refusal, if any. */
  boardMove(payload: MovePayload): Promise<string | undefined>;
  /** Starts an attack card (features/attack through core/actions.ts). */
  startAttack(options: StartAttackOptions): Promise<void>;
  /** An en.json key localised, or formatted with `data`. */
  format(key: string, data?: Readonly<Record<string, unknown>>): string;
  /** Shows a notification. */
  notify(level: "info" | "warn", text: string): void;
}

/** The declaration modes on one client. One instance serves the client (it remembers the steps it handled). */
export class DeclarationSteps {
  readonly #io: DeclarationIO;
  readonly #handled = new Set<string>();

  constructor(io: DeclarationIO) {
    this.#io = io;
  }

  /** What a declaration of this combatant is checked against now. */
  situation(combat: DeclarationCombat, combatantId: string, phase: MovePhase): DeclarationSituation {
    const actor = combat.actor(combatantId);
    return { combatantId, phase, state: combat.skirmish, weapons: actor ? weaponsOf(actor) : [] };
  }

  /** The card data of a declaration (names resolved now, so the card reads the same later). */
  cardData(combat: DeclarationCombat, kind: DeclarationCardKind, combatantId: string, stored: StoredDeclaration, reason = ""): DeclarationCardData | null {
    const choice = choiceOf(stored);
    if (!choice) return null;
    const actor = combat.actor(combatantId);
    const weapons = actor ? weaponsOf(actor) : [];
    return {
      kind,
      round: combat.round,
      phase: stored.phase,
      combatantId,
      name: combat.name(combatantId) ?? combatantId,
      summary: summaryOf(choice, combatNames(combat), weapons),
      text: stored.text,
      reason,
    };
  }

  async #postDeclarationCard(combat: DeclarationCombat, kind: DeclarationCardKind, combatantId: string, stored: StoredDeclaration, reason: string, id: string): Promise<void> {
    const data = this.cardData(combat, kind, combatantId, stored, reason);
    if (!data) return;
    // The card is drawn with its Resolve button only for those who may resolve (declarations/register.ts).
    await this.#io.post({ card: "declaration", combatId: combat.id, round: combat.round, data, rolls: [], id, flags: {} });
  }

  /** A resolve step's documents on this client (resolve-step-op.ts). */
  stepDocuments(combat: DeclarationCombat): ResolveStepIO<StateChange> {
    const io = this.#io;
    return {
      combatId: combat.id,
      round: () => combat.round,
      declarations: () => combat.stored.declarations,
      reveal: (phase, ids) =>
        // Written to the combat first, taken out of the GM's store only once the combat holds it (secret-store.ts
        // revealInOrder): a reload or a failed update in between leaves the secret kept, never lost.
        combat.revealKept(phase as MovePhase, ids, async (revealed) => {
          const update = revealUpdate(combat.stored.declarations, revealed);
          if (Object.keys(update).length > 0) await combat.update(update);
        }),
      tellMissing: (ids) => {
        const names = ids.map((id) => combat.name(id) ?? id);
        io.notify("warn", io.format("AOD.Declare.Notify.Missing", { names: names.join(", ") }));
      },
      decide: (combatantId, phase) => this.decide(combat, combatantId, phase as MovePhase),
      writeMark: async (combatantId, decision) => {
        const mark = "aborted" in decision.mark ? { aborted: decision.mark.aborted } : { resolved: true };
        const extra = Object.fromEntries(Object.entries(mark).map(([k, v]) => [`system.declarations.${combatantId}.${k}`, v]));
        // The changes and the mark in one combat update: a step run again finds it done.
        await combat.applyEngineChanges(decision.changes, extra);
      },
      has: (id) => io.messageExists(id),
      post: async (id, kind, combatantId, stored, reason) => {
        try {
          await this.#postDeclarationCard(combat, kind, combatantId, stored, reason, id);
          return true;
        } catch (error) {
          // Another GM posted it first (the overlap at a hand-over): the server refused a second card with the id.
          if (io.messageExists(id)) return false;
          throw error;
        }
      },
    };
  }

  // ----- reverse declaration: the request -----

  /** The `combat.declare` request kind: the documents re-read by the active GM, the declaration and its card written. */
  declareKind(): RequestKind<DeclarePayload, DeclareFacts> {
    return declareRequestKind({
      gather: (payload: DeclarePayload, requester: Requester): DeclareFacts | Refusal => {
        const combat = this.#io.combat(payload.combatId);
        const actor = combat?.actor(payload.combatantId) ?? null;
        // A user may have been deleted since the request was written.
        const owns = combat?.ownedBy(requester.id, payload.combatantId) ?? null;
        if (!combat || !actor || owns === null) return { refused: REQUEST_REASONS.Gone };
        const stored = combat.stored;
        return {
          owns,
          mode: stored.mode,
          running: combat.started && !stored.ended,
          round: stored.cursor.round,
          index: stored.cursor.index,
          step: combat.step,
          state: combat.skirmish,
          weapons: weaponsOf(actor),
        };
      },
      write: async (payload, declaration) => {
        const combat = this.#io.combat(payload.combatId);
        if (!combat) return;
        await combat.update({ [`system.declarations.${payload.combatantId}`]: declaration });
        // Under its own id (resolve-step-op.ts): the declare step run again after a reload posts it if it is missing.
        await postOnce(this.stepDocuments(combat), "declared", payload.combatantId, declaration, "");
      },
    });
  }

  /**
   * The combat's current step when it is a `kind` step of this combatant's and this user may act for it; else the
   * user is told why (`wrongStep`, or not the owner) and null.
   */
  #ownStep(combat: DeclarationCombat, combatantId: string, kind: "declare" | "resolve", wrongStep: string): RoundStep | null {
    const step = combat.step;
    if (step?.kind !== kind || !step.combatants.includes(combatantId)) {
      this.#io.notify("warn", this.#io.format(wrongStep, { name: combat.name(combatantId) ?? "" }));
      return null;
    }
    if (!combat.mayActFor(combatantId)) {
      this.#io.notify("warn", this.#io.format(REQUEST_REASONS.NotOwner));
      return null;
    }
    return step;
  }

  /** The `combat.declare` request for a choice, run at once on the active GM (its verdict), else sent (null). */
  async #declare(combat: DeclarationCombat, combatantId: string, choice: DeclarationChoice): Promise<Verdict | null> {
    const payload = { combatId: combat.id, combatantId, round: combat.stored.cursor.round, index: combat.stored.cursor.index, choice };
    if (this.#io.isActiveGM()) return this.#io.process(payload);
    const name = combat.name(combatantId) ?? "";
    await this.#io.send(payload, this.#io.format("AOD.Declare.Notify.RequestSummary", { user: this.#io.user().name, name }));
    return null;
  }

  /**
   * Declares for a combatant at its declare step: the dialog, then (reverse) the `combat.declare` request, run at
   * once on the active GM's client; (secret) kept on the active GM's client for an NPC or an offline owner, or the
   * owner asked again by query.
   */
  async openDeclaration(combat: DeclarationCombat, combatantId: string): Promise<void> {
    const io = this.#io;
    const name = combat.name(combatantId) ?? "";
    if (!this.#ownStep(combat, combatantId, "declare", "AOD.Declare.Notify.NotYourStep")) return;
    if (combat.stored.mode === "secretDeclaration") {
      if (!io.isActiveGM()) {
        io.notify("warn", io.format("AOD.Declare.Notify.SecretActiveGM"));
        return;
      }
      await combat.keepOwnSecret(combatantId);
      return;
    }
    const choice = await combat.choose(combatantId);
    if (choice === null) return;
    const verdict = await this.#declare(combat, combatantId, choice);
    if (verdict !== null && !verdict.ok) io.notify("warn", io.format("AOD.Declare.Notify.Refused", { name, reason: io.format(verdict.reason, verdict.data ?? {}) }));
  }

  /**
   * The `declareChoice` action (the advice's *Declare this*, the NPC autopilot): at the combatant's declare step, for
   * its owner or a GM, a choice the rules allow now either fills in the declaration dialog (`ask`: this client's open
   * one, else one opened now, else in secret declaration a player's next one, which the GM's question opens) or, on
   * the active GM, is declared at once through the same request or secret keeping as the dialog's. Resolves with a
   * refusal reason (an en.json key), if any.
   */
  async declareChoice(options: DeclareChoiceOptions): Promise<string | undefined> {
    const io = this.#io;
    const { combatantId, choice } = options;
    const combat = io.combat(options.combatId);
    if (!combat || !combat.has(combatantId)) return REQUEST_REASONS.Gone;
    const mode = declarationMode(combat.stored.mode);
    const step = combat.step;
    if (mode === null || step?.kind !== "declare" || !step.combatants.includes(combatantId)) return REQUEST_REASONS.NotNow;
    if (!combat.mayActFor(combatantId)) return REQUEST_REASONS.NotOwner;
    const ruled = ruleOnChoice(choice, this.situation(combat, combatantId, step.phase));
    if (!ruled.ok) return ruled.reason;
    if (options.ask) {
      if (combat.suggest(combatantId, choice)) return undefined;
      // A player's secret dialog opens when the active GM asks; the suggestion waits for it.
      if (mode === "secretDeclaration" && !io.isActiveGM()) return undefined;
      void this.openDeclaration(combat, combatantId);
      return undefined;
    }
    if (!io.isActiveGM()) return "AOD.Declare.Notify.ActiveGMOnly";
    if (mode === "secretDeclaration") return (await combat.keepChosenSecret(combatantId, choice)) ?? undefined;
    const verdict = await this.#declare(combat, combatantId, choice);
    return verdict === null || verdict.ok ? undefined : verdict.reason;
  }

  // ----- resolve steps -----

  /**
   * The Resolve button (the declaration card, the tracker): the owner starts the declared action through the
   * existing flow, its weapon and target preselected (the attack card, which then allows only that action), or the
   * declared move on the board. "Other" is taken by the GM as the step begins.
   */
  async resolveDeclared(combat: DeclarationCombat, combatantId: string): Promise<void> {
    const io = this.#io;
    const name = combat.name(combatantId) ?? "";
    const step = this.#ownStep(combat, combatantId, "resolve", "AOD.Declare.Notify.NotResolveStep");
    if (!step) return;
    const decision = resolveDecision(combat.stored.declarations[combatantId], this.situation(combat, combatantId, step.phase));
    if (decision.kind !== "stands") {
      io.notify("info", io.format("AOD.Declare.Notify.NothingToResolve", { name }));
      return;
    }
    const { choice, boardMove } = decision;
    const attacker = combat.uuid(combatantId);
    if (choice.action === "move") {
      if (!boardMove) return;
      const reason = await io.boardMove({ combatId: combat.id, moverId: combatantId, ...boardMove });
      if (reason !== undefined) io.notify("warn", io.format("AOD.Declare.Notify.Refused", { name, reason: io.format(reason) }));
      return;
    }
    if (choice.action === "other") {
      io.notify("info", io.format("AOD.Declare.Notify.ResolveOther", { name }));
      return;
    }
    const target = choice.targetId === "" ? undefined : combat.uuid(choice.targetId);
    await io.startAttack({
      action: choice.action === "killerBlow" ? "attack" : choice.action,
      weaponId: choice.weaponId === "" ? null : choice.weaponId,
      killerBlow: choice.action === "killerBlow",
      ...(attacker === undefined ? {} : { attacker }),
      targets: target === undefined ? [] : [target],
      configure: choice.action === "attack" || choice.action === "killerBlow",
    });
  }

  /**
   * One combatant's resolve step, on the active GM: what no longer stands is aborted (its lost action spent), an
   * "other" action is taken at once; a standing action waits for its owner's Resolve (null).
   */
  decide(combat: DeclarationCombat, combatantId: string, phase: MovePhase): StepDecision<StateChange> {
    const stored = combat.stored.declarations[combatantId];
    if (!stored) return null;
    const situation = this.situation(combat, combatantId, phase);
    const decision = resolveDecision(stored, situation);
    if (decision.kind === "aborted") return { mark: { aborted: decision.reason }, changes: decision.changes };
    if (decision.kind === "stands" && decision.choice.action === "other") {
      // 000 "Non-attack Battle Actions" spend the battle action; End Phase actions change nothing the engine keeps.
      const taken = phase === "end" ? null : takeBattleAction(situation.state, combatantId);
      return { mark: { resolved: true }, changes: taken?.allowed ? taken.changes : [] };
    }
    return null;
  }

  /**
   * A simultaneous resolve step (secret declaration, equal Pneuma): every revealed action of the group through the
   * engine at once, real rolls on one card, the merged changes written together.
   */
  async resolveGroup(combat: DeclarationCombat, step: RoundStep, revealed: Readonly<Record<string, StoredDeclaration>>): Promise<void> {
    const io = this.#io;
    const phase = step.phase;
    const state = combat.skirmish;
    const actors: Record<string, ActorSnapshot> = {};
    for (const id of Object.keys(state.combatants)) {
      const actor = combat.actor(id);
      if (actor) actors[id] = actor;
    }
    const names = combatNames(combat);
    const group: SimultaneousAction[] = [];
    const members: { id: string; place: number | null; reason: string; stored: StoredDeclaration; choice: DeclarationChoice }[] = [];
    const lost: StateChange[] = [];
    for (const id of step.combatants) {
      const stored = revealed[id];
      const choice = choiceOf(stored);
      if (!stored || !choice || !Object.hasOwn(state.combatants, id)) continue;
      const translation = translateDeclaration(choice, this.situation(combat, id, phase));
      const action = translation.ok ? groupActionFor(translation.action, choice, actors, state, io.skillLadder()) : null;
      if (!translation.ok || action === null) {
        const reason = translation.ok ? REQUEST_REASONS.Gone : translation.reason;
        members.push({ id, place: null, reason, stored, choice });
        lost.push(choice.action === "move" ? { type: "flag", id, flag: "moved", value: true } : { type: "flag", id, flag: "acted", value: true });
        continue;
      }
      members.push({ id, place: group.length, reason: "", stored, choice });
      group.push(action);
    }
    if (members.length === 0) return;
    const dice = io.dice();
    const outcome = await resolveSimultaneous(state, group, dice);
    const { each, together } = splitGroupLog(outcome);
    const entries: SimultaneousEntry[] = members.map((m) => {
      const result = m.place === null ? null : outcome.results[m.place];
      const actor = actors[m.id];
      const weapons = actor ? weaponsOf(actor) : [];
      return {
        combatantId: m.id,
        name: names[m.id] ?? m.id,
        summary: summaryOf(m.choice, names, weapons),
        text: m.stored.text,
        reason: m.place === null ? m.reason : result && !result.stands ? result.reason : "",
        log: m.place === null ? [] : (each[m.place] ?? []),
      };
    });
    // The rolls took a while: a combatant deleted meanwhile loses its own results, never the whole group's.
    const { kept, dropped } = changesForRoster(combat.skirmish, [...lost, ...outcome.changes]);
    if (dropped.length > 0) io.notify("warn", io.format("AOD.Declare.Notify.GoneMeanwhile"));
    const marks: Record<string, unknown> = {};
    for (const e of entries) {
      if (!combat.has(e.combatantId)) continue;
      if (e.reason !== "") marks[`system.declarations.${e.combatantId}.aborted`] = e.reason;
      else marks[`system.declarations.${e.combatantId}.resolved`] = true;
    }
    // The card first, carrying the group's results and marks; then those in one combat update (the actors following);
    // then the card marked done (resolve-step-op.ts `groupOp`): posted once, written once, even across a reload.
    const data: SimultaneousCardData = { round: combat.round, phase, entries, merged: together };
    const key = groupKey(combat.id, combat.round, phase, members.map((m) => m.id));
    const record: GroupRecord = { op: io.newOpId(), group: key, updates: JSON.stringify(combat.engineUpdates(kept)), marks, done: false };
    const open = (): boolean =>
      members.every((m) => {
        const d = combat.stored.declarations[m.id];
        return d === undefined || (d.aborted === "" && !d.resolved);
      });
    await groupOp(this.groupDocuments(combat, data, dice.rolls, open), record);
  }

  /** A simultaneous group's card and writes on this client (resolve-step-op.ts `groupOp`); `data` null only finishes. */
  groupDocuments(combat: DeclarationCombat, data: SimultaneousCardData | null = null, rolls: readonly unknown[] = [], open: () => boolean = () => false): GroupIO {
    const io = this.#io;
    return {
      cards: () => io.groupCards(combat.id),
      open,
      claim: async (id, record) => {
        if (data === null || io.messageExists(id)) return false;
        try {
          await io.post({ card: "simultaneous", combatId: combat.id, round: combat.round, data, rolls, id, flags: { [GROUP_RECORD_FLAG]: record } });
          return true;
        } catch (error) {
          // Another GM's card for this group got there first: the server refused a second card with the id.
          if (io.messageExists(id)) return false;
          throw error;
        }
      },
      write: async (record) => {
        let updates: DocumentUpdates = { combat: {}, actors: {}, items: {}, statuses: {} };
        try {
          updates = { ...updates, ...(JSON.parse(record.updates) as Partial<DocumentUpdates>) };
        } catch {
          // An unreadable record writes only its marks.
        }
        await combat.writeUpdates(updates, record.op, record.marks);
      },
      markDone: (id) => io.updateMessage(id, { [`flags.${SYSTEM_ID}.${GROUP_RECORD_FLAG}.done`]: true }),
    };
  }

  /** Secret declaration's simultaneous resolve step: reveal the step's declarations, then resolve them together. */
  async #revealGroupStep(combat: DeclarationCombat, step: RoundStep): Promise<void> {
    await revealStepDeclarations(this.stepDocuments(combat), step);
    // A group whose card a reload left unwritten is written now; its marks then keep it from being resolved again.
    await finishGroups(this.groupDocuments(combat));
    // A GM taking over mid-step finds on the combat what its predecessor revealed and did not resolve yet.
    const revealed: Record<string, StoredDeclaration> = {};
    for (const id of step.combatants) {
      const d = combat.stored.declarations[id];
      if (d && !d.sealed && d.phase === step.phase && d.aborted === "" && !d.resolved) revealed[id] = d;
    }
    await this.resolveGroup(combat, step, revealed);
  }

  /** Drops the declarations of earlier phases as a phase's declarations begin (the tracker shows this phase's). */
  async #clearEarlierPhases(combat: DeclarationCombat, phase: string): Promise<void> {
    const update: Record<string, unknown> = {};
    for (const [id, d] of Object.entries(combat.stored.declarations)) if (d.phase !== phase) update[`system.declarations.-=${id}`] = null;
    if (Object.keys(update).length > 0) await combat.update(update);
  }

  /**
   * What happens as a step begins (every client runs it on the combat's update): the declarer's dialog opens for
   * its player owner at its reverse declare step; the active GM clears spent declarations, asks for secret ones,
   * reveals them and aborts what no longer stands. Each step is handled once per client.
   */
  async onStepBegins(combat: DeclarationCombat): Promise<void> {
    const mode = declarationMode(combat.stored.mode);
    const step = combat.step;
    if (mode === null || step === null || !combat.started || combat.stored.ended) return;
    const key = `${combat.id}|${String(combat.stored.cursor.round)}|${String(combat.stored.cursor.index)}`;
    if (this.#handled.has(key)) return;
    this.#handled.add(key);
    const activeGM = this.#io.isActiveGM();
    if (step.kind === "declare" && !activeGM) {
      if (mode === "secretDeclaration") return;
      const id = step.combatants[0];
      const owner = id !== undefined && combat.playerOwns(id);
      if (owner && combat.stored.declarations[id]?.phase !== step.phase) await this.openDeclaration(combat, id);
      return;
    }
    if (!activeGM) return;
    await this.#stepWork(combat, step);
  }

  /**
   * The active GM's work as a step begins, in the combat's write queue (after the walk that began the step, and
   * holding back the next walk until done): clear spent declarations, ask for secret ones, reveal and resolve. Every
   * part is idempotent (a declaration's mark travels in the update that resolves or aborts it), so a GM taking over
   * mid-step runs it again to finish what was left (`resumeSteps`).
   */
  async #stepWork(combat: DeclarationCombat, begun: RoundStep | null): Promise<void> {
    await combat.serially(async () => {
      const mode = declarationMode(combat.stored.mode);
      // The step that began (a quick "next" may already have moved on), or where the combat stands now.
      const step = begun ?? combat.step;
      if (!combat.exists() || mode === null || step === null || !combat.started || combat.stored.ended) return;
      if (step.kind === "declare") {
        await this.#clearEarlierPhases(combat, step.phase);
        if (mode === "secretDeclaration") await combat.askForSecrets(step);
        else await declaredCards(this.stepDocuments(combat), step);
        return;
      }
      if (step.kind !== "resolve") return;
      if (mode === "secretDeclaration" && step.simultaneous) {
        await this.#revealGroupStep(combat, step);
        return;
      }
      // Reveal (secret), abort or take each declaration, each card posted once (resolve-step-op.ts).
      await resolveStepOp(this.stepDocuments(combat), step, mode === "secretDeclaration");
    });
  }

  /** A GM that has just become the active GM finishes the current step of every combat (hand-over). */
  async resumeSteps(): Promise<void> {
    if (!this.#io.isActiveGM()) return;
    for (const combat of this.#io.combats()) await this.#stepWork(combat, null);
  }
}
