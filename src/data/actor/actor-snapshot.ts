/**
 * The one translation from actor data to the rules' typed snapshots: an actor's stored (or effect-modified)
 * `system` data and its embedded items become the CharacterSnapshot that `deriveCharacter` reads, the
 * CombatantState of the skirmish engine (src/rules/state.ts) and the WeaponSnapshots of its attacks
 * (src/rules/procedures/weapon.ts), each weapon with the check it attacks with.
 *
 * Input is plain data (src/data/actor/actor-data.ts `ActorData`) as a document's `toObject()`, a pack source
 * (packs/_source) or a live data model gives it.
 * Nothing here throws on a value an Active Effect or an old world may leave: every number is rounded and clamped
 * into its docs/DATA.md range, an unreadable value takes the field's default, and each such repair is listed in
 * `problems` for the caller to report. Pure: no Foundry globals, so the Node tools can import it.
 */
import { deriveCharacter, skillIdentifier } from "../../rules/character";
import type {
  ArmourSnapshot,
  CharacterSnapshot,
  CheckValues,
  DerivedCharacter,
  SkillSnapshot,
  SkillUse,
} from "../../rules/character";
import { maxStoredWounds } from "../../rules/health";
import type { WeaponSnapshot } from "../../rules/procedures/weapon";
import { DEFAULT_SKILL_LADDER, skillTN } from "../../rules/skills";
import type { SkillLadder } from "../../rules/skills";
import type { CombatantState } from "../../rules/state";
import type { Altitude, Attribute, SkillRank } from "../../rules/types";
import { coerceValue } from "../migrations/coerce";
import { ACTOR_SPECS, ITEM_SPECS } from "../spec";
import type { ActorSubtype, FieldSpec } from "../spec";
import { defaultPlace } from "../combat/stored";
import type { SpeedCategory } from "../../rules/speed";
import type { ActorDataLike, ItemData } from "./actor-data";

/** A value the translation could not use as it stood: where, what it was, and what was used instead. */
export interface SnapshotProblem {
  /** Dotted path from the actor: `system.soma`, `items[2].system.rank`. */
  path: string;
  value: unknown;
  used: unknown;
}

/** A weapon of the actor, with the check its attack rolls and the skills that may defend against it. */
export interface ActorWeapon {
  /** The embedded item's id, when the data has one. */
  itemId: string | null;
  weapon: WeaponSnapshot;
  /** The skill identifier the attack rolls (docs/DATA.md `attackSkill`). */
  attackSkill: string;
  /** The skill identifiers that may defend against it (docs/DATA.md `defenceSkills`). */
  defenceSkills: readonly string[];
  /** The attack check: the attack skill's TN and pool, or an untrained Soma check when the actor lacks it. */
  attack: CheckValues;
}

/** Everything the rules need of one actor. */
export interface ActorSnapshot {
  id: string | null;
  name: string;
  type: ActorSubtype;
  character: CharacterSnapshot;
  derived: DerivedCharacter;
  agility: number;
  magic: { value: number; max: number };
  weight: number;
  canFly: boolean;
  fastGround: boolean;
  weapons: readonly ActorWeapon[];
  /** The speed category (docs/DATA.md `speed`) the d10 mode reads. */
  speed: SpeedCategory;
  /** The actor's tags (docs/DATA.md `tags`), which surprise and the combat events read. */
  tags: readonly string[];
  /** The equipped armour pieces, in item order (Armour Trouble damages one). */
  armourPieces: readonly ArmourPiece[];
  problems: readonly SnapshotProblem[];
}

/** An equipped armour piece: its item id, slot, rating and damage (Armour Trouble adds damage to it). */
export interface ArmourPiece {
  itemId: string;
  slot: string;
  rating: number;
  damage: number;
}

/** Options: the TN ladder of skill ranks (CONFIG.ageOfDragons.skillLadder in Foundry). */
export interface SnapshotOptions {
  ladder?: SkillLadder;
}

type Plain = Readonly<Record<string, unknown>>;

const EMPTY: Plain = Object.freeze({});

function record(value: unknown): Plain {
  return typeof value === "object" && value !== null ? (value as Plain) : EMPTY;
}

/** Whether two values are the same for reporting (a Set and an array with the same entries are). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : v instanceof Set ? [...(v as Set<unknown>)] : undefined);
  const la = list(a);
  const lb = list(b);
  return la !== undefined && lb !== undefined && la.length === lb.length && la.every((entry, i) => entry === lb[i]);
}

/** Reads fields of one `system` object against their specs, collecting every repair. */
class Reader {
  constructor(
    private readonly system: Plain,
    private readonly prefix: string,
    private readonly problems: SnapshotProblem[],
  ) {}

