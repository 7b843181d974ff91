import { describe, expect, it } from "vitest";
import { INTERRUPTED, NO_AUTHOR, handleRequest } from "../../../src/core/requests/handle";
import type { RequestIO } from "../../../src/core/requests/handle";
import { EMPTY_LEDGER, recordHandled } from "../../../src/core/requests/ledger";
import type { RequestLedger } from "../../../src/core/requests/ledger";
import type { Verdict } from "../../../src/core/requests/registry";

function io(ledger: RequestLedger, process: () => Promise<Verdict> = () => Promise.resolve({ ok: true })) {
  const answers: Verdict[] = [];
  let saved = ledger;
  let runs = 0;
  const value: RequestIO = {
    ledger: () => saved,
    saveLedger: (l) => {
      saved = l;
      return Promise.resolve();
    },
    now: () => 5000,
    process: () => {
      runs += 1;
      return process();
    },
    answer: (v) => {
      answers.push(v);
      return Promise.resolve();
    },
  };
  return { value, answers, runs: () => runs, ledger: () => saved };
}

const request = { id: "m1", timestamp: 100, kind: "combat.fall", payload: {}, author: { id: "p1", name: "P", isGM: false } };

describe("handleRequest", () => {
  it("records the request before running it, then answers", async () => {
    const t = io(EMPTY_LEDGER);
    expect(await handleRequest(t.value, request)).toEqual({ ok: true });
    expect(t.ledger().users.p1?.ids).toEqual(["m1"]);
    expect(t.answers).toEqual([{ ok: true }]);
  });
  it("answers a request recorded but cut short (still pending) with a refusal, never running it again", async () => {
    const t = io(recordHandled(EMPTY_LEDGER, "m1", 100, "p1"));
    expect(await handleRequest(t.value, request)).toEqual({ ok: false, reason: INTERRUPTED });
    expect(t.runs()).toBe(0);
    expect(t.answers).toEqual([{ ok: false, reason: INTERRUPTED }]);
  });
  it("refuses a request whose author is gone", async () => {
    const t = io(EMPTY_LEDGER);
    expect(await handleRequest(t.value, { ...request, author: null })).toEqual({ ok: false, reason: NO_AUTHOR });
    expect(t.runs()).toBe(0);
  });
});
