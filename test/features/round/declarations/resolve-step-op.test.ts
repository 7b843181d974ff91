// A declaration mode's resolve step posts each card once (src/features/round/declarations/resolve-step-op.ts): the
// cards are claims under ids that follow from what they show, and a step run again after a reload between a mark
// and its card posts the card it finds missing.
import { describe, expect, it } from "vitest";
import { declarationCardId, declaredCards, finishGroups, groupKey, groupOp, readGroupRecord, resolveStepOp, revealUpdate } from "../../../../src/features/round/declarations/resolve-step-op";
import type { GroupIO, GroupRecord, ResolveStepIO, StepCardKind, StepDecision } from "../../../../src/features/round/declarations/resolve-step-op";
import type { StoredDeclaration } from "../../../../src/data/combat/stored";

const declared = (text: string, values: Partial<StoredDeclaration> = {}): StoredDeclaration => ({
  phase: "battle", text, target: "", action: "{}", aborted: "", choice: JSON.stringify({ text }), sealed: false, resolved: false, ...values,
});
const sealed = (): StoredDeclaration => ({ phase: "battle", text: "", target: "", action: "", aborted: "", choice: "", sealed: true, resolved: false });

/** A combat, its chat log and the GM's store; `failAfterMark` makes the next card's post fail (a reload). */
class Fake implements ResolveStepIO<string> {
  readonly combatId = "c1";
  decl: Record<string, StoredDeclaration>;
  held: Record<string, StoredDeclaration>;
  cards: { id: string; kind: StepCardKind; combatantId: string; reason: string }[] = [];
  marks: string[] = [];
  told: string[] = [];
  failPost = false;
  constructor(decl: Record<string, StoredDeclaration>, held: Record<string, StoredDeclaration> = {}) {
    this.decl = decl;
    this.held = held;
  }
  round(): number {
    return 2;
  }
  declarations(): Readonly<Record<string, StoredDeclaration>> {
    return this.decl;
  }
  reveal(_phase: string, ids: readonly string[]): Promise<void> {
    const revealed = Object.fromEntries(ids.filter((id) => this.held[id] !== undefined).map((id) => [id, this.held[id] as StoredDeclaration]));
    for (const [path, value] of Object.entries(revealUpdate(this.decl, revealed))) this.decl[path.split(".")[2] ?? ""] = value as StoredDeclaration;
    for (const id of Object.keys(revealed)) Reflect.deleteProperty(this.held, id);
    return Promise.resolve();
  }
  tellMissing(ids: readonly string[]): void {
    this.told.push(...ids);
  }
  decide(id: string): StepDecision<string> {
    return id === "a" ? { mark: { aborted: "Gone" }, changes: [`${id} acted`] } : id === "b" ? { mark: { resolved: true }, changes: [`${id} acted`] } : null;
  }
  writeMark(id: string, decision: NonNullable<StepDecision<string>>): Promise<void> {
    const d = this.decl[id] as StoredDeclaration;
    this.decl[id] = "aborted" in decision.mark ? { ...d, aborted: decision.mark.aborted } : { ...d, resolved: true };
    this.marks.push(...decision.changes);
    return Promise.resolve();
  }
  has(id: string): boolean {
    return this.cards.some((c) => c.id === id);
  }
  post(id: string, kind: StepCardKind, combatantId: string, _stored: StoredDeclaration, reason: string): Promise<boolean> {
    if (this.failPost) {
      this.failPost = false;
      return Promise.reject(new Error("reload"));
    }
    if (this.has(id)) return Promise.resolve(false);
    this.cards.push({ id, kind, combatantId, reason });
    return Promise.resolve(true);
  }
}

const step = { phase: "battle", combatants: ["a", "b", "c"] };
const kinds = (fake: Fake): string[] => fake.cards.map((c) => `${c.kind}:${c.combatantId}`);