  /** A field's value coerced to its spec (rounded, clamped, choice matched), or its initial when unreadable. */
  private read(key: string, spec: FieldSpec, initial: unknown): unknown {
    const value = this.system[key];
    const result = value === undefined ? { ok: false } : coerceValue(spec, value);
    const used = result.ok ? result.value : initial;
    if (!same(value, used)) this.problems.push({ path: `${this.prefix}${key}`, value, used });
    return used;
  }

  integer(key: string, spec: FieldSpec & { kind: "integer" }, max = spec.max): number {
    const value = this.read(key, { ...spec, max: Math.min(spec.max, max) }, Math.min(spec.initial, max)) as number;
    return value;
  }

  number(key: string, spec: FieldSpec & { kind: "number" }): number {
    return this.read(key, spec, spec.initial) as number;
  }

  boolean(key: string, spec: FieldSpec & { kind: "boolean" }): boolean {
    return this.read(key, spec, spec.initial) as boolean;
  }

  text(key: string, spec: FieldSpec & { kind: "string" }): string {
    return this.read(key, spec, spec.initial) as string;
  }

  list(key: string, spec: FieldSpec & { kind: "stringSet" }): string[] {
    return this.read(key, spec, [...spec.initial]) as string[];
  }

  /** A nested schema's reader (life, magic). */
  nested(key: string): Reader {
    const inner = this.system[key];
    if (typeof inner !== "object" || inner === null) this.problems.push({ path: `${this.prefix}${key}`, value: inner, used: {} });
    return new Reader(record(inner), `${this.prefix}${key}.`, this.problems);
  }
}

const SKILL = ITEM_SPECS.skill;
const ARMOUR = ITEM_SPECS.armour;
const WEAPON = ITEM_SPECS.weapon;

/** A skill item's typed snapshot; a blank identifier is filled from the item's name (docs/DATA.md). */
export function skillSnapshot(item: ItemData, at = "item", problems: SnapshotProblem[] = []): SkillSnapshot {
  const read = new Reader(record(item.system), `${at}.system.`, problems);
  const stored = read.text("identifier", SKILL.identifier);
  return {
    identifier: stored.trim() !== "" ? stored : skillIdentifier(item.name),
    rank: read.text("rank", SKILL.rank) as SkillRank,
    attribute: read.text("attribute", SKILL.attribute) as Attribute,
    uses: read.list("uses", SKILL.uses) as SkillUse[],
    hampered: read.boolean("hampered", SKILL.hampered),
  };
}

/** An armour item's typed snapshot, with the slot it is worn in. */
export function armourSnapshot(item: ItemData, at = "item", problems: SnapshotProblem[] = []): ArmourSnapshot & { slot: string } {
  const read = new Reader(record(item.system), `${at}.system.`, problems);
  return {
    rating: read.integer("rating", ARMOUR.rating),
    encumbrance: read.integer("encumbrance", ARMOUR.encumbrance),
    equipped: read.boolean("equipped", ARMOUR.equipped),
    damage: read.integer("damage", ARMOUR.damage),
    slot: read.text("slot", ARMOUR.slot),
  };
}

/** The equipped armour pieces among items, in item order, read as the translation reads them. */
export function armourPieces(items: Iterable<ItemData>): ArmourPiece[] {
  const pieces: ArmourPiece[] = [];
  for (const item of items) {
    if (item.type !== "armour") continue;
    const armour = armourSnapshot(item);
    if (armour.equipped) pieces.push({ itemId: item._id ?? "", slot: armour.slot, rating: armour.rating, damage: armour.damage });
  }
  return pieces;
}

/** A weapon item's snapshot for the procedures, with the skills its attack and defence use. */
export function weaponSnapshot(
  item: ItemData,
  at = "item",
  problems: SnapshotProblem[] = [],
): { weapon: WeaponSnapshot; attackSkill: string; defenceSkills: string[] } {
  const read = new Reader(record(item.system), `${at}.system.`, problems);
  return {
    weapon: {
      name: item.name,
      range: read.text("range", WEAPON.range) as WeaponSnapshot["range"],
      longRange: read.boolean("longRange", WEAPON.longRange),
      damageTN: read.integer("damageTN", WEAPON.damageTN),
      killerBlow: read.boolean("killerBlow", WEAPON.killerBlow),
      grapple: read.boolean("grapple", WEAPON.grapple),
      magicCost: read.integer("magicCost", WEAPON.magicCost),
    },
    attackSkill: read.text("attackSkill", WEAPON.attackSkill),
    defenceSkills: read.list("defenceSkills", WEAPON.defenceSkills),
  };
}

