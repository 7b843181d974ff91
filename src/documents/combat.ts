/**
 * The system's Combat class: Foundry lifecycle only. It turns its combatants and stored state into the engine's
 * snapshot (data/combat/combat-snapshot.ts) and writes the engine's changes back (data/combat/updates.ts); the rules
 * themselves live in src/rules/. docs/COMBAT.md lists the API the board and attack cards use.
 */
import type { ArmourPiece } from "../data/actor/actor-snapshot";
import { CombatModel } from "../data/combat/combat-model";
import type { CombatantEntry } from "../data/combat/combat-snapshot";
import { skirmishState } from "../data/combat/combat-snapshot";
import type { CombatSystemSource } from "../data/combat/stored";
import { defaultCombatSystem } from "../data/combat/stored";
import type { DocumentUpdates, EngineChange } from "../data/combat/updates";
import { outcomeUpdates } from "../data/combat/updates";
import { defaultRoundMode, defaultSurface } from "../core/settings/combat-settings";
import type { SkirmishState } from "../rules/state";
import type { SurpriseChoice } from "../data/combat/surprise-round";
import { carryOutNext, currentStep, endPhaseDue, nextMove, removalUpdate, storedCursor, turnForStep, turnOrder, turnsForPlanChange } from "../data/combat/round";
import type { NextSteps } from "../data/combat/round";
import { modeChangeRefusal } from "../data/combat/mode-change";
import { CombatCardModel } from "../data/message/combat-card-model";
import { surpriseMomentRefusal, surpriseRolled } from "../data/combat/surprise-round";
import { isActiveGM, sendRequest } from "../core/requests/requests";
import type { WalkAction, WalkPoint } from "./combat-walk";
import { WALK_REQUEST, repairPlayerWalk, ruleOnWalk } from "./combat-walk";
import { writeUpdates } from "./combat-writer";
import { WRITES, combatKey } from "../core/writes/write-queue";
import type { OpContext } from "../core/writes/write-queue";
import { AgeOfDragonsCombatant } from "./combatant";

/**
 * What the round feature does at the round's turning points (features/round/round-driver.ts), handed to the combat
 * when the system registers (`AgeOfDragonsCombat.useRoundDriver`), so the document does not import a feature.
 */
export interface RoundDriver {
  /** Rolls what the round mode needs, plans round `round` and moves to its first step. */
  beginRound(combat: AgeOfDragonsCombat, round: number): Promise<void>;
  /** Resolves this round's End Phase on its card, within the walk's operation `op` (never twice for a round). */
  resolveEnd(combat: AgeOfDragonsCombat, op: OpContext): Promise<void>;
  /** Rolls the surprise or ambush before round 1 on its card, within the operation `op`, unless refused (returned). */
  surpriseStep(combat: AgeOfDragonsCombat, choice: SurpriseChoice, op: OpContext): Promise<string | null>;
}

let roundDriver: RoundDriver | null = null;

/** The round driver, or an error saying the system did not register it (a module loaded the class alone). */
function driver(): RoundDriver {
  if (roundDriver === null) throw new Error("Age of Dragons: the round driver is not registered");
  return roundDriver;
}

/** An Age of Dragons combat: the game's own round over the engine's plan, and the skirmish state. */
export class AgeOfDragonsCombat extends Combat {
  /** Hands the combat the round feature's driver (called once at `init`). */
  static useRoundDriver(next: RoundDriver): void {
    roundDriver = next;
  }

  /** The stored system data as checked plain JSON (defaults when the model is not this system's). */
  get stored(): CombatSystemSource {
    return this.system instanceof CombatModel ? this.system.stored : defaultCombatSystem();
  }

  /** Every combatant of this system as the snapshot translation takes it, in the combat's own order. */
  get entries(): CombatantEntry[] {
    return this.combatants.contents.filter((c) => c instanceof AgeOfDragonsCombatant).map((c) => c.entry);
  }

  /** The engine's SkirmishState now: stored places and pairs plus each combatant's actor. */
  get skirmish(): SkirmishState {
    return skirmishState(this.stored.skirmish, this.entries);
  }

