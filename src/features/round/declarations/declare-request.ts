/**
 * The `combat.declare` request (000 "Alternative Option: Reverse Declaration"): a player declares for its own
 * combatant at that combatant's declare step. Parse and validate are pure; gather re-reads the combat, the
 * combatant, its actor's weapons and whether the requester owns it (`registerDeclareRequest` in
 * declaration-flow.ts); apply writes `system.declarations.<id>`. Secret declarations never travel this way
 * (secret-store.ts).
 */
import { parseDeclarationChoice, isChoiceRefusal, ruleOnChoice } from "../../../data/combat/declaration";
import type { DeclarationChoice, DeclaringWeapon } from "../../../data/combat/declaration";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { RoundMode, RoundStep } from "../../../rules/round-plan";
import type { SkirmishState } from "../../../rules/state";
import type { Refusal, Requester, RequestKind, Verdict } from "../../../core/requests/registry";
import { REQUEST_REASONS, badPayload, ownsOrGM, payloadId } from "../../../core/requests/registry";

/** The request kind's name. */
export const DECLARE_REQUEST = "combat.declare";

/** What a declaration request asks: for this combatant, at this step of this round, this choice. */
export interface DeclarePayload {
  combatId: string;
  combatantId: string;
  /** The round and step index the declarer saw: a declaration made for a step that has passed is refused. */
  round: number;
  index: number;
  choice: DeclarationChoice;
}

/** What the GM re-reads before ruling on a declaration. */
export interface DeclareFacts {
  /** The requester owns the combatant's actor. */
  owns: boolean;
  mode: RoundMode;
  /** The combat has started and is not ended. */
  running: boolean;
  /** The combat's round and cursor now, and the step the cursor points at. */
  round: number;
  index: number;
  step: RoundStep | null;
  state: SkirmishState;
  weapons: readonly DeclaringWeapon[];
}

const whole = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1e6 ? value : undefined;

/** Checks a declaration request's payload (untrusted JSON). */
export function parseDeclare(payload: unknown): DeclarePayload | Refusal {
  const combatId = payloadId(payload, "combatId");
  if (combatId === undefined) return badPayload("combatId");
  const combatantId = payloadId(payload, "combatantId");
  if (combatantId === undefined) return badPayload("combatantId");
  const p = payload as Record<string, unknown>;
  const round = whole(p.round);
  if (round === undefined) return badPayload("round");
  const index = whole(p.index);
  if (index === undefined) return badPayload("index");
  const choice = parseDeclarationChoice(p.choice);
  if (isChoiceRefusal(choice)) return choice.data ? { refused: choice.refused, data: choice.data } : { refused: choice.refused };
  return { combatId, combatantId, round, index, choice };
}

/** Whether this is the combatant's own declare step now, in a reverse declaration combat. */
function isDeclareStep(payload: DeclarePayload, facts: DeclareFacts): boolean {
  const step = facts.step;
  return (
    facts.running &&
    facts.mode === "reverseDeclaration" &&
    step !== null &&
    step.kind === "declare" &&
    step.combatants.includes(payload.combatantId) &&
    facts.round === payload.round &&
    facts.index === payload.index
  );
}

/**
 * Rules on a declaration: the requester must own the combatant (or be a GM), the step must be that combatant's
 * declare step in this combat at the round and step the requester saw, and the choice must translate and be
 * possible now (data/combat/declaration.ts `ruleOnChoice`). Returns the declaration to store.
 */
export function ruleOnDeclare(
  payload: DeclarePayload,
  facts: DeclareFacts,
  requester: Requester,
): { verdict: Verdict; declaration: StoredDeclaration | null } {
  const owner = ownsOrGM(facts.owns, requester);
  if (!owner.ok) return { verdict: owner, declaration: null };
  if (!isDeclareStep(payload, facts) || facts.step === null) return { verdict: { ok: false, reason: REQUEST_REASONS.NotNow }, declaration: null };
  const ruled = ruleOnChoice(payload.choice, {
    combatantId: payload.combatantId,
    phase: facts.step.phase,
    state: facts.state,
    weapons: facts.weapons,
  });
  if (!ruled.ok) return { verdict: { ok: false, reason: ruled.reason }, declaration: null };
  return { verdict: { ok: true }, declaration: ruled.declaration };
}

/** Builds the request kind from the Foundry-side gather and write. */
export function declareRequestKind(io: {
  gather(payload: DeclarePayload, requester: Requester): DeclareFacts | Refusal | Promise<DeclareFacts | Refusal>;
  write(payload: DeclarePayload, declaration: StoredDeclaration): Promise<void>;
}): RequestKind<DeclarePayload, DeclareFacts> {
  return {
    parse: parseDeclare,
    gather: (payload, requester) => io.gather(payload, requester),
    validate: (payload, facts, requester) => ruleOnDeclare(payload, facts, requester).verdict,
    async apply(payload, facts, requester) {
      const { verdict, declaration } = ruleOnDeclare(payload, facts, requester);
      if (!verdict.ok || declaration === null) return verdict;
      await io.write(payload, declaration);
      return { ok: true };
    },
  };
}
