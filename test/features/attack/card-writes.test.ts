// A defence answer counts once and is never lost (src/features/attack/card-writes.ts): each answer is claimed under an
// id that follows from the card and the target, and recorded per target in the card's flags, which merge key by key,
// so an answer that another GM's write of the whole card (made from an older read) replaced is shown again.
import { describe, expect, it } from "vitest";
import { applyUpdate, copyJSON } from "../../data/combat/foundry-update";
import { DEFENCES_FLAG, DEFENCE_CLAIM_FLAG, defenceClaimId, defenceRecord, defendOp, finishCard, readDefenceClaim } from "../../../src/features/attack/card-writes";
import type { CardRead, CardSkirmish, DefendWrites } from "../../../src/features/attack/card-writes";
import type { AttackSource } from "../../../src/data/message/attack-source";
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { isRefusal } from "../../../src/features/attack/attack-requests";
import { rolled, dodge } from "../../rules/attack-card-fixtures";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { entry, storedOf } from "../../data/combat/fixtures";

type Plain = Record<string, unknown>;
const flag = (doc: Plain | undefined, key: string): unknown => ((doc?.flags as Plain | undefined)?.[SYSTEM_ID] as Plain | undefined)?.[key];

/** A break-out by a against b and c, rolled: both defences awaited. */
const CARD = rolled([4, 4, 6, 1, 2], { action: "breakOut", weapon: null, targets: [{ id: "b", name: "B" }, { id: "c", name: "C" }] });
const STATE = skirmishState(storedOf({}), [entry("a"), entry("b"), entry("c")]);

/** One store of documents; `stale` makes a client's card reads return the card as it was when `freeze` was called. */
class Store {
  docs = new Map<string, Plain>([["card", { system: { card: copyJSON(CARD), refs: {}, combatId: "", prompts: {} }, flags: {} }]]);
  frozen: Plain | null = null;
  freeze(): void {
    this.frozen = copyJSON(this.docs.get("card") ?? {});
  }
  io(gm: string, stale = false): DefendWrites<CardSkirmish> {
    const card = (): Plain => (stale && this.frozen !== null ? this.frozen : (this.docs.get("card") as Plain));
    return {
      cardId: "card",
      read: () => {
        const doc = card();
        const read: CardRead<CardSkirmish> = {
          facts: { card: (doc.system as AttackSource).card, authoredByGM: true, owners: { b: ["p2"], c: ["p3"] } },
          source: doc.system as AttackSource,
          record: null,
          defences: flag(doc, DEFENCES_FLAG),
          situation: { state: STATE, missing: [] },
        };
        return Promise.resolve(read);
      },
      updatesFor: () => ({ combat: {}, actors: {}, items: {}, statuses: {} }),
      targets: () => ({ combat: null, actor: () => null }),
      writeCard: (update) => {
        applyUpdate(this.docs.get("card") as Plain, copyJSON(update));
        return Promise.resolve();
      },
      writeAnswer: (update) => {
        applyUpdate(this.docs.get("card") as Plain, copyJSON(update));
        return Promise.resolve();
      },
      claimDefence: (id, claim) => {
        if (this.docs.has(id)) return Promise.resolve(false);
        this.docs.set(id, { flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: copyJSON(claim) } } });
        return Promise.resolve(true);
      },
      defenceClaims: () => [...this.docs].filter(([, d]) => readDefenceClaim(flag(d, DEFENCE_CLAIM_FLAG)) !== null).map(([id, d]) => ({ id, record: flag(d, DEFENCE_CLAIM_FLAG) })),
      dropClaim: (id) => {
        this.docs.delete(id);
        return Promise.resolve();
      },
      options: () => [dodge],
      roll: (pool) => Promise.resolve({ faces: Array.from({ length: pool }, () => 5), roll: null }),
      gm: { id: gm, name: gm, isGM: true },
    };
  }
  card(): AttackSource["card"] {
    return ((this.docs.get("card") as Plain).system as AttackSource).card;
  }
}

const gm = (id: string) => ({ id, name: id, isGM: true });
const op = (id: string) => ({ id, key: "card.card" });

describe("defence answers: one per target, never lost", () => {
  it("a second answer for the same target is refused while the first holds its claim, and after", async () => {
    const store = new Store();
    const first = await defendOp(store.io("gm1"), { cardId: "card", targetId: "b", defend: true, skill: "aerobatics" }, gm("gm1"), "gm", op("op1"));
    expect(first.ok).toBe(true);
    const second = await defendOp(store.io("gm2"), { cardId: "card", targetId: "b", defend: false, skill: null }, gm("gm2"), "gm", op("op2"));
    expect(second.ok).toBe(false);
    expect(store.card().targets[0]?.defence?.check?.skill).toBe("aerobatics");
    expect(defenceRecord(flag(store.docs.get("card"), DEFENCES_FLAG), "b")?.op).toBe("op1");
    // A claim a reload left (no answer on the card yet) blocks a second answer and is written by the next operation.
    store.docs.set(defenceClaimId("card", "c"), { flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: { op: "op3", cardId: "card", targetId: "c", answer: { check: null, dice: null, by: "owner" }, roll: null } } } });
    const blocked = await defendOp(store.io("gm1"), { cardId: "card", targetId: "c", defend: true, skill: "aerobatics" }, gm("gm1"), "gm", op("op4"));
    expect(blocked.ok).toBe(false);
    expect(store.card().targets[1]?.defence).toEqual({ check: null, dice: null, by: "owner" });
    expect(store.io("gm1").defenceClaims()).toEqual([]);
  });

  it("an answer replaced by another GM's write of the whole card, made from an older read, is shown again", async () => {
    const store = new Store();
    store.freeze(); // gm2 read the card before b's answer landed
    expect((await defendOp(store.io("gm1"), { cardId: "card", targetId: "b", defend: true, skill: "aerobatics" }, gm("gm1"), "gm", op("op1"))).ok).toBe(true);
    // gm2 answers c from its old read: its write replaces the card's targets, b's answer with them...
    // (its reads of the card are the old ones; its claims and writes reach the store).
    const answered = await defendOp(store.io("gm2", true), { cardId: "card", targetId: "c", defend: false, skill: null }, gm("gm2"), "gm", op("op2"));
    expect(answered.ok).toBe(true);
    expect(store.card().targets[0]?.defence).toBeNull();
    // ...but the card's flags still record it, and the next operation on the card shows it again.
    const io = store.io("gm1");
    const read = await io.read();
    if (isRefusal(read)) throw new Error("card gone");
    expect(await finishCard(io, read)).toBe(true);
    expect(store.card().targets.map((t) => t.defence?.by)).toEqual(["gm", "gm"]);
    expect(store.card().targets[0]?.defence?.check?.skill).toBe("aerobatics");
  });
});
