/**
 * Declarations (000 "Alternative Option: Reverse Declaration", "Secret Declaration"), pure: the choice a player
 * makes in the declaration dialog, read from untrusted JSON; its translation to the engine's DeclaredAction
 * against the skirmish as it is; the stored form on `combat.system.declarations`; and what a resolve step does
 * with it (nothing declared, aborted and lost, or it stands and its owner resolves it). docs/COMBAT.md
 * "Declarations". Pure: no Foundry globals.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { BOARD_MOVE_KINDS, moveDeclaration, validateBoardMove } from "../../rules/board/board-move";
import type { BoardMove, BoardMoveKind } from "../../rules/board/board-move";
import { DECLARATION_ACTIONS, DECLARATION_REASONS, TARGETED_ACTIONS, WEAPON_ACTIONS, actionsForPhase } from "../../rules/declaration";
import type { DeclarationAction, DeclaredLimit } from "../../rules/declaration";
import { checkDeclaredAction } from "../../rules/procedures/declared";
import type { DeclaredAction } from "../../rules/procedures/declared";
import { isMovementPhase } from "../../rules/procedures/move";
import type { MovePhase } from "../../rules/procedures/move";
import { spendAction } from "../../rules/procedures/readiness";
import type { WeaponSnapshot } from "../../rules/procedures/weapon";
import type { LogEntry, SkirmishState, StateChange } from "../../rules/state";
import { BATTLE_LOG } from "../../rules/reasons";
import type { Altitude, Distance } from "../../rules/types";
import type { StoredDeclaration } from "./stored";

/** The longest declaration text kept (000: "a short text"). */
export const DECLARATION_TEXT_LIMIT = 200;

/** A declared move: the board's move kind and its intent (a new altitude, a new distance to a reference). */
export interface DeclaredMove {
  kind: BoardMoveKind;
  altitude: Altitude | "";
  reference: string;
  distance: Distance | "";
}

/** What the declaration dialog returns; ids are Combatant ids (target) and the actor's item id (weapon). */
export interface DeclarationChoice {
  action: DeclarationAction;
  weaponId: string;
  targetId: string;
  move: DeclaredMove | null;
  text: string;
}

/** A refusal: an en.json key and, for a malformed payload, the field at fault. */
export interface ChoiceRefusal {
  refused: string;
  data?: Record<string, string>;
}

/** The en.json key of a malformed payload (the request registry's own). */
export const BAD_CHOICE = "AOD.Request.Reason.BadPayload";

const bad = (field: string): ChoiceRefusal => ({ refused: BAD_CHOICE, data: { field } });
const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(value: unknown, list: readonly T[]): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);
const ID = /^[A-Za-z0-9]{1,64}$/;
const absent = (value: unknown): boolean => value === undefined || value === null || value === "";

/** An optional id field: "" when absent, undefined when malformed. */
function optionalId(value: unknown): string | undefined {
  if (absent(value)) return "";
  return typeof value === "string" && ID.test(value) ? value : undefined;
}

function parseMove(value: unknown): DeclaredMove | ChoiceRefusal {
  if (!isPlain(value)) return bad("choice.move");
  if (!oneOf(value.kind, BOARD_MOVE_KINDS)) return bad("choice.move.kind");
  const altitude = absent(value.altitude) ? "" : value.altitude;
  if (altitude !== "" && !oneOf(altitude, ALTITUDES)) return bad("choice.move.altitude");
  const reference = optionalId(value.reference);
  if (reference === undefined) return bad("choice.move.reference");
  const distance = absent(value.distance) ? "" : value.distance;
  if (distance !== "" && !oneOf(distance, DISTANCES)) return bad("choice.move.distance");
  if ((reference === "") !== (distance === "")) return bad(reference === "" ? "choice.move.reference" : "choice.move.distance");
  return { kind: value.kind, altitude, reference, distance };
}

/**
 * Reads a declaration choice from untrusted JSON (a request payload, a query answer, a stored string). Fields the
 * action does not use are dropped; a missing weapon or target is left for the translation to refuse in words.
 */
export function parseDeclarationChoice(value: unknown): DeclarationChoice | ChoiceRefusal {
  if (!isPlain(value)) return bad("choice");
  if (!oneOf(value.action, DECLARATION_ACTIONS)) return bad("choice.action");
  const action = value.action;
  const weaponId = optionalId(value.weaponId);
  if (weaponId === undefined) return bad("choice.weaponId");
  const targetId = optionalId(value.targetId);
  if (targetId === undefined) return bad("choice.targetId");
  if (value.text !== undefined && typeof value.text !== "string") return bad("choice.text");
  const text = (value.text ?? "").trim();
  if (text.length > DECLARATION_TEXT_LIMIT) return bad("choice.text");
  let move: DeclaredMove | null = null;
  if (action === "move") {
    if (absent(value.move)) return { refused: DECLARATION_REASONS.NeedsMove };
    const parsed = parseMove(value.move);
    if ("refused" in parsed) return parsed;
    move = parsed;
  }
  return {
    action,
    weaponId: WEAPON_ACTIONS.includes(action) ? weaponId : "",
    targetId: TARGETED_ACTIONS.includes(action) ? targetId : "",
    move,
    text,
  };
}

