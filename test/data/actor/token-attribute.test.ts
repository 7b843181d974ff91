// Token attribute edits write the stored value (src/data/actor/token-attribute.ts): with an Active Effect on the
// field, core's path would store the prepared value plus the change and the effect would count twice.
import { describe, expect, it } from "vitest";
import { tokenAttributeUpdate } from "../../../src/data/actor/token-attribute";

const withMight = { source: { soma: 6, pneuma: 4, magic: { value: 3, max: 4 } }, prepared: { soma: 8, pneuma: 4, magic: { value: 3, max: 4 } } };

describe("tokenAttributeUpdate", () => {
  it("adds a delta to the stored Soma, not to the prepared one", () => {
    expect(tokenAttributeUpdate("soma", 1, true, false, withMight)).toEqual({ "system.soma": 7 });
  });

  it("moves the stored Soma by the distance between the value asked for and the prepared one", () => {
    // The token shows 8 (6 + 2); the user types 9: one more, so 7 is stored and 9 prepared.
    expect(tokenAttributeUpdate("soma", 9, false, false, withMight)).toEqual({ "system.soma": 7 });
  });

  it("writes Pneuma without an effect as core would", () => {
    expect(tokenAttributeUpdate("pneuma", 5, false, false, withMight)).toEqual({ "system.pneuma": 5 });
    expect(tokenAttributeUpdate("pneuma", -1, true, false, withMight)).toEqual({ "system.pneuma": 3 });
  });

  it("edits a bar's stored value within 0 and its stored maximum", () => {
    expect(tokenAttributeUpdate("magic", -1, true, true, withMight)).toEqual({ "system.magic.value": 2 });
    expect(tokenAttributeUpdate("magic", 9, true, true, withMight)).toEqual({ "system.magic.value": 4 });
    expect(tokenAttributeUpdate("magic", -9, true, true, withMight)).toEqual({ "system.magic.value": 0 });
  });

  it("leaves what is not a number, or would not change, to core or to nothing", () => {
    expect(tokenAttributeUpdate("speed", 1, true, false, withMight)).toBeNull();
    expect(tokenAttributeUpdate("soma", 8, false, false, withMight)).toBeNull();
    expect(tokenAttributeUpdate("soma", Number.NaN, false, false, withMight)).toBeNull();
  });
});
