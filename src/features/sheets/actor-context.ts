/**
 * The context of the dragon and adversary sheets, built from plain data (sheet-data.ts): every number comes from
 * the stored fields or from what the data model derived (deriveCharacter); nothing is recomputed here beyond
 * looking it up and the killer blow's TN changes, which come from the rules too. Pure: no Foundry globals.
 */
import { ALTITUDES } from "../../rules/bands";
import type { CardAction } from "../../rules/attack-card-checks";
import { skillIdentifier } from "../../rules/character";
import { SKILL_RANKS, attackTN, damageTN, skillTN } from "../../rules/skills";
import type { SkillLadder } from "../../rules/skills";
import type { SkillRank } from "../../rules/types";
import { SPEED_CATEGORIES } from "../../rules/speed";
import { ADVERSARY_KINDS } from "../../data/spec";
import { STATUS_EFFECTS, statusNameKey } from "../../constants/status-effects";
import { checkFor } from "../../data/actor/actor-snapshot";
import { choiceLabel, joinList, selectOptions } from "./choices";
import type { SelectOption } from "./choices";
import { lifeTrack, lifeZones } from "./life-track";
import type { TrackBox, TrackZoneLine } from "./life-track";
import { severityClass } from "../../core/severity";
import { modeToggle, sheetView } from "./sheet-mode";
import type { SheetView } from "./sheet-mode";
import type { ArmourSystem, SkillSystem, WeaponSystem } from "../../data/actor/actor-data";
import type { ActorSheetInput, SheetItem } from "./sheet-data";

/** A localised message: an en.json key and its format data. */
export interface Message {
  key: string;
  data: Record<string, string | number>;
}

/** A check a roll button asks for: `game.system.api.rollCheck(actor, { attribute, skill, weapon })`. */
export interface CheckRequest {
  attribute: "soma" | "pneuma" | null;
  skill: string | null;
  /** A weapon's item id: the dice module rolls its attack skill (and offers the killer blow and target odds). */
  weapon: string | null;
}

/**
 * One stored field as an edit input shows it: bound to the stored value, or, when an Active Effect changes the
 * field, showing the prepared value disabled with the effect named (effect-locks.ts), so the form never submits it.
 */
export interface EditField<T extends string | number | boolean = string | number | boolean> {
  name: string;
  /** The field's en.json label. */
  label: string;
  value: T;
  /** The names of the effects that change the field, or null when it is free to edit. */
  lockedBy: string | null;
}

/** One attribute box. */
export interface AttributeEntry {
  key: "soma" | "pneuma" | "agility";
  label: string;
  /** The prepared value (after effects): what play mode shows. */
  value: number;
  /** The edit input. */
  edit: EditField<number>;
  field: string;
  min: number;
  max: number;
  /** The plain check (Soma and Pneuma only): TN and pool as derived. */
  check: { tn: number; pool: number; request: CheckRequest } | null;
}

/** One skill row. */
export interface SkillEntry {
  id: string;
  name: string;
  img: string;
  identifier: string;
  rankLabel: string;
  attributeLabel: string;
  tn: number;
  pool: number;
  hampered: boolean;
  /** How the pool is made when encumbrance takes dice off it (Soma 6 - encumbrance 2), else null. */
  breakdown: { attributeLabel: string; attribute: number; encumbrance: number } | null;
  uses: string[];
  warning: Message | null;
  request: CheckRequest;
}

/** A button that starts an attack card: its action, whether it is a killer blow, its en.json label and accessible name. */
export interface BattleButton {
  action: CardAction;
  killerBlow: boolean;
  label: string;
  /** The accessible name's en.json key (a weapon button names its weapon: `{weapon}`). */
  ariaLabel: string;
}

function button(action: CardAction, key: string, killerBlow = false, withWeapon = false): BattleButton {
  const label = `AOD.Sheet.Battle.${key}`;
  return { action, killerBlow, label, ariaLabel: withWeapon ? `${label}With` : label };
}

