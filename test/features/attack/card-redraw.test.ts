// When an attack card is drawn again because a GM connected or the last one left (docs/ATTACK.md): exactly the
// cards whose view depends on a GM being online.
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../../src/features/attack/attack-card-context";
import { gmPresenceChanged, showsGmPresence } from "../../../src/features/attack/card-redraw";
import { undoCard } from "../../../src/rules/attack-card";
import { ok } from "../../rules/attack-card-fixtures";
import { cardStates, inputFor, t } from "./attack-card-states";

const states = cardStates();
const applied = states["damage-applied"];
if (applied === undefined) throw new Error("no applied card");
const more = {
  undone: { card: ok(undoCard(applied.card)), state: applied.state },
};

describe("which attack cards redraw when GM presence changes", () => {
  const all: Record<string, { card: typeof applied.card; state: typeof applied.state }> = { ...states, ...more };
  it.each(Object.keys(all))("%s: redrawn exactly when its view differs with and without a GM", (name) => {
    const entry = all[name];
    if (entry === undefined) throw new Error(name);
    const online = attackCardContext(t, inputFor(entry.card, entry.state, { gmOnline: true }));
    const offline = attackCardContext(t, inputFor(entry.card, entry.state, { gmOnline: false }));
    const differs = JSON.stringify(online) !== JSON.stringify(offline);
    expect(showsGmPresence(entry.card.stage)).toBe(differs);
  });
  it("covers open and closed cards both", () => {
    const stages = new Set(Object.values(all).map((e) => e.card.stage));
    for (const stage of ["rolled", "applied", "undone"] as const) expect(stages.has(stage)).toBe(true);
  });
  it("a refused card never waits for a GM", () => {
    expect(showsGmPresence("refused")).toBe(false);
    expect(showsGmPresence("declared")).toBe(true);
  });
});

describe("gmPresenceChanged", () => {
  it("is true only when a GM came or the last one went since the last look", () => {
    expect(gmPresenceChanged(true, false)).toBe(true);
    expect(gmPresenceChanged(false, true)).toBe(true);
    expect(gmPresenceChanged(true, true)).toBe(false);
    expect(gmPresenceChanged(false, false)).toBe(false);
  });
  it("redraws nothing on the first look (the log was just drawn with the presence of now)", () => {
    expect(gmPresenceChanged(null, true)).toBe(false);
    expect(gmPresenceChanged(null, false)).toBe(false);
  });
});