  /**
   * Writes an engine outcome's changes (StateChanges and combat-event armour damage) to the combat, the actors,
   * their armour and their statuses, writing only what changes, exactly once as operation `opId` (fresh when not
   * given; documents/combat-writer.ts), with `extra` in the same combat update; returns the state after them. GMs only: players
   * go through a request (src/net/). A change naming someone not in the skirmish is a RangeError and writes nothing.
   */
  async applyEngineChanges(
    changes: readonly EngineChange[],
    options: Record<string, unknown> = {},
    opId?: string,
    extra: Record<string, unknown> = {},
  ): Promise<SkirmishState> {
    if (!game.user.isGM) throw new Error("only a GM writes the skirmish state; players send a request");
    const { updates, state: after } = this.engineUpdates(changes);
    await writeUpdates(this, updates, options, opId, extra);
    return after;
  }

  /** The document updates of engine changes against the combat as it is now, and the state after them (nothing written). */
  engineUpdates(changes: readonly EngineChange[]): { updates: DocumentUpdates; state: SkirmishState } {
    const state = this.skirmish;
    const armour: Record<string, ArmourPiece[]> = {};
    const statuses: Record<string, string[]> = {};
    for (const c of this.combatants) {
      if (!(c instanceof AgeOfDragonsCombatant) || !c.id) continue;
      armour[c.id] = c.armourPieces;
      statuses[c.id] = [...(c.actor?.statuses ?? [])];
    }
    return outcomeUpdates({ stored: this.stored.skirmish, state, changes, armour, statuses });
  }

  /** The current step of the round, or null before the first round or once a round is walked. */
  get step() {
    return currentStep(this.stored);
  }

  /** Whether this round's End Phase has been resolved. */
  get endPhaseDone(): boolean {
    return this.stored.endPhase.round >= this.round && this.round > 0;
  }

