import { describe, expect, it } from "vitest";
import { OPS_PATH, PENDING_WRITES_FLAG, finishRecorded, writeOnce, writeRecorded } from "../../../src/core/writes/write-once";
import type { CombatTargets, OpActor } from "../../../src/core/writes/write-once";
import { claimId } from "../../../src/core/writes/op-record";
import { ActiveWatch } from "../../../src/core/writes/hand-over";
import { applyUpdate } from "../../data/combat/foundry-update";
import type { DocumentUpdates } from "../../../src/data/combat/updates";

type Plain = Record<string, unknown>;
const SCOPE = "age-of-dragons";

/** A combat and two actors in plain data, updated with core's semantics; `failAfter` stops writes after n. */
function docs(failAfter = Number.POSITIVE_INFINITY) {
  const store: Record<string, Plain> = {
    combat: { system: { skirmish: { acted: {} } }, flags: {} },
    a: { system: { life: { wounds: 0 } }, flags: {}, statuses: [] },
    b: { system: { life: { wounds: 2 } }, flags: {}, statuses: [] },
  };
  let writes = 0;
  const doc = (id: string) => ({
    ops: () => ((store[id]?.flags as Plain)[SCOPE] as Plain | undefined)?.ops,
    update: (data: Plain) => {
      writes += 1;
      if (writes > failAfter) return Promise.reject(new Error("reload"));
      applyUpdate(store[id] as Plain, data);
      return Promise.resolve();
    },
  });
  const actor = (id: string): OpActor => ({
    ...doc(id),
    updateItems: () => Promise.resolve(),
    setStatus: (status, active) => {
      const list = (store[id]?.statuses as string[]).filter((s) => s !== status);
      (store[id] as Plain).statuses = active ? [...list, status] : list;
      return Promise.resolve();
    },
  });
  const targets: CombatTargets = { combat: doc("combat"), actor: (id) => (id in store && id !== "combat" ? actor(id) : null) };
  return { store, targets, writes: () => writes };
}

const updates: DocumentUpdates = {
  combat: { "system.skirmish.acted.a": true },
  actors: { b: { "system.life.wounds": 7 } },
  items: {},
  statuses: { b: { severelyInjured: true } },
};

describe("writeOnce", () => {
  it("writes each document once per operation, recording the operation in the same update", async () => {
    const { store, targets } = docs();
    await writeOnce(targets, updates, "op1");
    await writeOnce(targets, updates, "op1");
    expect((store.b?.system as Plain).life).toEqual({ wounds: 7 });
    expect(((store.b?.flags as Plain)[SCOPE] as Plain).ops).toEqual(["op1"]);
    expect(((store.combat?.flags as Plain)[SCOPE] as Plain).ops).toEqual(["op1"]);
    expect(OPS_PATH).toBe("flags.age-of-dragons.ops");
  });
  it("skips an actor that already lists the operation, so a repeat after a change does not overwrite it", async () => {
    const { store, targets } = docs();
    await writeOnce(targets, updates, "op1");
    ((store.b?.system as Plain).life as Plain).wounds = 9; // a later operation's change
    await writeOnce(targets, updates, "op1");
    expect((store.b?.system as Plain).life).toEqual({ wounds: 9 });
  });
});

describe("writeRecorded", () => {
  it("puts the combat's change, a mark and the actor writes still to do in one combat update", async () => {
    const { store, targets } = docs(1); // the reload comes after the first write
    await expect(writeRecorded(targets, updates, "op2", { "system.mark": true })).rejects.toThrow("reload");
    const combat = store.combat as Plain;
    expect(((combat.system as Plain).skirmish as Plain).acted).toEqual({ a: true });
    expect((combat.system as Plain).mark).toBe(true);
    const pending = ((combat.flags as Plain)[SCOPE] as Plain)[PENDING_WRITES_FLAG] as Plain;
    expect(Object.keys(pending)).toEqual(["op2"]);
    expect((store.b?.system as Plain).life).toEqual({ wounds: 2 });
    // The next active GM finishes it from the record, once.
    const next = docs();
    next.store.combat = combat;
    next.store.b = store.b as Plain;
    expect(await finishRecorded(next.targets, pending)).toBe(1);
    expect((next.store.b.system as Plain).life).toEqual({ wounds: 7 });
    expect(((next.store.combat.flags as Plain)[SCOPE] as Plain)[PENDING_WRITES_FLAG]).toEqual({});
    expect(next.store.b.statuses).toEqual(["severelyInjured"]);
  });
  it("does nothing on a combat that already lists the operation", async () => {
    const { targets, writes } = docs();
    await writeRecorded(targets, updates, "op3");
    const after = writes();
    await writeRecorded(targets, updates, "op3");
    expect(writes()).toBe(after);
  });
});

describe("claimId and the active-GM watch", () => {
  it("gives the same 16-character id for the same parts and another for others", () => {
    expect(claimId("c1", "1", "0")).toBe(claimId("c1", "1", "0"));
    expect(claimId("c1", "1", "0")).not.toBe(claimId("c1", "2", "0"));
    expect(claimId("c1", "1", "0")).toMatch(/^[a-z0-9]{16}$/);
  });
  it("says when this client has just become the active GM, once", () => {
    const watch = new ActiveWatch();
    expect(watch.check(false)).toBe(false);
    expect(watch.check(true)).toBe(true);
    expect(watch.check(true)).toBe(false);
    expect(watch.check(false)).toBe(false);
    expect(watch.check(true)).toBe(true);
  });
});
