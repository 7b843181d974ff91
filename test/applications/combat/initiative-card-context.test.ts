// The side d10 initiative card: the events the ties called for, and how many the world's cap per round skipped.
import { describe, expect, it } from "vitest";
import { initiativeCardContext } from "../../../src/applications/combat/card-context";
import type { InitiativeCardData } from "../../../src/applications/combat/card-context";
import { eventsToDraw } from "../../../src/config/settings-table";
import { format } from "./fight";

const card = (events: number, cap: number): InitiativeCardData => {
  const { skipped, cap: limit } = eventsToDraw(events, cap);
  return {
    mode: "sideD10",
    round: 3,
    tieTN: 6,
    order: [],
    checks: [],
    sides: [
      { side: "Dragons", history: [4, 4, 9], shift: 0 },
      { side: "Wyvern Host", history: [4, 4, 2], shift: 0 },
    ],
    events,
    skipped,
    cap: limit,
  };
};

describe("the initiative card's combat events line", () => {
  it("says how many events the ties forced and how many the cap skipped", () => {
    const context = initiativeCardContext(card(5, 3), format);
    expect(context.events).toBe("Ties forced 5 re-rolls: a combat event for each.");
    expect(context.skipped).toBe("Combat events are capped at 3 a round: 3 drawn, 2 skipped.");
  });
  it("follows the cap and the count", () => {
    expect(initiativeCardContext(card(4, 1), format).skipped).toBe("Combat events are capped at 1 a round: 1 drawn, 3 skipped.");
    expect(initiativeCardContext(card(2, 3), format).skipped).toBe("");
    expect(initiativeCardContext(card(6, 0), format).skipped).toBe("");
  });
  it("reads a card stored before the cap existed as nothing skipped", () => {
    const { skipped: _skipped, cap: _cap, ...older } = card(5, 3);
    expect(initiativeCardContext(older, format).skipped).toBe("");
    expect(initiativeCardContext(older, format).events).toMatch(/5 re-rolls/);
  });
});
