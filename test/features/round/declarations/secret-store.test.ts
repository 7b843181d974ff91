// Secret declaration's keeping on the GM's client (src/features/round/declarations/secret-store.ts): whose answer is kept, reveal, read back.
import { describe, expect, it } from "vitest";
import { sealedDeclaration, storedDeclaration } from "../../../../src/data/combat/declaration";
import { REQUEST_REASONS } from "../../../../src/core/requests/registry";
import {
  SECRET_REASONS,
  declarerFor,
  emptySecrets,
  forgetCombat,
  heldSecret,
  keepSecret,
  parseSecretAnswer,
  readSecretStore,
  revealInOrder,
  revealSecrets,
} from "../../../../src/features/round/declarations/secret-store";
import type { KeepInput, SecretStore } from "../../../../src/features/round/declarations/secret-store";
import { CLAWS } from "../../../rules/board/weapons";

const bite = storedDeclaration(
  { action: "attack", weaponId: "claws1", targetId: "b", move: null, text: "Bite" },
  { action: "attack", attack: { attackerId: "a", targetId: "b", weapon: CLAWS, killerBlow: false } },
  "battle",
);
const input = (values: Partial<KeepInput> = {}): KeepInput => ({
  combatId: "c1", round: 2, phase: "battle", combatantId: "a", answeredBy: "u1", asked: "u1", owns: true, declaration: bite, ...values,
});

function kept(store: SecretStore, values: Partial<KeepInput> = {}): SecretStore {
  const out = keepSecret(store, input(values));
  if (!out.ok) throw new Error(out.reason);
  return out.store;
}

describe("keepSecret: only answers the GM asked for", () => {
  it("keeps the asked owner's answer for that combatant, round and phase", () => {
    const store = kept(emptySecrets());
    expect(heldSecret(store, "c1", 2, "battle", "a")?.declaration).toEqual(bite);
    expect(heldSecret(store, "c1", 2, "movement", "a")).toBeUndefined();
    expect(heldSecret(store, "c1", 3, "battle", "a")).toBeUndefined();
    expect(heldSecret(store, "c2", 2, "battle", "a")).toBeUndefined();
  });
  it("refuses an answer from a user the GM did not ask, and from one who does not own the combatant", () => {
    expect(keepSecret(emptySecrets(), input({ answeredBy: "u2" }))).toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(keepSecret(emptySecrets(), input({ asked: null }))).toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(keepSecret(emptySecrets(), input({ owns: false }))).toEqual({ ok: false, reason: REQUEST_REASONS.NotOwner });
  });
  it("keeps the GM's own declaration without asking anyone", () => {
    expect(keepSecret(emptySecrets(), input({ answeredBy: "", asked: null, owns: false })).ok).toBe(true);
  });
  it("never keeps an empty (sealed) declaration", () => {
    expect(keepSecret(emptySecrets(), input({ declaration: sealedDeclaration("battle") })).ok).toBe(false);
  });
  it("replaces the declarations of an older round and lets a declarer change its mind", () => {
    const old = kept(emptySecrets(), { round: 1, combatantId: "x" });
    const store = kept(old);
    expect(heldSecret(store, "c1", 1, "battle", "x")).toBeUndefined();
    const changed = kept(store, { declaration: { ...bite, text: "Breathe instead" } });
    expect(heldSecret(changed, "c1", 2, "battle", "a")?.declaration.text).toBe("Breathe instead");
  });
});

describe("revealSecrets", () => {
  it("reveals the asked combatants once, and says who had nothing kept", () => {
    const store = kept(kept(emptySecrets()), { combatantId: "b" });
    const first = revealSecrets(store, "c1", 2, "battle", ["a", "z"]);
    expect(first.revealed).toEqual({ a: bite });
    expect(first.missing).toEqual(["z"]);
    expect(heldSecret(first.store, "c1", 2, "battle", "b")).toBeDefined();
    expect(revealSecrets(first.store, "c1", 2, "battle", ["a"]).missing).toEqual(["a"]);
  });
  it("reveals nothing of another phase or round", () => {
    const store = kept(emptySecrets());
    expect(revealSecrets(store, "c1", 2, "end", ["a"]).revealed).toEqual({});
    expect(revealSecrets(store, "c1", 3, "battle", ["a"]).revealed).toEqual({});
  });
  it("forgets a combat", () => {
    expect(forgetCombat(kept(emptySecrets()), "c1")).toEqual(emptySecrets());
  });
});

