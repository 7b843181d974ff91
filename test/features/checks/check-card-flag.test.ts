// What a check card keeps to be drawn again from its message (src/features/checks/check-card-flag.ts): the roll's
// notices as keys and values, localised only when drawn, and the roll mode.
import { describe, expect, it } from "vitest";
import { CHECK_CARD_FLAG, checkCardFlags, readCheckCardFlag } from "../../../src/features/checks/check-card-flag";
import { checkCardContext } from "../../../src/features/checks/check-card-context";
import { checkCardData } from "../../../src/data/message/check-data";
import { prepareCheck } from "../../../src/data/check/prepare-check";
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { localizeKey } from "../../templates/foundry-helpers";
import { renderTemplate } from "../../templates/render";
import { bestiary } from "../../data/check/bestiary";

const sable = bestiary("sable-dragon");
const who = { uuid: "Actor.rL5dSGUwvS02DhaG", name: "Sable Dragon", img: "" };

/** A capped pool: the plan notices it (AOD.Roll.Notice.PoolCapped). */
const prepared = prepareCheck(sable, { choice: { skill: "toothAndClaw" }, extraDice: 30 });
const stored = (flags: Record<string, unknown>): unknown => (flags[SYSTEM_ID] as Record<string, unknown>)[CHECK_CARD_FLAG];

describe("the check card flag", () => {
  it("keeps the roll's notices as keys and values, and its roll mode", () => {
    expect(prepared.notices.map((n) => n.key)).toContain("AOD.Roll.Notice.PoolCapped");
    const flag = stored(checkCardFlags(prepared.notices, "gmroll"));
    expect(flag).toEqual({ notices: prepared.notices.map((n) => ({ key: n.key, data: n.data })), rollMode: "gmroll" });
    expect(JSON.parse(JSON.stringify(flag))).toEqual(flag);
  });

  it("reads back what it wrote, and draws the same card as the roll did", () => {
    const flag = readCheckCardFlag(JSON.parse(JSON.stringify(stored(checkCardFlags(prepared.notices, "blindroll")))));
    if (flag === null) throw new Error("no flag");
    const data = checkCardData(who, prepared, 3);
    if (data === null) throw new Error("refused");
    const faces = Array.from({ length: data.pool }, (_, i) => (i % 6) + 1);
    const atRoll = checkCardContext(data, faces, localizeKey, prepared.notices.map((n) => localizeKey(n.key, n.data)), "blindroll");
    const redrawn = checkCardContext(data, faces, localizeKey, flag.notices.map((n) => localizeKey(n.key, n.data)), flag.rollMode);
    expect(redrawn).toEqual(atRoll);
    const html = renderTemplate("systems/age-of-dragons/templates/checks/check-card.hbs", redrawn);
    expect(html).toContain(localizeKey("AOD.Roll.Notice.PoolCapped", prepared.notices[0]?.data ?? {}));
    // Localised when drawn: other words show on the same stored card.
    const other = checkCardContext(data, faces, (key) => `~${key}`, flag.notices.map((n) => `~${n.key}`), flag.rollMode);
    expect(other.notices).toEqual(["~AOD.Roll.Notice.PoolCapped"]);
  });

  it("is absent on a card posted before it existed", () => {
    expect(readCheckCardFlag(undefined)).toBeNull();
    expect(readCheckCardFlag(null)).toBeNull();
  });

  it.each([
    ["no roll mode", { notices: [] }],
    ["notices not a list", { notices: "x", rollMode: "publicroll" }],
    ["a notice without a key", { notices: [{ data: {} }], rollMode: "publicroll" }],
    ["a notice whose values are not text or numbers", { notices: [{ key: "k", data: { pool: {} } }], rollMode: "publicroll" }],
    ["a notice without data", { notices: [{ key: "k", data: null }], rollMode: "publicroll" }],
  ])("does not read with %s", (_name, value) => {
    expect(() => readCheckCardFlag(value)).toThrow(/does not read/);
  });
});
