// Whole skirmishes in secret declaration and in reverse declaration through the `combat.declare` request rules,
// walked through the document translations until one side is out (declaration-walk.ts; every write is checked
// against the engine, and in secret mode against leaking a sealed declaration to the stored combat).
import { describe, expect, it } from "vitest";
import { DECLARATION_REASONS } from "../../../src/rules/declaration";
import { REQUEST_REASONS } from "../../../src/net/request-registry";
import { SECRET_REASONS } from "../../../src/net/secret-store";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { woundState } from "../../../src/rules/health";
import { RequestWalk, SecretWalk } from "./declaration-walk";
import type { DeclarationScript, WalkUser } from "./declaration-walk";
import type { Faces, Fighter } from "./skirmish-walk";

// Pneuma: the Sable, the Argent and the wyvern rider 4 (one simultaneous step in secret mode), the storm wyrm 3,
// the knight 2.
const FIGHTERS: readonly Fighter[] = [
  { id: "sable", file: "sable-dragon", side: "Dragons", place: { altitude: "high" } },
  { id: "argent", file: "argent-dragon", side: "Dragons", place: { altitude: "mid" } },
  { id: "rider", file: "wyvern-rider", side: "Wyvern Host", place: { altitude: "mid" } },
  { id: "wyrm", file: "storm-wyrm", side: "Dragons", place: { altitude: "high" } },
  { id: "knight", file: "knight", side: "Wyvern Host", place: { altitude: "grounded" } },
];

const DISTANCES = {
  "argent|rider": "close",
  "knight|sable": "middle",
  "rider|sable": "middle",
  "rider|wyrm": "middle",
  "knight|wyrm": "middle",
} as const;

// Ada plays the Sable, Bea the Argent, Cid the knight; Dora owns the storm wyrm but is offline (the GM declares for
// it); the wyvern rider is the GM's.
const USERS: readonly WalkUser[] = [
  { id: "gm", name: "GM", isGM: true, active: true },
  { id: "ada", name: "Ada", isGM: false, active: true },
  { id: "bea", name: "Bea", isGM: false, active: true },
  { id: "cid", name: "Cid", isGM: false, active: true },
  { id: "dora", name: "Dora", isGM: false, active: false },
];
const OWNERS = { sable: ["ada"], argent: ["bea"], knight: ["cid"], wyrm: ["dora"] };

const damage = (armour: number, wounds: number): Faces => ({ sixes: armour + wounds });
const HIT: readonly Faces[] = [6, 1];

type Walk = SecretWalk | RequestWalk;

/**
 * The fight's declarations. Round 1: the Sable and the wyrm dive to mid. In battle the Sable breathes on the rider
 * (4 wounds: fit alone), the Argent bites it (5: severely injured alone), the rider lances the Argent (3); the
 * wyrm means to burn the rider too; the knight raises his shield. Round 2: the Sable burns the knight dead.
 */
function script(walk: Walk): DeclarationScript {
  const armour = (id: string): number => walk.state.combatants[id]?.armour ?? 0;
  const attack = (id: string, weapon: string, target: string, text: string) => ({ action: "attack", weaponId: walk.weaponId(id, weapon), targetId: target, text });
  const knightLife = walk.state.combatants.knight?.life.max ?? 0;
  return {
    1: {
      sable: {
        movement: { choice: { action: "move", move: { kind: "standard", altitude: "mid" }, text: "Dive to the wyvern's height" } },
        battle: { choice: attack("sable", "Dragonsbreath", "rider", "Breathe on the rider"), dice: [...HIT, damage(armour("rider"), 4)] },
      },
      argent: { battle: { choice: attack("argent", "Tooth and Claw", "rider", "Bite the wyvern"), dice: [...HIT, damage(armour("rider"), 5)] } },
      rider: { battle: { choice: attack("rider", "Lance", "argent", "Lance the silver dragon"), dice: [...HIT, damage(armour("argent"), 3)] } },
      wyrm: {
        movement: { choice: { action: "move", move: { kind: "standard", altitude: "mid" }, text: "Drop through the cloud" } },
        battle: { choice: attack("wyrm", "Dragonsbreath", "rider", "Burn the rider from the sky") },
      },
      knight: { battle: { choice: { action: "other", text: "Raise the shield high" } } },
    },
    2: {
      sable: { battle: { choice: attack("sable", "Dragonsbreath", "knight", "Finish the knight"), dice: [...HIT, damage(armour("knight"), knightLife + 1)] } },
      argent: { battle: { choice: { action: "other", text: "Circle the field" } } },
      knight: { battle: { choice: { action: "other", text: "Pray to the saints" } } },
    },
  };
}

const SOFT: readonly Faces[] = [1, 1, 1, 1];

function checkOutcome(walk: Walk): void {
  expect(walk.sidesStanding).toEqual(["Dragons"]);
  for (const id of ["rider", "knight"]) {
    const c = walk.state.combatants[id];
    expect(c && woundState(c.life.wounds, c.life.max)).toBe("dead");
    expect(walk.actors.get(id)?.statuses.has("dead")).toBe(true);
  }
  // The rider's lance landed on the Argent (3 wounds), whenever the rider died.
  expect(walk.state.combatants.argent?.life.wounds).toBe(3);
  expect(walk.state.combatants.sable?.altitude).toBe("mid");
  expect(walk.state.combatants.wyrm?.altitude).toBe("mid");
}

describe("a whole skirmish in secret declaration", () => {
  it("declarations kept on the GM's client, sealed on the combat, revealed step by step, equal Pneuma together", async () => {
    const walk = new SecretWalk(FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" }, OWNERS, USERS);
    const orders = script(walk);
    // Cid first answers a question he was not asked (for the Sable), then declares a sword blow on the Sable high
    // above him (impossible now: refused, asked again), then raises his shield.
    const knight = orders[1]?.knight?.battle;
    const sword = { action: "attack", weaponId: walk.weaponId("knight", "Sword"), targetId: "sable", text: "Strike the black dragon" };
    const hostile = { ...orders, 1: { ...orders[1], knight: { battle: { ...knight, choice: knight?.choice ?? {}, attempts: [{ combatantId: "sable", refused: SECRET_REASONS.WrongStep }, { choice: sword, refused: RULE_REASONS.TooFarForMelee }] } } } };
    const record = await walk.run(hostile, SOFT);
    console.log(JSON.stringify(walk.declarations.resolutions), JSON.stringify(walk.declarations.refusals), JSON.stringify(Object.values(walk.state.combatants).map(c=>[c.id,c.life.wounds,c.altitude])));
    expect(record.rounds).toBe(2);
    checkOutcome(walk);
    const { declarations } = walk;
    console.log(JSON.stringify(declarations.resolutions), JSON.stringify(declarations.refusals));
  });
});

describe("a whole skirmish in reverse declaration through the combat.declare rules", () => {
  it("requests ruled and written, hostile ones refused, resolved in descending order, one aborted", async () => {
    const walk = new RequestWalk(FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" }, OWNERS, USERS);
    const orders = script(walk);
    const record = await walk.run(orders, SOFT);
    console.log(JSON.stringify(walk.declarations.resolutions), JSON.stringify(walk.declarations.refusals), JSON.stringify(Object.values(walk.state.combatants).map(c=>[c.id,c.life.wounds,c.altitude])));
    checkOutcome(walk);
    console.log(JSON.stringify(walk.declarations.resolutions), JSON.stringify(walk.declarations.refusals));
    expect(DECLARATION_REASONS).toBeDefined();
    expect(REQUEST_REASONS).toBeDefined();
  });
});
