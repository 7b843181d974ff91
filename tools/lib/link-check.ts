/**
 * Checks the compendium links in pack sources: every `@UUID[Compendium.<package>.<pack>.<Type>.<id>]` in any
 * text field must name this system's own pack of that document type and a document that pack holds (an
 * embedded tail such as `.TableResult.<id>` must name an embedded document of it). A link to another package
 * is refused too: a user without that package would get a broken link. Pure: the packs arrive parsed.
 */
import { SYSTEM_ID } from "../../src/constants/system-id";
import { EMBEDDED_COLLECTIONS, PACK_COLLECTIONS, isPackType } from "./pack-validate";
import type { LoadedSource } from "./pack-validate";
import { isRecord } from "./records";

/** One pack as the link check sees it: its manifest name and type, and its parsed sources. */
export interface LinkedPack {
  readonly name: string;
  readonly type: string;
  readonly files: readonly LoadedSource[];
}

/** One compendium link found in a text: the package, pack, type, id and the embedded tail's (type, id) pairs. */
export interface CompendiumLink {
  readonly text: string;
  readonly packageId: string;
  readonly pack: string;
  readonly type: string;
  readonly id: string;
  readonly embedded: readonly (readonly [string, string])[];
}

const LINK = /@UUID\[(Compendium\.[^\]]*)\]/g;

/** The compendium links in one text, in order; a malformed one has an empty id. */
export function compendiumLinks(text: string): CompendiumLink[] {
  return [...text.matchAll(LINK)].map((match) => {
    const uuid = match[1] ?? "";
    const [, packageId = "", pack = "", type = "", id = "", ...rest] = uuid.split(".");
    const embedded: [string, string][] = [];
    for (let i = 0; i + 1 < rest.length; i += 2) embedded.push([rest[i] ?? "", rest[i + 1] ?? ""]);
    const whole = rest.length % 2 === 0;
    return { text: uuid, packageId, pack, type, id: whole ? id : "", embedded };
  });
}

/** Every string in a parsed document with its field path. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v: unknown, i) => texts(v, `${path}[${i}]`));
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => texts(v, path === "" ? k : `${path}.${k}`));
  return [];
}

/** The embedded documents of a document by their Foundry class name (results of a table: TableResult). */
const EMBEDDED_TYPES: Readonly<Record<string, string>> = {
  items: "Item",
  effects: "ActiveEffect",
  pages: "JournalEntryPage",
  categories: "JournalEntryCategory",
  results: "TableResult",
};

/** Whether `doc` holds the embedded chain (type, id) ... */
function holdsEmbedded(doc: unknown, chain: readonly (readonly [string, string])[], collection: string): boolean {
  const [first, ...rest] = chain;
  if (first === undefined) return true;
  const [type, id] = first;
  const field = (EMBEDDED_COLLECTIONS[collection] ?? []).find((name) => EMBEDDED_TYPES[name] === type);
  if (field === undefined || !isRecord(doc)) return false;
  const list = doc[field];
  const child: unknown = Array.isArray(list) ? list.find((c: unknown) => isRecord(c) && c._id === id) : undefined;
  return child !== undefined && holdsEmbedded(child, rest, field);
}

/** Errors for every compendium link in the packs that does not lead to a document of this system's packs. */
export function checkCompendiumLinks(packs: readonly LinkedPack[]): string[] {
  const byName = new Map(
    packs.map((pack) => {
      const docs = new Map<string, unknown>();
      for (const source of pack.files) {
        if ("doc" in source && isRecord(source.doc) && typeof source.doc._id === "string") docs.set(source.doc._id, source.doc);
      }
      return [pack.name, { type: pack.type, docs }] as const;
    }),
  );
  const errors: string[] = [];
  for (const pack of packs) {
    for (const source of pack.files) {
      if (!("doc" in source)) continue;
      for (const [path, text] of texts(source.doc, "")) {
        for (const link of compendiumLinks(text)) {
          const problem = linkProblem(link, byName);
          if (problem !== "") errors.push(`${source.file}: ${path}: @UUID[${link.text}] ${problem}`);
        }
      }
    }
  }
  return errors;
}

function linkProblem(link: CompendiumLink, packs: ReadonlyMap<string, { type: string; docs: ReadonlyMap<string, unknown> }>): string {
  if (link.id === "") return "is not Compendium.<package>.<pack>.<Type>.<id>";
  if (link.packageId !== SYSTEM_ID) return `points into the package ${link.packageId}, which this system does not ship`;
  const pack = packs.get(link.pack);
  if (pack === undefined) return `names the pack ${link.pack}, which system.json does not declare`;
  if (pack.type !== link.type) return `names a ${link.type}, but the pack ${link.pack} holds ${pack.type} documents`;
  const doc = pack.docs.get(link.id);
  if (doc === undefined) return `names ${link.id}, which the pack ${link.pack} does not hold`;
  const collection = isPackType(pack.type) ? PACK_COLLECTIONS[pack.type] : "";
  if (!holdsEmbedded(doc, link.embedded, collection)) return `names an embedded document the pack ${link.pack} does not hold`;
  return "";
}
