// The roll dialog's context (README "Rolling checks"): the chosen check, modifiers, refusals in words and the engine's exact odds.
import { describe, expect, it } from "vitest";
import { choiceFromValue, checkValue, declaredAttackOdds, rollDialogContext } from "../../../src/core/rolls/roll-dialog-context";
import type { RollDialogState } from "../../../src/core/rolls/roll-dialog-context";
import { readRollInputs } from "../../../src/core/rolls/roll-inputs";
import { attackOdds } from "../../../src/rules";
import { localizeKey } from "../../templates/foundry-helpers";
import { bestiary, withItem } from "../../data/check/bestiary";
import { ROLL_MODES } from "./roll-modes";
import { actorSnapshot, combatantState } from "../../../src/data/actor/actor-snapshot";
import { cardWeapon } from "../../../src/data/message/attack-actors";
import { pairKey } from "../../../src/rules/state";
import type { Altitude, Distance, WeaponSnapshot } from "../../../src/rules";
import { skirmishOf } from "../../rules/fixtures";

const sable = bestiary("sable-dragon");
const knight = bestiary("knight");
const clawId = sable.items.find((i) => i.type === "weapon" && i.name === "Tooth and Claw")?._id ?? "";

function context(patch: Partial<RollDialogState> = {}) {
  return rollDialogContext({
    actor: sable, choice: { attribute: "soma" }, extraDice: 0, tnShift: 0, rollMode: "publicroll",
    rollModes: ROLL_MODES, idPrefix: "t", ...patch,
  }, localizeKey);
}

const chances = (rows: readonly { chance: number }[] | undefined) => rows?.map((r) => r.chance);

