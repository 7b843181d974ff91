/**
 * An encounter made ready to play many times: the starting skirmish state (shared by every run, since the
 * engine never modifies a state), and per combatant and enemy the attacks it can make, with their pools and
 * their exact expected damage (`attackOdds`), so the tactics choose in constant time during a run.
 */
import type { CheckValues } from "../character";
import { woundThresholds } from "../health";
import { damageDistribution, hitProbability } from "../odds";
import { crashTN } from "../falling";
import { attackOdds } from "../odds-attack";
import { parseAttack, parseAttackPools } from "../procedures/attack";
import type { AttackDeclaration, AttackPools } from "../procedures/attack";
import { parseGrapple, parseGrapplePools } from "../procedures/grapple";
import { rescuePool } from "../procedures/rescue";
import type { BreakOutDeclaration, BreakOutPools, GrappleDeclaration, GrapplePools } from "../procedures/grapple";
import type { RoundMode } from "../round-plan";
import { attackTN, damageTN } from "../skills";
import { copyCombatant, freshRoundFlags, pairKey } from "../state";
import type { CombatantState, SkirmishState } from "../state";
import type { Distance } from "../types";
import { DEFAULT_ROUND_LIMIT } from "./encounter";
import type { Encounter, EncounterCombatant, EncounterStart, EncounterWeapon, SkillCheck } from "./encounter";

/** One attack a combatant can make on one enemy, ready to hand to `performAttack`. */
export interface AttackOption {
  decl: AttackDeclaration;
  pools: AttackPools;
  ranged: boolean;
  /** Magic Points it costs (Dragonsbreath). */
  magicCost: number;
  /** Exact chance to hit and expected damage against a fresh target (`attackOdds`). */
  hit: number;
  expected: number;
  /** The weapon item's id, when the encounter names it (`EncounterWeapon.itemId`). */
  itemId: string | null;
}

/** A grapple a combatant can try on one enemy. */
export interface GrappleOption {
  decl: GrappleDeclaration;
  pools: GrapplePools;
  hit: number;
  /** The grappling weapon's item id, when the encounter names it. */
  itemId: string | null;
}

/** A combatant as the run loop and the tactics see it. */
export interface CompiledCombatant {
  index: number;
  id: string;
  name: string;
  side: number;
  source: EncounterCombatant;
  tactics: string;
  /** Per combatant index: its attack options on that enemy, best expected damage first (empty for allies). */
  attacks: AttackOption[][];
  /** Per combatant index: its best grapple on that enemy, or null. */
  grapples: (GrappleOption | null)[];
  breakOut: CheckValues;
  /** Its break-out as the engine's parsed entry point takes it (`performParsedBreakOutSync`). */
  breakOutDeclaration: BreakOutDeclaration;
  breakOutPools: BreakOutPools;
  /** The pool of its rescue check (`rescuePool`: Soma less encumbrance, as the attack card rolls it). */
  rescuePool: number;
  /** Wounds at which it is severely injured. */
  severeAt: number;
  /** Per combatant index: the key of the pair it makes with that one (`pairKey`; empty for itself). */
  pairKeys: string[];
  /** Expected wounds a crash on the encounter's ground deals it (000 "Falling out of the Sky"), exactly. */
  crashDamage: number;
}

/** The whole encounter, compiled. */
export interface CompiledEncounter {
  sides: string[];
  combatants: CompiledCombatant[];
  byId: ReadonlyMap<string, CompiledCombatant>;
  /** Combatant indexes per side. */
  members: number[][];
  initial: SkirmishState;
  mode: RoundMode;
  roundLimit: number;
  /** Every combatant's defence against a break-out (000: Tooth and Claw only), by id. */
  breakOutDefences: Record<string, { pool: number; tn: number }>;
  /** Where a fight under way stands (encounter.ts `EncounterStart`); null: every run starts afresh at round 1. */
  start: {
    round: number;
    step: number;
    at: EncounterStart["at"] | null;
    order: readonly string[] | null;
    sides: EncounterStart["sides"] | null;
  } | null;
}

/** The check a skill gives, or the untrained Soma check (RULES.md "Dice and checks"; snapshot.ts `checkFor`). */
function skillCheck(c: EncounterCombatant, skill: string): SkillCheck {
  return c.skills[skill] ?? { tn: c.checks.soma.tn, pool: c.checks.soma.pool };
}

/**
 * The defender's best check among the skills a weapon allows (lowest TN, then the larger pool), else untrained
 * Soma. The same choice as src/data/actor/actor-snapshot.ts `defenceAgainst`, which the rules layer cannot import; a test
 * holds the two together on every pair of bestiary entries.
 */
function defenceAgainst(target: EncounterCombatant, weapon: EncounterWeapon): SkillCheck {
  // RULES.md "Dice and checks": the best of the listed skills it has; an untrained Soma check only without any.
  let best: SkillCheck | null = null;
  for (const id of weapon.defenceSkills) {
    const s = target.skills[id];
    if (s && (!best || s.tn < best.tn || (s.tn === best.tn && s.pool > best.pool))) best = s;
  }
  return best ?? { tn: target.checks.soma.tn, pool: target.checks.soma.pool };
}

