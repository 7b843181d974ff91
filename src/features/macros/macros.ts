/**
 * `game.system.api.macros`: what the macro compendium's macros call (README "Macros"). Each acts for the one
 * selected token the user owns, and otherwise says why it did nothing. The choices live in macro-choices.ts, free
 * of Foundry; the rest is thin Foundry glue over the other features' actions (core/actions.ts: rollCheck, the
 * board, the simulator, startAttack, the board's move and edit).
 */
import { featureAction } from "../../core/actions";
import { i18nFormat } from "../../core/i18n";
import { actorSnapshot } from "../../data/actor/actor-snapshot";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { ALTITUDES } from "../../rules/bands";
import { attackLegality } from "../../rules/board/attack-legality";
import type { Altitude } from "../../rules/types";
import { actingToken, bestWeapon } from "./macro-choices";
import type { MacroRefusal, WeaponOption } from "./macro-choices";
import type { MacroFunction } from "./macro-names";

type PlacedToken = foundry.canvas.placeables.Token;

function refuse(refusal: MacroRefusal): void {
  const data = refusal.data?.reason === undefined ? refusal.data : { ...refusal.data, reason: i18nFormat(refusal.data.reason) };
  ui.notifications.warn(i18nFormat(refusal.key, data));
}

/** The one selected token the user owns, or undefined after telling the user why not. */
function actingPlacedToken(): PlacedToken | undefined {
  const controlled = canvas.ready ? (canvas.tokens?.controlled ?? []) : [];
  const choice = actingToken(
    controlled.map((t) => ({ id: t.id, name: t.name, hasActor: t.actor !== null, isOwner: t.actor?.isOwner === true })),
  );
  if ("refusal" in choice) {
    refuse(choice.refusal);
    return undefined;
  }
  return controlled.find((t) => t.id === choice.token.id);
}

function viewedCombat(): AgeOfDragonsCombat | undefined {
  const combat = game.combats.viewed ?? game.combat;
  return combat instanceof AgeOfDragonsCombat ? combat : undefined;
}

/** Rolls a check for the selected token's actor: the roll dialog opens to choose it. */
async function rollSelectedCheck(): Promise<void> {
  const actor = actingPlacedToken()?.actor;
  if (actor) await featureAction("rollCheck")(actor, { attribute: "soma", configure: true });
}

/** Opens the range and altitude board (anyone may look at it). */
function openBoard(): void {
  featureAction("openBoard")();
}

/** Opens the simulator on the current combat's sides (the GM's: it reads every combatant's sheet). */
function openSimulator(): void {
  if (!game.user.isGM) { refuse({ key: "AOD.Macros.Refusal.GMOnly" }); return; }
  const combat = game.combats.viewed ?? game.combat;
  if (!combat) { refuse({ key: "AOD.Macros.Refusal.NoCombat" }); return; }
  featureAction("openSimulator")(combat);
}

/** The selected token's weapons, each with the board's refusal against the target when both are in the combat. */
function weaponOptions(token: PlacedToken, target: PlacedToken): WeaponOption[] {
  const actor = token.actor;
  if (!actor) return [];
  const snapshot = actorSnapshot({ _id: actor.id, name: actor.name, type: actor.type, system: actor.system as unknown, items: actor.items });
  const combat = viewedCombat();
  const attackerId = combat?.combatants.find((c) => c.tokenId === token.id)?.id ?? undefined;
  const targetId = combat?.combatants.find((c) => c.tokenId === target.id)?.id ?? undefined;
  const state = combat && attackerId && targetId ? combat.skirmish : undefined;
  return snapshot.weapons.flatMap((w) => {
    if (w.itemId === null) return [];
    const legality = state && attackerId && targetId ? attackLegality(state, { attackerId, targetId, weapon: w.weapon }) : undefined;
    return [{
      id: w.itemId,
      name: w.weapon.name,
      pool: w.attack.pool,
      tn: w.attack.tn,
      damageTN: w.weapon.damageTN,
      magicCost: w.weapon.magicCost,
      refusal: legality?.allowed === false ? legality.reason : undefined,
    }];
  });
}

/** Starts an attack card with the selected token's best weapon against the one targeted token. */
async function attackWithBestWeapon(): Promise<void> {
  const token = actingPlacedToken();
  if (!token?.actor) return;
  const targets = [...game.user.targets];
  const [target] = targets;
  if (target === undefined || targets.length > 1) { refuse({ key: "AOD.Macros.Refusal.OneTarget" }); return; }
  const magic = actorSnapshot({ _id: token.actor.id, name: token.actor.name, type: token.actor.type, system: token.actor.system as unknown, items: [] }).magic.value;
  const choice = bestWeapon(weaponOptions(token, target), magic);
  if ("refusal" in choice) { refuse(choice.refusal); return; }
  await featureAction("startAttack")({ attacker: token.document.uuid, weaponId: choice.weapon.id, configure: true, targets: [target.document.uuid] });
}

async function askAltitude(): Promise<Altitude | null> {
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18nFormat("AOD.Macros.Altitude.Title") },
    content: `<p>${i18nFormat("AOD.Macros.Altitude.Prompt")}</p>`,
    buttons: ALTITUDES.map((band, i) => ({ action: band, label: i18nFormat(`AOD.Choices.altitude.${band}`), default: i === 0 })),
    rejectClose: false,
  });
  return ALTITUDES.find((band) => band === choice) ?? null;
}

/**
 * Sets the selected token's altitude band in the current combat: for the GM any band at once (a grapple or a
 * carry moves with it); for a player a standard move to that band, which the active GM checks against the rules
 * like any move on the board. Without `altitude` a dialog asks for the band.
 */
async function setAltitude(altitude?: Altitude): Promise<void> {
  const token = actingPlacedToken();
  if (!token) return;
  const combat = viewedCombat();
  const combatant = combat?.combatants.find((c) => c.tokenId === token.id);
  if (!combat?.id || !combatant?.id) { refuse({ key: "AOD.Macros.Refusal.NotInCombat", data: { name: token.name } }); return; }
  const band = altitude ?? (await askAltitude());
  if (band === null) return;
  const reason = game.user.isGM
    ? await featureAction("boardEdit")(combat.id, { type: "altitude", id: combatant.id, altitude: band })
    : await featureAction("boardMove")({ combatId: combat.id, moverId: combatant.id, kind: "standard", altitude: band });
  if (reason !== undefined) ui.notifications.warn(i18nFormat(reason));
}

/** The functions the macro compendium calls, by their names in macro-names.ts (the pack check reads those). */
export const MACROS = Object.freeze({
  rollCheck: rollSelectedCheck,
  openBoard,
  openSimulator,
  attackWithBestWeapon,
  setAltitude,
} satisfies Record<MacroFunction, unknown>);
