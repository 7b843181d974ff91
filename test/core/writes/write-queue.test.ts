import { describe, expect, it } from "vitest";
import { WriteQueue, cardKey, combatKey, keyOfCard, newOpId } from "../../../src/core/writes/write-queue";
import type { OpContext } from "../../../src/core/writes/write-queue";
import { OPS_KEPT, hasOp, readOps, withOp } from "../../../src/core/writes/op-record";

describe("WriteQueue", () => {
  it("runs one key's operations one after another, in order, each seeing the last one's result", async () => {
    const queue = new WriteQueue();
    let step = 0;
    const seen: number[] = [];
    const op = (delay: number) => () =>
      new Promise<number>((resolve) => {
        const before = step;
        setTimeout(() => {
          seen.push(before);
          step = before + 1;
          resolve(step);
        }, delay);
      });
    const results = await Promise.all([queue.run("c1", op(20)), queue.run("c1", op(1)), queue.run("c1", op(5))]);
    expect(results).toEqual([1, 2, 3]);
    expect(seen).toEqual([0, 1, 2]);
  });
  it("goes on after an operation that fails, and hands the failure to its caller", async () => {
    const queue = new WriteQueue();
    const failed = queue.run("c1", () => Promise.reject(new Error("boom")));
    const next = queue.run("c1", () => Promise.resolve("ok"));
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
    expect(queue.busy("c1")).toBe(false);
  });
  it("does not hold one key's operation behind another's", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = queue.run("a", () => new Promise<void>((resolve) => { release = () => { order.push("a"); resolve(); }; }));
    await queue.run("b", () => {
      order.push("b");
      return Promise.resolve();
    });
    release();
    await slow;
    expect(order).toEqual(["b", "a"]);
  });
  it("runs an inner call on the key an operation already holds within that operation, instead of deadlocking", async () => {
    const queue = new WriteQueue();
    const ids: string[] = [];
    const outer = await queue.run("combat.x", async (op) => {
      ids.push(op.id);
      expect(queue.running("combat.x")).toBe(op);
      // What a declared resolve step does when it moves on the board: the board's move runs on the same key.
      return queue.run("combat.x", (inner) => {
        ids.push(inner.id);
        return Promise.resolve("inner done");
      }, op);
    });
    expect(outer).toBe("inner done");
    expect(ids[0]).toBe(ids[1]);
  });
  it("queues a call from an operation on another key behind that key's own operations", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    let within: OpContext | null = null;
    await queue.run("a", async (op) => {
      within = op;
      await queue.run("b", () => {
        order.push("b");
        return Promise.resolve();
      }, op);
    });
    expect(within).not.toBeNull();
    expect(order).toEqual(["b"]);
  });
  it("gives every operation its own id", async () => {
    const queue = new WriteQueue();
    const ids = await Promise.all([1, 2, 3].map(() => queue.run("k", (op) => Promise.resolve(op.id))));
    expect(new Set(ids).size).toBe(3);
    expect(newOpId()).toMatch(/^op[0-9a-z]{14}$/);
  });
  it("keys a combat, a card outside combat, and a card in a combat", () => {
    expect(combatKey("c1")).toBe("combat.c1");
    expect(cardKey("m1")).toBe("card.m1");
    expect(keyOfCard("m1", "")).toBe("card.m1");
    expect(keyOfCard("m1", "c1")).toBe("combat.c1");
  });
});

describe("op record", () => {
  it("adds an id once and keeps only the last few", () => {
    let ops: string[] = [];
    for (let i = 0; i < OPS_KEPT + 5; i += 1) ops = withOp(ops, `op${i}`);
    expect(ops).toHaveLength(OPS_KEPT);
    expect(hasOp(ops, "op0")).toBe(false);
    expect(hasOp(ops, `op${OPS_KEPT + 4}`)).toBe(true);
    expect(withOp(["a", "b"], "a")).toEqual(["b", "a"]);
    expect(readOps("nonsense")).toEqual([]);
    expect(readOps(["a", 3, "b"])).toEqual(["a", "b"]);
  });
});
