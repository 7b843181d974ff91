/**
 * The context of the weapon, armour and skill sheets, built from plain data (sheet-data.ts). An owned item also
 * shows what it does for its owner, read from the owner's derived checks. Pure: no Foundry globals.
 */
import { SKILL_USE_NAMES, skillIdentifier } from "../../rules/character";
import { WEAPON_RANGES } from "../../rules/procedures/weapon";
import { SKILL_RANKS, attackTN, damageTN, skillTN } from "../../rules/skills";
import type { SkillRank } from "../../rules/types";
import { ARMOUR_SLOTS, SKILL_ATTRIBUTES } from "../../data/spec";
import { checkFor } from "../../data/actor/actor-snapshot";
import { choiceLabel, joinList, selectOptions } from "./choices";
import type { SelectOption } from "./choices";
import { modeToggle, sheetView } from "./sheet-mode";
import type { SheetView } from "./sheet-mode";
import type { ItemSheetInput } from "./sheet-data";

/** One labelled figure of an item's summary. */
export interface Figure {
  label: string;
  value: string | number;
  /** The value is an en.json key to localise, not a figure to print. */
  translate: boolean;
  /** How a hampered skill's pool is made (its attribute less the encumbrance), said after the pool. */
  breakdown?: { attributeLabel: string; attribute: number; encumbrance: number };
}

const fig = (label: string, value: string | number): Figure => ({ label, value, translate: false });

/** A hampered skill's pool as its owner's sheet explains it ("Soma 6 − encumbrance 2"), when encumbrance takes dice. */
function skillBreakdown(
  skill: { attribute: string; hampered: boolean },
  derived: { encumbrance: number; pools: Record<"soma" | "pneuma", { pool: number }> },
  pool: number,
): Pick<Figure, "breakdown"> {
  const attribute = skill.attribute === "pneuma" ? "pneuma" : "soma";
  const value = derived.pools[attribute].pool;
  if (!skill.hampered || derived.encumbrance <= 0 || pool >= value) return {};
  return { breakdown: { attributeLabel: choiceLabel("attribute", attribute), attribute: value, encumbrance: value - pool } };
}
const word = (label: string, key: string): Figure => ({ label, value: key, translate: true });

/** One checkbox of a set field (a skill's uses). */
export interface CheckboxOption {
  value: string;
  label: string;
  checked: boolean;
  name: string;
}

/** Everything the item templates render. */
export interface ItemSheetContext {
  mode: "play" | "edit";
  isPlay: boolean;
  isEdit: boolean;
  view: SheetView;
  toggle: { label: string; icon: string };
  item: { type: "weapon" | "armour" | "skill"; name: string; img: string; typeLabel: string };
  /** The stored values, for the edit form. */
  system: Record<string, unknown>;
  /** The figures play mode shows. */
  figures: Figure[];
  /** What the item does for the actor owning it, or null when unowned. */
  owner: { name: string; figures: Figure[] } | null;
  options: Record<string, SelectOption[]>;
  checkboxes: CheckboxOption[];
  /** A weapon's skill pickers, by skill name (the stored identifiers stay out of sight); null for other items. */
  skillPicker: { attack: SelectOption[]; defence: CheckboxOption[] } | null;
  lists: Record<string, string>;
  description: { enriched: string; source: string };
}

const yes = (label: string, flag: boolean): Figure => word(label, flag ? "AOD.Sheet.Yes" : "AOD.Sheet.No");

/**
 * The skills a picker offers, by name: the known ones, and any identifier the item stores that none of them is
 * (so a saved choice is never lost from the list), sorted by name.
 */
function knownSkills(input: ItemSheetInput, stored: readonly string[]): [string, string][] {
  const names = new Map<string, string>([...(input.skillChoices ?? []), ...(input.owner?.skillNames ?? [])]);
  for (const id of stored) if (id !== "" && !names.has(id)) names.set(id, id);
  return [...names].sort((a, b) => a[1].localeCompare(b[1]));
}

/** A skill's name for display: the owner's, then the known skills', then the stored identifier. */
function skillName(input: ItemSheetInput, id: string): string {
  return input.owner?.skillNames.get(id) ?? input.skillChoices?.get(id) ?? id;
}

function isRank(rank: string): rank is SkillRank {
  return (SKILL_RANKS as readonly string[]).includes(rank);
}

