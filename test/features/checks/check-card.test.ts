// The check card's data and context (README "Rolling checks"): who rolled what, each die, the result in words.
import { describe, expect, it } from "vitest";
import { checkCardContext } from "../../../src/features/checks/check-card-context";
import { checkCardData } from "../../../src/data/message/check-data";
import { actorDataOf } from "../../../src/data/actor/actor-data";
import { prepareCheck } from "../../../src/data/check/prepare-check";
import { localizeKey } from "../../templates/foundry-helpers";
import { renderTemplate } from "../../templates/render";
import { bestiary } from "../../data/check/bestiary";

const sable = bestiary("sable-dragon");
const who = { uuid: "Actor.rL5dSGUwvS02DhaG", name: "Sable Dragon", img: "systems/age-of-dragons/assets/art/sable-dragon.svg" };
const clawId = sable.items.find((i) => i.type === "weapon" && i.name === "Tooth and Claw")?._id ?? "";

describe("check card data", () => {
  it("records the actor, the skill and rank, the pool, TN, modifiers and successes", () => {
    const data = checkCardData(who, prepareCheck(sable, { choice: { skill: "toothAndClaw" }, extraDice: 2, tnShift: 1 }), 3);
    expect(data).toEqual({
      actorUuid: who.uuid, actorName: "Sable Dragon", actorImg: who.img, attribute: "soma", skill: "toothAndClaw",
      skillName: "Tooth and Claw", rank: "expert", weapon: "", killerBlow: false, basePool: 6, baseTN: 4,
      extraDice: 2, tnShift: 1, pool: 8, tn: 5, successes: 3,
    });
  });
  it("records a weapon's attack with a killer blow at TN +1", () => {
    const data = checkCardData(who, prepareCheck(sable, { choice: {}, weapon: clawId, killerBlow: true }), 0);
    expect(data).toMatchObject({ weapon: "Tooth and Claw", killerBlow: true, skill: "toothAndClaw", baseTN: 5, tn: 5 });
  });
  it("has nothing to record for a refused check", () => {
    expect(checkCardData(who, prepareCheck(sable, { choice: { attribute: "soma" }, tnShift: 1 }), 0)).toBeNull();
  });
});

describe("check card context", () => {
  const data = checkCardData(who, prepareCheck(sable, { choice: { skill: "toothAndClaw" }, extraDice: 1 }), 4);
  if (data === null) throw new Error("refused");

  it("names the check, the actor, the rank and the modifiers", () => {
    const ctx = checkCardContext(data, [6, 4, 2, 5, 1, 3, 4], localizeKey);
    expect(ctx).toMatchObject({
      checkName: "Tooth and Claw", actorName: "Sable Dragon", details: "Expert \u00b7 Soma", pool: "7 dice", tn: "4+",
      modifiers: ["Extra dice +1"], verdict: "Success", subtitle: "Sable Dragon \u00b7 Expert \u00b7 Soma",
    });
  });
  it("counts successes from the faces, not from the stored number", () => {
    const ctx = checkCardContext({ ...data, successes: 7 }, [1, 2, 3, 3, 2, 1, 2], localizeKey);
    expect(ctx.result.successes).toBe(0);
    expect(ctx.verdict).toBe("Failure");
  });
  it("renders every die, the marks and the result in words", () => {
    const html = renderTemplate("systems/age-of-dragons/templates/checks/check-card.hbs", checkCardContext(data, [6, 4, 2, 5, 1, 3, 4], localizeKey, ["A notice."]));
    expect(html.match(/class="aod-die /g)).toHaveLength(7);
    expect(html.match(/aod-die-mark/g)).toHaveLength(4);
    expect(html).toContain("4 successes from 7 dice at TN\u00a04+");
    // The header names the actor once: the portrait beside the name is decorative.
    expect(html.replace(/<[^>]*>/g, "").match(/Sable Dragon/g)).toHaveLength(1);
    expect(html).toMatch(/<img class="aod-card-portrait" src="[^"]*" alt="" width="32" height="32">/);
    expect(html).toContain("A notice.");
  });
});

describe("reading an actor's source", () => {
  it("accepts a pack entry and keeps its items", () => {
    const source = actorDataOf(JSON.parse(JSON.stringify(sable)));
    expect(source?.items.map((i) => i.name)).toEqual(sable.items.map((i) => i.name));
  });
  it("refuses what is not an actor", () => {
    expect(actorDataOf(null)).toBeNull();
    expect(actorDataOf({ name: "X", type: "dragon", items: [{ name: 3 }] })).toBeNull();
    expect(actorDataOf({ name: "X", type: "dragon" })).toBeNull();
  });
});
