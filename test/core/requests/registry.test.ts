// The request procedure (src/core/requests/registry.ts): parse -> gather -> validate -> apply, with hostile input.
import { describe, expect, it } from "vitest";
import type { Refusal, Requester, RequestKind } from "../../../src/core/requests/registry";
import { REQUEST_REASONS, RequestRegistry, badPayload, ownsOrGM, payloadId, shouldProcess, isOwnRefusal } from "../../../src/core/requests/registry";

const player: Requester = { id: "user1", name: "Player", isGM: false };
const gm: Requester = { id: "gm1", name: "GM", isGM: true };

/** A kind that moves a counter owned by one user, recording what it applied. */
function counterKind(owner: string, applied: number[]): RequestKind<{ by: number }, { owner: string; value: number }> {
  return {
    parse(payload): { by: number } | Refusal {
      const by = (payload as { by?: unknown } | null)?.by;
      return typeof by === "number" && Number.isInteger(by) && by > 0 && by < 10 ? { by } : badPayload("by");
    },
    gather: () => ({ owner, value: applied.reduce((a, b) => a + b, 0) }),
    validate: (payload, facts, requester) => {
      const owns = ownsOrGM(facts.owner === requester.id, requester);
      if (!owns.ok) return owns;
      return facts.value + payload.by > 10 ? { ok: false, reason: REQUEST_REASONS.NotNow } : { ok: true };
    },
    apply: (payload) => {
      applied.push(payload.by);
      return undefined;
    },
  };
}

describe("RequestRegistry.process", () => {
  it("applies a valid request from the owner", async () => {
    const applied: number[] = [];
    const registry = new RequestRegistry();
    registry.register("test.count", counterKind("user1", applied));
    expect(await registry.process("test.count", { by: 3 }, player)).toEqual({ ok: true });
    expect(applied).toEqual([3]);
  });

  it("refuses a requester that does not own what it acts for, but lets a GM override", async () => {
    const applied: number[] = [];
    const registry = new RequestRegistry();
    registry.register("test.count", counterKind("someone-else", applied));
    expect(await registry.process("test.count", { by: 3 }, player)).toEqual({ ok: false, reason: REQUEST_REASONS.NotOwner });
    expect(applied).toEqual([]);
    expect(await registry.process("test.count", { by: 3 }, gm)).toEqual({ ok: true });
    expect(applied).toEqual([3]);
  });

  it("re-reads the facts for every request, so the second of two racing requests meets the first's result", async () => {
    const applied: number[] = [];
    const registry = new RequestRegistry();
    registry.register("test.count", counterKind("user1", applied));
    const first = registry.process("test.count", { by: 6 }, player);
    expect(await first).toEqual({ ok: true });
    expect(await registry.process("test.count", { by: 6 }, player)).toEqual({ ok: false, reason: REQUEST_REASONS.NotNow });
    expect(applied).toEqual([6]);
  });

  it.each([
    ["null", null],
    ["a string", "by=3"],
    ["an array", [3]],
    ["a wrong type", { by: "3" }],
    ["NaN", { by: Number.NaN }],
    ["a fraction", { by: 1.5 }],
    ["a huge number", { by: 1e9 }],
    ["a prototype key", JSON.parse('{"__proto__": {"by": 3}}') as unknown],
  ])("refuses a hostile payload (%s) and applies nothing", async (_label, payload) => {
    const applied: number[] = [];
    const registry = new RequestRegistry();
    registry.register("test.count", counterKind("user1", applied));
    expect(await registry.process("test.count", payload, player)).toEqual({
      ok: false,
      reason: REQUEST_REASONS.BadPayload,
      data: { field: "by" },
    });
    expect(applied).toEqual([]);
  });

  it("refuses an unknown or non-string kind", async () => {
    const registry = new RequestRegistry();
    expect(await registry.process("test.nothing", {}, player)).toEqual({ ok: false, reason: REQUEST_REASONS.UnknownKind, data: { kind: "test.nothing" } });
    expect(await registry.process(42, {}, player)).toEqual({ ok: false, reason: REQUEST_REASONS.UnknownKind, data: { kind: "42" } });
  });

  it("turns an exception into the failed refusal and reports the error", async () => {
    const registry = new RequestRegistry();
    const errors: unknown[] = [];
    registry.register("test.boom", {
      parse: () => ({}),
      gather: () => {
        throw new Error("boom");
      },
      validate: () => ({ ok: true }),
      apply: () => undefined,
    });
    expect(await registry.process("test.boom", {}, player, (e) => errors.push(e))).toEqual({ ok: false, reason: REQUEST_REASONS.Failed });
    expect(errors).toHaveLength(1);
  });

  it("passes a gatherer's refusal on (a document that is gone)", async () => {
    const registry = new RequestRegistry();
    registry.register("test.gone", {
      parse: () => ({}),
      gather: () => ({ refused: REQUEST_REASONS.Gone }),
      validate: () => ({ ok: true }),
      apply: () => {
        throw new Error("must not apply");
      },
    });
    expect(await registry.process("test.gone", {}, gm)).toEqual({ ok: false, reason: REQUEST_REASONS.Gone });
  });

  it("refuses to register a badly named or duplicate kind", () => {
    const registry = new RequestRegistry();
    registry.register("board.move", counterKind("x", []));
    expect(() => {
      registry.register("board.move", counterKind("x", []));
    }).toThrow(/already registered/);
    expect(() => {
      registry.register("move", counterKind("x", []));
    }).toThrow(RangeError);
    expect(() => {
      registry.register("Board.Move", counterKind("x", []));
    }).toThrow(RangeError);
    expect(registry.kinds()).toEqual(["board.move"]);
    expect(registry.has("board.move")).toBe(true);
  });
});

