// The Adventure pack checks (tools/lib/adventure-check.ts, adventure-sources.ts) on a small adventure built here,
// each reference broken once, and the repository's own quickstart adventure read from packs/_source.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAdventure, checkMacro } from "../../tools/lib/adventure-check";
import { assembleAdventures } from "../../tools/lib/adventure-sources";
import { loadSources } from "../../tools/lib/pack-sources";
import { validatePack } from "../../tools/lib/pack-validate";
import type { UnknownRecord } from "../../tools/lib/records";
import { isRecord } from "../../tools/lib/records";
import { copy, knight } from "./fixtures";

const ACTOR = "KnightAAAAAAAAAA";
const TOKEN = "TokenAAAAAAAAAAA";
const COMBATANT = "CombatantAAAAAAA";

interface Fixture extends UnknownRecord {
  actors: UnknownRecord[];
  folders: UnknownRecord[];
  journal: UnknownRecord[];
  scenes: UnknownRecord[];
  combats: UnknownRecord[];
}

function adventure(): Fixture {
  const actor = copy(knight) as UnknownRecord & { items: UnknownRecord[] };
  delete actor._key;
  actor.items = actor.items.map((item) => {
    const { _key: _, ...rest } = item;
    return rest;
  });
  return {
    _id: "AdventureAAAAAAA",
    _key: "!adventures!AdventureAAAAAAA",
    name: "Test Adventure",
    actors: [{ ...actor, folder: "FolderAAAAAAAAAA" }],
    folders: [{ _id: "FolderAAAAAAAAAA", name: "Foes", type: "Actor" }],
    journal: [{
      _id: "JournalAAAAAAAAA",
      name: "Guide",
      pages: [{
        _id: "PageAAAAAAAAAAAA", name: "One", type: "text",
        text: { content: '<p>@UUID[Actor.KnightAAAAAAAAAA]{the knight} <img src="systems/age-of-dragons/assets/knight.svg" alt=""></p>' },
      }],
    }],
    scenes: [{
      _id: "SceneAAAAAAAAAAA",
      name: "Field",
      journal: "JournalAAAAAAAAA",
      tokens: [{ _id: TOKEN, name: "Knight", actorId: ACTOR, elevation: 25 }],
      notes: [{ _id: "NoteAAAAAAAAAAAA", entryId: "JournalAAAAAAAAA", pageId: "PageAAAAAAAAAAAA" }],
    }],
    combats: [{
      _id: "CombatAAAAAAAAAA",
      name: "Fight",
      scene: "SceneAAAAAAAAAAA",
      combatants: [{ _id: COMBATANT, actorId: ACTOR, tokenId: TOKEN, system: { side: "foes", speed: "average" } }],
      system: {
        skirmish: {
          combatants: { [COMBATANT]: { altitude: "low" } },
          landmarks: { LandmarkAAAAAAAA: { name: "Tower", altitude: "grounded" } },
          distances: { [`${COMBATANT}|LandmarkAAAAAAAA`]: "close" },
        },
      },
    }],
    macros: [],
  };
}

const ships = { fileExists: (path: string) => path === "assets/knight.svg" || path === "assets/knight.webp" };

