// The Pneuma initiative card's tie checks (src/core/cards/combat-card-context.ts): each check at the TN it was rolled
// at, and the heading naming it, when a power (flags.age-of-dragons.pneumaTieTN) moves it off 6 (000 "Initiative").
import { describe, expect, it } from "vitest";
import { initiativeCardContext, tieChecksWithTN } from "../../../src/core/cards/combat-card-context";
import type { InitiativeCardData } from "../../../src/core/cards/combat-card-context";
import { format } from "../../features/round/fight";

const checks = [
  { id: "sable", dice: [5, 5, 2], successes: 2 },
  { id: "argent", dice: [6, 5, 1], successes: 1 },
];

function card(tieTNs: Record<string, number | undefined>): InitiativeCardData {
  const tie = tieChecksWithTN(checks, (id) => tieTNs[id]);
  return {
    mode: "descending",
    round: 1,
    tieTN: tie.tieTN,
    order: [
      { id: "sable", name: "Sable", pneuma: 3 },
      { id: "argent", name: "Argent", pneuma: 3 },
    ],
    checks: tie.checks,
    sides: [],
    events: 0,
  };
}

describe("the Pneuma tie TN on the initiative card", () => {
  it("heads the checks with the rules' TN 6 when no power changes it", () => {
    const data = card({});
    expect(data.tieTN).toBe(6);
    expect(initiativeCardContext(data, format).tieNote).toBe("Equal Pneuma: competed Pneuma checks at TN\u00a06+");
  });

  it("heads the checks with the power's TN when it is every tied combatant's, and counts the dice at it", () => {
    const data = card({ sable: 5, argent: 5 });
    expect(data.tieTN).toBe(5);
    const context = initiativeCardContext(data, format);
    expect(context.tieNote).toBe("Equal Pneuma: competed Pneuma checks at TN\u00a05+");
    expect(context.order[0]?.checks[0]?.dice.filter((d) => d.tone === "success")).toHaveLength(2);
  });

  it("names each TN when a power changes it for some of the tied only, and counts each one's dice at its own", () => {
    const data = card({ sable: 5 });
    expect(data.checks.map((c) => c.tn)).toEqual([5, 6]);
    const context = initiativeCardContext(data, format);
    expect(context.tieNote).toBe("Equal Pneuma: competed Pneuma checks, each at its combatant's TN (TN\u00a05+, TN\u00a06+); a power changes some.");
    expect(context.order[0]?.checks[0]?.dice.filter((d) => d.tone === "success")).toHaveLength(2);
    expect(context.order[1]?.checks[0]?.dice.filter((d) => d.tone === "success")).toHaveLength(1);
  });

  it("reads an older card, stored without each check's TN, at the card's TN", () => {
    const old: InitiativeCardData = { ...card({}), tieTN: 6, checks: checks.map((c) => ({ ...c })) };
    expect(initiativeCardContext(old, format).tieNote).toBe("Equal Pneuma: competed Pneuma checks at TN\u00a06+");
  });
});
