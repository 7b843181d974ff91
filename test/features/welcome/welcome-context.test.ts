// The welcome page's decision and context (src/features/welcome/welcome-context.ts), and that what it opens exists
// in the packs the system ships.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BESTIARY_PACK, QUICKSTART_UUID, RULES_UUID, shouldShowWelcome, welcomeContext } from "../../../src/features/welcome/welcome-context";
import { assembleAdventures } from "../../../tools/lib/adventure-sources";
import { loadSources } from "../../../tools/lib/pack-sources";
import { isRecord } from "../../../tools/lib/records";
import { translation } from "../../data/lang";

const root = resolve(import.meta.dirname, "../../..");

/** The _ids of the top-level documents in a pack's sources. */
function idsIn(pack: string): string[] {
  const files = assembleAdventures(loadSources(join(root, "packs", "_source", pack), root));
  return files.flatMap((f) => ("doc" in f && isRecord(f.doc) && typeof f.doc._id === "string" ? [f.doc._id] : []));
}

describe("when the welcome page opens", () => {
  it("opens for a GM in a world where it never showed, with the setting on", () => {
    expect(shouldShowWelcome({ isGM: true, enabled: true, shownFor: "" })).toBe(true);
  });
  it("stays shut for a player, once it has shown, and when the setting is off", () => {
    expect(shouldShowWelcome({ isGM: false, enabled: true, shownFor: "" })).toBe(false);
    expect(shouldShowWelcome({ isGM: true, enabled: true, shownFor: "0.1.0" })).toBe(false);
    expect(shouldShowWelcome({ isGM: true, enabled: false, shownFor: "" })).toBe(false);
  });
});

describe("what the welcome page offers", () => {
  it("opens the quickstart adventure and the rules reference the packs hold, and the bestiary pack", () => {
    const [, quickstartPack, , quickstartId] = QUICKSTART_UUID.split(".").slice(1);
    expect(QUICKSTART_UUID).toMatch(/^Compendium\.age-of-dragons\.quickstart\.Adventure\./);
    expect(quickstartPack).toBe("quickstart");
    expect(idsIn("quickstart")).toContain(quickstartId);
    expect(RULES_UUID).toMatch(/^Compendium\.age-of-dragons\.rules\.JournalEntry\./);
    expect(idsIn("rules")).toContain(RULES_UUID.split(".").at(-1));
    expect(BESTIARY_PACK).toBe("age-of-dragons.bestiary");
  });
  it("lists the quickstart first, then the rules, the bestiary and the simulator, every text in en.json", () => {
    const context = welcomeContext();
    expect(context.entries.map((e) => e.action)).toEqual(["importQuickstart", "openRules", "openBestiary", "openSimulator"]);
    const keys = [context.intro, context.footer, ...context.entries.flatMap((e) => [e.label, e.hint])];
    for (const key of keys) expect(typeof translation(key), key).toBe("string");
  });
});
