// Declaration merging for the Foundry types (the fvtt-types package, used only through tsc): the system's subtypes, document classes, settings,
// and the hook assumed to have run (ready) so `game.*` is not "possibly undefined".
import type { AdversaryModel } from "../data/actor/adversary-model";
import type { DragonModel } from "../data/actor/dragon-model";
import type { ArmourModel } from "../data/item/armour-model";
import type { SkillModel } from "../data/item/skill-model";
import type { WeaponModel } from "../data/item/weapon-model";
import type { CheckMessageModel } from "../data/message/check-model";
import type { AgeOfDragonsActor } from "../documents/actor";
import type { AgeOfDragonsItem } from "../documents/item";
import type { AgeOfDragonsTokenDocument } from "../documents/token-document";
import type { AgeOfDragonsCombat } from "../documents/combat";
import type { AgeOfDragonsCombatant } from "../documents/combatant";
import type { SettingValues } from "../core/settings/settings-table";
import type { EventsTableField } from "../core/settings/register";
import type { AgeOfDragonsApi } from "../config/api";
import type { CombatModel } from "../data/combat/combat-model";
import type { CombatantModel } from "../data/combat/combatant-model";
import type { RequestMessageModel } from "../data/message/request-model";
import type { AttackMessageModel } from "../data/message/attack-model";
import type { CombatCardModel } from "../data/message/combat-card-model";
import type { SkillLadder } from "../rules/skills";
import type { SYSTEM_ID } from "../constants/system-id";

/** The system's settings as Foundry keys them: `${SYSTEM_ID}.${key}`. */
type SystemSettings = {
  [K in Exclude<keyof SettingValues, "combatEventsTable" | "requestLedger"> as `${typeof SYSTEM_ID}.${K}`]: SettingValues[K];
};

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      dragon: typeof DragonModel;
      adversary: typeof AdversaryModel;
    };
    Item: {
      weapon: typeof WeaponModel;
      armour: typeof ArmourModel;
      skill: typeof SkillModel;
    };
    ChatMessage: {
      check: typeof CheckMessageModel;
      request: typeof RequestMessageModel;
      attack: typeof AttackMessageModel;
      combatCard: typeof CombatCardModel;
    };
    // Combat (docs/COMBAT.md): the built-in base subtypes carry the round and skirmish state; requests travel as messages.
    Combat: { base: typeof CombatModel };
    Combatant: { base: typeof CombatantModel };
  }

  interface DocumentClassConfig {
    Actor: typeof AgeOfDragonsActor;
    Item: typeof AgeOfDragonsItem;
    Token: typeof AgeOfDragonsTokenDocument;
    Combat: typeof AgeOfDragonsCombat;
    Combatant: typeof AgeOfDragonsCombatant;
  }

  // Every setting of settings-table.ts, keyed "<SYSTEM_ID>.<key>"; the two whose stored type is a DataField's spelled out.
  interface SettingConfig extends SystemSettings {
    "age-of-dragons.requestLedger": foundry.data.fields.ObjectField;
    // A RollTable picker (settings.ts); its value is a UUID string or null.
    "age-of-dragons.combatEventsTable": EventsTableField;
  }

  // Nearly all system code runs after `ready`; the `init` registration touches only game.settings and game.system,
  // which exist by then.
  interface AssumeHookRan {
    ready: never;
  }
}

declare global {
  interface CONFIG {
    /** The system's own configuration: the TN of each skill rank (RULES.md "Dice and checks"). */
    ageOfDragons: { skillLadder: SkillLadder };
  }

  /** The public API for macros and modules (also `game.system.api`). */
  var ageOfDragons: AgeOfDragonsApi | undefined;
}
