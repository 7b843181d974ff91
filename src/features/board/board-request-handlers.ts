/**
 * The `board.move` request on the active GM's client (docs/COMBAT.md "Requests"): parse the untrusted payload,
 * re-read the combat and whether the author owns the mover, rule with the latest state, write the engine's
 * changes. The request mechanism runs requests one at a time in arrival order, so two players moving at once
 * both land, each against the state the other left.
 */
import type { AgeOfDragonsCombat } from "../../documents/combat";
import { BOARD_REQUESTS, parseEditRequest, parseMoveRequest, ruleMoveRequest } from "./board-requests";
import type { BoardEdit } from "../../rules/board/edits";
import type { MoveRequest } from "./board-requests";
import { registerRequestKind } from "../../core/requests/registry";
import type { Refusal, Requester, Verdict } from "../../core/requests/registry";
import { BOARD_REASONS } from "../../rules/board/reasons";
import type { MovePhase } from "../../rules/procedures/move";
import type { SkirmishState } from "../../rules/state";
import { declaredMoveAllows } from "../../data/combat/declaration";
import { combatPhase, moveRound, writeEdit } from "./combat-board-source";
import { combatOf } from "../../documents/lookups";

/** What the GM re-reads for a move request. */
interface MoveFacts {
  combat: AgeOfDragonsCombat;
  state: SkirmishState;
  phase: MovePhase | undefined;
  /** The request's author owns the mover's actor. */
  owns: boolean;
}

function ruling(request: MoveRequest, facts: MoveFacts, requester: Requester) {
  const owner = { isGM: requester.isGM, owns: (id: string) => id === request.move.id && facts.owns };
  // A player moves at its own step (in the declaration modes at its resolve step, with the move it declared).
  const declared = declaredMoveAllows(moveRound(facts.combat), request.move, requester.isGM);
  if (!declared.allowed) return declared;
  return ruleMoveRequest(facts.state, request, facts.phase, owner);
}

function verdict(result: ReturnType<typeof ruling>): Verdict {
  return result.allowed ? { ok: true } : { ok: false, reason: result.reason };
}

/** Registers `board.move` with the request mechanism (call in `init`). */
export function registerBoardRequests(): void {
  registerRequestKind<MoveRequest, MoveFacts>(BOARD_REQUESTS.move, {
    parse(payload: unknown): MoveRequest | Refusal {
      const parsed = parseMoveRequest(payload);
      return parsed.ok ? parsed.value : { refused: parsed.reason };
    },
    gather(request: MoveRequest, requester: Requester): MoveFacts | Refusal {
      const combat = combatOf(request.combatId);
      // Typed as always found, but the author may have been deleted since the request was written.
      const user = game.users.get(requester.id) as User.Implementation | undefined;
      if (!combat || !user) return { refused: BOARD_REASONS.NoCombat };
      const actor = combat.combatants.get(request.move.id)?.actor;
      return {
        combat,
        state: combat.skirmish,
        phase: combatPhase(combat),
        owns: actor?.testUserPermission(user, "OWNER") ?? false,
      };
    },
    validate: (request, facts, requester) => verdict(ruling(request, facts, requester)),
    async apply(request, facts, requester, op) {
      const result = ruling(request, facts, requester);
      if (!result.allowed) return verdict(result);
      await facts.combat.applyEngineChanges(result.changes, {}, op.id);
      return { ok: true };
    },
  });
  // A GM who is not the active GM edits the board through the active GM (only a GM may edit it at all).
  registerRequestKind<{ combatId: string; edit: BoardEdit }, AgeOfDragonsCombat>(BOARD_REQUESTS.edit, {
    parse(payload: unknown) {
      const parsed = parseEditRequest(payload);
      return parsed.ok ? parsed.value : { refused: parsed.reason };
    },
    gather: (request) => combatOf(request.combatId) ?? { refused: BOARD_REASONS.NoCombat },
    validate: (_request, _combat, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: BOARD_REASONS.GMOnly }),
    async apply(request, combat, requester, op) {
      const reason = await writeEdit(combat, request.edit, requester.isGM, op);
      return reason === undefined ? { ok: true } : { ok: false, reason };
    },
  });
}