describe("adventure references", () => {
  it("accepts an adventure whose tokens, notes, folders, links, images and combat all resolve", () => {
    expect(checkAdventure(adventure(), ships)).toEqual([]);
  });

  it("refuses a token whose actor the adventure does not hold", () => {
    const adv = adventure();
    (adv.scenes[0]?.tokens as UnknownRecord[])[0] = { _id: TOKEN, name: "Knight", actorId: "GoneAAAAAAAAAAAA", elevation: 25 };
    expect(checkAdventure(adv, ships)).toEqual([
      'scenes[0].tokens[0].actorId: "GoneAAAAAAAAAAAA" is not an actor of the adventure (token Knight)',
      'combats[0].combatants[0].actorId: "KnightAAAAAAAAAA" is not the actor of its token Knight ("GoneAAAAAAAAAAAA")',
    ]);
  });

  it("refuses a note whose journal entry or page is missing", () => {
    const adv = adventure();
    const notes = adv.scenes[0]?.notes as UnknownRecord[];
    notes.push({ _id: "NoteBBBBBBBBBBBB", entryId: "JournalAAAAAAAAA", pageId: "PageZZZZZZZZZZZZ" });
    notes.push({ _id: "NoteCCCCCCCCCCCC", entryId: "JournalZZZZZZZZZ" });
    expect(checkAdventure(adv, ships)).toEqual([
      'scenes[0].notes[1].pageId: "PageZZZZZZZZZZZZ" is not a page of Guide',
      'scenes[0].notes[2].entryId: "JournalZZZZZZZZZ" is not a journal entry of the adventure',
    ]);
  });

  it("refuses a link to a document or page the adventure does not hold, and an image that does not ship", () => {
    const adv = adventure();
    const page = (adv.journal[0]?.pages as UnknownRecord[])[0] as UnknownRecord;
    page.text = {
      content: '@UUID[Scene.NopeAAAAAAAAAAAA]{x} @UUID[JournalEntry.JournalAAAAAAAAA.JournalEntryPage.NopeAAAAAAAAAAAA]{y} <img src="systems/age-of-dragons/assets/gone.svg"> <img src="art/x.png">',
    };
    expect(checkAdventure(adv, ships)).toEqual([
      "journal[0].pages[0].text.content: @UUID[Scene.NopeAAAAAAAAAAAA] names a Scene the adventure does not hold",
      'journal[0].pages[0].text.content: @UUID[JournalEntry.JournalAAAAAAAAA.JournalEntryPage.NopeAAAAAAAAAAAA] names a page "NopeAAAAAAAAAAAA" that Guide does not hold',
      "journal[0].pages[0].text.content: shows systems/age-of-dragons/assets/gone.svg, which the system does not ship",
      'journal[0].pages[0].text.content: shows "art/x.png", outside the system and Foundry\'s icons',
    ]);
  });

  it("refuses a scene background or token image outside the system and Foundry's icons", () => {
    const adv = adventure();
    const scene = adv.scenes[0] as UnknownRecord;
    scene.background = { src: "worlds/mine/valley.webp" };
    (scene.tokens as UnknownRecord[])[0] = { _id: TOKEN, name: "Knight", actorId: ACTOR, elevation: 25, texture: { src: "tokens/knight.png" } };
    expect(checkAdventure(adv, ships)).toEqual([
      'scenes[0].background.src: "worlds/mine/valley.webp" is neither a system file nor one of Foundry\'s icons',
      'scenes[0].tokens[0].texture.src: "tokens/knight.png" is neither a system file nor one of Foundry\'s icons',
    ]);
    scene.background = { src: "systems/age-of-dragons/assets/knight.webp" };
    (scene.tokens as UnknownRecord[])[0] = { _id: TOKEN, name: "Knight", actorId: ACTOR, elevation: 25, texture: { src: "icons/svg/mystery-man.svg" } };
    expect(checkAdventure(adv, ships)).toEqual([]);
  });

  it("refuses a combatant that is not one of its scene's tokens, or has no side, speed or place", () => {
    const adv = adventure();
    const combat = adv.combats[0] as UnknownRecord;
    combat.combatants = [
      { _id: COMBATANT, actorId: ACTOR, tokenId: "ElsewhereAAAAAAA", system: { side: "foes", speed: "average" } },
      { _id: "CombatantBBBBBBB", actorId: ACTOR, tokenId: TOKEN, system: { side: " ", speed: "" } },
    ];
    expect(checkAdventure(adv, ships)).toEqual([
      'combats[0].combatants[0].tokenId: "ElsewhereAAAAAAA" is not a token of the combat\'s scene',
      "combats[0].combatants[1].system.side: no side set",
      'combats[0].combatants[1].system.speed: "" is not a speed category',
      "combats[0].combatants[1]: no place on the board (system.skirmish.combatants.CombatantBBBBBBB.altitude)",
    ]);
  });

  it("refuses a token whose elevation is not its combatant's altitude band", () => {
    const adv = adventure();
    (adv.scenes[0]?.tokens as UnknownRecord[])[0] = { _id: TOKEN, name: "Knight", actorId: ACTOR, elevation: 50 };
    expect(checkAdventure(adv, ships)).toEqual([
      "combats[0].combatants[0]: its token Knight stands at elevation 50, but the low band is 25",
    ]);
  });

  it("refuses a combat on a scene it does not hold, places and distances of nobody, and a folder of another type", () => {
    const adv = adventure();
    const skirmish = (adv.combats[0]?.system as UnknownRecord).skirmish as UnknownRecord;
    skirmish.combatants = { [COMBATANT]: { altitude: "low" }, GhostAAAAAAAAAAA: { altitude: "mid" } };
    skirmish.distances = { "GhostAAAAAAAAAAA|LandmarkAAAAAAAA": "close" };
    (adv.folders[0] as UnknownRecord).type = "JournalEntry";
    const errors = checkAdventure(adv, ships);
    expect(errors).toEqual([
      'actors[0].folder: "FolderAAAAAAAAAA" holds JournalEntry documents, not Actor',
      "combats[0].system.skirmish.combatants.GhostAAAAAAAAAAA: no combatant has this id",
      "combats[0].system.skirmish.distances.GhostAAAAAAAAAAA|LandmarkAAAAAAAA: GhostAAAAAAAAAAA is neither a combatant nor a landmark",
    ]);
    (adv.combats[0] as UnknownRecord).scene = "SceneZZZZZZZZZZZ";
    expect(checkAdventure(adv, ships)).toContain('combats[0].scene: "SceneZZZZZZZZZZZ" is not a scene of the adventure');
  });

  it("checks the documents inside an adventure like any pack's, without keys of their own", () => {
    const adv = adventure();
    (adv.actors[0] as UnknownRecord).system = { ...(adv.actors[0]?.system as UnknownRecord), soma: "lots" };
    (adv.actors[0] as UnknownRecord)._key = "!actors!KnightAAAAAAAAAA";
    const errors = validatePack({ name: "quickstart", type: "Adventure", files: [{ file: "a.yml", doc: adv }] }, ships);
    expect(errors).toEqual([
      "a.yml: actors[0]._key: a document inside an adventure has no key of its own",
      expect.stringMatching(/^a\.yml: actors\[0\]\.system\.soma: /),
    ]);
  });
});

