/**
 * What a combatant may declare and how it is asked: the documents behind a combatant, its weapons, the names on
 * the board, the world a declaration is checked against, and the declaration dialog. Shared by the public
 * (declaration-flow.ts) and the secret (secret-flow.ts) declaration paths.
 */
import { choiceOf } from "../../../data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation } from "../../../data/combat/declaration";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import { AgeOfDragonsCombatant } from "../../../documents/combatant";
import { snapshotOf } from "../../../documents/lookups";
import type { MovePhase } from "../../../rules/procedures/move";
import { DeclarationDialog } from "./declaration-dialog";
import { oddsKey } from "./declaration-context";
import type { DeclarationOdds, DialogWeapon } from "./declaration-context";
import { actorDataOf } from "../../../data/actor/actor-data";
import { declaredAttackOdds } from "../../../core/rolls/roll-dialog-context";
import { combatNames, declarationMode, weaponsOf } from "./declaration-steps";

/** A combatant and its actor. */
export type Docs = { combatant: AgeOfDragonsCombatant; actor: Actor.Implementation };

/** The combatant and actor behind a combatant id, or null when either is gone. */
export function docsOf(combat: AgeOfDragonsCombat, combatantId: string): Docs | null {
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  return combatant instanceof AgeOfDragonsCombatant && actor ? { combatant, actor } : null;
}

export { weaponsOf } from "./declaration-steps";

/** The names of the combat's combatants and landmarks by id. */
export function namesOf(combat: AgeOfDragonsCombat): Record<string, string> {
  return combatNames(combat);
}

/** What a declaration of this combatant is checked against now. */
export function declarationSituation(combat: AgeOfDragonsCombat, combatantId: string, phase: MovePhase): DeclarationSituation {
  const docs = docsOf(combat, combatantId);
  return { combatantId, phase, state: combat.skirmish, weapons: docs ? weaponsOf(snapshotOf(docs.actor)) : [] };
}

/** Whether the combat runs one of the declaration modes. */
export function declaring(combat: AgeOfDragonsCombat): "reverseDeclaration" | "secretDeclaration" | null {
  return declarationMode(combat.stored.mode);
}

/** Whether this user may declare or resolve for the combatant: its owner, or a GM. */
export function mayActFor(combat: AgeOfDragonsCombat, combatantId: string): boolean {
  return game.user.isGM || (combat.combatants.get(combatantId)?.actor?.isOwner ?? false);
}

/**
 * The exact odds of every attack the declaration dialog may show: each weapon against each other combatant, plain
 * and (where the weapon allows it) as a killer blow, against the target's best defence (core/rolls attack odds).
 */
function attackOddsTable(
  combat: AgeOfDragonsCombat,
  actor: Actor.Implementation,
  weapons: readonly DialogWeapon[],
  targets: readonly string[],
): Record<string, DeclarationOdds> {
  const table: Record<string, DeclarationOdds> = {};
  const attacker = actorDataOf(actor.toObject());
  if (attacker === null) return table;
  const ladder = CONFIG.ageOfDragons.skillLadder;
  for (const id of targets) {
    const targetActor = docsOf(combat, id)?.actor;
    const target = targetActor ? actorDataOf(targetActor.toObject()) : null;
    if (target === null) continue;
    for (const weapon of weapons) {
      for (const killerBlow of weapon.killerBlow ? [false, true] : [false]) {
        const found = declaredAttackOdds(attacker, weapon.itemId, target, killerBlow, ladder);
        if (found === null) continue;
        const { odds, defence } = found;
        table[oddsKey(weapon.itemId, id, killerBlow)] = {
          hit: odds.hit,
          wounded: odds.wounded,
          severelyInjured: odds.severelyInjured,
          dead: odds.dead,
          defence: { pool: defence.pool, tn: defence.tn },
        };
      }
    }
  }
  return table;
}

/** Choices suggested for a combatant's next declaration dialog (the advice's *Declare this*), by combat, combatant and step. */
const suggested = new Map<string, DeclarationChoice>();

const suggestionKey = (combat: AgeOfDragonsCombat, combatantId: string): string =>
  `${combat.id ?? ""}|${combatantId}|${String(combat.stored.cursor.round)}|${String(combat.stored.cursor.index)}`;

/**
 * Fills in the combatant's declaration with a choice: its dialog when one is open on this client, else the next one
 * that opens at this step. True when an open dialog took it.
 */
export function suggestDeclaration(combat: AgeOfDragonsCombat, combatantId: string, choice: DeclarationChoice): boolean {
  // Suggestions of steps gone by are never read again: keep the map small.
  if (suggested.size > 50) suggested.clear();
  suggested.set(suggestionKey(combat, combatantId), choice);
  return DeclarationDialog.fillIn(combatantId, choice);
}

/** Opens the declaration dialog for one combatant and returns the choice (null when cancelled). */
export async function chooseDeclaration(combat: AgeOfDragonsCombat, combatantId: string, error = ""): Promise<DeclarationChoice | null> {
  const step = combat.step;
  const docs = docsOf(combat, combatantId);
  if (!step || !docs) return null;
  const snapshot = snapshotOf(docs.actor);
  const state = combat.skirmish;
  const names = namesOf(combat);
  const others = Object.keys(state.combatants).filter((id) => id !== combatantId);
  const held = suggested.get(suggestionKey(combat, combatantId)) ?? choiceOf(combat.stored.declarations[combatantId]);
  const weapons = weaponsOf(snapshot).map((w) => ({ itemId: w.itemId, name: w.name, killerBlow: w.weapon.killerBlow, grapple: w.weapon.grapple }));
  return DeclarationDialog.choose({
    combatant: { id: combatantId, name: docs.combatant.name ?? "" },
    phase: step.phase,
    round: combat.round,
    secret: combat.stored.mode === "secretDeclaration",
    weapons,
    combatants: others.map((id) => ({ id, name: names[id] ?? id })),
    odds: attackOddsTable(combat, docs.actor, weapons, others),
    landmarks: Object.entries(state.landmarks).map(([id, l]) => ({ id, name: l.name })),
    choice: held,
    error,
  });
}

// ----- cards -----
