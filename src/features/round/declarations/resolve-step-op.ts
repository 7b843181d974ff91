/**
 * A declaration mode's resolve step, exactly once (docs/COMBAT.md "Declarations" and "Exactly once"), as the
 * active GM runs it inside an operation of the combat's write queue. In secret declaration the step's kept
 * declarations are revealed first (written to the combat, then taken out of the GM's store: secret-store.ts
 * `revealInOrder`). Then, for each of the step's combatants in turn: its *revealed* card (secret declaration), then
 * what no longer stands is aborted (the lost action and the `aborted` mark in one combat update) and gets its
 * *aborted* card, and an "other" action is taken (its mark `resolved` in the same update).
 *
 * Each card is a claim: its id follows from the combat, the round, the card's kind, the combatant and what was
 * declared (`declarationCardId`, core/writes/op-record.ts `claimId`), and the server keeps one document per id
 * (core's `keepId` create, common/abstract/document.mjs), so a card is never posted twice. The marks are on the
 * combat, so the step run again (a reload, or the next active GM taking over: `resumeSteps`) finds which cards are
 * due and posts those not there yet: a card is never lost either. The documents come in through `ResolveStepIO`, so
 * the tests' interleaving harness drives this same code. Pure: no Foundry, DOM or browser globals.
 */
import type { StoredDeclaration } from "../../../data/combat/stored";
import { claimId } from "../../../core/writes/op-record";
import type { DeclarationCardKind } from "./declaration-context";

/** The kinds of declaration card a step posts: *declared* (reverse declaration's declare step), *revealed*, *aborted*. */
export type StepCardKind = DeclarationCardKind;

/** One resolve step as this file needs it. */
export interface ResolveStep {
  phase: string;
  combatants: readonly string[];
}

/** What the engine rules for one declaration now: its mark and the changes that go with it, or nothing to write. */
export type StepDecision<C> = { mark: { aborted: string } | { resolved: true }; changes: readonly C[] } | null;

/** The documents of a resolve step. */
export interface ResolveStepIO<C> {
  readonly combatId: string;
  round(): number;
  /** The combat's public declarations as stored now. */
  declarations(): Readonly<Record<string, StoredDeclaration>>;
  /** Secret declaration: reveals what this GM keeps for these combatants (secret-store.ts `revealInOrder`). */
  reveal(phase: string, ids: readonly string[]): Promise<unknown>;
  /** Tells the GM which combatants' sealed declarations this client does not hold (they take no action). */
  tellMissing(ids: readonly string[]): void;
  /** What no longer stands, or an "other" action to take, for a declaration that has no mark yet. */
  decide(combatantId: string, phase: string): StepDecision<C>;
  /** Writes a decision: its changes and the declaration's mark in one combat update (its actors following). */
  writeMark(combatantId: string, decision: NonNullable<StepDecision<C>>): Promise<void>;
  /** Whether a document with this id exists. */
  has(id: string): boolean;
  /** Posts a card under `id`; false when the server already has a document with that id. */
  post(id: string, kind: StepCardKind, combatantId: string, stored: StoredDeclaration, reason: string): Promise<boolean>;
}

/** The id of a declaration's card of one kind: the same on every GM's client, different for another declaration. */
export function declarationCardId(combatId: string, round: number, kind: StepCardKind, combatantId: string, stored: StoredDeclaration): string {
  const what = JSON.stringify([stored.phase, stored.text, stored.target, stored.action, stored.choice]);
  return claimId(combatId, String(round), kind, combatantId, what);
}

/** Posts a card unless it is there; true when this call posted it. */
export async function postOnce<C>(io: ResolveStepIO<C>, kind: StepCardKind, combatantId: string, stored: StoredDeclaration, reason: string): Promise<boolean> {
  const id = declarationCardId(io.combatId, io.round(), kind, combatantId, stored);
  if (io.has(id)) return false;
  return io.post(id, kind, combatantId, stored, reason);
}

/** The step's declarations of this phase that are public on the combat. */
function publicOf(declarations: Readonly<Record<string, StoredDeclaration>>, id: string, phase: string): StoredDeclaration | null {
  const d = declarations[id];
  return d !== undefined && d.phase === phase && !d.sealed ? d : null;
}

/**
 * Reveals a secret step's kept declarations and tells the GM of every sealed one this client does not hold; the
 * public declarations of the step are then on the combat.
 */
export async function revealStepDeclarations<C>(io: ResolveStepIO<C>, step: ResolveStep): Promise<void> {
  await io.reveal(step.phase, step.combatants);
  const now = io.declarations();
  const sealed = step.combatants.filter((id) => now[id]?.phase === step.phase && now[id].sealed);
  if (sealed.length > 0) io.tellMissing(sealed);
}

/**
 * Runs a (not simultaneous) resolve step, or finishes one run before: for each combatant, its revealed card
 * (`secret`), its decision written with its mark, and its aborted card, each at most once.
 */
