// The GM-only ledger of handled requests (src/core/requests/ledger.ts): nothing is handled twice, and each
// requester's record is its own, so one user's flood drops nobody else's pending requests.
import { describe, expect, it } from "vitest";
import { EMPTY_LEDGER, readLedger, recordHandled, wasHandled } from "../../../src/core/requests/ledger";

describe("request ledger", () => {
  it("remembers handled ids", () => {
    const ledger = recordHandled(EMPTY_LEDGER, "m1", 100, "u1");
    expect(wasHandled(ledger, "m1", 100, "u1")).toBe(true);
    expect(wasHandled(ledger, "m2", 100, "u1")).toBe(false);
  });

  it("records an id once", () => {
    const once = recordHandled(EMPTY_LEDGER, "m1", 100, "u1");
    expect(recordHandled(once, "m1", 100, "u1")).toBe(once);
  });

  it("drops a user's oldest past its size and then treats anything of that user's that old as handled", () => {
    let ledger = EMPTY_LEDGER;
    ledger = recordHandled(ledger, "a", 10, "u1", Infinity, 2);
    ledger = recordHandled(ledger, "b", 20, "u1", Infinity, 2);
    ledger = recordHandled(ledger, "c", 30, "u1", Infinity, 2);
    expect(ledger.users.u1?.ids).toEqual(["b", "c"]);
    expect(wasHandled(ledger, "a", 10, "u1")).toBe(true);
    expect(wasHandled(ledger, "old", 5, "u1")).toBe(true);
    expect(wasHandled(ledger, "new", 25, "u1")).toBe(false);
  });

  it("keeps another user's older pending request alive however many requests one user floods in", () => {
    // u2 wrote a request at time 50 that is still pending; u1 then sends many, each handled at once.
    let ledger = recordHandled(EMPTY_LEDGER, "early", 40, "u2", Infinity, 3);
    for (let i = 0; i < 20; i += 1) ledger = recordHandled(ledger, `flood${i}`, 100 + i, "u1", Infinity, 3);
    expect(ledger.users.u1?.ids).toHaveLength(3);
    expect(ledger.users.u1?.since).toBeGreaterThan(50);
    expect(wasHandled(ledger, "pending", 50, "u2")).toBe(false);
    expect(wasHandled(ledger, "early", 40, "u2")).toBe(true);
    // The flooder's own old request is the only one its flood can cut off.
    expect(wasHandled(ledger, "own", 50, "u1")).toBe(true);
  });

  it("records a request dated in the future as handled now, so its falling off silences nobody", () => {
    let ledger = EMPTY_LEDGER;
    ledger = recordHandled(ledger, "forged", 9_000_000, "u1", 100, 2);
    expect(ledger.users.u1?.times).toEqual([100]);
    ledger = recordHandled(ledger, "b", 110, "u1", 120, 2);
    ledger = recordHandled(ledger, "c", 130, "u1", 140, 2);
    expect(ledger.users.u1?.ids).toEqual(["b", "c"]);
    expect(ledger.users.u1?.since).toBe(101);
    expect(wasHandled(ledger, "later", 150, "u1")).toBe(false);
    // Without the GM's clock the forged date would have moved the cutoff past every later request.
    let unguarded = EMPTY_LEDGER;
    for (const [id, t] of [["forged", 9_000_000], ["b", 110], ["c", 130]] as const) unguarded = recordHandled(unguarded, id, t, "u1", Infinity, 2);
    expect(wasHandled(unguarded, "later", 150, "u1")).toBe(true);
  });

  it("still honours what a ledger kept before the per-user records, for every user", () => {
    const old = readLedger({ ids: ["m1"], times: [100], since: 50 });
    expect(wasHandled(old, "m1", 100, "u1")).toBe(true);
    expect(wasHandled(old, "m0", 40, "u2")).toBe(true);
    expect(wasHandled(old, "m2", 120, "u2")).toBe(false);
    const grown = recordHandled(old, "m2", 120, "u2");
    expect(grown.ids).toEqual(["m1"]);
    expect(wasHandled(grown, "m2", 120, "u2")).toBe(true);
  });

  it("reads a malformed setting as empty and drops broken entries", () => {
    expect(readLedger("junk")).toEqual({ ids: [], times: [], since: 0, users: {} });
    expect(readLedger({ ids: ["a", 5, "c"], times: [1, 2, "x"], since: "soon" })).toEqual({ ids: ["a"], times: [1], since: 0, users: {} });
    expect(readLedger({ users: { u1: { ids: ["a"], times: [1], since: 2 }, u2: "junk" } }).users).toEqual({
      u1: { ids: ["a"], times: [1], since: 2 },
      u2: { ids: [], times: [], since: 0 },
    });
    expect(readLedger({ users: ["a"] }).users).toEqual({});
  });
});
