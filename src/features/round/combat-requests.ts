/** The combat's own request kinds, Foundry side: where the fall request re-reads documents and writes (call in `init`). */
import type { AgeOfDragonsCombat } from "../../documents/combat";
import type { FallPayload } from "./fall-request";
import { FALL_REQUEST, fallRequestKind } from "./fall-request";
import { REQUEST_REASONS, badPayload, payloadId, registerRequestKind } from "../../core/requests/registry";
import { authorIsGM, maybe } from "../../documents/lookups";
import { CombatCardModel } from "../../data/message/combat-card-model";
import type { EndPhaseCardData } from "../../core/cards/combat-card-context";
import { parseSurpriseForm, surpriseRoster } from "./surprise-dialog-context";
import { undoEnd } from "./round-driver";
import { GM_ONLY, UNDO_END_REQUEST, undoEndRequestKind } from "./round-runner";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { modeChangeRefusal } from "../../data/combat/mode-change";
import type { OpContext } from "../../core/writes/write-queue";
import { combatOf } from "../../documents/lookups";
import type { WalkPayload, WalkPoint } from "../../documents/combat-walk";
import { WALK_REQUEST, parseWalk, ruleOnWalk } from "../../documents/combat-walk";

/** The request of a GM who is not the active GM to roll the surprise step (the dialog's form, parsed again by the active GM). */
export const SURPRISE_REQUEST = "combat.surprise";

/** The request of a GM who is not the active GM to change the round mode. */
export const MODE_REQUEST = "combat.mode";

export { UNDO_END_REQUEST } from "./round-runner";

function formOf(payload: unknown): Record<string, unknown> | null {
  const form = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>).form : null;
  return typeof form === "object" && form !== null && !Array.isArray(form) ? (form as Record<string, unknown>) : null;
}

/**
 * Changes the round mode as an operation of the combat's write queue (within `op` when a request holds it), asked
 * there again whether a change is open now (the walk may have begun a round since the GM chose); a refusal key, or null.
 */
function modeNow(combat: AgeOfDragonsCombat, mode: string, op: OpContext | null): Promise<string | null> {
  return combat.serially(async () => {
    const reason = modeChangeRefusal(combat.modeMoment, combat.stored.mode, mode);
    if (reason !== null) return reason;
    await combat.update({ "system.mode": mode } as Combat.UpdateData);
    return null;
  }, op);
}

/** The GM's round mode select: the active GM changes it at once, another GM asks it by request. */
export async function requestMode(combat: AgeOfDragonsCombat, mode: string): Promise<string | null> {
  if (isActiveGM()) return modeNow(combat, mode, null);
  await sendRequest(MODE_REQUEST, { combatId: combat.id ?? "", mode }, game.i18n.localize("AOD.Combat.ModeRequest"));
  return null;
}

/** Registers `combat.fall`, `combat.walk`, `combat.surprise`, `combat.undoEnd` and `combat.mode`. */
export function registerCombatRequests(): void {
  registerRequestKind<{ combatId: string; mode: string }, AgeOfDragonsCombat>(MODE_REQUEST, {
    parse(payload) {
      const combatId = payloadId(payload, "combatId");
      if (combatId === undefined) return badPayload("combatId");
      const mode = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>).mode : undefined;
      return typeof mode === "string" && mode.length <= 40 ? { combatId, mode } : badPayload("mode");
    },
    gather: (payload) => combatOf(payload.combatId) ?? { refused: REQUEST_REASONS.Gone },
    validate: (_payload, _combat, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: GM_ONLY }),
    async apply(payload, combat, _requester, op) {
      const reason = await modeNow(combat, payload.mode, op);
      return reason === null ? { ok: true } : { ok: false, reason };
    },
  });
  registerRequestKind<{ combatId: string; form: Record<string, unknown> }, AgeOfDragonsCombat>(SURPRISE_REQUEST, {
    parse(payload) {
      const combatId = payloadId(payload, "combatId");
      if (combatId === undefined) return badPayload("combatId");
      const form = formOf(payload);
      return form === null ? badPayload("form") : { combatId, form };
    },
    gather: (payload) => combatOf(payload.combatId) ?? { refused: REQUEST_REASONS.Gone },
    validate: (_payload, _combat, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: GM_ONLY }),
    async apply(payload, combat, _requester, op) {
      const parsed = parseSurpriseForm(payload.form, surpriseRoster(combat.entries));
      if (!parsed.ok) return { ok: false, reason: parsed.reason };
      const reason = await combat.rollSurprise(parsed.choice, op);
      return reason === null ? { ok: true } : { ok: false, reason };
    },
  });
  registerRequestKind(
    UNDO_END_REQUEST,
    undoEndRequestKind<AgeOfDragonsCombat>({
      find(payload) {
        const combat = combatOf(payload.combatId);
        if (!combat) return null;
        const message = maybe(game.messages.get(payload.messageId));
        const system = message?.system;
        const card =
          message && system instanceof CombatCardModel
            ? { card: system.card, combatId: system.combatId, authoredByGM: authorIsGM(message), data: system.data as unknown as EndPhaseCardData }
            : null;
        return { combat, combatId: combat.id ?? "", card };
      },
      undo: (combat, messageId, data, op) => undoEnd(combat, messageId, data, op),
    }),
  );
  registerRequestKind<WalkPayload, WalkPoint>(WALK_REQUEST, {
    parse: parseWalk,
    gather(payload) {
      return combatOf(payload.combatId)?.walkPoint ?? { refused: REQUEST_REASONS.Gone };
    },
    validate: (payload, now, requester) => ruleOnWalk(payload, now, requester),
    async apply(payload, _now, _requester, op) {
      // Within this request's operation on the combat's queue (walking there again would wait on itself).
      await combatOf(payload.combatId)?.walk(payload.action, payload.at, op);
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
      async write(payload, changes, op) {
        await combatOf(payload.combatId)?.applyEngineChanges(changes, {}, op.id);
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
