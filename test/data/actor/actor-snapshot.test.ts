import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import {
  actorSnapshot,
  attackPools,
  breakOutPools,
  combatantState,
  defenceAgainst,
  grapplePools,
  unreportedProblems,
} from "../../../src/data/actor/actor-snapshot";
import type { ActorData, ItemData } from "../../../src/data/actor/actor-data";
import type { ActorSnapshot } from "../../../src/data/actor/actor-snapshot";
import { performAttack } from "../../../src/rules/procedures/attack";
import { scriptedDice } from "../../../src/rules/roll-sources";
import type { SkirmishState } from "../../../src/rules/state";

/** A bestiary entry exactly as the pack source stores it. */
function bestiary(file: string): ActorData {
  return load(readFileSync(`packs/_source/bestiary/${file}.yml`, "utf8")) as ActorData;
}

const sable = (): ActorData => bestiary("sable-dragon");
const knight = (): ActorData => bestiary("knight");
const longbowman = (): ActorData => bestiary("longbowman");

function weapon(actor: ActorSnapshot, name: string) {
  const found = actor.weapons.find((w) => w.weapon.name === name);
  if (!found) throw new Error(`${actor.name} has no ${name}`);
  return found;
}

function withSystem(actor: ActorData, system: Record<string, unknown>): ActorData {
  return { ...actor, system: { ...(actor.system as Record<string, unknown>), ...system } };
}

function withItems(actor: ActorData, items: ItemData[]): ActorData {
  return { ...actor, items };
}

describe("snapshot: the Sable Dragon from the bestiary pack", () => {
  const actor = actorSnapshot(sable());

  it("reads the stored values and reports nothing to repair", () => {
    expect(actor.problems).toEqual([]);
    expect([actor.id, actor.name, actor.type]).toEqual(["rL5dSGUwvS02DhaG", "Sable Dragon", "dragon"]);
  });
  it("000 Armour: Steel Dragonplate rates 3 and encumbers 2, and takes 2 dice from hampered Aerobatics", () => {
    expect(actor.character.armour).toEqual([{ rating: 3, encumbrance: 2, equipped: true, damage: 0 }]);
    expect([actor.derived.armour, actor.derived.encumbrance]).toEqual([3, 2]);
    expect(actor.derived.skills.aerobatics).toEqual({ tn: 5, pool: 4 });
  });
  it("gives deriveCharacter typed skills in item order", () => {
    expect(actor.character.skills).toEqual([
      { identifier: "toothAndClaw", rank: "expert", attribute: "soma", uses: ["meleeAttack", "meleeDefence", "grapple", "breakOut"], hampered: false },
      { identifier: "aerobatics", rank: "trained", attribute: "soma", uses: ["meleeDefence", "rangedDefence"], hampered: true },
      { identifier: "dragonsbreath", rank: "trained", attribute: "soma", uses: ["rangedAttack"], hampered: false },
    ]);
  });
  it("becomes a skirmish combatant with every engine field from the actor and its place", () => {
    expect(combatantState(actor, { id: "c1", side: "friendly", altitude: "high" })).toEqual({
      id: "c1",
      name: "Sable Dragon",
      side: "friendly",
      soma: 6,
      pneuma: 4,
      agility: 2,
      life: { max: 14, wounds: 0 },
      magic: { value: 4, max: 4 },
      weight: 80,
      canFly: true,
      fastGround: false,
      armour: 3,
      altitude: "high",
      moved: false,
      fullMove: false,
      acted: false,
      choseToFall: false,
      falling: false,
      roundEffects: [],
    });
  });
  it("takes a token's name over the actor's when given", () => {
    expect(combatantState(actor, { id: "c1", side: "hostile", altitude: "grounded", name: "Nightwing" }).name).toBe("Nightwing");
  });
  it("000 Killer Blows: Tooth and Claw is a melee weapon with the killer blow and grapple traits, attacking at Expert", () => {
    const claws = weapon(actor, "Tooth and Claw");
    expect(claws.weapon).toEqual({
      name: "Tooth and Claw",
      range: "melee",
      longRange: false,
      damageTN: 5,
      killerBlow: true,
      grapple: true,
      magicCost: 0,
    });
    expect(claws.itemId).toBe("K6IPXsi9uoCKBDp0");
    expect(claws.attack).toEqual({ tn: 4, pool: 6, skill: "toothAndClaw" });
  });
  it("000 Ranged Attacks: Dragonsbreath is ranged, costs 1 Magic Point and rolls the Dragonsbreath skill", () => {
    const breath = weapon(actor, "Dragonsbreath");
    expect([breath.weapon.range, breath.weapon.magicCost, breath.weapon.killerBlow]).toEqual(["ranged", 1, false]);
    expect(breath.attack).toEqual({ tn: 5, pool: 6, skill: "dragonsbreath" });
    expect(breath.defenceSkills).toEqual(["aerobatics", "shieldWall", "horsemanship"]);
  });
});