describe("the roll dialog context", () => {
  it("offers the attribute checks and every skill, with the chosen one selected", () => {
    const ctx = context({ choice: { skill: "aerobatics" } });
    expect(ctx.checkOptions.map((o) => o.label)).toEqual([
      "Soma (untrained)", "Pneuma (untrained)", "Tooth and Claw (Expert, Soma)", "Aerobatics (Trained, Soma)",
      "Dragonsbreath (Trained, Soma)",
    ]);
    expect(ctx.checkOptions.filter((o) => o.selected).map((o) => o.value)).toEqual(["skill:aerobatics"]);
  });
  it("titles an attack by its weapon and any other check by the actor", () => {
    expect(context({ attack: { weapon: clawId, target: null, killerBlow: false } }).title).toBe("Sable Dragon: Tooth and Claw");
    expect(context({ choice: { skill: "aerobatics" } }).title).toBe("Sable Dragon: roll a check");
  });
  it("shows the chosen check's attribute, skill, rank, pool and TN", () => {
    expect(context({ choice: { skill: "toothAndClaw" } })).toMatchObject({
      attribute: "Soma", skill: "Tooth and Claw", rank: "Expert", pool: "6 dice", tn: "4+", canRoll: true, refusal: null,
    });
    expect(context({ choice: { attribute: "pneuma" } })).toMatchObject({ attribute: "Pneuma", skill: "None", rank: "Untrained", pool: "4 dice", tn: "6+" });
  });
  it("gives the exact chance of at least 1, 2 and 3 successes", () => {
    // 6 dice at TN 4: each die succeeds half the time.
    expect(chances(context({ choice: { skill: "toothAndClaw" } }).odds?.rows)).toEqual([63 / 64, 57 / 64, 42 / 64]);
    expect(context({ choice: { skill: "toothAndClaw" } }).odds?.rows.map((r) => r.label)).toEqual(["At least 1", "At least 2", "At least 3"]);
  });
  it("updates the odds with extra dice and a TN shift", () => {
    const more = chances(context({ choice: { skill: "toothAndClaw" }, extraDice: 1 }).odds?.rows);
    expect(more?.[0]).toBeCloseTo(127 / 128, 12);
    const harder = context({ choice: { skill: "toothAndClaw" }, tnShift: 1 });
    expect(harder.tn).toBe("5+");
    expect(chances(harder.odds?.rows)?.[0]).toBeCloseTo(1 - (2 / 3) ** 6, 12);
  });
  it("says why an impossible check cannot be rolled, and offers no roll", () => {
    const ctx = context({ tnShift: 1 });
    expect(ctx).toMatchObject({ canRoll: false, odds: null, refusal: "Impossible: no die can meet TN\u00a07+ (a d6 shows at most 6)." });
    expect(context({ extraDice: -6 }).refusal).toBe("Impossible: this check has no dice to roll (0 after modifiers).");
    expect(context({ extraDice: 99 }).refusal).toBe("Extra dice of 99 is beyond the limit of 30 either way.");
  });
  it("still shows the pool and TN that make a check impossible, marked, and none for a refused modifier", () => {
    expect(context({ tnShift: 1 })).toMatchObject({ pool: "6 dice", tn: "7+", impossible: { pool: false, tn: true } });
    expect(context({ extraDice: -6 })).toMatchObject({ pool: "0 dice", tn: "6+", impossible: { pool: true, tn: false } });
    expect(context({ extraDice: 99 })).toMatchObject({ pool: "\u2014", tn: "\u2014", impossible: { pool: false, tn: false } });
  });
  it("explains a hampered skill's pool in a note: its attribute less the encumbrance", () => {
    expect(context({ choice: { skill: "aerobatics" } }).notices).toEqual(["Aerobatics: Soma 6 − encumbrance 2 = 4 dice."]);
    expect(context({ choice: { skill: "toothAndClaw" } }).notices).toEqual([]);
  });
  it("labels the button by what it does: Roll a check, Attack a target", () => {
    expect(context().rollLabel).toBe("Roll");
    expect(context({ attack: { weapon: clawId, target: null, killerBlow: false } }).rollLabel).toBe("Roll");
    expect(context({ attack: { weapon: clawId, target: knight, killerBlow: false } }).rollLabel).toBe("Attack Knight");
  });
  it("says what a killer blow does to the attack's two TNs beside its box, and nothing for a plain check", () => {
    const hint = context({ attack: { weapon: clawId, target: knight, killerBlow: false } }).killerBlowHint;
    expect(hint).toMatch(/^Harder to hit, deadlier when it does: attack TN 4\+ → 5\+, damage TN \d\+ → \d\+\.$/);
    expect(context({ attack: { weapon: clawId, target: knight, killerBlow: true } }).killerBlowHint).toBe(hint);
    expect(context().killerBlowHint).toBeNull();
  });
  it("shows an attack on a target only its own odds, not the generic successes table", () => {
    const ctx = context({ attack: { weapon: clawId, target: knight, killerBlow: false } });
    expect(ctx.attack).not.toBeNull();
    expect(ctx.odds).toBeNull();
    expect(context({ attack: { weapon: clawId, target: null, killerBlow: false } }).odds).not.toBeNull();
  });
  it("warns, without crashing, about a skill whose rank the ladder lacks", () => {
    const odd = withItem(sable, "Aerobatics", "skill", { rank: "legendary" });
    const ctx = context({ actor: odd, choice: { skill: "aerobatics" } });
    expect(ctx).toMatchObject({ rank: "Untrained", tn: "6+", canRoll: true });
    expect(ctx.notices).toEqual([
      "Aerobatics has a rank the ladder does not know (\"legendary\"); it rolls as untrained.",
      "Aerobatics: Soma 6 − encumbrance 2 = 4 dice.",
    ]);
  });
  it("gives an attack's chance to hit, wound, severely injure and kill from attackOdds with the target's best defence", () => {
    const ctx = context({ attack: { weapon: clawId, target: knight, killerBlow: false } });
    // The Knight parries with Swordsmanship (expert, 3 dice at 4+); plate and shield give armour 3; 4 Life Points.
    const expected = attackOdds({ attackPool: 6, attackTN: 4, defencePool: 3, defenceTN: 4, soma: 6, damageTN: 5, armour: 3, wounds: 0, lifePoints: 4 });
    expect(chances(ctx.attack?.rows)).toEqual([expected.hit, expected.wounded, expected.severelyInjured, expected.dead]);
    expect(ctx.attack?.rows.map((r) => r.label)).toEqual(["Hit", "Wound", "Severely injure", "Kill"]);
    expect(ctx.title).toBe("Sable Dragon: Tooth and Claw");
  });
  it("moves the attack odds with the target's wounds and a killer blow", () => {
    const hurt = { ...knight, system: { ...(knight.system as object), life: { max: 4, wounds: 2 } } };
    const wounded = context({ attack: { weapon: clawId, target: hurt, killerBlow: true } });
    const expected = attackOdds({ attackPool: 6, attackTN: 5, defencePool: 3, defenceTN: 4, soma: 6, damageTN: 3, armour: 3, wounds: 2, lifePoints: 4 });
    expect(chances(wounded.attack?.rows)).toEqual([expected.hit, expected.wounded, expected.severelyInjured, expected.dead]);
    expect(wounded.tn).toBe("5+");
  });
  it("gives a declared attack the same odds as its roll with no modifier, plain and as a killer blow", () => {
    const plain = declaredAttackOdds(sable, clawId, knight, false);
    const expected = attackOdds({ attackPool: 6, attackTN: 4, defencePool: 3, defenceTN: 4, soma: 6, damageTN: 5, armour: 3, wounds: 0, lifePoints: 4 });
    expect(plain?.odds).toEqual(expected);
    expect(plain?.defence).toMatchObject({ pool: 3, tn: 4 });
    const killer = declaredAttackOdds(sable, clawId, knight, true);
    expect(killer?.odds).toEqual(attackOdds({ attackPool: 6, attackTN: 5, defencePool: 3, defenceTN: 4, soma: 6, damageTN: 3, armour: 3, wounds: 0, lifePoints: 4 }));
    expect(declaredAttackOdds(sable, "no-such-weapon", knight, false)).toBeNull();
  });
  it("shows no attack odds without a target", () => {
    expect(context({ attack: { weapon: clawId, target: null, killerBlow: false } }).attack).toBeNull();
  });
  it("rolls an attack untrained with Soma when the attacker lacks the weapon's skill, and says so", () => {
    const noSkill = { ...sable, items: sable.items.filter((i) => !(i.type === "skill" && i.name === "Tooth and Claw")) };
    const ctx = context({ actor: noSkill, attack: { weapon: clawId, target: knight, killerBlow: false } });
    expect(ctx).toMatchObject({ tn: "6+", pool: "6 dice", canRoll: true });
    expect(ctx.notices).toEqual(["Sable Dragon has no skill \"toothAndClaw\"."]);
  });
  it("offers the roll modes with the current one selected", () => {
    expect(context({ rollMode: "gmroll" }).rollModes.filter((m) => m.selected).map((m) => m.label)).toEqual(["Private GM Roll"]);
  });
});