/** One weapon, shown as an attack. */
export interface AttackEntry {
  id: string;
  name: string;
  img: string;
  rangeLabel: string;
  longRange: boolean;
  grapple: boolean;
  skillLabel: string;
  tn: number;
  pool: number;
  damageTN: number;
  killerBlow: { tn: number; damageTN: number } | null;
  magicCost: number;
  /** False when the actor lacks the Magic Points it costs. */
  affordable: boolean;
  warning: Message | null;
  request: CheckRequest;
  /** The weapon's battle-action buttons (attack, killer blow, grapple); empty for whoever may not roll, and in edit mode. */
  actions: BattleButton[];
}

/** One armour row. */
export interface ArmourEntry {
  id: string;
  name: string;
  img: string;
  slotLabel: string;
  rating: number;
  encumbrance: number;
  equipped: boolean;
  damage: number;
}

/** One tab of the sheet. */
export interface TabEntry {
  id: string;
  label: string;
  active: boolean;
}

/** Everything the actor templates render. */
export interface ActorSheetContext {
  mode: "play" | "edit";
  isPlay: boolean;
  isEdit: boolean;
  view: SheetView;
  toggle: { label: string; icon: string };
  actor: { type: "dragon" | "adversary"; name: string; img: string; typeLabel: string; dead: boolean };
  attributes: AttributeEntry[];
  life: {
    max: number;
    wounds: number;
    value: number;
    /** The line under the heading: "5 of 14 Life Points left", or, past the last box, that none are left. */
    summaryKey: string;
    health: string;
    healthLabel: string;
    thresholds: { severelyInjured: number; dead: number };
    track: TrackBox[];
    /** The track as lines, one per health state (a threshold starts a line). */
    zones: TrackZoneLine[];
    /** The severity class of the health state (styles/theme/base.css). */
    severity: string;
  };
  magic: { value: number; max: number; shown: boolean };
  skills: SkillEntry[];
  attacks: AttackEntry[];
  /** The battle actions taken without a weapon (break out, rescue, set down): in combat, for whoever may roll, in play mode. */
  battleActions: BattleButton[];
  /**
   * Why the roll and battle buttons are shown disabled (an en.json key taking `name`): a dead actor rolls nothing
   * (000 "Severe injury and Death"). Null when they work, or when this viewer sees no buttons anyway.
   */
  rollsOff: string | null;
  armour: { entries: ArmourEntry[]; total: number; encumbrance: number };
  /** The edit inputs of the stored fields outside the attribute boxes. */
  inputs: {
    lifeMax: EditField<number>;
    wounds: EditField<number>;
    magicValue: EditField<number>;
    magicMax: EditField<number>;
    breed: EditField<string>;
    weight: EditField<number>;
    canFly: EditField<boolean>;
    fastGround: EditField<boolean>;
    lifepaths: EditField<string>;
    tags: EditField<string>;
    kind: EditField<string>;
    speed: EditField<string>;
  };
  /** True when any field is locked by an effect (the edit view explains why some inputs are disabled). */
  hasLocks: boolean;
  details: {
    breed: string | null;
    kindLabel: string | null;
    kindOptions: SelectOption[];
    speedLabel: string;
    speedOptions: SelectOption[];
    canFly: boolean;
    fastGround: boolean | null;
    weight: number;
    lifepaths: string[] | null;
    lifepathsText: string;
    tags: string[];
    tagsText: string;
  };
  biography: { enriched: string; source: string };
  combat: { altitudeLabel: string | null; statuses: { id: string; label: string; severity: string }[] } | null;
  warnings: Message[];
  sheetTabs: TabEntry[];
  activeTab: string;
}

/** The tabs of an actor sheet, in order; limited viewers get only the story. */
export const ACTOR_TABS = ["combat", "gear", "story"] as const;

function byOrder(a: SheetItem, b: SheetItem): number {
  return a.sort - b.sort || a.name.localeCompare(b.name);
}

