/**
 * What a combatant may declare and how it is asked: the documents behind a combatant, its weapons, the names on
 * the board, the world a declaration is checked against, and the declaration dialog. Shared by the public
 * (declaration-flow.ts) and the secret (secret-flow.ts) declaration paths.
 */
import { choiceOf } from "../../../data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation, DeclaringWeapon } from "../../../data/combat/declaration";
import type { ActorSnapshot } from "../../../data/actor/actor-snapshot";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import { AgeOfDragonsCombatant } from "../../../documents/combatant";
import { snapshotOf } from "../../../documents/lookups";
import type { MovePhase } from "../../../rules/procedures/move";
import { DeclarationDialog } from "./declaration-dialog";

/** A combatant and its actor. */
export type Docs = { combatant: AgeOfDragonsCombatant; actor: Actor.Implementation };

/** The combatant and actor behind a combatant id, or null when either is gone. */
export function docsOf(combat: AgeOfDragonsCombat, combatantId: string): Docs | null {
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  return combatant instanceof AgeOfDragonsCombatant && actor ? { combatant, actor } : null;
}

/** The weapons of an actor by item id, with their names. */
export function weaponsOf(snapshot: ActorSnapshot): (DeclaringWeapon & { name: string })[] {
  return snapshot.weapons.flatMap((w) => (w.itemId === null ? [] : [{ itemId: w.itemId, weapon: w.weapon, name: w.weapon.name }]));
}

/** The names of the combat's combatants and landmarks by id. */
export function namesOf(combat: AgeOfDragonsCombat): Record<string, string> {
  const names: Record<string, string> = {};
  for (const e of combat.entries) names[e.id] = e.name;
  for (const [id, l] of Object.entries(combat.stored.skirmish.landmarks)) names[id] = l.name;
  return names;
}

/** What a declaration of this combatant is checked against now. */
export function declarationSituation(combat: AgeOfDragonsCombat, combatantId: string, phase: MovePhase): DeclarationSituation {
  const docs = docsOf(combat, combatantId);
  return { combatantId, phase, state: combat.skirmish, weapons: docs ? weaponsOf(snapshotOf(docs.actor)) : [] };
}

/** Whether the combat runs one of the declaration modes. */
export function declaring(combat: AgeOfDragonsCombat): "reverseDeclaration" | "secretDeclaration" | null {
  const mode = combat.stored.mode;
  return mode === "reverseDeclaration" || mode === "secretDeclaration" ? mode : null;
}

/** Whether this user may declare or resolve for the combatant: its owner, or a GM. */
export function mayActFor(combat: AgeOfDragonsCombat, combatantId: string): boolean {
  return game.user.isGM || (combat.combatants.get(combatantId)?.actor?.isOwner ?? false);
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
  const held = choiceOf(combat.stored.declarations[combatantId]);
  return DeclarationDialog.choose({
    combatant: { id: combatantId, name: docs.combatant.name ?? "" },
    phase: step.phase,
    round: combat.round,
    secret: combat.stored.mode === "secretDeclaration",
    weapons: weaponsOf(snapshot).map((w) => ({ itemId: w.itemId, name: w.name, killerBlow: w.weapon.killerBlow, grapple: w.weapon.grapple })),
    combatants: others.map((id) => ({ id, name: names[id] ?? id })),
    landmarks: Object.entries(state.landmarks).map(([id, l]) => ({ id, name: l.name })),
    choice: held,
    error,
  });
}

// ----- cards -----
