/** The combat's own request kinds, Foundry side: where the fall request re-reads documents and writes (call in `init`). */
import type { AgeOfDragonsCombat } from "../../documents/combat";
import type { FallPayload } from "./fall-request";
import { FALL_REQUEST, fallRequestKind } from "./fall-request";
import { REQUEST_REASONS, registerRequestKind } from "../../core/requests/registry";
import { sendRequest } from "../../core/requests/requests";
import { combatOf } from "../../documents/lookups";
import type { WalkPayload, WalkPoint } from "../../documents/combat-walk";
import { WALK_REQUEST, parseWalk, ruleOnWalk } from "../../documents/combat-walk";

/** Registers `combat.fall` and `combat.walk`. */
export function registerCombatRequests(): void {
  registerRequestKind<WalkPayload, WalkPoint>(WALK_REQUEST, {
    parse: parseWalk,
    gather(payload) {
      return combatOf(payload.combatId)?.walkPoint ?? { refused: REQUEST_REASONS.Gone };
    },
    validate: (payload, now, requester) => ruleOnWalk(payload, now, requester),
    async apply(payload) {
      await combatOf(payload.combatId)?.walk(payload.action, payload.at);
      return { ok: true };
    },
  });
  registerRequestKind(
    FALL_REQUEST,
    fallRequestKind({
      gather(payload: FallPayload, requester) {
        const combat = combatOf(payload.combatId);
        const combatant = combat?.combatants.get(payload.combatantId);
        // Typed as always found, but a user may have been deleted since the request was written.
        const user = game.users.get(requester.id) as User.Implementation | undefined;
        if (!combat || !combatant || !user) return { refused: REQUEST_REASONS.Gone };
        const stored = combat.stored;
        return {
          owns: combatant.actor?.testUserPermission(user, "OWNER") ?? false,
          open: combat.started && !stored.ended && stored.endPhase.round < combat.round,
          state: combat.skirmish,
        };
      },
      async write(payload, changes) {
        await combatOf(payload.combatId)?.applyEngineChanges(changes);
      },
    }),
  );
}

/**
 * Marks (or unmarks) a combatant to fall in this round's End Phase: a GM writes at once, through the same ruling;
 * a player sends a request the active GM rules on.
 */
export async function requestFall(combat: AgeOfDragonsCombat, combatantId: string, fall: boolean): Promise<void> {
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const summary = game.i18n.format(fall ? "AOD.Combat.Fall.Request" : "AOD.Combat.Fall.Cancel", { name });
  await sendRequest(FALL_REQUEST, { combatId: combat.id ?? "", combatantId, fall }, summary);
}
