import { describe, expect, it } from "vitest";
import { identifierAfterUpdate } from "../../../src/data/item/skill-updates";

describe("DATA.md Item skill: the identifier follows the name while blank", () => {
  it("fills a blank identifier when the skill is renamed", () => {
    expect(identifierAfterUpdate({ name: "Claw", identifier: "" }, { name: "Tooth and Claw" })).toBe("toothAndClaw");
  });
  it("keeps an identifier the user set, even on a rename", () => {
    expect(identifierAfterUpdate({ name: "Claw", identifier: "claw" }, { name: "Tooth and Claw" })).toBeUndefined();
  });
  it("refills from the name when the identifier is cleared", () => {
    expect(identifierAfterUpdate({ name: "Aerobatics", identifier: "aero" }, { identifier: "  " })).toBe("aerobatics");
  });
  it("takes a new identifier given in the same update as it is", () => {
    expect(identifierAfterUpdate({ name: "A", identifier: "" }, { name: "B", identifier: "breath" })).toBeUndefined();
  });
  it("fills a still-blank identifier on any update", () => {
    expect(identifierAfterUpdate({ name: "Dragonsbreath", identifier: "" }, {})).toBe("dragonsbreath");
  });
  it("leaves the identifier alone when the name has no letters", () => {
    expect(identifierAfterUpdate({ name: "??", identifier: "" }, { name: "!!" })).toBeUndefined();
  });
});
