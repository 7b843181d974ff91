/**
 * The bridge from an actor's data model to the rules: builds the plain snapshot deriveCharacter needs from the
 * stored fields and the owning actor's items, and writes the derived values back onto the model.
 */
import { deriveCharacter } from "../../rules/character";
import type { CharacterItem, DerivedCharacter } from "../../rules/character";
import { DEFAULT_SKILL_LADDER } from "../../rules/skills";
import type { SkillLadder } from "../../rules/skills";

/** The stored fields a character model derives from. */
export interface CharacterSource {
  soma: number;
  pneuma: number;
  life: { max: number; wounds: number };
}

/** Plain item data as the rules read it (the system model is read field by field and validated there). */
export function itemSnapshots(items: Iterable<{ type: string; name: string; system: unknown }>): CharacterItem[] {
  return Array.from(items, (item) => ({ type: item.type, name: item.name, system: item.system }));
}

/**
 * Derives a character's values from its stored fields and items (see src/rules/character.ts), with the skill
 * ladder a table may configure (RULES.md "Dice and checks"; CONFIG.ageOfDragons.skillLadder).
 */
export function deriveFor(
  model: CharacterSource,
  items: readonly CharacterItem[],
  ladder: SkillLadder = DEFAULT_SKILL_LADDER,
): DerivedCharacter {
  return deriveCharacter(
    { soma: model.soma, pneuma: model.pneuma, life: { max: model.life.max, wounds: model.life.wounds }, items },
    { ladder },
  );
}