function subtypeOf(type: string): ActorSubtype {
  if (!Object.hasOwn(ACTOR_SPECS, type)) {
    throw new RangeError(`actor.type must be one of ${Object.keys(ACTOR_SPECS).join(", ")}; got ${JSON.stringify(type)}`);
  }
  return type as ActorSubtype;
}

/** The check a skill gives, by identifier; an untrained Soma check when the actor lacks it (000 "Melee Attacks"). */
export function checkFor(derived: DerivedCharacter, identifier: string, ladder: SkillLadder = DEFAULT_SKILL_LADDER): CheckValues {
  const skill = derived.skills[identifier];
  if (skill) return { tn: skill.tn, pool: skill.pool, skill: identifier };
  return { tn: skillTN("untrained", ladder), pool: derived.pools.soma.pool, skill: null };
}

/**
 * Reads an actor (system data and embedded items) into everything the rules need of it. Throws only for an actor
 * type this system does not define; every unusable value is repaired and listed in `problems`.
 */
export function actorSnapshot(actor: ActorDataLike, options: SnapshotOptions = {}): ActorSnapshot {
  const ladder = options.ladder ?? DEFAULT_SKILL_LADDER;
  const type = subtypeOf(actor.type);
  const spec = ACTOR_SPECS[type];
  const problems: SnapshotProblem[] = [];
  const read = new Reader(record(actor.system), "system.", problems);
  const lifeRead = read.nested("life");
  const lifeMax = lifeRead.integer("max", spec.life.fields.max);
  // docs/DATA.md: wounds go up to twice the Life Points plus one (dead either way).
  const wounds = lifeRead.integer("wounds", spec.life.fields.wounds, maxStoredWounds(lifeMax));
  const magicRead = read.nested("magic");
  const magicMax = magicRead.integer("max", spec.magic.fields.max);
  const magicValue = magicRead.integer("value", spec.magic.fields.value, magicMax);

  const skills: SkillSnapshot[] = [];
  const armour: ArmourSnapshot[] = [];
  const pieces: ArmourPiece[] = [];
  const weaponItems: { itemId: string | null; read: ReturnType<typeof weaponSnapshot> }[] = [];
  let index = 0;
  for (const item of actor.items ?? []) {
    const at = `items[${index}]`;
    index += 1;
    if (item.type === "skill") skills.push(skillSnapshot(item, at, problems));
    else if (item.type === "armour") {
      const { slot, ...piece } = armourSnapshot(item, at, problems);
      armour.push(piece);
      if (piece.equipped) pieces.push({ itemId: item._id ?? "", slot, rating: piece.rating, damage: piece.damage });
    }
    else if (item.type === "weapon") weaponItems.push({ itemId: item._id ?? null, read: weaponSnapshot(item, at, problems) });
  }

  const character: CharacterSnapshot = {
    soma: read.integer("soma", spec.soma),
    pneuma: read.integer("pneuma", spec.pneuma),
    life: { max: lifeMax, wounds },
    skills,
    armour,
  };
  const derived = deriveCharacter(character, { ladder });
  const weapons = weaponItems.map(({ itemId, read: w }) => ({
    itemId,
    weapon: w.weapon,
    attackSkill: w.attackSkill,
    defenceSkills: w.defenceSkills,
    attack: checkFor(derived, w.attackSkill, ladder),
  }));
  return {
    id: actor._id ?? null,
    name: actor.name ?? "",
    type,
    character,
    derived,
    agility: read.integer("agility", spec.agility),
    magic: { value: magicValue, max: magicMax },
    weight: read.number("weight", spec.weight),
    canFly: read.boolean("canFly", spec.canFly),
    fastGround: type === "adversary" ? read.boolean("fastGround", ACTOR_SPECS.adversary.fastGround) : false,
    weapons,
    speed: read.text("speed", spec.speed) as SpeedCategory,
    tags: read.list("tags", spec.tags),
    armourPieces: pieces,
    problems,
  };
}

/** Where a combatant stands in a skirmish: its id there, the side it fights for, its altitude. */
export interface CombatantPlace {
  id: string;
  side: string;
  altitude: Altitude;
  /** The name shown in the skirmish (a token's name); the actor's name when absent. */
  name?: string;
}

/** The actor's part of a combatant's state: everything but its id, name, side and place in the skirmish. */
export type ActorPart = Pick<CombatantState, "soma" | "pneuma" | "agility" | "life" | "magic" | "weight" | "canFly" | "fastGround" | "armour">;

