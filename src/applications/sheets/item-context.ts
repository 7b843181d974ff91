/**
 * The context of the weapon, armour and skill sheets, built from plain data (sheet-data.ts). An owned item also
 * shows what it does for its owner, read from the owner's derived checks. Pure: no Foundry globals.
 */
import { SKILL_USE_NAMES, skillIdentifier } from "../../rules/character";
import { WEAPON_RANGES } from "../../rules/procedures/battle-common";
import { SKILL_RANKS, attackTN, damageTN, skillTN } from "../../rules/skills";
import type { SkillRank } from "../../rules/types";
import { ARMOUR_SLOTS, SKILL_ATTRIBUTES } from "../../data/spec";
import { choiceLabel, joinList, selectOptions } from "./choices";
import type { SelectOption } from "./choices";
import { modeToggle, sheetView } from "./sheet-mode";
import type { SheetView } from "./sheet-mode";
import type { ItemSheetInput } from "./sheet-data";

/** One labelled figure of an item's summary. */
export interface Figure {
  label: string;
  value: string | number;
}

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
  lists: Record<string, string>;
  description: { enriched: string; source: string };
}

const yes = (flag: boolean): string => (flag ? "AOD.Sheet.Yes" : "AOD.Sheet.No");

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
      const skill = owner?.derived.skills[w.attackSkill];
      const check = skill ?? owner?.derived.pools.soma;
      return {
        ...base,
        system: { ...w },
        figures: [
          { label: label("range"), value: choiceLabel("range", w.range) },
          { label: label("attackSkill"), value: w.attackSkill },
          { label: label("damageTN"), value: `${w.damageTN}+` },
          ...(w.killerBlow ? [{ label: "AOD.Sheet.Attacks.KillerBlowDamage", value: `${damageTN(w.damageTN, { killerBlow: true })}+` }] : []),
          { label: label("magicCost"), value: w.magicCost },
          { label: label("longRange"), value: yes(w.longRange) },
          { label: label("grapple"), value: yes(w.grapple) },
        ],
        owner:
          owner && check
            ? {
                name: owner.name,
                figures: [
                  { label: "AOD.Sheet.Attacks.Pool", value: check.pool },
                  { label: "AOD.Sheet.Attacks.TN", value: `${check.tn}+` },
                  ...(w.killerBlow
                    ? [{ label: "AOD.Sheet.Attacks.KillerBlowTN", value: `${attackTN(check.tn, { killerBlow: true })}+` }]
                    : []),
                  { label: "AOD.Sheet.Magic.Heading", value: `${owner.magic.value} / ${owner.magic.max}` },
                ],
              }
            : null,
        options: { range: selectOptions("range", WEAPON_RANGES, w.range) },
        checkboxes: [],
        lists: { defenceSkills: joinList(w.defenceSkills) },
      };
    }
    case "armour": {
      const a = item.system;
      return {
        ...base,
        system: { ...a },
        figures: [
          { label: label("rating"), value: a.rating },
          { label: label("encumbrance"), value: a.encumbrance },
          { label: label("slot"), value: choiceLabel("slot", a.slot) },
          { label: label("equipped"), value: yes(a.equipped) },
          { label: label("damage"), value: a.damage },
        ],
        owner: owner
          ? {
              name: owner.name,
              figures: [
                { label: "AOD.Sheet.Armour.Total", value: owner.derived.armour },
                { label: "AOD.Sheet.Armour.TotalEncumbrance", value: owner.derived.encumbrance },
              ],
            }
          : null,
        options: { slot: selectOptions("slot", ARMOUR_SLOTS, a.slot) },
        checkboxes: [],
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
          { label: label("rank"), value: choiceLabel("rank", onLadder ? s.rank : "untrained") },
          { label: "AOD.Sheet.Skills.TN", value: `${tn}+` },
          { label: label("attribute"), value: choiceLabel("attribute", s.attribute) },
          { label: label("hampered"), value: yes(s.hampered) },
          { label: label("identifier"), value: identifier },
        ],
        owner:
          owner && derived
            ? {
                name: owner.name,
                figures: [
                  { label: "AOD.Sheet.Skills.Pool", value: derived.pool },
                  { label: "AOD.Sheet.Skills.TN", value: `${derived.tn}+` },
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
        lists: {},
      };
    }
  }
}
