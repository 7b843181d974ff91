/**
 * An Adventure's sources as the pack CLI reads them: the adventure file lists its documents as paths to source
 * files beside it (`fire-over-hollin-vale/actors/vesperine.yml`), one document per file. The CLI puts them back
 * into the adventure when it compiles; this does the same for the validator and the round trip, so both see the
 * adventure as it is stored, and the listed files are not taken for documents of the pack. Pure: the files
 * arrive loaded.
 */
import { posix } from "node:path";
import { ADVENTURE_FIELDS } from "./adventure-check";
import type { LoadedSource } from "./pack-validate";
import { isRecord } from "./records";

/**
 * The pack's sources with each adventure's listed files put in place: the adventure's path entries become the
 * documents (a path that names no loaded file stays as it is, for the check to report), and the files it used
 * leave the list. A listed file that cannot be parsed stays in the list, so its parse error is reported.
 */
export function assembleAdventures(files: readonly LoadedSource[]): LoadedSource[] {
  const byFile = new Map(files.map((source) => [source.file, source]));
  const used = new Set<string>();
  const assembled = files.map((source): LoadedSource => {
    if (!("doc" in source) || !isRecord(source.doc)) return source;
    const key = source.doc._key;
    if (typeof key !== "string" || !key.startsWith("!adventures!")) return source;
    const doc = { ...source.doc };
    const folder = posix.dirname(source.file);
    for (const field of ADVENTURE_FIELDS) {
      const list = doc[field];
      if (!Array.isArray(list)) continue;
      doc[field] = list.map((entry: unknown) => {
        if (typeof entry !== "string") return entry;
        const file = posix.join(folder, entry);
        const found = byFile.get(file);
        if (found === undefined || !("doc" in found)) return entry;
        used.add(file);
        return found.doc;
      });
    }
    return { file: source.file, doc };
  });
  return assembled.filter((source) => !used.has(source.file));
}