describe("snapshot: the Knight and the Longbowman from the bestiary pack", () => {
  const k = actorSnapshot(knight());
  const bow = actorSnapshot(longbowman());

  it("the Knight: plate and shield add up, on foot, attacking with Expert Swordsmanship", () => {
    const state = combatantState(k, { id: "k", side: "hostile", altitude: "grounded" });
    expect([state.soma, state.pneuma, state.agility, state.life.max, state.armour, state.weight, state.canFly]).toEqual([
      3, 2, 1, 4, 3, 1, false,
    ]);
    expect(weapon(k, "Sword").attack).toEqual({ tn: 4, pool: 3, skill: "swordsmanship" });
  });
  it("the Longbowman: a ranged bow at Expert Archery on a Soma of 2, and a mail coat", () => {
    const longbow = weapon(bow, "Longbow");
    expect([longbow.weapon.range, longbow.attackSkill]).toEqual(["ranged", "archery"]);
    expect(longbow.attack).toEqual({ tn: 4, pool: 2, skill: "archery" });
    expect(bow.derived.armour).toBe(1);
    expect(weapon(bow, "Sword").attack).toEqual({ tn: 5, pool: 2, skill: "swordsmanship" });
  });
  it("000 Melee Attacks: the Knight defends against claws with his best listed skill (Expert Swordsmanship)", () => {
    expect(defenceAgainst(k, weapon(actorSnapshot(sable()), "Tooth and Claw"))).toEqual({ tn: 4, pool: 3, skill: "swordsmanship" });
  });
  it("000 Ranged Attacks: an arrow is met by the Sable's hampered Aerobatics, the Knight's Shield Wall", () => {
    const longbow = weapon(bow, "Longbow");
    expect(defenceAgainst(actorSnapshot(sable()), longbow)).toEqual({ tn: 5, pool: 4, skill: "aerobatics" });
    expect(defenceAgainst(k, longbow)).toEqual({ tn: 5, pool: 3, skill: "shieldWall" });
  });
  it("000 Melee Attacks: without any listed defence skill the defence is an untrained Soma check", () => {
    expect(defenceAgainst(bow, weapon(bow, "Longbow"))).toEqual({ tn: 6, pool: 2, skill: null });
  });
  it("an attack the actor has no skill for is an untrained Soma check", () => {
    const unskilled = actorSnapshot(withItems(knight(), (knight().items as ItemData[]).filter((i) => i.type !== "skill")));
    expect(weapon(unskilled, "Sword").attack).toEqual({ tn: 6, pool: 3, skill: null });
  });
});

