// Ending the skirmish (src/features/round/end-skirmish.ts): the GM confirms first; a "no" leaves nothing written.
import { describe, expect, it } from "vitest";
import { endSkirmishConfirmed } from "../../../src/features/round/end-skirmish";

function steps(answer: boolean) {
  const done: string[] = [];
  return {
    done,
    steps: {
      confirm: () => {
        done.push("confirm");
        return Promise.resolve(answer);
      },
      markEnded: () => {
        done.push("markEnded");
        return Promise.resolve();
      },
      remove: () => {
        done.push("remove");
        return Promise.resolve();
      },
    },
  };
}

describe("endSkirmishConfirmed", () => {
  it("marks nothing ended and removes nothing when the GM answers no", async () => {
    const { done, steps: s } = steps(false);
    expect(await endSkirmishConfirmed(s)).toBe(false);
    expect(done).toEqual(["confirm"]);
  });

  it("asks first, then marks the skirmish ended, then removes the combat on a yes", async () => {
    const { done, steps: s } = steps(true);
    expect(await endSkirmishConfirmed(s)).toBe(true);
    expect(done).toEqual(["confirm", "markEnded", "remove"]);
  });
});