/** Whether a parse answered with a refusal. */
export function isChoiceRefusal(value: DeclarationChoice | ChoiceRefusal): value is ChoiceRefusal {
  return "refused" in value;
}

/** One weapon of the declaring combatant's actor: its item id and the engine's snapshot. */
export interface DeclaringWeapon {
  itemId: string;
  weapon: WeaponSnapshot;
}

/** What a choice is translated against: who declares, in which phase, the skirmish now and its weapons. */
export interface DeclarationSituation {
  combatantId: string;
  phase: MovePhase;
  state: SkirmishState;
  weapons: readonly DeclaringWeapon[];
}

/** A translated choice: the engine's action, and the board's move for a declared move. */
export type Translation = { ok: true; action: DeclaredAction; boardMove: BoardMove | null } | { ok: false; reason: string };

const no = (reason: string): Translation => ({ ok: false, reason });

/** The board move a declared move makes. */
function boardMoveOf(id: string, move: DeclaredMove): BoardMove {
  const out: BoardMove = { id, kind: move.kind };
  if (move.altitude !== "") out.altitude = move.altitude;
  if (move.reference !== "" && move.distance !== "") {
    out.reference = move.reference;
    out.distance = move.distance;
  }
  return out;
}

/**
 * The engine's DeclaredAction for a choice, checked against the skirmish's roster (the target must be another
 * combatant of this combat, the weapon one of the actor's, a killer blow needs a weapon that allows it) and the
 * phase (RULES.md "Declaration modes": a move in Tactical Movement, a battle action in the Battle Phase).
 */
export function translateDeclaration(choice: DeclarationChoice, situation: DeclarationSituation): Translation {
  const id = situation.combatantId;
  if (!Object.hasOwn(situation.state.combatants, id)) return no(DECLARATION_REASONS.NotInSkirmish);
  if (!actionsForPhase(situation.phase).includes(choice.action)) return no(DECLARATION_REASONS.NotThisPhase);
  if (TARGETED_ACTIONS.includes(choice.action)) {
    if (choice.targetId === "") return no(DECLARATION_REASONS.NeedsTarget);
    if (choice.targetId === id || !Object.hasOwn(situation.state.combatants, choice.targetId)) return no(DECLARATION_REASONS.UnknownTarget);
  }
  let weapon: WeaponSnapshot | undefined;
  if (WEAPON_ACTIONS.includes(choice.action)) {
    if (choice.weaponId === "") return no(DECLARATION_REASONS.NeedsWeapon);
    weapon = situation.weapons.find((w) => w.itemId === choice.weaponId)?.weapon;
    if (weapon === undefined) return no(DECLARATION_REASONS.UnknownWeapon);
    if (choice.action === "killerBlow" && !weapon.killerBlow) return no(DECLARATION_REASONS.NoKillerBlow);
  }
  const targetId = choice.targetId;
  switch (choice.action) {
    case "attack":
    case "killerBlow":
      if (!weapon) return no(DECLARATION_REASONS.NeedsWeapon);
      return { ok: true, action: { action: "attack", attack: { attackerId: id, targetId, weapon, killerBlow: choice.action === "killerBlow" } }, boardMove: null };
    case "grapple":
      if (!weapon) return no(DECLARATION_REASONS.NeedsWeapon);
      return { ok: true, action: { action: "grapple", grapple: { attackerId: id, targetId, weapon } }, boardMove: null };
    case "breakOut":
      return { ok: true, action: { action: "breakOut", breakOut: { breakerId: id } }, boardMove: null };
    case "rescue":
      return { ok: true, action: { action: "rescue", rescue: { rescuerId: id, targetId } }, boardMove: null };
    case "move": {
      if (choice.move === null) return no(DECLARATION_REASONS.NeedsMove);
      const ref = choice.move.reference;
      if (ref !== "" && (ref === id || !(Object.hasOwn(situation.state.combatants, ref) || Object.hasOwn(situation.state.landmarks, ref)))) {
        return no(DECLARATION_REASONS.UnknownTarget);
      }
      const boardMove = boardMoveOf(id, choice.move);
      return { ok: true, action: { action: "move", move: moveDeclaration(boardMove), phase: situation.phase }, boardMove };
    }
    case "other":
      // In the End Phase an End Phase action, which the engine lets stand and spends nothing for (declared.ts).
      return { ok: true, action: { action: "other", actorId: id, ...(situation.phase === "end" ? { phase: "end" as const } : {}) }, boardMove: null };
  }
}