function rankOnLadder(rank: string, ladder: SkillLadder): rank is SkillRank {
  return (SKILL_RANKS as readonly string[]).includes(rank) && typeof ladder[rank as SkillRank] === "number";
}

/** The identifier a skill is known by: its own, or one made from its name (as deriveCharacter does). */
export function skillKey(name: string, system: Pick<SkillSystem, "identifier">): string {
  return system.identifier !== "" ? system.identifier : skillIdentifier(name);
}

function skillEntry(item: SheetItem & { type: "skill" }, input: ActorSheetInput): SkillEntry {
  const { system } = item;
  const identifier = skillKey(item.name, system);
  const derived = input.derived.skills[identifier];
  const attribute = system.attribute === "pneuma" ? "pneuma" : "soma";
  const onLadder = rankOnLadder(system.rank, input.ladder);
  // A rank the world's ladder lacks rolls as untrained (README "Sheets"), with a warning rather than a crash.
  const tn = onLadder && derived ? derived.tn : skillTN("untrained", input.ladder);
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    identifier,
    rankLabel: choiceLabel("rank", onLadder ? system.rank : "untrained"),
    attributeLabel: choiceLabel("attribute", attribute),
    tn,
    pool: derived ? derived.pool : input.derived.pools[attribute].pool,
    hampered: system.hampered,
    breakdown:
      system.hampered && input.derived.encumbrance > 0
        ? { attributeLabel: choiceLabel("attribute", attribute), attribute: input.system[attribute], encumbrance: input.derived.encumbrance }
        : null,
    uses: system.uses.map((use) => choiceLabel("uses", use)),
    warning: onLadder
      ? null
      : { key: "AOD.Sheet.Warning.RankNotOnLadder", data: { skill: item.name, rank: system.rank } },
    request: { attribute: null, skill: identifier, weapon: null },
  };
}

/** The buttons beside a weapon: an attack always, a killer blow and a grapple where the weapon has the trait. */
export function weaponButtons(weapon: Pick<WeaponSystem, "killerBlow" | "grapple">): BattleButton[] {
  const buttons: BattleButton[] = [button("attack", "Attack", false, true)];
  if (weapon.killerBlow) buttons.push(button("attack", "KillerBlow", true, true));
  if (weapon.grapple) buttons.push(button("grapple", "Grapple", false, true));
  return buttons;
}

/**
 * The battle actions that need no weapon: breaking out of a grapple, setting a carried combatant down, and, for a
 * flyer, catching a falling one (000 "Breaking out of a Grapple", "Catching / Mid air rescues"). Whether one is
 * legal now is the attack card's to say, with its reason.
 */
export function unarmedButtons(canFly: boolean): BattleButton[] {
  const buttons: BattleButton[] = [button("breakOut", "BreakOut")];
  if (canFly) buttons.push(button("rescue", "Rescue"));
  buttons.push(button("setDown", "SetDown"));
  return buttons;
}

function attackEntry(
  item: SheetItem & { type: "weapon" },
  input: ActorSheetInput,
  skillNames: Map<string, string>,
  canAct: boolean,
): AttackEntry {
  const weapon: WeaponSystem = item.system;
  // The attack check as the snapshot layer gives it: the attack skill, or an untrained Soma check without it.
  const attack = checkFor(input.derived, weapon.attackSkill, input.ladder);
  const skill = attack.skill !== null;
  // A skill whose rank the world's ladder lacks has no TN: the attack rolls its pool as untrained.
  const rated = Number.isInteger(attack.tn);
  const check = { pool: attack.pool, tn: rated ? attack.tn : skillTN("untrained", input.ladder) };
  const skillLabel = skillNames.get(weapon.attackSkill) ?? weapon.attackSkill;
  let warning: Message | null = null;
  if (!skill) warning = { key: "AOD.Sheet.Warning.NoAttackSkill", data: { weapon: item.name, skill: weapon.attackSkill } };
  else if (!rated) warning = { key: "AOD.Sheet.Warning.AttackRankNotOnLadder", data: { weapon: item.name, skill: skillLabel } };
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    rangeLabel: choiceLabel("range", weapon.range),
    longRange: weapon.longRange,
    grapple: weapon.grapple,
    skillLabel,
    tn: check.tn,
    pool: check.pool,
    damageTN: weapon.damageTN,
    killerBlow: weapon.killerBlow
      ? { tn: attackTN(check.tn, { killerBlow: true }), damageTN: damageTN(weapon.damageTN, { killerBlow: true }) }
      : null,
    magicCost: weapon.magicCost,
    affordable: input.system.magic.value >= weapon.magicCost,
    warning,
    request: { attribute: null, skill: null, weapon: item.id },
    actions: canAct ? weaponButtons(weapon) : [],
  };
}

