/**
 * Validates compendium pack sources (packs/_source/<pack>/) before the CLI compiles them. The CLI skips a
 * file without `_key` silently and stores whatever else it is given, so every check lives here: ids and
 * keys (top-level and embedded), document kind and subtype, names, image paths (where they point, and that
 * system files exist), `system` data against src/data/spec.ts, token bars, embedded weapons' attack skills,
 * journal pages, and roll-table ranges. Every error names the file and the field.
 * Pure: files arrive already read and parsed; the only outside question is whether an image file exists.
 */
import { SYSTEM_PATH } from "../../src/constants/system-id";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";
import type { ModelSpec } from "../../src/data/spec";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";
import { checkImagePrefixes, checkJournalPage, checkTokenBars, checkWeaponSkills } from "./document-check";
import { checkCrossFields, checkSystemData } from "./system-data-check";
import { checkTableRanges } from "./table-check";
import { ADVENTURE_FIELDS, checkAdventure, checkMacro } from "./adventure-check";

/** The pack document kinds this system ships, with the collection name used in `_key`. */
export const PACK_COLLECTIONS = {
  Actor: "actors",
  Item: "items",
  JournalEntry: "journal",
  RollTable: "tables",
  Macro: "macros",
  Adventure: "adventures",
} as const;

/** A document kind a pack may hold (system.json packs[].type). */
export type PackType = keyof typeof PACK_COLLECTIONS;

/** The embedded collections of each document collection, as the CLI stores them. */
export const EMBEDDED_COLLECTIONS: Readonly<Record<string, readonly string[]>> = {
  actors: ["items", "effects"],
  items: ["effects"],
  journal: ["pages", "categories"],
  tables: ["results"],
};

/** Where system files are served from inside Foundry; paths under it must exist in the repository. */
export const SYSTEM_PATH_PREFIX = SYSTEM_PATH;

/** One source file as read from disk: its parsed content, or why it could not be parsed. */
export type LoadedSource = { file: string; doc: unknown } | { file: string; parseError: string };

/** One pack to validate: its manifest name and type, and its source files. */
export interface PackSources {
  readonly name: string;
  readonly type: string;
  readonly files: readonly LoadedSource[];
}

/** What the validator may ask about the outside world. */
export interface ValidateContext {
  /** Whether a path relative to the repository root names a file that ships with the system. */
  fileExists(repoPath: string): boolean;
}

const ID_PATTERN = /^[A-Za-z0-9]{16}$/;

/** True for a type name this validator knows how to check. */
export function isPackType(type: string): type is PackType {
  return Object.hasOwn(PACK_COLLECTIONS, type);
}

/** The spec of a subtype, when it exists. */
function specOf(specs: Readonly<Record<string, ModelSpec>>, type: unknown): ModelSpec | undefined {
  return typeof type === "string" && Object.hasOwn(specs, type) ? specs[type] : undefined;
}

interface DocPlace {
  /**
   * False for a document stored inside an Adventure (and everything below it): the CLI keeps those in the
   * adventure's own record, so they carry no `_key` of their own.
   */
  readonly keyed?: boolean;
  /** Collections from the top document down to this one, e.g. ["actors", "items"]. */
  readonly collections: readonly string[];
  /** Ids of the enclosing documents, top first. */
  readonly parentIds: readonly string[];
  /** Field path of this document inside the file ("" at the top). */
  readonly path: string;
}

function field(place: DocPlace, name: string): string {
  return place.path === "" ? name : `${place.path}.${name}`;
}

function checkSubtype(doc: UnknownRecord, place: DocPlace): string[] {
  const collection = place.collections.at(-1);
  const specs: Readonly<Record<string, ModelSpec>> | undefined =
    collection === "actors" ? ACTOR_SPECS : collection === "items" ? ITEM_SPECS : undefined;
  if (specs === undefined) return [];
  const kind = collection === "actors" ? "Actor" : "Item";
  const spec = specOf(specs, doc.type);
  if (spec === undefined) {
    return [`${field(place, "type")}: unknown ${kind} type ${show(doc.type)} (known: ${Object.keys(specs).join(", ")})`];
  }
  if (doc.system === undefined) return [];
  const path = field(place, "system");
  return [...checkSystemData(spec, doc.system, path), ...checkCrossFields(spec, doc.system, path)];
}

