// Plain combat fixtures: actor bodies and combatant entries for the snapshot and update translations.
import type { CombatantBody } from "../../../src/data/combat/actor-body";
import type { CombatantEntry } from "../../../src/data/combat/combat-snapshot";
import type { StoredSkirmish } from "../../../src/data/combat/stored";
import { defaultCombatSystem } from "../../../src/data/combat/stored";

/** A flying body with Soma 5 and Pneuma 3 (told apart on purpose), 12 Life Points, 3 Magic Points, armour 1. */
export function body(values: Partial<CombatantBody> = {}): CombatantBody {
  return {
    soma: 5, pneuma: 3, agility: 2, life: { max: 12, wounds: 0 }, magic: { value: 3, max: 3 }, weight: 10,
    canFly: true, fastGround: false, armour: 1, speed: "average", tags: [], armourSlots: ["body"], ...values,
  };
}

/** A combatant entry on the friendly side with the given body. */
export function entry(id: string, values: Partial<CombatantBody> = {}, extra: Partial<CombatantEntry> = {}): CombatantEntry {
  return { id, name: `Name ${id}`, side: "friendly", speed: "average", body: body(values), ...extra };
}

/** An empty stored skirmish on normal ground, with the given parts. */
export function storedOf(parts: Partial<StoredSkirmish> = {}): StoredSkirmish {
  return { ...defaultCombatSystem().skirmish, ...parts };
}
