/**
 * Checks that an Adventure pack document holds together once imported: every token's actor, every scene note's
 * journal entry and page, every folder, every link between its documents (`@UUID[Actor.<id>]`,
 * `@UUID[JournalEntry.<id>.JournalEntryPage.<id>]` ...) and every image its pages show resolve inside the
 * adventure or the release; its combats stand on its scene's tokens, with a place, a side and a speed for each
 * combatant, and each token's elevation matches its combatant's altitude band. Also the macro check: a script
 * macro calls a function of `game.system.api.macros` that exists. Pure: the adventure arrives parsed, and the
 * only outside question is whether a system file exists.
 */
import { DEFAULT_BAND_ELEVATIONS } from "../../src/features/board/board-elevation";
import { SYSTEM_PATH } from "../../src/constants/system-id";
import { MACRO_FUNCTIONS } from "../../src/features/macros/macro-names";
import { ALTITUDES } from "../../src/rules/bands";
import { SPEED_CATEGORIES } from "../../src/rules/speed";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

/** The document collections an Adventure stores, as the pack CLI names them. */
export const ADVENTURE_FIELDS = [
  "actors", "cards", "combats", "folders", "items", "journal", "playlists", "scenes", "tables", "macros",
] as const;

/** The document class of each adventure field, as a world link names it. */
const FIELD_TYPES: Readonly<Record<string, string>> = {
  actors: "Actor", cards: "Cards", combats: "Combat", items: "Item", journal: "JournalEntry",
  playlists: "Playlist", scenes: "Scene", tables: "RollTable", macros: "Macro",
};

/** What the adventure check may ask about the outside world. */
export interface AdventureContext {
  /** Whether a path relative to the repository root names a file that ships with the system. */
  fileExists(repoPath: string): boolean;
}

function records(value: unknown): UnknownRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function idOf(doc: UnknownRecord): string {
  return typeof doc._id === "string" ? doc._id : "";
}

function named(doc: UnknownRecord): string {
  return typeof doc.name === "string" ? doc.name : idOf(doc);
}

/** Every string in a parsed value with its field path. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v: unknown, i) => texts(v, `${path}[${i}]`));
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => texts(v, path === "" ? k : `${path}.${k}`));
  return [];
}

const WORLD_LINK = /@UUID\[((?:Actor|Cards|Combat|Item|JournalEntry|Playlist|Scene|RollTable|Macro)\.[^\]]*)\]/g;
const HTML_SOURCE = /\bsrc="([^"]*)"/g;

/** Errors for links between the adventure's documents that lead nowhere once it is imported. */
function checkWorldLinks(adventure: UnknownRecord): string[] {
  const byType = new Map<string, Map<string, UnknownRecord>>();
  for (const [field, type] of Object.entries(FIELD_TYPES)) {
    byType.set(type, new Map(records(adventure[field]).map((doc) => [idOf(doc), doc])));
  }
  const errors: string[] = [];
  for (const [path, text] of texts(adventure, "")) {
    for (const match of text.matchAll(WORLD_LINK)) {
      const uuid = match[1] ?? "";
      const [type = "", id = "", embeddedType, embeddedId, ...rest] = uuid.split(".");
      const doc = byType.get(type)?.get(id);
      let problem = "";
      if (doc === undefined) problem = `names a ${type} the adventure does not hold`;
      else if (rest.length > 0 || (embeddedType !== undefined && embeddedType !== "JournalEntryPage")) {
        problem = "names an embedded document this check cannot follow";
      } else if (embeddedType !== undefined && !records(doc.pages).some((p) => p._id === embeddedId)) {
        problem = `names a page ${show(embeddedId)} that ${named(doc)} does not hold`;
      }
      if (problem !== "") errors.push(`${path}: @UUID[${uuid}] ${problem}`);
    }
  }
  return errors;
}

/** Errors for an image an HTML text shows that does not ship (or would resolve from the server root). */
function checkHtmlImages(adventure: UnknownRecord, ctx: AdventureContext): string[] {
  const errors: string[] = [];
  for (const [path, text] of texts(adventure, "")) {
    for (const match of text.matchAll(HTML_SOURCE)) {
      const src = match[1] ?? "";
      if (src.startsWith(SYSTEM_PATH)) {
        if (!ctx.fileExists(src.slice(SYSTEM_PATH.length))) errors.push(`${path}: shows ${src}, which the system does not ship`);
      } else if (!src.startsWith("icons/")) errors.push(`${path}: shows ${show(src)}, outside the system and Foundry's icons`);
    }
  }
  return errors;
}

/**
 * Errors for a scene image (its background, a token's or a note's texture) that points neither into the system
 * nor at Foundry's icons; whether a system file ships is checked with every other system path.
 */