function checkDocument(doc: UnknownRecord, place: DocPlace): string[] {
  const errors: string[] = [];
  const collection = place.collections.at(-1) ?? "";
  const id = doc._id;
  const idOk = typeof id === "string" && ID_PATTERN.test(id);
  if (id === undefined) errors.push(`${field(place, "_id")}: missing`);
  else if (!idOk) errors.push(`${field(place, "_id")}: ${show(id)} is not 16 letters and digits`);

  const key = doc._key;
  if (place.keyed === false) {
    if (key !== undefined) errors.push(`${field(place, "_key")}: a document inside an adventure has no key of its own`);
  } else if (key === undefined) errors.push(`${field(place, "_key")}: missing (the CLI would skip or drop this document)`);
  else if (idOk) {
    const expected = `!${place.collections.join(".")}!${[...place.parentIds, id].join(".")}`;
    if (key !== expected) errors.push(`${field(place, "_key")}: ${show(key)} should be ${show(expected)}`);
  } else if (typeof key !== "string") errors.push(`${field(place, "_key")}: expected text, got ${show(key)}`);

  if (collection === "results") {
    const text = [doc.name, doc.description].some((v) => typeof v === "string" && v.trim() !== "");
    if (!text) errors.push(`${field(place, "name")}: a table result needs a name or a description`);
  } else if (typeof doc.name !== "string" || doc.name.trim() === "") {
    errors.push(`${field(place, "name")}: missing`);
  }

  errors.push(...checkSubtype(doc, place));
  const within = (e: string): string => (place.path === "" ? e : `${place.path}.${e}`);
  if (collection === "tables") errors.push(...checkTableRanges(doc.formula, doc.results).map(within));
  if (collection === "actors") errors.push(...[...checkTokenBars(doc.prototypeToken), ...checkWeaponSkills(doc.items)].map(within));
  if (collection === "pages") errors.push(...checkJournalPage(doc, place.path));

  for (const embedded of EMBEDDED_COLLECTIONS[collection] ?? []) {
    const list = doc[embedded];
    if (list === undefined) continue;
    const listPath = field(place, embedded);
    if (!Array.isArray(list)) {
      errors.push(`${listPath}: expected a list of documents, got ${show(list)}`);
      continue;
    }
    const seen = new Map<string, number>();
    list.forEach((child: unknown, i) => {
      const childPath = `${listPath}[${i}]`;
      if (!isRecord(child)) {
        errors.push(`${childPath}: expected a document, got ${show(child)}`);
        return;
      }
      if (typeof child._id === "string") {
        const first = seen.get(child._id);
        if (first !== undefined) errors.push(`${childPath}._id: duplicate id ${child._id} (also ${listPath}[${first}])`);
        else seen.set(child._id, i);
      }
      errors.push(
        ...checkDocument(child, {
          keyed: place.keyed,
          collections: [...place.collections, embedded],
          parentIds: [...place.parentIds, typeof id === "string" ? id : "?"],
          path: childPath,
        }),
      );
    });
  }
  return errors;
}

/**
 * Errors for the documents stored inside an Adventure: the same checks as a pack's own documents of their kind,
 * without keys (their places are named from the adventure's root: `actors[2].items[0]...`).
 */
function checkAdventureDocuments(adventure: UnknownRecord): string[] {
  return ADVENTURE_FIELDS.flatMap((name) => {
    const list = adventure[name];
    if (!Array.isArray(list)) return [];
    return list.flatMap((doc: unknown, i) =>
      isRecord(doc) ? checkDocument(doc, { keyed: false, collections: [name], parentIds: [], path: `${name}[${i}]` }) : [],
    );
  });
}

