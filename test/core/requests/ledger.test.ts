// The GM-only ledger of handled requests (src/core/requests/ledger.ts): nothing is handled twice.
import { describe, expect, it } from "vitest";
import { EMPTY_LEDGER, readLedger, recordHandled, wasHandled } from "../../../src/core/requests/ledger";

describe("request ledger", () => {
  it("remembers handled ids", () => {
    const ledger = recordHandled(EMPTY_LEDGER, "m1", 100);
    expect(wasHandled(ledger, "m1", 100)).toBe(true);
    expect(wasHandled(ledger, "m2", 100)).toBe(false);
  });

  it("records an id once", () => {
    const once = recordHandled(EMPTY_LEDGER, "m1", 100);
    expect(recordHandled(once, "m1", 100)).toBe(once);
  });

  it("drops the oldest past its size and then treats anything that old as handled", () => {
    let ledger = EMPTY_LEDGER;
    ledger = recordHandled(ledger, "a", 10, Infinity, 2);
    ledger = recordHandled(ledger, "b", 20, Infinity, 2);
    ledger = recordHandled(ledger, "c", 30, Infinity, 2);
    expect(ledger.ids).toEqual(["b", "c"]);
    expect(wasHandled(ledger, "a", 10)).toBe(true);
    expect(wasHandled(ledger, "old", 5)).toBe(true);
    expect(wasHandled(ledger, "new", 25)).toBe(false);
  });

  it("records a request dated in the future as handled now, so its falling off silences nobody", () => {
    let ledger = EMPTY_LEDGER;
    ledger = recordHandled(ledger, "forged", 9_000_000, 100, 2);
    expect(ledger.times).toEqual([100]);
    ledger = recordHandled(ledger, "b", 110, 120, 2);
    ledger = recordHandled(ledger, "c", 130, 140, 2);
    expect(ledger.ids).toEqual(["b", "c"]);
    expect(ledger.since).toBe(101);
    expect(wasHandled(ledger, "later", 150)).toBe(false);
    // Without the GM's clock the forged date would have moved the cutoff past every later request.
    let unguarded = EMPTY_LEDGER;
    for (const [id, t] of [["forged", 9_000_000], ["b", 110], ["c", 130]] as const) unguarded = recordHandled(unguarded, id, t, Infinity, 2);
    expect(wasHandled(unguarded, "later", 150)).toBe(true);
  });

  it("reads a malformed setting as empty and drops broken entries", () => {
    expect(readLedger("junk")).toEqual({ ids: [], times: [], since: 0 });
    expect(readLedger({ ids: ["a", 5, "c"], times: [1, 2, "x"], since: "soon" })).toEqual({ ids: ["a"], times: [1], since: 0 });
  });
});
