// The advice's glue (src/features/simulator/advice-asks.ts, behind advice-runner.ts and the advice window): one
// question per worker, the latest question's answer alone shown, and carrying an option out through the features.
import { describe, expect, it } from "vitest";
import { AdviceSlot, askWorker, carryOutWith } from "../../../src/features/simulator/advice-asks";
import type { AdviceAsk, AdviceOutcome, AdviceWorker, Carriers } from "../../../src/features/simulator/advice-asks";
import type { ToWorker } from "../../../src/features/simulator/worker-protocol";
import type { MovePayload } from "../../../src/core/action-payloads";
import type { AdviceResult } from "../../../src/rules/simulator";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";

const encounter = versus([dragon("a")], [knight("b")]);
const advice = (side: string): AdviceResult => ({ combatantId: "a", side } as unknown as AdviceResult);
const problem = { key: "AOD.Simulator.Error.Failed", data: {} };

/** A worker that records what it is sent and is told, and delivers what the test says it answers. */
class FakeWorker implements AdviceWorker {
  readonly sent: ToWorker[] = [];
  terminated = 0;
  #listeners: ((data: unknown) => void)[] = [];
  postMessage(message: ToWorker): void {
    this.sent.push(structuredClone(message));
  }
  listen(listener: (data: unknown) => void): void {
    this.#listeners.push(listener);
  }
  terminate(): void {
    this.terminated += 1;
  }
  answer(data: unknown): void {
    for (const l of this.#listeners) l(data);
  }
}

/** Whether a promise has settled yet, and with what. */
async function peek<T>(promise: Promise<T>): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((resolve) => {
    setTimeout(() => {
      resolve("pending");
    }, 0);
  })]);
}

describe("askWorker: one question, one answer", () => {
  it("asks the worker for the combatant's advice in the step's phase, seed 1", () => {
    const worker = new FakeWorker();
    askWorker(worker, { job: 4, encounter, combatantId: "a", phase: "movement" });
    expect(worker.sent).toEqual([{ type: "advise", job: 4, encounter, combatantId: "a", phase: "movement", seed: 1 }]);
  });

  it("answers with the job's advice and stops the worker, ignoring other jobs and progress", async () => {
    const worker = new FakeWorker();
    const ask = askWorker(worker, { job: 4, encounter, combatantId: "a", phase: "battle" });
    worker.answer({ type: "advice", job: 3, advice: advice("Blue") });
    worker.answer({ type: "progress", job: 4, done: 1, total: 2 });
    worker.answer("junk");
    expect(await peek(ask.answer)).toBe("pending");
    expect(worker.terminated).toBe(0);
    worker.answer({ type: "advice", job: 4, advice: advice("Red") });
    await expect(ask.answer).resolves.toEqual({ status: "done", advice: advice("Red") });
    expect(worker.terminated).toBe(1);
  });

  it("answers with the worker's problem when it fails", async () => {
    const worker = new FakeWorker();
    const ask = askWorker(worker, { job: 1, encounter, combatantId: "a", phase: "battle" });
    worker.answer({ type: "error", job: 1, problem });
    await expect(ask.answer).resolves.toEqual({ status: "failed", problem });
    expect(worker.terminated).toBe(1);
  });

  it("stops the worker when cancelled, and no answer comes after", async () => {
    const worker = new FakeWorker();
    const ask = askWorker(worker, { job: 1, encounter, combatantId: "a", phase: "battle" });
    ask.cancel();
    expect(worker.terminated).toBe(1);
    worker.answer({ type: "advice", job: 1, advice: advice("Red") });
    expect(await peek(ask.answer)).toBe("pending");
    expect(worker.terminated).toBe(1);
  });
});

/** An ask the test answers by hand. */
function handAsk(): AdviceAsk & { give(outcome: AdviceOutcome): void; cancelled: boolean } {
  let give: (outcome: AdviceOutcome) => void = () => undefined;
  const answer = new Promise<AdviceOutcome>((resolve) => (give = resolve));
  const ask = {
    answer,
    cancelled: false,
    give: (outcome: AdviceOutcome) => {
      give(outcome);
    },
    cancel: () => {
      ask.cancelled = true;
    },
  };
  return ask;
}

