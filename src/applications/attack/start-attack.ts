/**
 * Starting a battle action from a sheet, a macro or the API: the acting token (the controlled one, else the
 * user's character) and the user's targets go to the active GM as an `attack.declare` request; the GM builds the
 * card, rolls the attack and asks each defender (docs/ATTACK.md).
 */
import type { CardAction, CheckModifiers } from "../../rules/attack-card-checks";
import { ATTACK_REQUEST_KINDS } from "../../net/attack-requests";
import { requestAttack } from "../../net/attack-flow";
import { maybe } from "../../net/attack-world";
import { translate } from "./attack-card-render";

/** What a player starts. */
export interface StartAttackOptions {
  action?: CardAction;
  /** The weapon item's id on the acting actor (attacks and grapples). */
  weaponId?: string | null;
  killerBlow?: boolean;
  /** Situational modifiers from the roll dialog. */
  modifiers?: CheckModifiers;
  /** The acting token or actor UUID; default: the controlled token, else the user's character. */
  attacker?: string;
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
  const targets = [...game.user.targets].map((token) => token.document.uuid);
  await requestAttack(ATTACK_REQUEST_KINDS.declare, {
    action: options.action ?? "attack",
    attacker,
    targets,
    weaponId: options.weaponId ?? null,
    killerBlow: options.killerBlow ?? false,
    modifiers: options.modifiers ?? { dice: 0, tn: 0 },
  });
}
