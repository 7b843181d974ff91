import { describe, expect, it } from "vitest";
import { deriveFor } from "../../src/data/actor/derive";

const expertClaws = {
  type: "skill",
  name: "Tooth and Claw",
  system: { identifier: "toothAndClaw", rank: "expert", attribute: "soma", uses: ["meleeAttack"], hampered: false },
};
const model = { soma: 5, pneuma: 4, life: { max: 12, wounds: 0 } };

describe("RULES.md Dice and checks: the skill ladder a table configures", () => {
  it("uses the default ladder unless told otherwise: Expert is TN 4", () => {
    expect(deriveFor(model, [expertClaws]).skills.toothAndClaw).toEqual({ tn: 4, pool: 5 });
  });
  it("uses a configured ladder (CONFIG.ageOfDragons.skillLadder) for every skill TN", () => {
    const harsh = { untrained: 6, trained: 6, expert: 5, master: 4, grandmaster: 3 };
    expect(deriveFor(model, [expertClaws], harsh).skills.toothAndClaw).toEqual({ tn: 5, pool: 5 });
    expect(deriveFor(model, [], harsh).pools.soma.tn).toBe(6);
  });
});
