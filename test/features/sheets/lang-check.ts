// Test helper: every en.json key a context hands to the templates, found by walking the context.
import { translation } from "../../data/lang";

/** The strings in a value that look like en.json keys (AOD.* and TYPES.*). */
export function keysIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/^(AOD|TYPES)\.[A-Za-z0-9_.]+$/.test(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) keysIn(entry, found);
  } else if (typeof value === "object" && value !== null) {
    for (const entry of Object.values(value)) keysIn(entry, found);
  }
  return found;
}

/** The keys in a value that en.json lacks. */
export function missingKeys(value: unknown): string[] {
  return keysIn(value).filter((key) => translation(key) === undefined);
}