describe("snapshot: the pools of the all-in-one procedures", () => {
  const s = actorSnapshot(sable());
  const k = actorSnapshot(knight());

  it("attackPools: the weapon's attack check against the defender's best listed defence", () => {
    expect(attackPools(weapon(s, "Tooth and Claw"), k)).toEqual({ attackPool: 6, baseAttackTN: 4, defence: { pool: 3, tn: 4 } });
    expect(attackPools(weapon(k, "Sword"), s)).toEqual({ attackPool: 3, baseAttackTN: 4, defence: { pool: 6, tn: 4 } });
    expect(attackPools(weapon(k, "Sword"), null).defence).toBeNull();
  });
  it("000 Grapple Attacks: grappling rolls the grapple skill against the target's melee defence", () => {
    expect(grapplePools(s, k)).toEqual({ attackPool: 6, attackTN: 4, defence: { pool: 3, tn: 4 } });
    expect(grapplePools(k, s)).toEqual({ attackPool: 3, attackTN: 6, defence: { pool: 6, tn: 4 } });
    expect(grapplePools(s, null).defence).toBeNull();
  });
  it("000 Breaking out of a Grapple: only break-out skills serve; Shield Wall and Swordsmanship do not", () => {
    expect(breakOutPools(k, { s: s, other: null })).toEqual({
      attackPool: 3,
      attackTN: 6,
      defences: { s: { pool: 6, tn: 4 }, other: null },
    });
    expect(breakOutPools(s, { k }).defences.k).toEqual({ pool: 3, tn: 6 });
  });
  it("feeds the engine: the Sable's bite on the Knight, scripted dice, kills through his armour", async () => {
    const state: SkirmishState = {
      combatants: {
        s: combatantState(s, { id: "s", side: "friendly", altitude: "grounded" }),
        k: combatantState(k, { id: "k", side: "hostile", altitude: "grounded" }),
      },
      landmarks: {},
      distances: { "k|s": "close" },
      grapples: [],
      carrying: {},
      surface: "normal",
    };
    const claws = weapon(s, "Tooth and Claw");
    // Bite: attack at TN 5 with 6 dice (4 hits), defence at TN 4 with 3 dice (1), damage TN 3 with 6 + 3 dice.
    const dice = scriptedDice([5, 5, 6, 6, 1, 1, 4, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 1]);
    const result = await performAttack(state, { attackerId: "s", targetId: "k", weapon: claws.weapon, killerBlow: true }, attackPools(claws, k), dice);
    if (!result.allowed) throw new Error(result.reason);
    expect([result.contest.margin, result.damageSuccesses, result.damage, result.woundState]).toEqual([3, 8, 5, "dead"]);
    expect(dice.remaining()).toBe(0);
  });
});

