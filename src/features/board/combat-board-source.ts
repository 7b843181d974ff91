/**
 * The board's BoardSource in Foundry: the combat the tracker shows, its skirmish state (docs/COMBAT.md), the
 * actors' weapons (data/actor/actor-snapshot.ts), and the writes. The active GM's own moves and edits run as operations
 * of the combat's write queue (core/writes/write-queue.ts), each against the latest state; anyone else's move or edit
 * (a player's, or another GM's) is a `board.move` or `board.edit` request that the active GM rules on in the same
 * queue (board-request-handlers.ts).
 */
import { postCard } from "../../core/cards/post-card";
import { declaredMoveAllows, isOwnMoveStep } from "../../data/combat/declaration";
import type { MoveRoundContext } from "../../data/combat/declaration";
import { writeUpdates } from "../../documents/combat-writer";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { BOARD_REQUESTS, parseMoveRequest, ruleEditRequest, ruleMoveRequest } from "./board-requests";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import type { OpContext } from "../../core/writes/write-queue";
import { BOARD_REASONS } from "../../rules/board/reasons";
import type { BoardEdit } from "../../rules/board/edits";
import type { MovePhase } from "../../rules/procedures/move";
import type { WeaponSnapshot } from "../../rules/procedures/weapon";
import { editUpdates } from "./board-writes";
import { combatOf, snapshotOf } from "../../documents/lookups";
import type { BoardActionRequest, BoardData, BoardSource } from "./board-source";
import type { MovePayload } from "../../core/actions";
import { featureAction } from "../../core/actions";

/** The combat the tracker shows (or the active one). */
function viewedCombat(): AgeOfDragonsCombat | undefined {
  const combat = game.combats.viewed ?? game.combat;
  return combat instanceof AgeOfDragonsCombat ? combat : undefined;
}

/** The phase of the round the combat is in, or undefined before it starts (docs/COMBAT.md plan and cursor). */
export function combatPhase(combat: AgeOfDragonsCombat): MovePhase | undefined {
  if (!combat.started) return undefined;
  const { plan, cursor } = combat.stored;
  return plan[cursor.index]?.phase;
}

/** Where the round stands for a move: the mode, the current step (none before the start) and the declarations. */
export function moveRound(combat: AgeOfDragonsCombat): MoveRoundContext {
  const { mode, plan, cursor, declarations } = combat.stored;
  return { mode, step: combat.started ? (plan[cursor.index] ?? null) : null, declarations };
}

/** Each combatant's actor statuses now, so an edit writes only the statuses that change. */
export function actorStatuses(combat: AgeOfDragonsCombat): Record<string, string[]> {
  const statuses: Record<string, string[]> = {};
  for (const c of combat.combatants) if (c.id) statuses[c.id] = [...(c.actor?.statuses ?? [])];
  return statuses;
}

/** Applies a GM edit to a combat (within an operation of its write queue): the rules of the edit, then only the entries it changes. */
export async function writeEdit(combat: AgeOfDragonsCombat, edit: BoardEdit, isGM: boolean, op: OpContext | null): Promise<string | undefined> {
  const before = combat.skirmish;
  const ruling = ruleEditRequest(before, edit, { isGM, owns: () => false });
  if (!ruling.allowed) return ruling.reason;
  await writeUpdates(combat, editUpdates(combat.stored.skirmish, before, ruling.state, actorStatuses(combat)), {}, op?.id);
  return undefined;
}

/**
 * The active GM's own move, as an operation of the combat's write queue (or within the operation `within` already
 * running on it: a declared move resolved from inside a step of the round).
 */
export function moveNow(combat: AgeOfDragonsCombat, payload: MovePayload, within: OpContext | null = null): Promise<string | undefined> {
  return combat.serially(async (op) => {
    const parsed = parseMoveRequest(payload);
    if (!parsed.ok) return parsed.reason;
    const ruling = ruleMoveRequest(combat.skirmish, parsed.value, combatPhase(combat), { isGM: true, owns: () => true });
    if (!ruling.allowed) return ruling.reason;
    const turn = declaredMoveAllows(moveRound(combat), parsed.value.move, true);
    await combat.applyEngineChanges(ruling.changes, {}, op.id);
    // The GM may move anyone at any step; out of turn, the table is told it was the GM's override.
    if (turn.allowed && turn.outOfTurn) await announceOverride(combat, combat.combatants.get(payload.moverId)?.name ?? "");
    return undefined;
  }, within);
}