describe("AdviceSlot: the latest question's answer alone is shown", () => {
  it("shows the answer of the question asked", async () => {
    const slot = new AdviceSlot();
    const shown: AdviceOutcome[] = [];
    const ask = handAsk();
    slot.start(ask, (o) => shown.push(o));
    expect(slot.working).toBe(true);
    ask.give({ status: "done", advice: advice("Red") });
    await ask.answer;
    expect(shown).toEqual([{ status: "done", advice: advice("Red") }]);
    expect(slot.working).toBe(false);
  });

  it("restarts: a new question stops the old one, whose answer is dropped", async () => {
    const slot = new AdviceSlot();
    const shown: string[] = [];
    const old = handAsk();
    const fresh = handAsk();
    slot.start(old, () => shown.push("old"));
    slot.start(fresh, () => shown.push("fresh"));
    expect(old.cancelled).toBe(true);
    old.give({ status: "failed", problem });
    fresh.give({ status: "done", advice: advice("Red") });
    await Promise.all([old.answer, fresh.answer]);
    expect(shown).toEqual(["fresh"]);
  });

  it("stops the question when the window closes, and shows nothing after", async () => {
    const slot = new AdviceSlot();
    const shown: string[] = [];
    const ask = handAsk();
    slot.start(ask, () => shown.push("shown"));
    slot.stop();
    expect(ask.cancelled).toBe(true);
    expect(slot.working).toBe(false);
    ask.give({ status: "done", advice: advice("Red") });
    await ask.answer;
    expect(shown).toEqual([]);
  });
});

describe("carryOutWith: each option through the feature that owns it", () => {
  function carriers() {
    const calls: [string, unknown][] = [];
    const actions: Carriers = {
      startAttack: (options) => {
        calls.push(["startAttack", options]);
        return Promise.resolve();
      },
      boardMove: (payload) => {
        calls.push(["boardMove", payload]);
        return Promise.resolve("AOD.Board.Reason.TooFar");
      },
      declareChoice: (options) => {
        calls.push(["declareChoice", options]);
        return Promise.resolve(undefined);
      },
    };
    const carrier = <K extends keyof Carriers>(name: K): Carriers[K] => actions[name];
    return { calls, carrier };
  }
  const choice = { action: "other" as const, weaponId: "", targetId: "", move: null, text: "" };

  it("starts the attack card, and has no refusal of its own", async () => {
    const { calls, carrier } = carriers();
    await expect(carryOutWith(carrier, { kind: "attack", options: { attacker: "Actor.a", targets: ["Actor.b"] } })).resolves.toBeUndefined();
    expect(calls).toEqual([["startAttack", { attacker: "Actor.a", targets: ["Actor.b"] }]]);
  });

  it("makes the board move and passes on the board's refusal", async () => {
    const { calls, carrier } = carriers();
    const payload: MovePayload = { combatId: "c1", moverId: "a", kind: "standard", altitude: "low" };
    await expect(carryOutWith(carrier, { kind: "move", payload })).resolves.toBe("AOD.Board.Reason.TooFar");
    expect(calls).toEqual([["boardMove", payload]]);
  });

  it("fills in the declaration dialog, or declares at once for the autopilot", async () => {
    const { calls, carrier } = carriers();
    const options = { combatId: "c1", combatantId: "a", choice, ask: true };
    await carryOutWith(carrier, { kind: "declare", options });
    await carryOutWith(carrier, { kind: "declare", options }, { ask: false });
    expect(calls).toEqual([["declareChoice", options], ["declareChoice", { ...options, ask: false }]]);
  });

  it("does nothing for an option the rules refused, and gives their reason", async () => {
    const { calls, carrier } = carriers();
    await expect(carryOutWith(carrier, { kind: "none", refused: "AOD.Declaration.Reason.OutOfReach" })).resolves.toBe("AOD.Declaration.Reason.OutOfReach");
    await expect(carryOutWith(carrier, { kind: "none" })).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });
});