describe("the dialog's select values and form", () => {
  it("round-trips check choices through the select value", () => {
    for (const choice of [{ attribute: "soma" as const }, { attribute: "pneuma" as const }, { skill: "toothAndClaw" }]) {
      expect(choiceFromValue(checkValue(choice))).toEqual(choice);
    }
  });
  it("reads typed values; an empty field is 0 and junk is kept for planCheck to refuse", () => {
    expect(readRollInputs({ check: "skill:aerobatics", extraDice: "2", tnShift: "", rollMode: "", killerBlow: true }, "selfroll"))
      .toEqual({ choice: { skill: "aerobatics" }, extraDice: 2, tnShift: 0, rollMode: "selfroll", killerBlow: true });
    expect(readRollInputs({ extraDice: "abc" }, "publicroll").extraDice).toBeNaN();
    expect(context({ extraDice: Number.NaN }).refusal).toBe("Extra dice must be a whole number (got NaN).");
  });

  describe("with a target in a running combat, asks the board's attackLegality before rolling", () => {
    const breathId = sable.items.find((i) => i.type === "weapon" && i.name === "Dragonsbreath")?._id ?? "";
    const weaponOf = (id: string): WeaponSnapshot => {
      const found = cardWeapon(actorSnapshot(sable), id);
      if (found === null) throw new Error(`no weapon ${id} on the Sable Dragon`);
      return found;
    };
    const board = (opts: { distance: Distance; altitude?: Altitude; magic?: number; weapon?: string; targetId?: string }) => {
      const attacker = combatantState(actorSnapshot(sable), { id: "c1", side: "a", altitude: "mid", name: "Sable" });
      const defender = combatantState(actorSnapshot(knight), { id: "c2", side: "b", altitude: opts.altitude ?? "mid", name: "Knight" });
      const magic = opts.magic === undefined ? attacker.magic : { ...attacker.magic, value: opts.magic };
      const state = skirmishOf([{ ...attacker, magic }, defender], { distances: { [pairKey("c1", "c2")]: opts.distance } });
      return { state, attackerId: "c1", targetId: opts.targetId ?? "c2", weapon: weaponOf(opts.weapon ?? clawId) };
    };
    const attack = (b: ReturnType<typeof board>, weapon = clawId) => context({ attack: { weapon, target: knight, killerBlow: false, board: b } });

    it("lets a legal attack roll, with its odds", () => {
      const ctx = attack(board({ distance: "close" }));
      expect(ctx).toMatchObject({ canRoll: true, refusal: null });
      expect(ctx.attack).not.toBeNull();
    });
    it("says in words why a melee attack at middle distance or a band apart is illegal, and offers no roll", () => {
      expect(attack(board({ distance: "middle" }))).toMatchObject({ canRoll: false, refusal: "Melee needs close quarters or zero range." });
      expect(attack(board({ distance: "close", altitude: "high" }))).toMatchObject({ canRoll: false, refusal: "Melee needs both at the same altitude." });
    });
    it("refuses breath without a Magic Point, and allows it with one", () => {
      expect(attack(board({ distance: "close", weapon: breathId, magic: 0 }), breathId).refusal).toBe("Not enough Magic Points for this attack.");
      expect(attack(board({ distance: "close", weapon: breathId, magic: 1 }), breathId).canRoll).toBe(true);
    });
    it("says a target outside the combat is not on the board", () => {
      expect(attack(board({ distance: "close", targetId: "" }))).toMatchObject({
        canRoll: false, refusal: "The target is not on the range board of this combat.",
      });
    });
  });
});