describe("readSecretStore", () => {
  it("reads back what it wrote", () => {
    const store = kept(emptySecrets());
    expect(readSecretStore(JSON.parse(JSON.stringify(store)))).toEqual(store);
  });
  it.each([null, "x", [], { combats: [] }, { combats: { c1: { round: "2", entries: {} } } }])("reads %j as empty", (value) => {
    expect(readSecretStore(value)).toEqual(emptySecrets());
  });
  it("drops malformed entries and never reads an entry back as sealed", () => {
    const value = { combats: { c1: { round: 2, entries: { a: { answeredBy: "u1", phase: "battle", declaration: { ...bite, sealed: true } }, b: 5, c: { declaration: { choice: "" } } } } } };
    const store = readSecretStore(value);
    expect(Object.keys(store.combats.c1?.entries ?? {})).toEqual(["a"]);
    expect(store.combats.c1?.entries.a?.declaration.sealed).toBe(false);
  });
});

describe("parseSecretAnswer and declarerFor", () => {
  const asked = { combatId: "c1", combatantId: "a", round: 2, index: 1 };
  const answer = { ...asked, choice: { action: "other", text: "Roar" } };
  it("accepts an answer to exactly the question asked", () => {
    const out = parseSecretAnswer(answer, asked);
    expect("refused" in out ? out.refused : out.choice.text).toBe("Roar");
  });
  it.each([
    ["another combatant", { ...answer, combatantId: "b" }],
    ["another step", { ...answer, index: 2 }],
    ["another round", { ...answer, round: 1 }],
    ["another combat", { ...answer, combatId: "c2" }],
  ])("refuses an answer about %s", (_what, value) => {
    expect(parseSecretAnswer(value, asked)).toEqual({ refused: SECRET_REASONS.WrongStep });
  });
  it("refuses a cancelled (null) or malformed answer", () => {
    expect("refused" in parseSecretAnswer(null, asked)).toBe(true);
    expect("refused" in parseSecretAnswer({ ...answer, choice: { action: 1 } }, asked)).toBe(true);
  });
  it("asks the first connected player owner; the GM declares for NPCs and offline owners", () => {
    expect(declarerFor([{ id: "gm", active: true, isGM: true }, { id: "p1", active: false, isGM: false }, { id: "p2", active: true, isGM: false }])).toBe("p2");
    expect(declarerFor([{ id: "gm", active: true, isGM: true }, { id: "p1", active: false, isGM: false }])).toBeNull();
    expect(declarerFor([])).toBeNull();
  });
});

describe("revealInOrder: the combat holds a secret before the store lets it go", () => {
  /** The GM's store in memory, and the order of what happened. */
  function io(start: SecretStore, write: (revealed: object) => Promise<void>) {
    let store = start;
    const log: string[] = [];
    return {
      log,
      store: () => store,
      value: {
        load: () => store,
        save: (next: SecretStore) => {
          log.push("store forgets");
          store = next;
        },
        write: async (revealed: object) => {
          log.push(`combat written: ${Object.keys(revealed).join(",")}`);
          await write(revealed);
        },
      },
    };
  }

  it("writes the reveal to the combat, then forgets it in the store", async () => {
    const t = io(kept(emptySecrets()), () => Promise.resolve());
    const out = await revealInOrder(t.value, "c1", 2, "battle", ["a", "b"]);
    expect(t.log).toEqual(["combat written: a", "store forgets"]);
    expect(out.revealed).toEqual({ a: bite });
    expect(out.missing).toEqual(["b"]);
    expect(heldSecret(t.store(), "c1", 2, "battle", "a")).toBeUndefined();
  });

  it("keeps every secret when the combat update fails, so the next try reveals it", async () => {
    const t = io(kept(emptySecrets()), () => Promise.reject(new Error("the server refused the update")));
    await expect(revealInOrder(t.value, "c1", 2, "battle", ["a"])).rejects.toThrow("refused");
    expect(t.log).toEqual(["combat written: a"]);
    expect(heldSecret(t.store(), "c1", 2, "battle", "a")?.declaration).toEqual(bite);
    const again = io(t.store(), () => Promise.resolve());
    expect((await revealInOrder(again.value, "c1", 2, "battle", ["a"])).revealed).toEqual({ a: bite });
  });

  it("writes nothing when nothing is kept for the step", async () => {
    const t = io(emptySecrets(), () => Promise.resolve());
    expect(await revealInOrder(t.value, "c1", 2, "battle", ["a"])).toEqual({ revealed: {}, missing: ["a"] });
    expect(t.log).toEqual([]);
  });
});
