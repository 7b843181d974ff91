// Which check an actor makes (RULES.md "Dice and checks"), from the shipped bestiary entries.
import { describe, expect, it } from "vitest";
import { actorSkills, isResolved, resolveCheck } from "../../../src/data/check/check-source";
import type { ResolvedCheck } from "../../../src/data/check/check-source";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules";
import { bestiary, withItem } from "./bestiary";

function resolved(result: ReturnType<typeof resolveCheck>): ResolvedCheck {
  if (!isResolved(result)) throw new Error(`not resolved: ${result.refusal.key}`);
  return result;
}

describe("resolving a check on an actor", () => {
  const sable = bestiary("sable-dragon");

  it("rolls the Sable's Tooth and Claw with Soma 6 at the expert TN 4", () => {
    expect(resolved(resolveCheck(sable, { skill: "toothAndClaw" }))).toEqual({
      attribute: "soma",
      attributeValue: 6,
      skill: { identifier: "toothAndClaw", name: "Tooth and Claw", rank: "expert" },
      basePool: 6,
      baseTN: 4,
      warnings: [],
    });
  });
  it("takes the dragonplate's encumbrance off the hampered Aerobatics pool", () => {
    expect(resolved(resolveCheck(sable, { skill: "aerobatics" }))).toMatchObject({ basePool: 4, baseTN: 5 });
    const unarmoured = withItem(sable, "Steel Dragonplate", "armour", { equipped: false });
    expect(resolved(resolveCheck(unarmoured, { skill: "aerobatics" }))).toMatchObject({ basePool: 6, baseTN: 5 });
  });
  it("rolls a plain Soma or Pneuma check untrained at TN 6 with that attribute's dice", () => {
    expect(resolved(resolveCheck(sable, { attribute: "soma" }))).toMatchObject({ skill: null, basePool: 6, baseTN: 6 });
    expect(resolved(resolveCheck(sable, { attribute: "pneuma" }))).toMatchObject({ attribute: "pneuma", basePool: 4, baseTN: 6 });
  });
  it("follows the configured ladder", () => {
    const ladder = { ...DEFAULT_SKILL_LADDER, expert: 3 };
    expect(resolved(resolveCheck(sable, { skill: "toothAndClaw" }, ladder)).baseTN).toBe(3);
  });
  it("rolls the Knight's Swordsmanship with Soma 3 at TN 4", () => {
    expect(resolved(resolveCheck(bestiary("knight"), { skill: "swordsmanship" }))).toMatchObject({ basePool: 3, baseTN: 4 });
  });
  it("refuses a skill the actor does not have", () => {
    const result = resolveCheck(bestiary("knight"), { skill: "dragonsbreath" });
    expect(result).toEqual({ refusal: { key: "AOD.Roll.Refusal.SkillMissing", data: { actor: "Knight", skill: "dragonsbreath" } } });
  });
  it("rolls a skill whose rank the ladder lacks as untrained, with a warning, not a crash", () => {
    const odd = withItem(sable, "Tooth and Claw", "skill", { rank: "legendary" });
    const check = resolved(resolveCheck(odd, { skill: "toothAndClaw" }));
    expect(check).toMatchObject({ baseTN: 6, basePool: 6, skill: { rank: "untrained" } });
    expect(check.warnings).toEqual([{ key: "AOD.Roll.Notice.UnknownRank", data: { skill: "Tooth and Claw", rank: "legendary" } }]);
  });
  it("treats a rank missing from a custom ladder the same way", () => {
    const withoutExpert: Partial<Record<string, number>> = { ...DEFAULT_SKILL_LADDER };
    delete withoutExpert.expert;
    const check = resolved(resolveCheck(sable, { skill: "toothAndClaw" }, withoutExpert as typeof DEFAULT_SKILL_LADDER));
    expect(check).toMatchObject({ baseTN: 6, skill: { rank: "untrained" } });
    expect(check.warnings).toHaveLength(1);
  });
  it("lists every skill with the rank it will use", () => {
    expect(actorSkills(sable).map((s) => [s.skill.identifier, s.skill.rank, s.attribute]))
      .toEqual([["toothAndClaw", "expert", "soma"], ["aerobatics", "trained", "soma"], ["dragonsbreath", "trained", "soma"]]);
  });
});
