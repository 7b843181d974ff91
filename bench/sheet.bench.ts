// A dragon's sheet with 30 items (README "Benchmarks"): the data model's derived values (actorSnapshot, as
// prepareDerivedData computes them), the sheet's context (buildActorContext) and the real Handlebars templates
// rendered with the test double of Foundry's helpers (test/templates/), compiled once as Foundry caches them.
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { bench, describe } from "vitest";
import { buildActorContext } from "../src/features/sheets/actor-context";
import type { SheetItem } from "../src/features/sheets/sheet-data";
import { actorInput, bestiary, packItem } from "../test/features/sheets/fixtures";
import type { PackActor } from "../test/features/sheets/fixtures";
import { registerFoundryHelpers } from "../test/templates/foundry-helpers";
import { foundryPath, templateFile, templateFiles } from "../test/templates/render";

const WEAPONS = ["ballista", "beak-and-talons", "crossbow", "dragonsbreath", "lance", "longbow", "poleaxe", "spear", "sword", "tooth-and-claw"];
const ARMOUR = ["bronze-scale-barding", "great-helm", "kite-shield", "leather-barding", "mail-coat", "plate-harness", "steel-dragonplate", "tower-shield"];
const SKILLS = ["archery", "horsemanship", "lance", "shield-wall", "siegecraft", "spear-and-pike"];

/** The Sable Dragon with 24 more items from the item packs: 30 items in all, each with its own id. */
function dragonWith30Items(): PackActor {
  const sable = bestiary("sable-dragon.yml");
  const extra: SheetItem[] = [
    ...WEAPONS.map((f) => packItem("weapons", `${f}.yml`)),
    ...ARMOUR.map((f) => packItem("armour", `${f}.yml`)),
    ...SKILLS.map((f) => packItem("skills", `${f}.yml`)),
  ].map((item, i) => ({ ...item, id: `bench${String(i).padStart(11, "0")}`, sort: (i + 1) * 100 }));
  const actor = { ...sable, items: [...sable.items, ...extra] };
  if (actor.items.length !== 30) throw new Error(`expected 30 items, built ${actor.items.length}`);
  return actor;
}

const hb = Handlebars.create();
registerFoundryHelpers(hb);
for (const file of templateFiles()) hb.registerPartial(foundryPath(file), readFileSync(file, "utf8"));
const sheet = hb.compile(readFileSync(templateFile("test/browser/fixtures/actor-sheet.hbs"), "utf8"));
const options = { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true };

const actor = dragonWith30Items();
const play = actorInput(actor);
const edit = actorInput(actor, { mode: "edit" });
const playContext = { ...buildActorContext(play), partId: "b" };
// Compile every partial before timing (Foundry loads and compiles the templates once, at start-up).
let sink = sheet(playContext, options).length;

describe("actor sheet, a dragon with 30 items", () => {
  bench("derived values + context + render (play mode)", () => {
    const input = actorInput(actor);
    sink += sheet({ ...buildActorContext(input), partId: "b" }, options).length;
  });
  bench("context + render (play mode)", () => {
    sink += sheet({ ...buildActorContext(play), partId: "b" }, options).length;
  });
  bench("context + render (edit mode)", () => {
    sink += sheet({ ...buildActorContext(edit), partId: "b" }, options).length;
  });
  bench("context only (play mode)", () => {
    sink += Object.keys(buildActorContext(play)).length;
  });
  bench("render only (play mode)", () => {
    sink += sheet(playContext, options).length;
  });
});

export { sink };
