/**
 * Checks of pack documents beyond their `system` data: prototype token bars, where images point, embedded
 * weapons' attack skills, and journal pages. Each returns errors naming the field from the document's root
 * (the caller adds the file). Pure: no file system, no Foundry globals.
 */
import { SYSTEM_PATH } from "../../src/constants/system-id";
import { TOKEN_BARS } from "../../src/constants/token-bars";
import { skillIdentifier } from "../../src/rules/character";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

const BARS: readonly string[] = TOKEN_BARS;

/** Image path prefixes Foundry can serve: the system's own files, and Foundry's core icons. */
export const IMAGE_PREFIXES: readonly string[] = [SYSTEM_PATH, "icons/"];

/** The journal page types Foundry core defines. */
export const PAGE_TYPES: readonly string[] = ["text", "image", "pdf", "video"];

/** Joins a field path: `at("", "img")` is "img", `at("items[0]", "img")` is "items[0].img". */
function at(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Errors for an actor's `prototypeToken.bar1`/`bar2`: each attribute is absent, null, or a registered bar. */
export function checkTokenBars(prototypeToken: unknown): string[] {
  if (prototypeToken === undefined) return [];
  if (!isRecord(prototypeToken)) return [`prototypeToken: expected an object, got ${show(prototypeToken)}`];
  const errors: string[] = [];
  for (const bar of ["bar1", "bar2"]) {
    const value = prototypeToken[bar];
    if (value === undefined || value === null) continue;
    if (!isRecord(value)) {
      errors.push(`prototypeToken.${bar}: expected an object, got ${show(value)}`);
      continue;
    }
    const attribute = value.attribute;
    if (attribute === undefined || attribute === null || (typeof attribute === "string" && BARS.includes(attribute))) continue;
    errors.push(`prototypeToken.${bar}.attribute: ${show(attribute)} is not a token bar (use null or one of ${BARS.join(", ")})`);
  }
  return errors;
}

function imageError(value: unknown, path: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "string") return [`${path}: expected an image path, got ${show(value)}`];
  if (IMAGE_PREFIXES.some((prefix) => value.startsWith(prefix))) return [];
  return [`${path}: ${show(value)} starts with neither ${IMAGE_PREFIXES.join(" nor ")} (Foundry would look for it from the server root)`];
}

/**
 * Errors for every `img` field anywhere in the document (embedded documents included) and the actor's
 * `prototypeToken.texture.src` whose path starts with neither the system's folder nor Foundry's `icons/`.
 * Whether a system path exists is checked separately.
 */
export function checkImagePrefixes(doc: UnknownRecord): string[] {
  const errors: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v: unknown, i) => { walk(v, `${path}[${i}]`); });
    else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === "img") errors.push(...imageError(child, at(path, key)));
        else walk(child, at(path, key));
      }
    }
  };
  walk(doc, "");
  const token = doc.prototypeToken;
  if (isRecord(token) && isRecord(token.texture)) errors.push(...imageError(token.texture.src, "prototypeToken.texture.src"));
  return errors;
}

/** The identifier a skill item answers to: its `system.identifier`, or when blank the camelCase of its name. */
function identifierOf(item: UnknownRecord): string | undefined {
  const stored = isRecord(item.system) ? item.system.identifier : undefined;
  if (typeof stored === "string" && stored.trim() !== "") return stored;
  return typeof item.name === "string" ? skillIdentifier(item.name) : undefined;
}

/**
 * Errors for an actor's embedded weapons whose `system.attackSkill` names no skill embedded in the same actor.
 * A weapon that leaves `attackSkill` out is not checked here (nor one whose value is not text: the data check
 * reports that).
 */
export function checkWeaponSkills(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  const records = items.map((item: unknown) => (isRecord(item) ? item : undefined));
  const skills = new Set<string>();
  for (const item of records) {
    if (item?.type !== "skill") continue;
    const identifier = identifierOf(item);
    if (identifier !== undefined && identifier !== "") skills.add(identifier);
  }
  const known = skills.size === 0 ? "the actor has no skills" : `its skills: ${[...skills].join(", ")}`;
  const errors: string[] = [];
  records.forEach((item, i) => {
    if (item?.type !== "weapon" || !isRecord(item.system)) return;
    const attackSkill = item.system.attackSkill;
    if (typeof attackSkill !== "string" || skills.has(attackSkill)) return;
    errors.push(`items[${i}].system.attackSkill: ${show(attackSkill)} is no skill embedded in this actor (${known})`);
  });
  return errors;
}

/** Errors for one journal page (named by `path`, e.g. "pages[0]"): a known type, and text content on text pages. */
export function checkJournalPage(page: UnknownRecord, path: string): string[] {
  const type = page.type;
  if (typeof type !== "string" || !PAGE_TYPES.includes(type)) {
    return [`${path}.type: ${show(type)} is not a page type (one of ${PAGE_TYPES.join(", ")})`];
  }
  if (type !== "text") return [];
  const content = isRecord(page.text) ? page.text.content : undefined;
  return typeof content === "string" ? [] : [`${path}.text.content: a text page needs its content as text, got ${show(content)}`];
}
