/**
 * `game.system.api.rollCheck(actor, options)`: the single entry for a check (README "Rolling checks"). Sheets,
 * hotbar macros and the dialog all come through here. It refuses with a notification (and rolls nothing) when
 * the actor is gone, not the user's, lacks the skill, or the check is impossible; otherwise it rolls a real
 * PoolRoll through the roll pipeline (core/rolls/pipeline.ts: its hooks, the dialog, the evaluation, the post) and
 * posts a check card with the roll on it (so Dice So Nice animates it).
 */
import { RollDialog } from "../../core/rolls/roll-dialog";
import { checkCardFlags } from "./check-card-flag";
import { checkCardData } from "../../data/message/check-data";
import { actorDataOf } from "../../data/actor/actor-data";
import type { ActorData } from "../../data/actor/actor-data";
import type { CheckRequest } from "../../data/check/prepare-check";
import { checkResolveStep, checkRollConfig } from "./check-roll";
import type { CheckRollData } from "./check-roll";
import { rollThrough } from "../../core/rolls/foundry-rolls";
import type { RollConfig } from "../../core/rolls/pipeline";
import { countSuccesses } from "../../rules";
import type { AttackBoard } from "../../core/rolls/roll-dialog-context";
import { attackBoard, attackerUuid } from "../../documents/attacker";
import { documentsOf } from "../../documents/lookups";
import type { RollCheckOptions } from "../../core/actions";
function findActor(actor: Actor.Implementation | string | null | undefined): Actor.Implementation | null {
  if (typeof actor !== "string") return actor ?? null;
  const found = actor.includes(".") ? fromUuidSync(actor as `Actor.${string}`) : game.actors.get(actor);
  return found instanceof Actor ? found : null;
}

function sourceOf(actor: Actor.Implementation): ActorData | null {
  return actorDataOf(actor.toObject());
}

function defaultTarget(): TokenDocument.Implementation | null {
  return game.user.targets.first()?.document ?? null;
}

/** The board the dialog judges a weapon attack on: the actor's own token against the targeted token. */
async function boardOf(actor: Actor.Implementation, weapon: string, target: TokenDocument.Implementation | null): Promise<AttackBoard | null> {
  if (target === null) return null;
  const attacker = await documentsOf(attackerUuid(actor));
  return attacker === null ? null : attackBoard(attacker, target, weapon);
}

/**
 * Rolls a check for an actor (a document, its uuid or its id) and posts the card. Resolves with the message, or
 * null when nothing was rolled (refused, or the dialog was cancelled).
 */
export async function rollCheck(
  actorOrId: Actor.Implementation | string | null | undefined,
  options: RollCheckOptions = {},
): Promise<ChatMessage.Implementation | null> {
  const actor = findActor(actorOrId);
  if (actor === null) {
    ui.notifications.warn(game.i18n.localize("AOD.Roll.Refusal.ActorMissing"));
    return null;
  }
  if (!actor.isOwner) {
    ui.notifications.warn(game.i18n.format("AOD.Roll.Refusal.NotOwner", { actor: actor.name }));
    return null;
  }
  const source = sourceOf(actor);
  if (source === null) {
    ui.notifications.warn(game.i18n.localize("AOD.Roll.Refusal.ActorMissing"));
    return null;
  }
  const ladder = CONFIG.ageOfDragons.skillLadder;
  const request: Required<CheckRequest> = {
    choice: options.skill ? { skill: options.skill } : { attribute: options.attribute ?? "soma" },
    extraDice: options.extraDice ?? 0,
    tnShift: options.tnShift ?? 0,
    weapon: options.weapon ?? null,
    killerBlow: options.killerBlow === true,
  };
  const config = checkRollConfig(actor.uuid, request, options.rollMode ?? game.settings.get("core", "rollMode") ?? "publicroll");
  const result = await rollThrough(
    config,
    {
      configure: options.configure === true,
      open: (current) => openDialog(actor, source, current, options.target),
      resolve: checkResolveStep(source, ladder),
    },
    { data: (roll, faces, current) => checkMessageData(actor, roll, faces, current) },
  );
  return result.ok ? result.message : null;
}

/** The configure stage's dialog: the player's choices go into the request and the roll mode; null when cancelled. */
async function openDialog(
  actor: Actor.Implementation,
  source: ActorData,
  config: RollConfig<CheckRollData>,
  chosenTarget: Actor.Implementation | null | undefined,
): Promise<RollConfig<CheckRollData> | null> {
  const request = config.data.request;
  const targetToken = chosenTarget === undefined ? defaultTarget() : (chosenTarget?.getActiveTokens(true, true)[0] ?? null);
  const target = chosenTarget === undefined ? (targetToken?.actor ?? null) : chosenTarget;
  const targetSource = target === null ? null : sourceOf(target);
  const weapon = request.weapon;
  const chosen = await RollDialog.configure({
    actor: source,
    choice: request.choice,
    extraDice: request.extraDice,
    tnShift: request.tnShift,
    rollMode: config.rollMode ?? undefined,
    ladder: CONFIG.ageOfDragons.skillLadder,
    attack: weapon === null || weapon === ""
      ? null
      : { weapon, target: targetSource, killerBlow: request.killerBlow, board: await boardOf(actor, weapon, targetToken) },
  });
  if (chosen === null) return null;
  config.data.request = { ...request, choice: chosen.choice, extraDice: chosen.extraDice, tnShift: chosen.tnShift, killerBlow: chosen.killerBlow };
  config.rollMode = chosen.rollMode;
  return config;
}

/** The post stage: the check card with the roll on it, or null when the check was refused. */
function checkMessageData(
  actor: Actor.Implementation,
  roll: foundry.dice.Roll,
  faces: readonly number[],
  config: RollConfig<CheckRollData>,
): Promise<Record<string, unknown> | null> {
  const prepared = config.data.prepared;
  if (prepared === null || prepared.check === null) return Promise.resolve(null);
  const data = checkCardData({ uuid: actor.uuid, name: actor.name, img: actor.img ?? "" }, prepared, countSuccesses(faces, prepared.check.tn));
  if (data === null) return Promise.resolve(null);
  // The card is drawn from these (check-card.ts); the posting helper keeps its text as the content.
  const flags = checkCardFlags(prepared.notices, config.rollMode ?? "publicroll");
  return Promise.resolve({ type: "check", system: data, rolls: [roll], flags, speaker: ChatMessage.getSpeaker({ actor }) });
}
