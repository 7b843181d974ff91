// The board's showcase fight: flyers at every altitude, a grapple, a carried combatant and landmarks, with a
// long name. Shared by the context tests, the browser views and the benchmark's shape.
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { fighter } from "../../rules/fixtures";
import { BREATH, CLAWS, LONGBOW, SWORD } from "../../rules/board/weapons";

/** The longest name in the fight, to check that it does not break the layout. */
export const LONG_NAME = "Argentheart the Unyielding Storm of the Northern Peaks";

/** The fight: ids are short, names are the compendium's. */
export function showcaseFight(): SkirmishState {
  const combatants = [
    fighter("argent", { name: LONG_NAME, altitude: "ceiling" }),
    fighter("sable", { name: "Sable Dragon", altitude: "high", side: "hostile" }),
    fighter("hunter", { name: "Hunter Dragon", altitude: "mid" }),
    fighter("wyrm", { name: "Storm Wyrm", altitude: "mid", side: "hostile" }),
    fighter("ember", { name: "Ember Drake", altitude: "low", weight: 20 }),
    fighter("xbow", { name: "Crossbowman", altitude: "low", canFly: false, weight: 2 }),
    fighter("griffon", { name: "Griffon", altitude: "low", side: "hostile", falling: true, life: { max: 8, wounds: 5 } }),
    fighter("bow", { name: "Longbowman", altitude: "grounded", canFly: false, side: "hostile" }),
    fighter("knight", { name: "Knight", altitude: "grounded", canFly: false, side: "hostile", fastGround: true, moved: true }),
  ];
  return {
    combatants: Object.fromEntries(combatants.map((c) => [c.id, c])),
    landmarks: {
      walls: { id: "walls", name: "Castle Battlements", altitude: "grounded" },
      cloud: { id: "cloud", name: "Thunderhead", altitude: "high" },
    },
    distances: {
      [pairKey("argent", "sable")]: "close",
      [pairKey("argent", "hunter")]: "middle",
      [pairKey("argent", "wyrm")]: "middle",
      [pairKey("argent", "cloud")]: "close",
      [pairKey("hunter", "wyrm")]: "zero",
      [pairKey("ember", "xbow")]: "close",
      [pairKey("ember", "griffon")]: "close",
      [pairKey("xbow", "griffon")]: "close",
      [pairKey("bow", "hunter")]: "middle",
      [pairKey("bow", "wyrm")]: "middle",
      [pairKey("bow", "knight")]: "close",
      [pairKey("bow", "ember")]: "middle",
      [pairKey("bow", "xbow")]: "middle",
      [pairKey("bow", "walls")]: "zero",
      [pairKey("knight", "walls")]: "close",
    },
    grapples: [pairKey("hunter", "wyrm")],
    carrying: { ember: "xbow" },
    surface: "rock",
  };
}

/** The weapons each combatant carries. */
export const FIGHT_WEAPONS: Readonly<Record<string, readonly WeaponSnapshot[]>> = {
  argent: [CLAWS, BREATH],
  sable: [CLAWS, BREATH],
  hunter: [CLAWS, BREATH],
  wyrm: [CLAWS, BREATH],
  ember: [CLAWS, BREATH],
  xbow: [LONGBOW],
  griffon: [CLAWS],
  bow: [LONGBOW, SWORD],
  knight: [SWORD],
};