function checkSceneImages(adventure: UnknownRecord): string[] {
  const errors: string[] = [];
  const check = (value: unknown, path: string): void => {
    if (value === undefined || value === null) return;
    if (typeof value !== "string" || !(value.startsWith(SYSTEM_PATH) || value.startsWith("icons/"))) {
      errors.push(`${path}: ${show(value)} is neither a system file nor one of Foundry's icons`);
    }
  };
  records(adventure.scenes).forEach((scene, s) => {
    if (isRecord(scene.background)) check(scene.background.src, `scenes[${s}].background.src`);
    for (const kind of ["tokens", "notes", "tiles"]) {
      records(scene[kind]).forEach((placed, i) => {
        if (isRecord(placed.texture)) check(placed.texture.src, `scenes[${s}].${kind}[${i}].texture.src`);
      });
    }
  });
  return errors;
}

/** Errors for documents whose folder the adventure does not hold, or holds for another document type. */
function checkFolders(adventure: UnknownRecord): string[] {
  const folders = new Map(records(adventure.folders).map((f) => [idOf(f), f]));
  const errors: string[] = [];
  for (const [field, type] of Object.entries(FIELD_TYPES)) {
    records(adventure[field]).forEach((doc, i) => {
      const folder = doc.folder;
      if (folder === undefined || folder === null) return;
      const found = typeof folder === "string" ? folders.get(folder) : undefined;
      if (found === undefined) errors.push(`${field}[${i}].folder: ${show(folder)} is not a folder of the adventure`);
      else if (found.type !== type) errors.push(`${field}[${i}].folder: ${show(folder)} holds ${String(found.type)} documents, not ${type}`);
    });
  }
  return errors;
}

/** Errors for a scene's tokens, notes and journal that lead to no document of the adventure. */
function checkScenes(adventure: UnknownRecord): string[] {
  const actors = new Set(records(adventure.actors).map(idOf));
  const journal = new Map(records(adventure.journal).map((j) => [idOf(j), j]));
  const hasPage = (entry: UnknownRecord | undefined, page: unknown): boolean =>
    entry !== undefined && records(entry.pages).some((p) => p._id === page);
  const errors: string[] = [];
  records(adventure.scenes).forEach((scene, s) => {
    const at = `scenes[${s}]`;
    records(scene.tokens).forEach((token, t) => {
      if (typeof token.actorId !== "string" || !actors.has(token.actorId)) {
        errors.push(`${at}.tokens[${t}].actorId: ${show(token.actorId)} is not an actor of the adventure (token ${named(token)})`);
      }
    });
    records(scene.notes).forEach((note, n) => {
      const entry = typeof note.entryId === "string" ? journal.get(note.entryId) : undefined;
      if (entry === undefined) errors.push(`${at}.notes[${n}].entryId: ${show(note.entryId)} is not a journal entry of the adventure`);
      else if (note.pageId !== undefined && note.pageId !== null && !hasPage(entry, note.pageId)) {
        errors.push(`${at}.notes[${n}].pageId: ${show(note.pageId)} is not a page of ${named(entry)}`);
      }
    });
    if (scene.journal !== undefined && scene.journal !== null) {
      const entry = typeof scene.journal === "string" ? journal.get(scene.journal) : undefined;
      if (entry === undefined) errors.push(`${at}.journal: ${show(scene.journal)} is not a journal entry of the adventure`);
      else if (scene.journalEntryPage !== undefined && scene.journalEntryPage !== null && !hasPage(entry, scene.journalEntryPage)) {
        errors.push(`${at}.journalEntryPage: ${show(scene.journalEntryPage)} is not a page of ${named(entry)}`);
      }
    }
  });
  return errors;
}

function skirmishOf(combat: UnknownRecord): UnknownRecord {
  const system = isRecord(combat.system) ? combat.system : {};
  return isRecord(system.skirmish) ? system.skirmish : {};
}