describe("shouldProcess", () => {
  const message = { id: "m1", status: "pending" };
  it("acts only on the active GM's client", () => {
    expect(shouldProcess(message, { userId: "gm1", activeGMId: "gm1" }, new Set())).toBe(true);
    expect(shouldProcess(message, { userId: "gm2", activeGMId: "gm1" }, new Set())).toBe(false);
    expect(shouldProcess(message, { userId: "user1", activeGMId: null }, new Set())).toBe(false);
  });
  it("acts only on pending requests not already in hand", () => {
    expect(shouldProcess({ id: "m1", status: "applied" }, { userId: "gm1", activeGMId: "gm1" }, new Set())).toBe(false);
    expect(shouldProcess(message, { userId: "gm1", activeGMId: "gm1" }, new Set(["m1"]))).toBe(false);
  });
});

describe("payloadId", () => {
  it("reads document ids and nothing else", () => {
    expect(payloadId({ id: "abcDEF0123456789" }, "id")).toBe("abcDEF0123456789");
    expect(payloadId({ id: "a.b" }, "id")).toBeUndefined();
    expect(payloadId({ id: "" }, "id")).toBeUndefined();
    expect(payloadId({ id: "x".repeat(65) }, "id")).toBeUndefined();
    expect(payloadId({ id: 5 }, "id")).toBeUndefined();
    expect(payloadId(null, "id")).toBeUndefined();
  });
});

describe("isOwnRefusal", () => {
  it("tells only the requester's own client that its request was refused", () => {
    expect(isOwnRefusal("refused", "user1", "user1")).toBe(true);
    expect(isOwnRefusal("refused", "user1", "user2")).toBe(false);
    expect(isOwnRefusal("applied", "user1", "user1")).toBe(false);
    expect(isOwnRefusal("pending", "user1", "user1")).toBe(false);
  });

  it("tells nobody, and does not throw, when the request's author has been deleted", () => {
    expect(isOwnRefusal("refused", null, "user1")).toBe(false);
    expect(isOwnRefusal("refused", undefined, "user1")).toBe(false);
    expect(isOwnRefusal("refused", "", "")).toBe(false);
  });
});