describe("snapshot: values an effect or an old world leaves are repaired and reported, never thrown", () => {
  it("rounds a fractional Soma (an effect multiplying by 1.5) and reports it", () => {
    const actor = actorSnapshot(withSystem(sable(), { soma: 6.5, pneuma: 4 }));
    expect(actor.character.soma).toBe(7);
    expect(actor.problems).toEqual([{ path: "system.soma", value: 6.5, used: 7 }]);
    expect(actor.derived.skills.toothAndClaw?.pool).toBe(7);
  });
  it("clamps a Soma an effect multiplied past the range, and one multiplied to 0", () => {
    expect(actorSnapshot(withSystem(sable(), { soma: 60 })).character.soma).toBe(12);
    expect(actorSnapshot(withSystem(sable(), { soma: 0 })).character.soma).toBe(1);
  });
  it("uses the default for a value that is not a number, and says so", () => {
    const actor = actorSnapshot(withSystem(knight(), { pneuma: "fast" }));
    expect(actor.character.pneuma).toBe(3);
    expect(actor.problems).toEqual([{ path: "system.pneuma", value: "fast", used: 3 }]);
  });
  it("holds wounds at twice the Life Points plus one, and Magic Points at their maximum", () => {
    const actor = actorSnapshot(withSystem(sable(), { life: { max: 5, wounds: 40 }, magic: { value: 9, max: 2 } }));
    expect(actor.character.life).toEqual({ max: 5, wounds: 11 });
    expect(actor.magic).toEqual({ value: 2, max: 2 });
    expect(actor.problems.map((p) => p.path)).toEqual(["system.life.wounds", "system.magic.value"]);
  });
  it("reads a missing life as its defaults and reports the missing group", () => {
    const system = { ...(sable().system as Record<string, unknown>) };
    delete system.life;
    const actor = actorSnapshot({ ...sable(), system });
    expect(actor.character.life).toEqual({ max: 12, wounds: 0 });
    expect(actor.problems.map((p) => p.path)).toEqual(["system.life", "system.life.max", "system.life.wounds"]);
  });
  it("repairs an item's bad rank and rating and names the item in the report", () => {
    const items = (knight().items as ItemData[]).map((item) =>
      item.name === "Swordsmanship"
        ? { ...item, system: { ...(item.system as object), rank: "legendary" } }
        : item.name === "Plate Harness"
          ? { ...item, system: { ...(item.system as object), rating: 2.6 } }
          : item,
    );
    const actor = actorSnapshot(withItems(knight(), items));
    expect(actor.problems).toEqual([
      { path: "items[1].system.rating", value: 2.6, used: 3 },
      { path: "items[3].system.rank", value: "legendary", used: "trained" },
    ]);
    expect(actor.derived.armour).toBe(4);
    expect(weapon(actor, "Sword").attack.tn).toBe(5);
  });
  it("fills a blank skill identifier from the name, and reads uses given as a Set (a live data model)", () => {
    const claws: ItemData = {
      name: "Beak and Talons",
      type: "skill",
      system: { identifier: "", rank: "master", attribute: "pneuma", uses: new Set(["grapple"]), hampered: false },
    };
    const actor = actorSnapshot(withItems(sable(), [claws, { name: "Loot", type: "loot", system: null }]));
    expect(actor.character.skills).toEqual([
      { identifier: "beakAndTalons", rank: "master", attribute: "pneuma", uses: ["grapple"], hampered: false },
    ]);
    expect(actor.derived.pools.grapple).toEqual({ tn: 3, pool: 4, skill: "beakAndTalons" });
    expect(actor.problems).toEqual([]);
  });
  it("refuses an actor type this system does not define", () => {
    expect(() => actorSnapshot({ type: "vehicle", system: {} })).toThrow(/actor\.type.*vehicle/);
  });
});

describe("RULES.md Dice and checks: the skill ladder a table configures (CONFIG.ageOfDragons.skillLadder)", () => {
  const harsh = { untrained: 5, trained: 6, expert: 3, master: 2, grandmaster: 2 };
  it("uses the default ladder unless told otherwise: Expert Tooth and Claw is TN 4", () => {
    expect(weapon(actorSnapshot(sable()), "Tooth and Claw").attack.tn).toBe(4);
  });
  it("uses a configured ladder for skill TNs, untrained attacks and untrained defences", () => {
    const s = actorSnapshot(sable(), { ladder: harsh });
    const bow = actorSnapshot(longbowman(), { ladder: harsh });
    expect(weapon(s, "Tooth and Claw").attack.tn).toBe(3);
    expect(weapon(s, "Dragonsbreath").attack.tn).toBe(6);
    expect(defenceAgainst(bow, weapon(bow, "Longbow"), harsh).tn).toBe(5);
    const unskilled = actorSnapshot(withItems(knight(), (knight().items as ItemData[]).filter((i) => i.type !== "skill")), { ladder: harsh });
    expect(weapon(unskilled, "Sword").attack.tn).toBe(5);
  });
});

describe("snapshot: a repaired value is reported once per actor", () => {
  it("reports new problems, then stays quiet about the same ones, and reports another actor's", () => {
    const seen = new Set<string>();
    const problems = actorSnapshot(withSystem(sable(), { soma: 6.5 })).problems;
    expect(unreportedProblems(seen, "Actor.a", problems)).toEqual(problems);
    expect(unreportedProblems(seen, "Actor.a", problems)).toEqual([]);
    expect(unreportedProblems(seen, "Actor.b", problems)).toEqual(problems);
    const other = actorSnapshot(withSystem(sable(), { soma: 7.5 })).problems;
    expect(unreportedProblems(seen, "Actor.a", other)).toEqual(other);
  });
});