function attackOptions(attacker: EncounterCombatant, target: EncounterCombatant): AttackOption[] {
  const options: AttackOption[] = [];
  for (const w of attacker.weapons) {
    const check = skillCheck(attacker, w.attackSkill);
    const defence = defenceAgainst(target, w);
    const ranged = w.weapon.range === "ranged";
    let best: AttackOption | null = null;
    for (const killerBlow of w.weapon.killerBlow ? [false, true] : [false]) {
      const odds = attackOdds({
        attackPool: check.pool,
        attackTN: attackTN(check.tn, { killerBlow }),
        defencePool: defence.pool,
        defenceTN: defence.tn,
        soma: attacker.state.soma,
        damageTN: damageTN(w.weapon.damageTN, { killerBlow }),
        armour: target.state.armour,
        wounds: 0,
        lifePoints: target.state.life.max,
      });
      if (best === null || odds.expectedDamage > best.expected) {
        best = {
          // Parsed once here; each attack in play then skips the checks (`performParsedAttack`).
          decl: parseAttack({ attackerId: attacker.state.id, targetId: target.state.id, weapon: w.weapon, killerBlow }),
          pools: parseAttackPools({
            attackPool: check.pool,
            baseAttackTN: check.tn,
            defence: { pool: defence.pool, tn: defence.tn },
          }),
          ranged,
          magicCost: w.weapon.magicCost,
          hit: odds.hit,
          expected: odds.expectedDamage,
          itemId: w.itemId ?? null,
        };
      }
    }
    if (best) options.push(best);
  }
  return options.sort((a, b) => b.expected - a.expected);
}

/**
 * A grapple with a weapon that has the trait: 000 "Grapple Attacks" attacks with the best grapple check (Tooth and
 * Claw) and is met by the target's best melee defence, as src/data/actor/actor-snapshot.ts `grapplePools` has it.
 */
function grappleOption(attacker: EncounterCombatant, target: EncounterCombatant): GrappleOption | null {
  const weapon = attacker.weapons.find((w) => w.weapon.grapple && w.weapon.range === "melee");
  if (!weapon) return null;
  const attack = attacker.checks.grapple;
  const defence = target.checks.meleeDefence;
  return {
    // Parsed once here; each grapple in play then skips the checks (`performParsedGrappleSync`).
    decl: parseGrapple({ attackerId: attacker.state.id, targetId: target.state.id, weapon: weapon.weapon }),
    pools: parseGrapplePools({ attackPool: attack.pool, attackTN: attack.tn, defence: { pool: defence.pool, tn: defence.tn } }),
    hit: hitProbability({ attackPool: attack.pool, attackTN: attack.tn, defencePool: defence.pool, defenceTN: defence.tn }),
    itemId: weapon.itemId ?? null,
  };
}

/** Compiles a checked encounter (see `checkEncounter`). */
export function compileEncounter(encounter: Encounter): CompiledEncounter {
  const flat: { source: EncounterCombatant; side: number }[] = [];
  encounter.sides.forEach((side, s) => {
    for (const source of side.combatants) flat.push({ source, side: s });
  });
  const sides = encounter.sides.map((s) => s.name);
  const states: Record<string, CombatantState> = {};
  const start = encounter.start;
  for (const { source, side } of flat) {
    // A fresh encounter starts with none of the round flags the snapshot carries; a fight under way keeps them.
    // Copied into the one shape of a working copy's combatants (`copyCombatant`).
    states[source.state.id] = copyCombatant({
      ...source.state,
      side: sides[side] ?? "",
      ...(start ? {} : freshRoundFlags()),
    });
  }
  const enemyDistance: Distance = encounter.distance ?? "long";
  const distances: Record<string, Distance> = {};
  for (let i = 0; i < flat.length; i += 1) {
    for (let j = i + 1; j < flat.length; j += 1) {
      const a = flat[i];
      const b = flat[j];
      if (!a || !b) continue;
      const key = pairKey(a.source.state.id, b.source.state.id);
      distances[key] = start?.distances?.[key] ?? (a.side === b.side ? "close" : enemyDistance);
    }
  }
  const initial: SkirmishState = {
    combatants: states,
    landmarks: {},
    distances,
    grapples: [...(start?.grapples ?? [])],
    carrying: { ...start?.carrying },
    surface: encounter.surface ?? "normal",
  };
  const breakOutDefences: Record<string, { pool: number; tn: number }> = {};
  for (const { source } of flat) {
    breakOutDefences[source.state.id] = { pool: source.checks.breakOut.pool, tn: source.checks.breakOut.tn };
  }
  const combatants = flat.map(({ source, side }, index): CompiledCombatant => {
    return {
      index,
      id: source.state.id,
      name: source.state.name,
      side,
      source,
      tactics: source.tactics ?? "standard",
      attacks: flat.map((other) => (other.side === side ? [] : attackOptions(source, other.source))),
      grapples: flat.map((other) => (other.side === side ? null : grappleOption(source, other.source))),
      breakOut: source.checks.breakOut,
      breakOutDeclaration: { breakerId: source.state.id },
      breakOutPools: { attackPool: source.checks.breakOut.pool, attackTN: source.checks.breakOut.tn, defences: breakOutDefences },
      rescuePool: rescuePool(source.state.soma, source.encumbrance ?? 0),
      severeAt: woundThresholds(source.state.life.max).severelyInjured,
      pairKeys: flat.map((other) => (other.source === source ? "" : pairKey(source.state.id, other.source.state.id))),
      crashDamage: damageDistribution({ pool: source.state.soma, tn: crashTN(initial.surface), armour: source.state.armour })
        .reduce((sum, p, k) => sum + p * k, 0),
    };
  });
  const members = sides.map((_, s) => combatants.filter((c) => c.side === s).map((c) => c.index));
  return {
    sides,
    combatants,
    byId: new Map(combatants.map((c) => [c.id, c])),
    members,
    initial,
    mode: encounter.mode ?? "descending",
    roundLimit: encounter.roundLimit ?? DEFAULT_ROUND_LIMIT,
    breakOutDefences,
    start: start
      ? { round: start.round, step: start.step ?? 0, at: start.at ?? null, order: start.order ?? null, sides: start.sides ?? null }
      : null,
  };
}
