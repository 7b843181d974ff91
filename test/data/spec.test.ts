import { describe, expect, it } from "vitest";
import { SKILL_USES } from "../../src/data/spec";
import { SKILL_USE_NAMES } from "../../src/rules";

describe("DATA.md Item skill: uses", () => {
  it("the spec's skill uses are exactly the checks deriveCharacter computes pools for", () => {
    expect([...SKILL_USES]).toEqual([...SKILL_USE_NAMES]);
  });
});