/** Builds an item sheet's context from plain data. */
export function buildItemContext(input: ItemSheetInput): ItemSheetContext {
  const view = sheetView(input.permission);
  const mode = view.canEdit ? input.mode : "play";
  const { item, owner } = input;
  const label = (field: string): string => `AOD.Item.${item.type}.FIELDS.${field}.label`;
  const base = {
    mode,
    isPlay: mode === "play",
    isEdit: mode === "edit",
    view,
    toggle: modeToggle(mode),
    item: { type: item.type, name: item.name, img: item.img, typeLabel: `TYPES.Item.${item.type}` },
    description: { enriched: input.enrichedDescription, source: item.system.description },
  };

  switch (item.type) {
    case "weapon": {
      const w = item.system;
      const check = owner ? checkFor(owner.derived, w.attackSkill, input.ladder) : undefined;
      return {
        ...base,
        system: { ...w },
        figures: [
          word(label("range"), choiceLabel("range", w.range)),
          fig(label("attackSkill"), skillName(input, w.attackSkill)),
          w.defenceSkills.length > 0
            ? fig(label("defenceSkills"), w.defenceSkills.map((id) => skillName(input, id)).join(", "))
            : word(label("defenceSkills"), "AOD.Sheet.Details.None"),
          fig(label("damageTN"), `${w.damageTN}+`),
          ...(w.killerBlow ? [fig("AOD.Sheet.Attacks.KillerBlowDamage", `${damageTN(w.damageTN, { killerBlow: true })}+`)] : []),
          // What the weapon does not do is not listed: no "Magic Cost 0", no "Can Grapple: No".
          ...(w.magicCost > 0 ? [fig(label("magicCost"), w.magicCost)] : []),
          ...(w.longRange ? [yes(label("longRange"), true)] : []),
          ...(w.grapple ? [yes(label("grapple"), true)] : []),
        ],
        owner:
          owner && check
            ? {
                name: owner.name,
                figures: [
                  fig("AOD.Sheet.Attacks.Pool", check.pool),
                  fig("AOD.Sheet.Attacks.TN", `${check.tn}+`),
                  ...(w.killerBlow
                    ? [fig("AOD.Sheet.Attacks.KillerBlowTN", `${attackTN(check.tn, { killerBlow: true })}+`)]
                    : []),
                  ...(w.magicCost > 0 ? [fig("AOD.Sheet.Magic.Heading", `${owner.magic.value} / ${owner.magic.max}`)] : []),
                ],
              }
            : null,
        options: { range: selectOptions("range", WEAPON_RANGES, w.range) },
        checkboxes: [],
        skillPicker: {
          attack: knownSkills(input, [w.attackSkill]).map(([value, name]) => ({ value, label: name, selected: value === w.attackSkill })),
          defence: knownSkills(input, w.defenceSkills).map(([value, name]) => ({
            value,
            label: name,
            checked: w.defenceSkills.includes(value),
            name: `defence.${value}`,
          })),
        },
        lists: { defenceSkills: joinList(w.defenceSkills) },
      };
    }
    case "armour": {
      const a = item.system;
      return {
        ...base,
        system: { ...a },
        figures: [
          fig(label("rating"), a.rating),
          fig(label("encumbrance"), a.encumbrance),
          word(label("slot"), choiceLabel("slot", a.slot)),
          yes(label("equipped"), a.equipped),
          fig(label("damage"), a.damage),
        ],
        owner: owner
          ? {
              name: owner.name,
              figures: [
                fig("AOD.Sheet.Armour.Total", owner.derived.armour),
                fig("AOD.Sheet.Armour.TotalEncumbrance", owner.derived.encumbrance),
              ],
            }
          : null,
        options: { slot: selectOptions("slot", ARMOUR_SLOTS, a.slot) },
        checkboxes: [],
        skillPicker: null,
        lists: {},
      };
    }
    case "skill": {
      const s = item.system;
      const identifier = s.identifier !== "" ? s.identifier : skillIdentifier(item.name);
      const onLadder = isRank(s.rank) && typeof input.ladder[s.rank] === "number";
      const tn = onLadder ? skillTN(s.rank as SkillRank, input.ladder) : skillTN("untrained", input.ladder);
      const derived = owner?.derived.skills[identifier];
      return {
        ...base,
        system: { ...s },
        figures: [
          word(label("rank"), choiceLabel("rank", onLadder ? s.rank : "untrained")),
          fig("AOD.Sheet.Skills.TN", `${tn}+`),
          word(label("attribute"), choiceLabel("attribute", s.attribute)),
          yes(label("hampered"), s.hampered),
        ],
        owner:
          owner && derived
            ? {
                name: owner.name,
                figures: [
                  { ...fig("AOD.Sheet.Skills.Pool", derived.pool), ...skillBreakdown(s, owner.derived, derived.pool) },
                  fig("AOD.Sheet.Skills.TN", `${derived.tn}+`),
                ],
              }
            : null,
        options: {
          rank: selectOptions("rank", SKILL_RANKS, s.rank),
          attribute: selectOptions("attribute", SKILL_ATTRIBUTES, s.attribute),
        },
        checkboxes: SKILL_USE_NAMES.map((use) => ({
          value: use,
          label: choiceLabel("uses", use),
          checked: s.uses.includes(use),
          name: `uses.${use}`,
        })),
        skillPicker: null,
        lists: {},
      };
    }
  }
}