/** The actor's part of a combatant's state, from its snapshot (the one place that maps the two). */
export function actorPart(actor: ActorSnapshot): ActorPart {
  return {
    soma: actor.character.soma,
    pneuma: actor.character.pneuma,
    agility: actor.agility,
    life: { ...actor.character.life },
    magic: { ...actor.magic },
    weight: actor.weight,
    canFly: actor.canFly,
    fastGround: actor.fastGround,
    armour: actor.derived.armour,
  };
}

/** The skirmish engine's state of one combatant, fresh for a round: no flags set, no one-round effects. */
export function combatantState(actor: ActorSnapshot, place: CombatantPlace): CombatantState {
  return {
    id: place.id,
    name: place.name ?? actor.name,
    side: place.side,
    ...actorPart(actor),
    ...defaultPlace(actor.canFly),
    altitude: place.altitude,
  };
}

function best(candidates: readonly CheckValues[]): CheckValues | undefined {
  let found: CheckValues | undefined;
  for (const c of candidates) if (!found || c.tn < found.tn || (c.tn === found.tn && c.pool > found.pool)) found = c;
  return found;
}

/**
 * The defender's best check against a weapon's attack: the lowest TN (then the largest pool) among its skills
 * that the weapon lists as defences, or an untrained Soma check when it has none of them (000 "Melee Attacks":
 * the target makes a Soma check to defend; "Ranged Attacks": other skills defend).
 */
export function defenceAgainst(
  defender: ActorSnapshot,
  weapon: Pick<ActorWeapon, "defenceSkills">,
  ladder: SkillLadder = DEFAULT_SKILL_LADDER,
): CheckValues {
  const skills = weapon.defenceSkills.filter((id) => defender.derived.skills[id] !== undefined);
  return best(skills.map((id) => checkFor(defender.derived, id, ladder))) ?? checkFor(defender.derived, "", ladder);
}

/** The all-in-one attack's pools (src/rules/procedures/attack.ts `AttackPools`); a null defender does not defend. */
export function attackPools(
  weapon: ActorWeapon,
  defender: ActorSnapshot | null,
  ladder: SkillLadder = DEFAULT_SKILL_LADDER,
): { attackPool: number; baseAttackTN: number; defence: { pool: number; tn: number } | null } {
  const defence = defender === null ? null : defenceAgainst(defender, weapon, ladder);
  return {
    attackPool: weapon.attack.pool,
    baseAttackTN: weapon.attack.tn,
    defence: defence === null ? null : { pool: defence.pool, tn: defence.tn },
  };
}

/**
 * The all-in-one grapple's pools (`GrapplePools`): 000 "Grapple Attacks" attacks with the attacker's best skill
 * marked for grappling (Tooth and Claw) and is defended by any skill that defends against melee attacks.
 */
export function grapplePools(
  attacker: ActorSnapshot,
  defender: ActorSnapshot | null,
): { attackPool: number; attackTN: number; defence: { pool: number; tn: number } | null } {
  const attack = attacker.derived.pools.grapple;
  const defence = defender?.derived.pools.meleeDefence ?? null;
  return {
    attackPool: attack.pool,
    attackTN: attack.tn,
    defence: defence === null ? null : { pool: defence.pool, tn: defence.tn },
  };
}

/**
 * The break-out's pools (`BreakOutPools`): 000 "Breaking out of a Grapple" attacks and defends with the skills
 * marked for break-out (Tooth and Claw); grapplers mapped to null do not defend.
 */
export function breakOutPools(
  breaker: ActorSnapshot,
  grapplers: Readonly<Record<string, ActorSnapshot | null>>,
): { attackPool: number; attackTN: number; defences: Record<string, { pool: number; tn: number } | null> } {
  const attack = breaker.derived.pools.breakOut;
  const defences = Object.fromEntries(
    Object.entries(grapplers).map(([id, g]) => [id, g === null ? null : { pool: g.derived.pools.breakOut.pool, tn: g.derived.pools.breakOut.tn }]),
  );
  return { attackPool: attack.pool, attackTN: attack.tn, defences };
}

/**
 * The problems not reported yet for an owner (an actor's UUID), marking them reported: derived data is prepared
 * on every change, and a repaired value is reported once per session, not on every render.
 */
export function unreportedProblems(
  reported: Set<string>,
  owner: string,
  problems: readonly SnapshotProblem[],
): SnapshotProblem[] {
  return problems.filter((problem) => {
    const key = `${owner}|${problem.path}|${JSON.stringify(problem.value)}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
}
