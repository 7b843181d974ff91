/**
 * The one home of an actor's and an item's plain data: the shape every reader takes (the rules' translation in
 * actor-snapshot.ts, the checks in src/data/check, the combat's body, the sheets), the typed stored `system`
 * fields each subtype has (derived from the spec in src/data/spec.ts, never written out again), and the one
 * reader that takes a document-like value (a document's `toObject()`, a pack source, a live document) and
 * checks its shape. Pure: no Foundry globals.
 */
import type { ACTOR_SPECS, FieldSpec, ITEM_SPECS } from "../spec";

/** One embedded item as plain data. `system` is read field by field by whoever needs it (actor-snapshot.ts). */
export interface ItemData {
  readonly _id?: string | null;
  readonly name: string;
  readonly type: string;
  readonly img?: string | null;
  readonly system: unknown;
}

/** An actor as plain data: its name, subtype, `system` data and embedded items. */
export interface ActorData {
  readonly _id?: string | null;
  readonly name: string;
  readonly type: string;
  readonly img?: string | null;
  readonly system: unknown;
  readonly items: readonly ItemData[];
}

/**
 * What the rules' translation (actorSnapshot) reads at least: a subtype. A missing name reads as "", missing
 * items as none, missing system data as every field's default; items may be any iterable (a live collection).
 */
export type ActorDataLike = Pick<ActorData, "type"> &
  Partial<Pick<ActorData, "_id" | "name" | "img" | "system">> & { readonly items?: Iterable<ItemData> | null };

/** The TypeScript value of one stored field. */
type FieldValue<F> = F extends { kind: "integer" | "number" }
  ? number
  : F extends { kind: "boolean" }
    ? boolean
    : F extends { kind: "string" | "html" }
      ? string
      : F extends { kind: "stringSet" | "stringList" }
        ? readonly string[]
        : F extends { kind: "schema"; fields: infer M }
          ? SystemOf<M>
          : never;

/** The stored `system` fields of a subtype, typed from its spec (docs/DATA.md). */
export type SystemOf<M> = { -readonly [K in keyof M]: M[K] extends FieldSpec ? FieldValue<M[K]> : never };

/** A weapon's stored fields (docs/DATA.md Item `weapon`). */
export type WeaponSystem = SystemOf<typeof ITEM_SPECS.weapon>;
/** An armour's stored fields (docs/DATA.md Item `armour`). */
export type ArmourSystem = SystemOf<typeof ITEM_SPECS.armour>;
/** A skill's stored fields (docs/DATA.md Item `skill`). */
export type SkillSystem = SystemOf<typeof ITEM_SPECS.skill>;

type DragonSystem = SystemOf<typeof ACTOR_SPECS.dragon>;
type AdversarySystem = SystemOf<typeof ACTOR_SPECS.adversary>;
type SharedField = keyof DragonSystem & keyof AdversarySystem;

/** A dragon's or adversary's stored fields (docs/DATA.md); the subtype-only ones are absent on the other. */
export type CharacterSystem = Pick<DragonSystem, SharedField> &
  Partial<Omit<DragonSystem, SharedField>> &
  Partial<Omit<AdversarySystem, SharedField>>;

/** A value that keeps actorDataOf from reading an actor: where it is, what it was, and what was expected. */
export interface DataProblem {
  /** Dotted path from the actor: `name`, `items[2].type`. */
  path: string;
  value: unknown;
  expected: string;
}

type Plain = Readonly<Record<string, unknown>>;

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The entries of an item list given as an array or any other iterable (a Foundry collection); undefined otherwise. */
function entriesOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === "object" && value !== null && typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === "function") {
    return [...(value as Iterable<unknown>)];
  }
  return undefined;
}

/** What an actor and an item share, as read: the id and the image only when they are strings, the system data as is. */
function documentFields(value: Plain, name: string, type: string): ItemData {
  return {
    ...(typeof value._id === "string" ? { _id: value._id } : {}),
    name,
    type,
    ...(typeof value.img === "string" ? { img: value.img } : {}),
    system: value.system,
  };
}

/** One item's plain data, or null with its problems listed. */
function itemDataOf(value: unknown, at: string, problems: DataProblem[]): ItemData | null {
  if (!isPlain(value)) {
    problems.push({ path: at, value, expected: "an item object" });
    return null;
  }
  const before = problems.length;
  if (typeof value.type !== "string") problems.push({ path: `${at}.type`, value: value.type, expected: "a string" });
  if (typeof value.name !== "string") problems.push({ path: `${at}.name`, value: value.name, expected: "a string" });
  if (problems.length > before || typeof value.type !== "string" || typeof value.name !== "string") return null;
  return documentFields(value, value.name, value.type);
}

/**
 * Reads a document-like value (a document's `toObject()`, a pack source, a live document) as ActorData: a name,
 * a type, system data and a list of items each with a type and a name. Returns null when the value lacks any of
 * them, and lists each reason in `problems` (pass an array to receive them). `system` is kept as it is: the
 * translation (actorSnapshot) repairs its fields and reports what it repaired.
 */
export function actorDataOf(value: unknown, problems: DataProblem[] = []): ActorData | null {
  if (!isPlain(value)) {
    problems.push({ path: "", value, expected: "an actor object" });
    return null;
  }
  const before = problems.length;
  if (typeof value.name !== "string") problems.push({ path: "name", value: value.name, expected: "a string" });
  if (typeof value.type !== "string") problems.push({ path: "type", value: value.type, expected: "a string" });
  const entries = entriesOf(value.items);
  if (entries === undefined) problems.push({ path: "items", value: value.items, expected: "a list of items" });
  const items: ItemData[] = [];
  (entries ?? []).forEach((entry, index) => {
    const item = itemDataOf(entry, `items[${index}]`, problems);
    if (item !== null) items.push(item);
  });
  if (problems.length > before || typeof value.name !== "string" || typeof value.type !== "string") return null;
  return { ...documentFields(value, value.name, value.type), items };
}

/** A problem in words, for a log or a notification: `items[2].name: expected a string, got 3`. */
export function describeDataProblem(problem: DataProblem): string {
  // JSON.stringify gives undefined for a function or a symbol, whatever its declared type says.
  const got = problem.value === undefined ? "nothing" : ((JSON.stringify(problem.value) as string | undefined) ?? typeof problem.value);
  return `${problem.path === "" ? "actor" : problem.path}: expected ${problem.expected}, got ${got}`;
}