/** Whether a translated action is legal in the state given (the engine's check, and the board's for a move). */
function legalNow(state: SkirmishState, translation: Extract<Translation, { ok: true }>): { stands: true } | { stands: false; reason: string } {
  const ruling = checkDeclaredAction(state, translation.action);
  if (!ruling.stands) return { stands: false, reason: ruling.reason };
  if (translation.boardMove !== null && translation.action.action === "move") {
    const board = validateBoardMove(state, translation.boardMove, translation.action.phase);
    if (!board.allowed) return { stands: false, reason: board.reason };
  }
  return { stands: true };
}

/**
 * Checks a choice at its declaration: it must translate, and be possible as things stand (a declaration that is
 * already impossible is refused at once, so the player can choose again; one that becomes impossible later is
 * aborted at its resolve step). Returns the declaration to store, or the reason.
 */
export function ruleOnChoice(choice: DeclarationChoice, situation: DeclarationSituation): { ok: true; declaration: StoredDeclaration } | { ok: false; reason: string } {
  const translation = translateDeclaration(choice, situation);
  if (!translation.ok) return translation;
  const legal = legalNow(situation.state, translation);
  if (!legal.stands) return { ok: false, reason: legal.reason };
  return { ok: true, declaration: storedDeclaration(choice, translation.action, situation.phase) };
}

/** The stored form of a declaration (public, or revealed). */
export function storedDeclaration(choice: DeclarationChoice, action: DeclaredAction, phase: string): StoredDeclaration {
  return {
    phase,
    text: choice.text,
    target: choice.action === "move" ? (choice.move?.reference ?? "") : choice.targetId,
    action: JSON.stringify(action),
    aborted: "",
    choice: JSON.stringify(choice),
    sealed: false,
    resolved: false,
  };
}

/** The mark of a secret declaration before it is revealed: that one was made in this phase, and nothing else. */
export function sealedDeclaration(phase: string): StoredDeclaration {
  return { phase, text: "", target: "", action: "", aborted: "", choice: "", sealed: true, resolved: false };
}

/** The choice a stored declaration was made from; null when sealed, missing or unreadable. */
export function choiceOf(stored: StoredDeclaration | undefined): DeclarationChoice | null {
  if (!stored || stored.sealed || stored.choice === "") return null;
  let raw: unknown;
  try {
    raw = JSON.parse(stored.choice);
  } catch {
    return null;
  }
  const parsed = parseDeclarationChoice(raw);
  return isChoiceRefusal(parsed) ? null : parsed;
}

/** What a resolve step allows for each combatant (the attack card's round check): declarations of this phase. */
export function declaredLimits(declarations: Readonly<Record<string, StoredDeclaration>>, phase: string): Record<string, DeclaredLimit> {
  const out: Record<string, DeclaredLimit> = {};
  for (const [id, stored] of Object.entries(declarations)) {
    if (stored.phase !== phase) continue;
    const choice = choiceOf(stored);
    if (choice === null) continue;
    out[id] = { action: choice.action, targetId: choice.targetId, weaponId: choice.weaponId, aborted: stored.aborted !== "", resolved: stored.resolved };
  }
  return out;
}

/** What a resolve step does with a combatant's declaration. */
export type ResolveDecision =
  /** Nothing was declared for this phase (or it is still sealed): the combatant does nothing. */
  | { kind: "nothing" }
  /** Already aborted or resolved: nothing more to do. */
  | { kind: "done" }
  /** It no longer stands: the action is lost (these changes spend it) and the declaration is marked aborted. */
  | { kind: "aborted"; reason: string; changes: StateChange[]; log: LogEntry[] }
  /** It stands: the owner resolves it (the attack card, the board move, or the GM for "other"). */
  | { kind: "stands"; choice: DeclarationChoice; action: DeclaredAction; boardMove: BoardMove | null };

/** The change that spends what was declared: the move, or the battle action (000 "the acting dragon loses that action"). */
function lostAction(id: string, choice: DeclarationChoice | null): StateChange {
  return choice?.action === "move" ? { type: "flag", id, flag: "moved", value: true } : spendAction(id);
}

/**
 * The resolve step's decision for one combatant (000 "Reverse Declaration": an action that has become invalid or
 * redundant is aborted and lost): the declaration is read back, translated against the skirmish now (a target or
 * weapon that is gone aborts it) and checked with checkDeclaredAction.
 */
