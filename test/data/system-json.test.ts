import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";
import type { FieldSpec, ModelSpec } from "../../src/data/spec";
import { SYSTEM_ID, SYSTEM_MODULE, SYSTEM_PATH } from "../../src/constants/system-id";
import { STATUS_EFFECTS } from "../../src/constants/status-effects";
import { TOKEN_BARS, TOKEN_VALUES, trackableAttributes } from "../../src/constants/token-bars";
import { ROOT } from "./lang";

interface Pack {
  name: string;
  label: string;
  type: string;
  path: string;
  system: string;
  ownership: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as Record<string, unknown>;
const packs = manifest.packs as Pack[];
/** Every stylesheet under styles/, imported or listed in system.json. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".css"))
    .map((name) => join(dir, name));
}
/** A selector list split at its top-level commas (not those inside :is(...) or :not(...)). */
function topLevelList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}
const stylesheets = cssFiles(resolve(ROOT, "styles"));
const documentTypes = manifest.documentTypes as Record<string, Record<string, { htmlFields?: string[] }>>;

const htmlFields = (spec: ModelSpec): string[] =>
  Object.entries(spec).filter(([, field]) => field.kind === "html").map(([name]) => name);

describe("system.json", () => {
  it("identifies the system for Foundry 13", () => {
    expect(manifest).toMatchObject({
      id: "age-of-dragons",
      title: "Age of Dragons",
      compatibility: { minimum: "13.345", verified: "13.345" },
      esmodules: ["age-of-dragons.mjs"],
      socket: true,
      primaryTokenAttribute: "life",
      secondaryTokenAttribute: "magic",
    });
    expect(typeof manifest.version).toBe("string");
  });
  it("has the one SYSTEM_ID of src/constants/system-id.ts as its id, module and status icon folder", () => {
    expect(manifest.id).toBe(SYSTEM_ID);
    expect(manifest.esmodules).toEqual([SYSTEM_MODULE]);
    expect(SYSTEM_PATH).toBe(`systems/${String(manifest.id)}/`);
    for (const status of STATUS_EFFECTS) expect(status.img.startsWith(SYSTEM_PATH), status.img).toBe(true);
  });
  it("leaves url, manifest and download as placeholders for the release step", () => {
    expect([manifest.url, manifest.manifest, manifest.download]).toEqual(["#{URL}#", "#{MANIFEST}#", "#{DOWNLOAD}#"]);
  });
  it("declares exactly the spec's Actor and Item subtypes, with their rich-text fields", () => {
    const expected = (specs: Record<string, ModelSpec>) =>
      Object.fromEntries(Object.entries(specs).map(([type, spec]) => [type, { htmlFields: htmlFields(spec) }]));
    expect(documentTypes.Actor).toEqual(expected(ACTOR_SPECS));
    expect(documentTypes.Item).toEqual(expected(ITEM_SPECS));
  });
  it("points at files that exist: the stylesheet and the English strings", () => {
    for (const style of manifest.styles as string[]) expect(existsSync(resolve(ROOT, style)), style).toBe(true);
    const languages = manifest.languages as { lang: string; path: string }[];
    expect(languages).toEqual([{ lang: "en", name: "English", path: "lang/en.json" }]);
    expect(existsSync(resolve(ROOT, "lang/en.json"))).toBe(true);
  });
  it("lists the eight packs with their document types", () => {
    expect(packs.map((p) => [p.name, p.type])).toEqual([
      ["bestiary", "Actor"],
      ["weapons", "Item"],
      ["armour", "Item"],
      ["skills", "Item"],
      ["rules", "JournalEntry"],
      ["tables", "RollTable"],
      ["quickstart", "Adventure"],
      ["macros", "Macro"],
    ]);
  });
  it.each(packs.map((p) => [p.name, p]))("pack %s is complete and owned by the system", (name, pack) => {
    expect(pack.path).toBe(`packs/${name}`);
    expect(pack.system).toBe("age-of-dragons");
    expect(pack.label.length).toBeGreaterThan(0);
    // Players never see the quickstart: it holds the GM's journal and the adversaries.
    expect(pack.ownership).toEqual({ PLAYER: name === "quickstart" ? "NONE" : "OBSERVER", ASSISTANT: "OWNER" });
  });
  it("groups every pack in one Age of Dragons folder", () => {
    const folders = manifest.packFolders as { name: string; packs: string[] }[];
    expect(folders).toHaveLength(1);
    expect(folders[0]?.name).toBe("Age of Dragons");
    expect([...(folders[0]?.packs ?? [])].sort()).toEqual(packs.map((p) => p.name).sort());
  });
  it.each(stylesheets.map((file) => [relative(ROOT, file)]))("scopes every rule of %s under .age-of-dragons", (file) => {
    const source = readFileSync(resolve(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const imports = source.match(/@import[^;]*;/g) ?? [];
    const css = source.replace(/@import[^;]*;/g, "");
    const selectors = [...css.matchAll(/([^{}]+)\{/g)].flatMap((m) => topLevelList(m[1] ?? ""))
      .filter((selector) => !selector.startsWith("@"));
    expect(selectors.length + imports.length).toBeGreaterThan(0);
    // `:scope.age-of-dragons` is the view itself inside an @scope block (styles/theme/palette.css).
    for (const selector of selectors) expect(/^(:scope)?\.age-of-dragons\b/.test(selector), selector).toBe(true);
  });
  it("gives new scenes no grid: distances are bands, not squares (CONST.GRID_TYPES.GRIDLESS is 0)", () => {
    expect((manifest.grid as { type: number }).type).toBe(0);
  });
  it("000 Initiative: the core tracker's formula orders by Pneuma and breaks ties with a TN 6 Pneuma check", () => {
    const formula = manifest.initiative as string;
    expect(formula.replace(/\s+/g, "")).toBe("@pneuma+(@pneuma)d6cs>=6/100");
    // Every referenced value is an integer field every actor subtype stores.
    for (const ref of formula.matchAll(/@([a-z.]+)/gi)) {
      for (const spec of Object.values(ACTOR_SPECS)) expect((spec as ModelSpec)[ref[1] ?? ""]?.kind).toBe("integer");
    }
    // The tie-break adds at most max Pneuma successes / 100, so it never overturns a whole point of Pneuma.
    const pneuma = ACTOR_SPECS.dragon.pneuma;
    expect(pneuma.max / 100).toBeLessThan(1);
  });
});

const fieldAt = (spec: ModelSpec, path: string): FieldSpec | undefined => {
  const [head, ...rest] = path.split(".");
  const field = spec[head ?? ""];
  if (rest.length === 0 || field?.kind !== "schema") return rest.length === 0 ? field : undefined;
  return fieldAt(field.fields, rest.join("."));
};

describe("token attributes every actor subtype can track", () => {
  it("bars are the value/max groups life (value derived) and magic", () => {
    expect(TOKEN_BARS).toEqual(["life", "magic"]);
    for (const spec of Object.values(ACTOR_SPECS)) {
      expect(fieldAt(spec, "magic.value")?.kind).toBe("integer");
      expect(fieldAt(spec, "magic.max")?.kind).toBe("integer");
      expect(fieldAt(spec, "life.max")?.kind).toBe("integer");
    }
  });
  it("single values are Soma, Pneuma, Magic Points and wounds, each a stored integer", () => {
    expect(trackableAttributes()).toEqual({ bar: ["life", "magic"], value: ["soma", "pneuma", "magic.value", "life.wounds"] });
    for (const spec of Object.values(ACTOR_SPECS)) {
      for (const path of TOKEN_VALUES) expect(fieldAt(spec, path)?.kind, path).toBe("integer");
    }
  });
  it("the manifest's token attributes are the two bars", () => {
    expect([manifest.primaryTokenAttribute, manifest.secondaryTokenAttribute]).toEqual([...TOKEN_BARS]);
  });
});
