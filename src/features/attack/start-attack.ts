/**
 * Starting a battle action from a sheet, a macro or the API: the acting token (the controlled one, else the
 * user's character) and the user's targets go to the active GM as an `attack.declare` request; the GM builds the
 * card, rolls the attack and asks each defender (docs/ATTACK.md).
 */
import type { CheckModifiers } from "../../rules/attack-card-checks";
import { ATTACK_REQUEST_KINDS } from "./attack-requests";
import { requestAttack } from "./attack-flow";
import { documentsOf, maybe } from "../../documents/lookups";
import { actorDataOf } from "../../data/actor/actor-data";
import { RollDialog } from "../../core/rolls/roll-dialog";
import { translate } from "./attack-card-render";
import { attackBoard, attackerUuid } from "../../documents/attacker";
import type { StartAttackOptions } from "../../core/actions";
/** The roll dialog for an attack: extra dice, TN shift and killer blow, with the odds; null when cancelled. */
async function configureAttack(
  attacker: { actor: Actor.Implementation; token: TokenDocument.Implementation | null },
  weaponId: string,
  killerBlow: boolean,
  named: { actor: Actor.Implementation; token: TokenDocument.Implementation | null } | null,
): Promise<{ modifiers: CheckModifiers; killerBlow: boolean } | null> {
  const source = actorDataOf(attacker.actor.toObject());
  if (source === null) return null;
  const targeted = maybe(game.user.targets.first());
  const targetActor = named ? named.actor : (targeted?.actor ?? null);
  const targetDocument = named ? named.token : (targeted?.document ?? null);
  const target = targetActor === null ? null : actorDataOf(targetActor.toObject());
  const chosen = await RollDialog.configure({
    actor: source,
    choice: { attribute: "soma" },
    extraDice: 0,
    tnShift: 0,
    ladder: CONFIG.ageOfDragons.skillLadder,
    attack: { weapon: weaponId, target, killerBlow, board: attackBoard(attacker, targetDocument, weaponId) },
  });
  if (chosen === null) return null;
  return { modifiers: { dice: chosen.extraDice, tn: chosen.tnShift }, killerBlow: chosen.killerBlow };
}

/** Sends the declaration of a battle action to the active GM (or runs it, on the active GM's client). */
export async function startAttack(options: StartAttackOptions = {}): Promise<void> {
  const board = maybe(canvas);
  const controlled = maybe(board?.tokens)?.controlled[0]?.document.uuid;
  const attacker = options.attacker ?? controlled ?? game.user.character?.uuid;
  if (attacker === undefined) {
    ui.notifications.warn(translate("AOD.Attack.Notify.noToken"));
    return;
  }
  const targets = options.targets ? [...options.targets] : [...game.user.targets].map((token) => token.document.uuid);
  const action = options.action ?? "attack";
  // One attack, one target (docs/RULES.md): said here at once rather than by a refused request in the chat.
  if (targets.length > 1 && action !== "breakOut") {
    ui.notifications.warn(translate("AOD.Attack.Refuse.OneTarget"));
    return;
  }
  const weaponId = options.weaponId ?? null;
  let killerBlow = options.killerBlow ?? false;
  let modifiers = options.modifiers ?? { dice: 0, tn: 0 };
  if (options.configure === true && action === "attack" && weaponId !== null) {
    const docs = await documentsOf(attacker);
    if (docs === null) return;
    const first = options.targets?.[0];
    const named = first === undefined ? null : await documentsOf(first);
    const chosen = await configureAttack(docs, weaponId, killerBlow, named);
    if (chosen === null) return;
    ({ killerBlow, modifiers } = chosen);
  }
  await requestAttack(ATTACK_REQUEST_KINDS.declare, { action, attacker, targets, weaponId, killerBlow, modifiers });
}

/**
 * A battle action by this actor, acting for its own token as its sheet's weapon button does (`attackerUuid`): the
 * sheet's button and the hotbar's weapon macros both start their attack card here.
 */
export async function attackWith(actor: Actor.Implementation, options: Omit<StartAttackOptions, "attacker"> = {}): Promise<void> {
  await startAttack({ ...options, attacker: attackerUuid(actor) });
}
