// The side d10 initiative card (the events the ties called for, and how many the world's cap per round skipped),
// and the event card's text for a GM's own table.
import { describe, expect, it } from "vitest";
import { eventCardContext, initiativeCardContext, resultText } from "../../../src/core/cards/combat-card-context";
import type { InitiativeCardData } from "../../../src/core/cards/combat-card-context";
import { eventsToDraw } from "../../../src/core/settings/settings-table";
import { format } from "../../features/round/fight";

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
  it("says a single forced re-roll in the singular", () => {
    expect(initiativeCardContext(card(1, 3), format).events).toBe("A tie forced a re-roll: a combat event for it.");
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

describe("a GM's own table's result on the event card", () => {
  it("shows the description's text, not its HTML, and a content link as its label", () => {
    expect(resultText("<p>The <strong>wind</strong> turns: see @UUID[Compendium.x.y.RollTable.abc]{Gusts} &amp; hold on.</p>")).toBe(
      "The wind turns: see Gusts & hold on.",
    );
    expect(resultText("<p>Roll on @UUID[RollTable.AbCdEfGhIjKlMnOp].</p>\n<p>Then&nbsp;again &#8212; twice.</p>")).toBe("Roll on RollTable.AbCdEfGhIjKlMnOp. Then again — twice.");
    expect(resultText("Plain name")).toBe("Plain name");
  });
  it("is what the card prints for a custom result, while the engine's events keep their own text", () => {
    const context = eventCardContext(
      {
        round: 2,
        table: "My Events",
        events: [
          { roll: 4, event: "custom", key: "", text: "<p>Hail <em>everywhere</em></p>", combatant: null, affected: [] },
          { roll: 5, event: "custom", key: "", name: "Thunder &amp; Hail", text: "<p>Loud.</p>", combatant: null, affected: [] },
          { roll: 13, event: "blindingSun", key: "AOD.CombatEvents.BlindingSun.Effect", text: "", combatant: "a", affected: ["a"] },
        ],
      },
      { a: "Sable Dragon" },
      format,
    );
    expect(context.events[0]?.effect).toBe("Hail everywhere");
    expect(context.events[0]?.name).toBe("Table result");
    expect(context.events[1]?.name).toBe("Thunder & Hail");
    expect(context.events[2]?.effect).toBe(format("AOD.CombatEvents.BlindingSun.Effect"));
    expect(context.events[2]?.who).toMatch(/Sable Dragon/);
  });
});

describe("the combat cards draw their dice and group their rows", () => {
  it("draws each side's d10s as dice, the tied ones faded, and names the side's speed phases", () => {
    const sides = initiativeCardContext({ ...card(1, 3), sides: [{ side: "Dragons", history: [4, 10], shift: -1 }, { side: "Wyvern Host", history: [4, 7], shift: 0 }] }, format).sides;
    expect(sides.map((s) => [s.side, s.dice.map((d) => `${String(d.face)}:${d.tone}:d${String(d.sides)}`), s.phase])).toEqual([
      ["Dragons", ["4:failure:d10", "10:plain:d10"], "One phase earlier"],
      ["Wyvern Host", ["4:failure:d10", "7:plain:d10"], "Own speed phases"],
    ]);
  });
  it("puts each combatant's tie-break checks under its own row: the first a tie-break, then re-rolls", () => {
    const context = initiativeCardContext(
      {
        mode: "descending",
        round: 1,
        tieTN: 6,
        order: [{ id: "a", name: "Argent", pneuma: 5 }, { id: "h", name: "Hunter", pneuma: 5 }, { id: "r", name: "Rider", pneuma: 2 }],
        checks: [
          { id: "a", dice: [6, 1, 4], successes: 1 },
          { id: "h", dice: [5, 6, 2], successes: 1 },
          { id: "a", dice: [2, 6, 6], successes: 2 },
          { id: "h", dice: [1, 1, 4], successes: 0 },
        ],
        sides: [],
        events: 0,
      },
      format,
    );
    expect(context.order.map((o) => [o.name, o.checks.map((c) => `${c.label} ${c.dice.map((d) => d.face).join("")} ${c.result}`)])).toEqual([
      ["Argent", ["Tie-break 641 Successes: 1", "Re-roll 2 662 Successes: 2"]],
      ["Hunter", ["Tie-break 652 Successes: 1", "Re-roll 2 411 Successes: 0"]],
      ["Rider", []],
    ]);
  });
  it("draws an event's d20 as a die", () => {
    const context = eventCardContext({ round: 1, table: "T", events: [{ roll: 13, event: "blindingSun", key: "AOD.CombatEvents.BlindingSun.Effect", text: "", combatant: null, affected: [] }] }, {}, format);
    expect(context.events[0]?.dice).toEqual([{ face: 13, success: false, tone: "plain", sides: 20, labelKey: "AOD.Roll.Die.Plain" }]);
  });
});