function armourEntry(item: SheetItem & { type: "armour" }): ArmourEntry {
  const armour: ArmourSystem = item.system;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    slotLabel: choiceLabel("slot", armour.slot),
    rating: armour.rating,
    encumbrance: armour.encumbrance,
    equipped: armour.equipped,
    damage: armour.damage,
  };
}

/** The edit input of the stored field at `path` under `system`: the stored value, or the prepared one locked. */
function editField<T extends string | number | boolean>(
  input: ActorSheetInput,
  path: string,
  stored: T,
  prepared: T,
  subtype: "dragon" | "adversary" = input.type,
): EditField<T> {
  const name = `system.${path}`;
  const lockedBy = input.locks[name] ?? null;
  return { name, label: `AOD.Actor.${subtype}.FIELDS.${path}.label`, value: lockedBy === null ? stored : prepared, lockedBy };
}

function attributeEntry(input: ActorSheetInput, key: AttributeEntry["key"], range: [number, number]): AttributeEntry {
  const check = key === "agility" ? null : { ...input.derived.pools[key], key };
  return {
    key,
    label: `AOD.Actor.${input.type}.FIELDS.${key}.label`,
    value: input.system[key],
    edit: editField(input, key, input.source[key], input.system[key]),
    field: `system.${key}`,
    min: range[0],
    max: range[1],
    check: check ? { tn: check.tn, pool: check.pool, request: { attribute: check.key, skill: null, weapon: null } } : null,
  };
}

/** The names of an actor's skills by identifier (what a weapon's attack skill shows); a later skill of the same identifier wins. */
export function skillNamesOf(items: readonly SheetItem[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of items) if (item.type === "skill") names.set(skillKey(item.name, item.system), item.name);
  return names;
}