  /** Only a GM walks the round (the issue: a player cannot advance it). */
  #gmOnly(): boolean {
    if (game.user.isGM) return true;
    ui.notifications.warn(game.i18n.localize("AOD.Combat.Errors.GMOnly"));
    return false;
  }

  /** Turns follow the plan: each combatant where it first acts; the current turn is the current step's combatant. */
  override setupTurns(): Combatant.Implementation[] {
    const stored = this.stored;
    const order = turnOrder(stored.plan, this.combatants.contents.map((c) => c.id ?? ""));
    const turns = order.map((id) => this.combatants.get(id)).filter((c) => c !== undefined);
    if (this.turn !== null && stored.plan.length > 0) this.turn = turnForStep(stored, order) ?? this.turn;
    if (this.turn !== null) this.turn = Math.clamp(this.turn, 0, Math.max(0, turns.length - 1));
    this.current = this._getCurrentState(this.turn === null ? undefined : turns[this.turn]);
    this.previous ??= this.current;
    this.turns = turns;
    return turns;
  }

  /**
   * 001 "Surprise and Ambush", before round 1 (GM): `{ kind: "surprise" | "ambush", unaware: [side names],
   * scouts?: { side: combatantId } }`. Rolls on a card and sets the surprised and ambushed effects for round 1.
   */
  async rollSurprise(choice: SurpriseChoice, within: OpContext | null = null): Promise<string | null> {
    // In the combat's write queue, and asked again there: the dialog may have stayed open while the combat started,
    // was deleted, or another GM rolled (two GMs pressing Roll: the second finds the first's card).
    return this.serially((op) => driver().surpriseStep(this, choice, op), within);
  }

  /** Why the surprise step cannot be rolled now, or null (data/combat/surprise-round.ts surpriseMomentRefusal). */
  surpriseRefusal(): string | null {
    const id = this.id ?? "";
    const cards = game.messages.contents.flatMap((m) =>
      m.system instanceof CombatCardModel
        ? [{ card: m.system.card, combatId: m.system.combatId, authoredByGM: (m.author as User.Implementation | null)?.isGM === true }]
        : [],
    );
    const rolled = surpriseRolled(cards, id);
    return surpriseMomentRefusal({ isGM: game.user.isGM, exists: game.combats.get(id) === this, started: this.started, rolled });
  }

  /** Where the round stands: the round, the step index (0 before the combat starts) and the last End Phase. */
  get walkPoint(): WalkPoint {
    const stored = this.stored;
    return { round: this.round, index: storedCursor(stored).index, end: Math.max(0, stored.endPhase.round) };
  }

  /** Starts the combat: initiative for round 1 (on its card), the round's plan, and core's combatStart hook. */
  override async startCombat(): Promise<this> {
    await this.#walk("start");
    return this;
  }

  /** The next step of the plan; at the End step the End Phase is resolved first; past the last step, a new round. */
  override async nextTurn(): Promise<this> {
    await this.#walk("next");
    return this;
  }

  /** The previous step of the plan (never before the round's first). */
  override async previousTurn(): Promise<this> {
    await this.#walk("previous");
    return this;
  }

  /** The next round, after this round's End Phase (resolved now if it was not): initiative, plan, first step. */
  override async nextRound(): Promise<this> {
    await this.#walk("nextRound");
    return this;
  }

  /**
   * A GM's walk: the active GM performs it, any other GM asks the active GM by request (documents/combat-walk.ts), so
   * only one client ever walks the round.
   */
  async #walk(action: WalkAction): Promise<void> {
    if (!this.#gmOnly()) return;
    const at = this.walkPoint;
    if (isActiveGM()) {
      await this.walk(action, at);
      return;
    }
    const summary = game.i18n.localize(`AOD.Combat.Walk.${action}`);
    await sendRequest(WALK_REQUEST, { combatId: this.id ?? "", action, at }, summary);
  }

  /**
   * Performs a walk on this (the active GM's) client, queued behind any walk still running; nothing happens when
   * the round has moved on from `at` meanwhile (a double click, or two GMs at once).
   */
  async walk(action: WalkAction, at: WalkPoint, within?: OpContext | null): Promise<void> {
    await this.serially(async (op) => {
      if (!ruleOnWalk({ combatId: this.id ?? "", action, at }, this.walkPoint, { id: game.user.id, name: game.user.name, isGM: game.user.isGM }).ok) return;
      switch (action) {
        case "start":
          Hooks.callAll("combatStart", this, { round: 1, turn: 0 });
          await driver().beginRound(this, 1);
          return;
        case "next":
          await this.#next(op);
          return;
        case "previous":
          await this.#previous();
          return;
        case "nextRound":
          await this.#nextRound(op);
          return;
      }
    }, within);
  }

  /**
   * Runs a write of the active GM's in this combat's write queue (core/writes/write-queue.ts): after every walk queued before it, and any walk asked
   * for meanwhile waits for it (the step hook's aborts, reveals and group resolutions, so a quick "next" never reads
   * the skirmish while a step is still being written, nor resolves the End Phase from a state about to change).
   */
  serially<T>(task: (op: OpContext) => Promise<T>, within?: OpContext | null): Promise<T> {
    return WRITES.run(combatKey(this.id ?? ""), task, within);
  }

  async #next(op: OpContext): Promise<void> {
    // data/combat/round.ts decides (nextMove) and says what carrying it out takes (carryOutNext).
    await carryOutNext(nextMove(this.stored, this.skirmish, this.round), this.round, this.#steps(op));
  }

  /** The document's own steps for carryOutNext: the round driver's End Phase and round start, the cursor's move. */
  #steps(op: OpContext): NextSteps {
    return {
      resolveEnd: () => driver().resolveEnd(this, op),
      beginRound: (round) => driver().beginRound(this, round),
      moveTo: async (cursor) => {
        const order = this.turns.map((c) => c.id ?? "");
        const turn = turnForStep({ ...this.stored, cursor }, order);
        await this.update({ turn: turn ?? this.turn, "system.cursor.index": cursor.index } as Combat.UpdateData, {
          direction: 1,
        } as Combat.Database.UpdateOperation);
      },
    };
  }

  async #previous(): Promise<void> {
    const stored = this.stored;
    const index = Math.max(0, storedCursor(stored).index - 1);
    const order = this.turns.map((c) => c.id ?? "");
    const turn = turnForStep({ ...stored, cursor: { round: stored.cursor.round, index } }, order);
    await this.update({ turn: turn ?? this.turn, "system.cursor.index": index } as Combat.UpdateData, {
      direction: -1,
    } as Combat.Database.UpdateOperation);
  }

  async #nextRound(op: OpContext): Promise<void> {
    await carryOutNext({ kind: "nextRound", endPhaseFirst: endPhaseDue(this.stored, this.round) }, this.round, this.#steps(op));
  }

  /** Rounds are not walked back: the End Phase card's undo is the way to take a round's end back. */
  override previousRound(): Promise<this> {
    ui.notifications.info(game.i18n.localize("AOD.Combat.Errors.NoPreviousRound"));
    return Promise.resolve(this);
  }

  /** A player's own change of round or turn (core allows it to the current combatant's owner) is put back. */
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    // A new plan brings a new turn order: set it before core reads the current combatant from `turns`, so
    // `combat.combatant` is the step's and the turn events fire once, for it (data/combat/round.ts).
    const order = turnsForPlanChange(args[0], this.stored.plan, this.combatants.contents.map((c) => c.id ?? ""), this.turns.map((c) => c.id ?? ""));
    if (order !== null) this.turns = order.map((id) => this.combatants.get(id)).filter((c) => c !== undefined);
    super._onUpdate(...args);
    const [changed, , userId] = args;
    if (!isActiveGM() || this.round === 0) return;
    const author = game.users.get(userId) as User.Implementation | undefined;
    const by = { isGM: author?.isGM ?? false };
    if (by.isGM || !("round" in changed || "turn" in changed)) return;
    // Worked out and written in the walk queue, from the round as the walk before it left it.
    void this.serially(async () => {
      const stored = this.stored;
      const turn = turnForStep(stored, this.turns.map((c) => c.id ?? ""));
      const repair = repairPlayerWalk(changed, by, { round: stored.cursor.round, turn }, { round: this.round, turn: this.turn });
      if (repair && game.combats.get(this.id ?? "") === this) await this.update(repair as Combat.UpdateData);
    });
  }

  /** A player's change of its combatant's side, speed or group is put back by the active GM (documents/combatant.ts). */
  protected override _preUpdateDescendantDocuments(...args: Parameters<Combat["_preUpdateDescendantDocuments"]>): void {
    super._preUpdateDescendantDocuments(...args);
    const [, collection, changes, , userId] = args;
    // Typed as combatants only, but v13 combats also hold combatant groups.
    if ((collection as string) === "combatants" && isActiveGM()) AgeOfDragonsCombatant.revertPlayerOverrides(this, changes as unknown[], userId);
  }

  /** A deleted combatant leaves nothing behind in the stored state (the active GM writes it). */
  protected override _onDeleteDescendantDocuments(...args: Parameters<Combat["_onDeleteDescendantDocuments"]>): void {
    super._onDeleteDescendantDocuments(...args);
    const ids = args[3];
    if (!isActiveGM()) return;
    // In the walk queue: a walk or step write in flight would otherwise write a plan and cursor that still name them.
    void this.serially(async () => {
      const update = removalUpdate(this.stored, ids);
      if (Object.keys(update).length > 0 && game.combats.get(this.id ?? "") === this) await this.update(update as Combat.UpdateData);
    });
  }

  /** Where the combat stands for a change of round mode (data/combat/mode-change.ts). */
  get modeMoment(): { round: number; endPhaseDone: boolean; ended: boolean } {
    return { round: this.round, endPhaseDone: this.endPhaseDone, ended: this.stored.ended };
  }

  /** A change of round mode mid-round is refused here too, so a macro's update cannot slip past the tracker. */
  protected override async _preUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preUpdate(changed, options, user)) === false) return false;
    const flat = (changed as Record<string, unknown>)["system.mode"];
    const mode: unknown = flat !== undefined ? flat : foundry.utils.getProperty(changed, "system.mode");
    if (mode === undefined) return undefined;
    const reason = modeChangeRefusal(this.modeMoment, this.stored.mode, mode);
    if (reason === null) return undefined;
    ui.notifications.warn(game.i18n.localize(reason));
    return false;
  }

  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    // A new combat takes its mode and ground from the world settings unless the creator chose them.
    const given = (path: string): boolean => foundry.utils.getProperty(data, `system.${path}`) !== undefined;
    const system: Record<string, unknown> = {};
    if (!given("mode")) system.mode = defaultRoundMode();
    if (!given("skirmish.surface")) system["skirmish.surface"] = defaultSurface();
    this.updateSource({ system: foundry.utils.expandObject(system) } as Combat.UpdateData);
  }
}