/** Errors for every string anywhere in the document that points at a system file missing from the repo. */
export function checkSystemPaths(value: unknown, path: string, ctx: ValidateContext): string[] {
  if (typeof value === "string") {
    if (!value.startsWith(SYSTEM_PATH_PREFIX)) return [];
    const repoPath = value.slice(SYSTEM_PATH_PREFIX.length).split(/[?#]/)[0] ?? "";
    return ctx.fileExists(repoPath) ? [] : [`${path}: ${show(value)} does not exist (${repoPath} is not a file the system ships)`];
  }
  if (Array.isArray(value)) return value.flatMap((v: unknown, i) => checkSystemPaths(v, `${path}[${i}]`, ctx));
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([k, v]) => checkSystemPaths(v, path === "" ? k : `${path}.${k}`, ctx));
  }
  return [];
}

/** Checks one top-level document of a pack; `packType` is the pack's system.json type. */
function checkTopLevel(doc: UnknownRecord, packType: PackType, ctx: ValidateContext): string[] {
  const collection = PACK_COLLECTIONS[packType];
  const key = doc._key;
  if (typeof key === "string") {
    const keyCollection = key.split("!")[1] ?? "";
    if (keyCollection === "folders") return checkFolder(doc, packType);
    if (keyCollection !== collection) {
      const kind = Object.entries(PACK_COLLECTIONS).find(([, c]) => c === keyCollection)?.[0] ?? keyCollection;
      return [`_key: ${show(key)} is a key for ${kind} documents, but this pack holds ${packType} documents`];
    }
  }
  return [
    ...checkDocument(doc, { collections: [collection], parentIds: [], path: "" }),
    ...checkImagePrefixes(doc),
    ...checkSystemPaths(doc, "", ctx),
    ...(collection === "adventures" ? [...checkAdventureDocuments(doc), ...checkAdventure(doc, ctx)] : []),
    ...(collection === "macros" ? checkMacro(doc) : []),
  ];
}

/** A compendium folder: an id, its key, a name, and the pack's document type. */
function checkFolder(doc: UnknownRecord, packType: PackType): string[] {
  const errors: string[] = [];
  const id = doc._id;
  if (typeof id !== "string" || !ID_PATTERN.test(id)) errors.push(`_id: ${show(id)} is not 16 letters and digits`);
  else if (doc._key !== `!folders!${id}`) errors.push(`_key: ${show(doc._key)} should be "!folders!${id}"`);
  if (typeof doc.name !== "string" || doc.name.trim() === "") errors.push("name: missing");
  if (doc.type !== packType) errors.push(`type: a folder in this pack must have type ${packType}, got ${show(doc.type)}`);
  return errors;
}

/** Every error in one pack's sources, each prefixed with its file. */
export function validatePack(pack: PackSources, ctx: ValidateContext): string[] {
  if (!isPackType(pack.type)) {
    return [`pack ${pack.name}: type ${show(pack.type)} is not one of ${Object.keys(PACK_COLLECTIONS).join(", ")}`];
  }
  const packType = pack.type;
  const errors: string[] = [];
  const ids = new Map<string, string>();
  for (const source of pack.files) {
    if ("parseError" in source) {
      errors.push(`${source.file}: cannot be parsed: ${source.parseError}`);
      continue;
    }
    if (!isRecord(source.doc)) {
      errors.push(`${source.file}: expected one document (an object), got ${show(source.doc)}`);
      continue;
    }
    const id = source.doc._id;
    if (typeof id === "string") {
      const other = ids.get(id);
      if (other !== undefined) errors.push(`${source.file}: _id: duplicate id ${id} in pack ${pack.name} (also ${other})`);
      else ids.set(id, source.file);
    }
    errors.push(...checkTopLevel(source.doc, packType, ctx).map((e) => `${source.file}: ${e}`));
  }
  return errors;
}