/** Builds the actor sheet's context from plain data. */
export function buildActorContext(input: ActorSheetInput): ActorSheetContext {
  const view = sheetView(input.permission);
  const mode = view.canEdit ? input.mode : "play";
  const canAct = view.canRoll && mode === "play";
  const items = [...input.items].sort(byOrder);
  const skills = items.filter((item): item is SheetItem & { type: "skill" } => item.type === "skill");
  const skillNames = skillNamesOf(skills);
  const skillEntries = skills.map((item) => skillEntry(item, input));
  const attacks = items
    .filter((item): item is SheetItem & { type: "weapon" } => item.type === "weapon")
    .map((item) => attackEntry(item, input, skillNames, canAct));
  const armour = items
    .filter((item): item is SheetItem & { type: "armour" } => item.type === "armour")
    .map(armourEntry);
  const { system, derived } = input;
  const isDragon = input.type === "dragon";
  const lifepaths = system.lifepaths ? [...system.lifepaths] : null;
  const tabs = view.limited ? ["story"] : [...ACTOR_TABS];
  const activeTab = tabs.includes(input.tab) ? input.tab : (tabs[0] ?? "story");
  const kindLabel = !isDragon && system.kind !== undefined ? choiceLabel("kind", system.kind) : null;
  const { source } = input;
  const inputs: ActorSheetContext["inputs"] = {
    lifeMax: editField(input, "life.max", source.life.max, system.life.max),
    wounds: editField(input, "life.wounds", source.life.wounds, system.life.wounds),
    magicValue: editField(input, "magic.value", source.magic.value, system.magic.value),
    magicMax: editField(input, "magic.max", source.magic.max, system.magic.max),
    breed: editField(input, "breed", source.breed ?? "", system.breed ?? "", "dragon"),
    weight: editField(input, "weight", source.weight, system.weight),
    canFly: editField(input, "canFly", source.canFly, system.canFly),
    fastGround: editField(input, "fastGround", source.fastGround === true, system.fastGround === true, "adversary"),
    lifepaths: editField(input, "lifepaths", joinList(source.lifepaths ?? []), joinList(system.lifepaths ?? []), "dragon"),
    tags: editField(input, "tags", joinList(source.tags), joinList(system.tags)),
    kind: editField(input, "kind", source.kind ?? "infantry", system.kind ?? "infantry", "adversary"),
    speed: editField(input, "speed", source.speed, system.speed),
  };

  return {
    mode,
    isPlay: mode === "play",
    isEdit: mode === "edit",
    view,
    toggle: modeToggle(mode),
    actor: {
      type: input.type,
      name: input.name,
      img: input.img,
      typeLabel: `TYPES.Actor.${input.type}`,
      dead: derived.health === "dead",
    },
    attributes: [
      attributeEntry(input, "soma", [1, 12]),
      attributeEntry(input, "pneuma", [1, 12]),
      attributeEntry(input, "agility", [0, 10]),
    ],
    life: {
      max: system.life.max,
      wounds: system.life.wounds,
      value: derived.life.value,
      // Wounds past the last box leave no Life Points, not a negative count.
      summaryKey: derived.life.value < 0 ? "AOD.Sheet.Life.NoneLeft" : "AOD.Sheet.Life.Remaining",
      health: derived.health,
      healthLabel: statusNameKey(derived.health),
      thresholds: { ...derived.thresholds },
      track: lifeTrack(system.life.wounds, derived.thresholds),
      zones: lifeZones(lifeTrack(system.life.wounds, derived.thresholds)),
      severity: severityClass(derived.health),
    },
    magic: { value: system.magic.value, max: system.magic.max, shown: isDragon || system.magic.max > 0 },
    skills: skillEntries,
    attacks,
    battleActions: canAct && input.combat !== null ? unarmedButtons(system.canFly) : [],
    rollsOff: canAct && derived.health === "dead" ? "AOD.Sheet.Check.DeadOff" : null,
    armour: { entries: armour, total: derived.armour, encumbrance: derived.encumbrance },
    inputs,
    hasLocks: Object.keys(input.locks).length > 0,
    details: {
      breed: isDragon ? (system.breed ?? "") : null,
      kindLabel,
      kindOptions: isDragon ? [] : selectOptions("kind", ADVERSARY_KINDS, inputs.kind.value),
      speedLabel: choiceLabel("speed", system.speed),
      speedOptions: selectOptions("speed", SPEED_CATEGORIES, inputs.speed.value),
      canFly: system.canFly,
      fastGround: isDragon ? null : system.fastGround === true,
      weight: system.weight,
      lifepaths,
      lifepathsText: joinList(lifepaths ?? []),
      tags: [...system.tags],
      tagsText: joinList(system.tags),
    },
    biography: { enriched: input.enrichedBiography, source: system.biography },
    combat: input.combat
      ? {
          altitudeLabel:
            input.combat.altitude !== null && (ALTITUDES as readonly string[]).includes(input.combat.altitude)
              ? `AOD.Sheet.Altitude.${input.combat.altitude}`
              : null,
          statuses: STATUS_EFFECTS.filter((status) => input.combat?.statuses.includes(status.id)).map((status) => ({
            id: status.id,
            label: status.name,
            severity: severityClass(status.id),
          })),
        }
      : null,
    warnings: [...skillEntries, ...attacks].flatMap((entry) => (entry.warning ? [entry.warning] : [])),
    sheetTabs: tabs.map((id) => ({ id, label: `AOD.Sheet.Tabs.${id}`, active: id === activeTab })),
    activeTab,
  };
}