describe("adventure sources", () => {
  it("puts each listed file into its adventure and drops it from the pack's documents", () => {
    const files = [
      { file: "packs/_source/q/adv.yml", doc: { _key: "!adventures!A", actors: ["adv/actors/k.yml", "adv/actors/missing.yml"] } },
      { file: "packs/_source/q/adv/actors/k.yml", doc: { _id: "K", name: "Knight" } },
      { file: "packs/_source/q/other.yml", doc: { _key: "!macros!M" } },
    ];
    expect(assembleAdventures(files)).toEqual([
      { file: "packs/_source/q/adv.yml", doc: { _key: "!adventures!A", actors: [{ _id: "K", name: "Knight" }, "adv/actors/missing.yml"] } },
      { file: "packs/_source/q/other.yml", doc: { _key: "!macros!M" } },
    ]);
    const [assembled] = assembleAdventures(files);
    expect(checkAdventure(assembled && "doc" in assembled && isRecord(assembled.doc) ? assembled.doc : {}, ships)).toEqual([
      "actors[1]: adv/actors/missing.yml is not a source file beside the adventure",
    ]);
  });
});

describe("macros", () => {
  it("accepts a script that calls an existing macro function and refuses one that does not exist", () => {
    expect(checkMacro({ type: "script", command: "game.system.api.macros.openBoard();" })).toEqual([]);
    expect(checkMacro({ type: "script", command: "game.system.api.macros.openBored();" })).toEqual([
      expect.stringMatching(/^command: game\.system\.api\.macros\.openBored does not exist/),
    ]);
    expect(checkMacro({ type: "script", command: " " })).toEqual(["command: missing"]);
    expect(checkMacro({ type: "base", command: "x" })).toEqual(['type: "base" is neither script nor chat']);
  });
});

describe("the quickstart adventure (packs/_source/quickstart)", () => {
  const root = resolve(import.meta.dirname, "../..");
  const dir = join(root, "packs", "_source", "quickstart");
  const files = assembleAdventures(loadSources(dir, root));
  const first = files[0];
  const adv = first !== undefined && "doc" in first && isRecord(first.doc) ? first.doc : {};
  const list = (field: string): UnknownRecord[] => (Array.isArray(adv[field]) ? adv[field].filter(isRecord) : []);
  const system = (doc: UnknownRecord): UnknownRecord => (isRecord(doc.system) ? doc.system : {});

  it("is one adventure, with nothing else in the pack", () => {
    expect(files).toHaveLength(1);
    expect(adv._key).toBe(`!adventures!${String(adv._id)}`);
  });

  it("has four player dragons of four breeds, each with a hook in its biography and a handout", () => {
    const dragons = list("actors").filter((a) => a.type === "dragon");
    expect(dragons).toHaveLength(4);
    expect(new Set(dragons.map((d) => system(d).breed)).size).toBe(4);
    for (const dragon of dragons) {
      expect(String(system(dragon).biography)).toContain("Hook:");
      expect(list("journal").some((j) => j.name === `Handout: ${String(dragon.name)}` && isRecord(j.ownership) && j.ownership.default === 2)).toBe(true);
    }
  });

  it("places knights, archers, a war engine and a wyvern rider, and the dragons, on its one gridless scene", () => {
    const [scene] = list("scenes");
    expect(list("scenes")).toHaveLength(1);
    expect((scene?.grid as UnknownRecord).type).toBe(0);
    const images = (scene?.tokens as UnknownRecord[]).map((t) => String((t.texture as UnknownRecord).src).split("/").pop());
    for (const art of ["knight.svg", "longbowman.svg", "war-engine-crew.svg", "wyvern-rider.svg", "sable-dragon.svg"]) expect(images).toContain(art);
  });

  it("has a combat ready to begin on that scene: every token a combatant, not started, in the descending mode", () => {
    const [combat] = list("combats");
    const [scene] = list("scenes");
    expect(list("combats")).toHaveLength(1);
    const tokens = (scene?.tokens as UnknownRecord[]).map((t) => t._id).sort();
    expect((combat?.combatants as UnknownRecord[]).map((c) => c.tokenId).sort()).toEqual(tokens);
    expect(system(combat ?? {}).plan).toEqual([]);
    expect(system(combat ?? {}).mode).toBe("descending");
    expect(new Set((combat?.combatants as UnknownRecord[]).map((c) => system(c).side))).toEqual(new Set(["dragons", "margrave"]));
  });

  it("passes every reference check", () => {
    expect(checkAdventure(adv, { fileExists: () => true })).toEqual([]);
  });
});