export function resolveDecision(stored: StoredDeclaration | undefined, situation: DeclarationSituation): ResolveDecision {
  const id = situation.combatantId;
  if (!stored || stored.phase !== situation.phase || stored.sealed) return { kind: "nothing" };
  if (stored.aborted !== "" || stored.resolved) return { kind: "done" };
  const actor = situation.state.combatants[id];
  if (!actor) return { kind: "nothing" };
  const choice = choiceOf(stored);
  const abort = (reason: string): ResolveDecision => ({
    kind: "aborted",
    reason,
    changes: [lostAction(id, choice)],
    log: [{ key: BATTLE_LOG.ActionAborted, data: { name: actor.name, reason } }],
  });
  if (choice === null) return abort(DECLARATION_REASONS.NothingDeclared);
  const translation = translateDeclaration(choice, situation);
  if (!translation.ok) return abort(translation.reason);
  const legal = legalNow(situation.state, translation);
  if (!legal.stands) return abort(legal.reason);
  return { kind: "stands", choice, action: translation.action, boardMove: translation.boardMove };
}

/** Where the round stands for a board move (the combat's mode, current step and public declarations). */
export interface MoveRoundContext {
  mode: string;
  step: { kind: string; phase: string; combatants: readonly string[] } | null;
  declarations: Readonly<Record<string, StoredDeclaration>>;
}

const sameMove = (declared: DeclaredMove, move: BoardMove): boolean =>
  declared.kind === move.kind &&
  declared.altitude === (move.altitude ?? "") &&
  declared.reference === (move.reference ?? "") &&
  declared.distance === (move.distance ?? "");

const DECLARATION_MODES: readonly string[] = Object.freeze(["reverseDeclaration", "secretDeclaration"]);

/**
 * Whether this is the combatant's own step to move (000 "Initiative": a slow combatant moves after the fast have
 * moved, and 001 "Combat Phases": each side moves in its own speed phase): in a phase where moves happen, the step
 * must name it, and be its act step (its resolve step in the declaration modes). In a phase without moves there is
 * no step to wait for; the board's own rules refuse the move there.
 */
export function isOwnMoveStep(round: MoveRoundContext, id: string): boolean {
  const { step } = round;
  if (step === null) return false;
  const kind = DECLARATION_MODES.includes(round.mode) ? "resolve" : "act";
  return step.kind === kind && step.combatants.includes(id);
}

/** A board move the round allows; `outOfTurn` when only a GM's override lets it through (the GM is told). */
export type MoveTurnVerdict = { allowed: true; outOfTurn: boolean } | { allowed: false; reason: string };

/** The player's rule: its own step, and in the declaration modes only the move it declared. */
function playerMoveAllows(round: MoveRoundContext, move: BoardMove): MoveTurnVerdict {
  const { step } = round;
  // No round yet, or a phase without moves: the board's own rules answer (NotMovementPhase).
  if (step === null || !isMovementPhase(step.phase as MovePhase)) return { allowed: true, outOfTurn: false };
  const declaring = DECLARATION_MODES.includes(round.mode);
  if (!isOwnMoveStep(round, move.id)) {
    return { allowed: false, reason: declaring ? DECLARATION_REASONS.MoveAtResolveStep : DECLARATION_REASONS.NotYourMoveStep };
  }
  if (!declaring) return { allowed: true, outOfTurn: false };
  const stored = round.declarations[move.id];
  const choice = stored?.phase === "movement" ? choiceOf(stored) : null;
  if (choice === null) return { allowed: false, reason: DECLARATION_REASONS.NothingDeclared };
  if (stored?.aborted !== "") return { allowed: false, reason: DECLARATION_REASONS.Aborted };
  if (choice.action !== "move" || choice.move === null || !sameMove(choice.move, move)) return { allowed: false, reason: DECLARATION_REASONS.NotDeclaredMove };
  return { allowed: true, outOfTurn: false };
}

/**
 * Whether the round allows a board move now. Like an attack, a move happens at the mover's own step (descending
 * Pneuma: its act step in Tactical Movement; side d10: its side's step in its speed phase); in the declaration modes
 * at its own resolve step and only as declared (RULES.md "Declaration modes"). The GM may always override: its move
 * is allowed, marked `outOfTurn` when a player's would have been refused, so the GM's client says so.
 */
export function declaredMoveAllows(round: MoveRoundContext, move: BoardMove, isGM: boolean): MoveTurnVerdict {
  const verdict = playerMoveAllows(round, move);
  if (!isGM) return verdict;
  return { allowed: true, outOfTurn: !verdict.allowed };
}
