// One glossary in lang/en.json for the game's words: the statuses and health states (AOD.Status), the crash
// surfaces (AOD.Choices.surface) and the distance bands (AOD.Choices.distance). Every view that names one of them
// reads the glossary key, so "Severely injured" cannot drift into "Severely Injured" in another view, nor a
// surface into a second phrasing. The fall causes of the End Phase card (AOD.Combat.Card.Cause) are lower-case
// fragments of a sentence ("(pinned)"), not labels, and are the one exception.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./lang";

const lang: unknown = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8"));

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix === "" ? key : `${prefix}.${key}`));
}

const GLOSSARY = ["AOD.Status.", "AOD.Choices.surface.", "AOD.Choices.distance."];
const FRAGMENTS = ["AOD.Combat.Card.Cause."];

/** A word as a reader meets it: case and a trailing "(crash TN 4)" or "(4+)" do not make it another word. */
function word(value: string): string {
  return value.replace(/\s*\([^)]*\)\s*$/, "").trim().toLowerCase();
}

const entries = leaves(lang);
const inGlossary = (key: string) => GLOSSARY.some((prefix) => key.startsWith(prefix));

describe("the glossary", () => {
  const glossary = entries.filter(([key]) => inGlossary(key));

  it("holds the statuses, health states, surfaces and distances", () => {
    const keys = glossary.map(([key]) => key);
    for (const key of ["AOD.Status.Dead", "AOD.Status.SeverelyInjured", "AOD.Status.Fit", "AOD.Status.Moved", "AOD.Status.Acted", "AOD.Status.Declared"]) {
      expect(keys).toContain(key);
    }
    expect(keys.filter((key) => key.startsWith("AOD.Choices.surface."))).toHaveLength(5);
  });

  it("defines each word once", () => {
    const seen = new Map<string, string>();
    for (const [key, value] of glossary) {
      expect(seen.get(word(value)), `${key} repeats ${seen.get(word(value)) ?? ""}`).toBeUndefined();
      seen.set(word(value), key);
    }
  });

  it("is the only place en.json defines a status, surface or distance word", () => {
    const words = new Map(glossary.map(([key, value]) => [word(value), key]));
    const copies = entries
      .filter(([key]) => !inGlossary(key) && !FRAGMENTS.some((prefix) => key.startsWith(prefix)))
      .filter(([, value]) => words.has(word(value)))
      .map(([key, value]) => `${key} = ${value} (glossary: ${words.get(word(value)) ?? ""})`);
    expect(copies).toEqual([]);
  });

  it("writes the ground one way: name, then its crash TN", () => {
    for (const [key, value] of glossary.filter(([k]) => k.startsWith("AOD.Choices.surface."))) {
      expect(value, key).toMatch(/^[A-Z][a-z]+( [a-z]+)? \(crash TN \d\)$/);
    }
  });

  it("names each altitude band with the rules' term (000 \"Altitude\") wherever a view lists the bands", () => {
    const TERMS: Record<string, string> = { grounded: "Grounded", low: "Flying Low", mid: "Mid-altitude", high: "Flying High", ceiling: "Ceiling" };
    const bands = entries.filter(([key]) => /\.altitude\.(grounded|low|mid|high|ceiling)$/i.test(key));
    // The choices, the sheet, the board and the simulator each list them.
    expect(bands.length).toBeGreaterThanOrEqual(20);
    for (const [key, value] of bands) expect(value, key).toBe(TERMS[key.split(".").at(-1) ?? ""]);
  });

  it("writes health states in sentence case", () => {
    expect(entries.find(([key]) => key === "AOD.Status.SeverelyInjured")?.[1]).toBe("Severely injured");
  });
});