/** A chat notice that the GM moved a combatant outside its own step (drawn from its data: register.ts). */
async function announceOverride(combat: AgeOfDragonsCombat, name: string): Promise<void> {
  await postCard({
    type: "combatCard",
    system: { card: "override", combatId: combat.id ?? "", round: combat.round, data: { name } },
    speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
  } as ChatMessage.CreateData);
}

/** The board's data and writes in a running Foundry world. */
export const combatBoardSource: BoardSource = {
  read(): BoardData | undefined {
    const combat = viewedCombat();
    if (!combat?.id) return undefined;
    const images: Record<string, string> = {};
    const owned: string[] = [];
    const movers: string[] = [];
    const round = moveRound(combat);
    for (const c of combat.combatants) {
      if (!c.id) continue;
      images[c.id] = c.img ?? c.actor?.img ?? "";
      if (c.isOwner) owned.push(c.id);
      if (isOwnMoveStep(round, c.id)) movers.push(c.id);
    }
    return { combatId: combat.id, state: combat.skirmish, phase: combatPhase(combat), images, owned, movers };
  },

  weapons(combatId: string, combatantId: string): { weapon: WeaponSnapshot; itemId: string | null }[] {
    const actor = combatOf(combatId)?.combatants.get(combatantId)?.actor;
    if (!actor) return [];
    return snapshotOf(actor).weapons.map((w) => ({ weapon: w.weapon, itemId: w.itemId }));
  },

  async startAction(combatId: string, request: BoardActionRequest): Promise<void> {
    const combat = combatOf(combatId);
    const uuidOf = (id: string): string | undefined => {
      const c = combat?.combatants.get(id);
      return c?.token?.uuid ?? c?.actor?.uuid;
    };
    const attacker = uuidOf(request.actorId);
    if (attacker === undefined) return;
    const target = request.targetId === undefined ? undefined : uuidOf(request.targetId);
    await featureAction("startAttack")({
      action: request.action,
      attacker,
      targets: target === undefined ? [] : [target],
      weaponId: request.weaponId ?? null,
      configure: request.configure,
    });
  },

  async move(payload: MovePayload): Promise<string | undefined> {
    const combat = combatOf(payload.combatId);
    if (!combat) return BOARD_REASONS.NoCombat;
    if (!isActiveGM()) {
      const name = combat.combatants.get(payload.moverId)?.name ?? "";
      await sendRequest(BOARD_REQUESTS.move, { ...payload }, game.i18n.format("AOD.Board.Move.Request", { name }));
      return undefined;
    }
    return moveNow(combat, payload);
  },

  async edit(combatId: string, edit: BoardEdit): Promise<string | undefined> {
    const combat = combatOf(combatId);
    if (!combat) return BOARD_REASONS.NoCombat;
    if (!game.user.isGM) return BOARD_REASONS.GMOnly;
    if (!isActiveGM()) {
      // Another GM's edit is written by the active GM, in the combat's queue, like a player's move.
      await sendRequest(BOARD_REQUESTS.edit, { combatId, edit }, game.i18n.localize("AOD.Board.EditRequest"));
      return undefined;
    }
    return combat.serially((op) => writeEdit(combat, edit, true, op));
  },

  async addControlledTokens(combatId: string): Promise<void> {
    const combat = combatOf(combatId);
    if (!combat || !canvas.ready) return;
    const present = new Set(combat.combatants.map((c) => c.tokenId));
    const data = (canvas.tokens?.controlled ?? [])
      .filter((token) => !present.has(token.id))
      .map((token) => ({ tokenId: token.id, sceneId: token.scene.id, actorId: token.actor?.id, hidden: token.document.hidden }));
    if (data.length > 0) await combat.createEmbeddedDocuments("Combatant", data);
  },
};