export async function resolveStepOp<C>(io: ResolveStepIO<C>, step: ResolveStep, secret: boolean): Promise<void> {
  if (secret) await revealStepDeclarations(io, step);
  for (const id of step.combatants) {
    const stored = publicOf(io.declarations(), id, step.phase);
    if (stored === null) continue;
    if (secret) await postOnce(io, "revealed", id, stored, "");
    if (stored.aborted === "" && !stored.resolved) {
      const decision = io.decide(id, step.phase);
      if (decision !== null) await io.writeMark(id, decision);
    }
    const after = publicOf(io.declarations(), id, step.phase);
    // The card goes with the declaration as it was declared (without its mark), so its id stays the same.
    if (after !== null && after.aborted !== "") await postOnce(io, "aborted", id, stored, after.aborted);
  }
}

/**
 * The combat update that reveals kept declarations: each written public, except one the combat already shows public
 * (revealed before a reload kept it in the store), whose marks (aborted, resolved) must stay.
 */
export function revealUpdate(now: Readonly<Record<string, StoredDeclaration>>, revealed: Readonly<Record<string, StoredDeclaration>>): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [id, stored] of Object.entries(revealed)) {
    const current = now[id];
    if (current !== undefined && !current.sealed && current.phase === stored.phase) continue;
    update[`system.declarations.${id}`] = { ...stored, sealed: false };
  }
  return update;
}

/** The flag (under the system's scope) of a simultaneous group's card holding what the group writes until written. */
export const GROUP_RECORD_FLAG = "groupRecord";

/** What a simultaneous group's card records of its writes: the group, the document updates (JSON), the marks, done. */
export interface GroupRecord {
  op: string;
  /** Which group this is (`groupKey`). */
  group: string;
  updates: string;
  marks: Record<string, unknown>;
  done: boolean;
}

/** Reads a group card's record (null when none, or malformed). */
export function readGroupRecord(value: unknown): GroupRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.op !== "string" || typeof v.group !== "string" || typeof v.updates !== "string" || typeof v.done !== "boolean") return null;
  if (typeof v.marks !== "object" || v.marks === null) return null;
  return { op: v.op, group: v.group, updates: v.updates, marks: { ...(v.marks as Record<string, unknown>) }, done: v.done };
}

/** Which group a card is for: the combat, the round, the phase and the members. */
export function groupKey(combatId: string, round: number, phase: string, members: readonly string[]): string {
  return [combatId, String(round), phase, [...members].sort().join(",")].join("|");
}

/** The documents of a simultaneous group's card and writes. */
export interface GroupIO {
  /** The combat's group cards with their records as stored. */
  cards(): { id: string; record: unknown }[];
  /** Whether every member's declaration is still without a mark (nobody has resolved this group meanwhile). */
  open(): boolean;
  /** Posts the group's card under `id` with its record; false when the server already has that id. */
  claim(id: string, record: GroupRecord): Promise<boolean>;
  /** Writes a record's updates and marks as its operation (one combat update, then the actors; write-once.ts). */
  write(record: GroupRecord): Promise<void>;
  /** Marks a card's record done. */
  markDone(id: string): Promise<void>;
}

/** Writes every group card's record a reload left unwritten; true when there was one. */
export async function finishGroups(io: GroupIO): Promise<boolean> {
  let finished = false;
  for (const { id, record } of io.cards()) {
    const r = readGroupRecord(record);
    if (r === null || r.done) continue;
    await io.write(r);
    await io.markDone(id);
    finished = true;
  }
  return finished;
}

/**
 * A simultaneous group's results, once (the surprise's pattern, surprise-op.ts): the card first, carrying the record
 * of the results and marks, under an id that follows from the group and how many cards it already has (a group
 * resolved again after the GM stepped back gets a new card; two GMs resolving it at once claim the same id, and the
 * server keeps one); then the writes (skipped by a combat that lists the operation); then the card marked done. A
 * reload in between leaves the record, which the step run again finishes (`finishGroups`) before it looks for what is
 * left to resolve. False when another resolution of the group came first (its card and marks stand; this one's
 * rolls are dropped).
 */
export async function groupOp(io: GroupIO, record: GroupRecord): Promise<boolean> {
  if ((await finishGroups(io)) || !io.open()) return false;
  const count = io.cards().filter(({ record: r }) => readGroupRecord(r)?.group === record.group).length;
  const claimed = await io.claim(claimId(record.group, "simultaneous", String(count)), record);
  await finishGroups(io);
  return claimed;
}

/**
 * Reverse declaration's declare step run again (a reload between a declaration's combat update and its *declared*
 * card, then the next active GM taking over): the card of each public declaration of the step that has none yet.
 */
export async function declaredCards<C>(io: ResolveStepIO<C>, step: ResolveStep): Promise<void> {
  for (const id of step.combatants) {
    const stored = publicOf(io.declarations(), id, step.phase);
    if (stored !== null) await postOnce(io, "declared", id, stored, "");
  }
}