/** Errors for one combatant against its scene's tokens and its combat's skirmish places. */
function checkCombatant(
  combatant: UnknownRecord,
  at: string,
  tokens: ReadonlyMap<string, UnknownRecord>,
  places: UnknownRecord,
): string[] {
  const errors: string[] = [];
  const token = typeof combatant.tokenId === "string" ? tokens.get(combatant.tokenId) : undefined;
  if (token === undefined) return [`${at}.tokenId: ${show(combatant.tokenId)} is not a token of the combat's scene`];
  if (combatant.actorId !== token.actorId) {
    errors.push(`${at}.actorId: ${show(combatant.actorId)} is not the actor of its token ${named(token)} (${show(token.actorId)})`);
  }
  const system = isRecord(combatant.system) ? combatant.system : {};
  if (typeof system.side !== "string" || system.side.trim() === "") errors.push(`${at}.system.side: no side set`);
  if (typeof system.speed !== "string" || !(SPEED_CATEGORIES as readonly string[]).includes(system.speed)) {
    errors.push(`${at}.system.speed: ${show(system.speed)} is not a speed category`);
  }
  const place = places[idOf(combatant)];
  const altitude = isRecord(place) ? place.altitude : undefined;
  if (typeof altitude !== "string" || !(ALTITUDES as readonly string[]).includes(altitude)) {
    errors.push(`${at}: no place on the board (system.skirmish.combatants.${idOf(combatant)}.altitude)`);
  } else {
    const expected = DEFAULT_BAND_ELEVATIONS[altitude as keyof typeof DEFAULT_BAND_ELEVATIONS];
    if (token.elevation !== expected) {
      errors.push(`${at}: its token ${named(token)} stands at elevation ${show(token.elevation)}, but the ${altitude} band is ${expected}`);
    }
  }
  return errors;
}

/** Errors for combats that are not on a scene of the adventure or whose combatants are not its tokens. */
function checkCombats(adventure: UnknownRecord): string[] {
  const scenes = new Map(records(adventure.scenes).map((s) => [idOf(s), s]));
  const errors: string[] = [];
  records(adventure.combats).forEach((combat, c) => {
    const at = `combats[${c}]`;
    const scene = typeof combat.scene === "string" ? scenes.get(combat.scene) : undefined;
    if (scene === undefined) {
      errors.push(`${at}.scene: ${show(combat.scene)} is not a scene of the adventure`);
      return;
    }
    const tokens = new Map(records(scene.tokens).map((t) => [idOf(t), t]));
    const skirmish = skirmishOf(combat);
    const places = isRecord(skirmish.combatants) ? skirmish.combatants : {};
    const combatants = records(combat.combatants);
    if (combatants.length === 0) errors.push(`${at}.combatants: the combat has nobody in it`);
    combatants.forEach((combatant, i) => errors.push(...checkCombatant(combatant, `${at}.combatants[${i}]`, tokens, places)));
    const ids = new Set(combatants.map(idOf));
    const landmarks = isRecord(skirmish.landmarks) ? Object.keys(skirmish.landmarks) : [];
    for (const id of Object.keys(places)) {
      if (!ids.has(id)) errors.push(`${at}.system.skirmish.combatants.${id}: no combatant has this id`);
    }
    const distances = isRecord(skirmish.distances) ? Object.keys(skirmish.distances) : [];
    for (const key of distances) {
      const unknown = key.split("|").filter((id) => !ids.has(id) && !landmarks.includes(id));
      if (unknown.length > 0) errors.push(`${at}.system.skirmish.distances.${key}: ${unknown.join(", ")} is neither a combatant nor a landmark`);
    }
  });
  return errors;
}

/** Every error of an Adventure document's references (its embedded documents are checked like any pack's). */
export function checkAdventure(adventure: UnknownRecord, ctx: AdventureContext): string[] {
  const errors: string[] = [];
  for (const field of ADVENTURE_FIELDS) {
    const list = adventure[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      errors.push(`${field}: expected a list of documents, got ${show(list)}`);
      continue;
    }
    list.forEach((entry: unknown, i) => {
      if (typeof entry === "string") errors.push(`${field}[${i}]: ${entry} is not a source file beside the adventure`);
      else if (!isRecord(entry)) errors.push(`${field}[${i}]: expected a document, got ${show(entry)}`);
    });
  }
  return [
    ...errors,
    ...checkFolders(adventure),
    ...checkScenes(adventure),
    ...checkSceneImages(adventure),
    ...checkCombats(adventure),
    ...checkWorldLinks(adventure),
    ...checkHtmlImages(adventure, ctx),
  ];
}

/** Errors for a macro: a script or chat macro with a command; a script's `game.system.api.macros.<name>` exists. */
export function checkMacro(macro: UnknownRecord): string[] {
  if (macro.type !== "script" && macro.type !== "chat") return [`type: ${show(macro.type)} is neither script nor chat`];
  const command = macro.command;
  if (typeof command !== "string" || command.trim() === "") return ["command: missing"];
  return [...command.matchAll(/game\.system\.api\.macros\.(\w+)/g)]
    .map((m) => m[1] ?? "")
    .filter((name) => !(MACRO_FUNCTIONS as readonly string[]).includes(name))
    .map((name) => `command: game.system.api.macros.${name} does not exist (known: ${MACRO_FUNCTIONS.join(", ")})`);
}
