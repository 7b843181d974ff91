/** Everything the system registers in `init`: document classes, data models, status effects, settings, API. */
import { registerHandlebars } from "../core/handlebars/register";
import { registerCardHook } from "../core/cards/card-hook";
import { registerDice } from "../core/dice/register";
import { registerChecks } from "../features/checks/register";
import { registerSimulator } from "../features/simulator/register";
import { AgeOfDragonsActor } from "../documents/actor";
import { AgeOfDragonsItem } from "../documents/item";
import { AgeOfDragonsTokenDocument } from "../documents/token-document";
import { DEFAULT_SKILL_LADDER } from "../rules/skills";
import { registerHotbar } from "../features/sheets/hotbar";
import { registerSheets } from "../features/sheets/register";
import { exposeApi } from "./api";
import { registerAttackCard } from "../features/attack/register";
import { registerBoard } from "../features/board/register";
import { registerCombat } from "../features/round/register";
import { registerWelcome } from "../features/welcome/register";
import { trackableAttributes } from "../constants/token-bars";
import { DATA_MODELS } from "./data-models";
import { registerSettings } from "../core/settings/register";
import { DEFEATED_STATUS, STATUS_EFFECTS } from "../constants/status-effects";

/** Registers the system's classes, models, statuses and settings, and publishes its API. */
export function registerSystem(): void {
  // RULES.md Dice and checks: the rank ladder is configurable in CONFIG for tables that use another one.
  CONFIG.ageOfDragons = { skillLadder: { ...DEFAULT_SKILL_LADDER } };
  CONFIG.Actor.documentClass = AgeOfDragonsActor;
  CONFIG.Item.documentClass = AgeOfDragonsItem;
  CONFIG.Token.documentClass = AgeOfDragonsTokenDocument;
  Object.assign(CONFIG.Actor.dataModels, DATA_MODELS.Actor);
  Object.assign(CONFIG.Item.dataModels, DATA_MODELS.Item);
  // The life bar shows derived life.value over life.max; tell the token config which bars and values exist.
  CONFIG.Actor.trackableAttributes = { dragon: trackableAttributes(), adversary: trackableAttributes() };
  CONFIG.statusEffects = STATUS_EFFECTS.map((status) => ({ ...status }));
  CONFIG.specialStatusEffects.DEFEATED = DEFEATED_STATUS;
  registerSettings();
  registerHandlebars();
  // The one render hook of every chat card; each feature registers its card kinds below (core/cards/).
  registerCardHook();
  registerDice();
  registerChecks();
  registerSheets();
  registerHotbar();
  registerCombat();
  registerBoard();
  registerSimulator();
  registerAttackCard();
  registerWelcome();
  exposeApi(game.system.version);
}