describe("resolve step: each card once", () => {
  it("reverse declaration: a reload between the abort's mark and its card leaves the card to the step run again, once", async () => {
    const fake = new Fake({ a: declared("Bite"), b: declared("Shout") });
    fake.failPost = true;
    await expect(resolveStepOp(fake, step, false)).rejects.toThrow("reload");
    expect(fake.decl.a?.aborted).toBe("Gone");
    expect(fake.cards).toEqual([]);
    await resolveStepOp(fake, step, false);
    await resolveStepOp(fake, step, false);
    expect(kinds(fake)).toEqual(["aborted:a"]);
    expect(fake.cards[0]?.reason).toBe("Gone");
    // The abort and the "other" action were each written once: a step run again finds their marks.
    expect(fake.marks).toEqual(["a acted", "b acted"]);
  });

  it("secret declaration: revealed then aborted, each once however often the step runs; a reload before a card is made good", async () => {
    const fake = new Fake({ a: sealed(), b: sealed(), c: sealed() }, { a: declared("Bite"), b: declared("Shout") });
    fake.failPost = true;
    await expect(resolveStepOp(fake, step, true)).rejects.toThrow("reload");
    // Revealed on the combat (the GM's store no longer needs it), no card yet.
    expect(fake.decl.a?.sealed).toBe(false);
    expect(fake.held).toEqual({});
    await resolveStepOp(fake, step, true);
    await resolveStepOp(fake, step, true);
    expect(kinds(fake)).toEqual(["revealed:a", "aborted:a", "revealed:b"]);
    expect(fake.marks).toEqual(["a acted", "b acted"]);
    // c's sealed declaration is held by no client here: it takes no action, stays sealed, and the GM is told.
    expect(fake.decl.c?.sealed).toBe(true);
    expect(fake.told).toContain("c");
  });

  it("reverse declaration's declare step run again posts the declared card a reload left missing, once", async () => {
    const fake = new Fake({ a: declared("Bite") });
    const declareStep = { phase: "battle", combatants: ["a"] };
    await declaredCards(fake, declareStep);
    await declaredCards(fake, declareStep);
    expect(kinds(fake)).toEqual(["declared:a"]);
    // Nothing for a combatant with no public declaration of this phase.
    const none = new Fake({ b: sealed() });
    await declaredCards(none, { phase: "battle", combatants: ["b"] });
    expect(none.cards).toEqual([]);
  });

  it("two GMs running the step at once (the overlap at a hand-over) post each card once", async () => {
    const fake = new Fake({ a: declared("Bite"), b: declared("Shout") });
    await Promise.all([resolveStepOp(fake, step, false), resolveStepOp(fake, step, false)]);
    expect(kinds(fake)).toEqual(["aborted:a"]);
  });

  it("a card's id follows from the combat, round, kind, combatant and declaration, not from its mark", () => {
    const bite = declared("Bite");
    const id = declarationCardId("c1", 2, "aborted", "a", bite);
    expect(id).toMatch(/^[a-zA-Z0-9]{16}$/);
    expect(declarationCardId("c1", 2, "aborted", "a", { ...bite, aborted: "Gone" })).toBe(id);
    for (const other of [
      declarationCardId("c2", 2, "aborted", "a", bite),
      declarationCardId("c1", 3, "aborted", "a", bite),
      declarationCardId("c1", 2, "revealed", "a", bite),
      declarationCardId("c1", 2, "aborted", "b", bite),
      declarationCardId("c1", 2, "aborted", "a", declared("Claw")),
    ]) expect(other).not.toBe(id);
  });

  it("revealing again never writes over a declaration the combat already shows with its mark", () => {
    const marked = declared("Bite", { aborted: "Gone" });
    expect(revealUpdate({ a: marked, b: sealed() }, { a: declared("Bite"), b: declared("Shout") })).toEqual({
      "system.declarations.b": declared("Shout"),
    });
  });
});

/** A combat's group cards and the writes of their records; `failAfterClaim` stops the next groupOp after its card. */
class Groups implements GroupIO {
  cards_: { id: string; record: GroupRecord }[] = [];
  writes: string[] = [];
  marked = false;
  failAfterClaim = false;
  cards(): { id: string; record: unknown }[] {
    return this.cards_.map((c) => ({ id: c.id, record: { ...c.record } }));
  }
  open(): boolean {
    return !this.marked;
  }
  async claim(id: string, record: GroupRecord): Promise<boolean> {
    await Promise.resolve();
    if (this.cards_.some((c) => c.id === id)) return false;
    this.cards_.push({ id, record: { ...record } });
    if (this.failAfterClaim) {
      this.failAfterClaim = false;
      throw new Error("reload");
    }
    return true;
  }
  async write(record: GroupRecord): Promise<void> {
    await Promise.resolve();
    this.writes.push(record.op);
    this.marked = true;
  }
  async markDone(id: string): Promise<void> {
    await Promise.resolve();
    const card = this.cards_.find((c) => c.id === id);
    if (card) card.record.done = true;
  }
}

const group = groupKey("c1", 2, "battle", ["b", "a"]);
const recordOf = (op: string): GroupRecord => ({ op, group, updates: "{}", marks: { "system.declarations.a.resolved": true }, done: false });

describe("a simultaneous group: one card, its results written once", () => {
  it("a reload between the card and the writes: the step run again writes the card's record once and resolves nothing again", async () => {
    const io = new Groups();
    io.failAfterClaim = true;
    await expect(groupOp(io, recordOf("op1"))).rejects.toThrow("reload");
    expect(io.writes).toEqual([]);
    // The step run again finishes the card first; the group is then marked, so a new resolution is dropped.
    expect(await finishGroups(io)).toBe(true);
    expect(await groupOp(io, recordOf("op2"))).toBe(false);
    expect(io.writes).toEqual(["op1"]);
    expect(io.cards_.map((c) => c.record.done)).toEqual([true]);
  });

  it("two GMs resolving the group at once (the overlap at a hand-over): one card, one resolution written", async () => {
    const io = new Groups();
    const results = await Promise.all([groupOp(io, recordOf("op1")), groupOp(io, recordOf("op2"))]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(io.cards_).toHaveLength(1);
    // Both may finish the one card's record; it is one operation, which a document that lists it skips (write-once.ts).
    expect([...new Set(io.writes)]).toEqual([io.cards_[0]?.record.op]);
  });

  it("the group resolved again after the GM stepped back and declared anew gets a card of its own", async () => {
    const io = new Groups();
    expect(await groupOp(io, recordOf("op1"))).toBe(true);
    io.marked = false; // declared again: no marks
    expect(await groupOp(io, recordOf("op2"))).toBe(true);
    expect(io.cards_).toHaveLength(2);
    expect(new Set(io.cards_.map((c) => c.id)).size).toBe(2);
    expect(io.writes).toEqual(["op1", "op2"]);
  });

  it("a record that does not read is left alone", () => {
    expect(readGroupRecord({ op: "x" })).toBeNull();
    expect(readGroupRecord(recordOf("op1"))).toEqual(recordOf("op1"));
  });
});
