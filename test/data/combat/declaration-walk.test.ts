// Whole skirmishes in secret declaration and in reverse declaration through the `combat.declare` request rules,
// walked through the document translations until one side is out (declaration-walk.ts; every write is checked
// against the engine, and in secret mode against leaking a sealed declaration to the stored combat).
import { describe, expect, it } from "vitest";
import { splitGroupLog } from "../../../src/data/combat/declaration-group";
import { REQUEST_REASONS } from "../../../src/core/requests/registry";
import { SECRET_REASONS } from "../../../src/features/round/declarations/secret-store";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { woundState } from "../../../src/rules/health";
import { COMBAT_ID, RequestWalk, SecretWalk } from "./declaration-walk";
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
        end: { choice: { action: "other", text: "Roar over the fallen" } },
      },
      argent: {
        battle: { choice: attack("argent", "Tooth and Claw", "rider", "Bite the wyvern"), dice: [...HIT, damage(armour("rider"), 5)] },
        end: { choice: { action: "other", text: "Lick the lance wound" } },
      },
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
    // Cid first answers a question he was not asked (for the Sable), then declares a sword blow on the Sable out of
    // his reach (refused by the rules, asked again), then raises his shield.
    const knight = orders[1]?.knight?.battle;
    const sword = { action: "attack", weaponId: walk.weaponId("knight", "Sword"), targetId: "sable", text: "Strike the black dragon" };
    const attempts = [
      { combatantId: "sable", refused: SECRET_REASONS.WrongStep },
      { choice: sword, refused: RULE_REASONS.TooFarForMelee },
    ];
    const record = await walk.run({ ...orders, 1: { ...orders[1], knight: { battle: { choice: knight?.choice ?? {}, attempts } } } }, SOFT);
    expect(record.rounds).toBe(2);
    checkOutcome(walk);
    const { declarations } = walk;
    expect(declarations.refusals.map((r) => [r.id, r.by, r.reason])).toEqual([
      ["knight", "cid", SECRET_REASONS.WrongStep],
      ["knight", "cid", RULE_REASONS.TooFarForMelee],
    ]);
    // Players answered for their own combatants; the GM kept the offline Dora's wyrm and its own rider.
    const battle1 = declarations.kept.filter((k) => k.round === 1 && k.phase === "battle").map((k) => [k.id, k.by]);
    expect(battle1).toEqual([["sable", "ada"], ["argent", "bea"], ["rider", ""], ["wyrm", ""], ["knight", "cid"]]);
    // Every declaration of round 1's battle was sealed on the combat at once, and checked at every write.
    expect(declarations.sealedAtOnce).toBe(5);
    expect(declarations.sealedChecks).toBeGreaterThan(20);
    // Resolution in Pneuma order: the three of Pneuma 4 together, then the wyrm (aborted: the group killed its
    // target), then the knight ("other": his battle action, taken at once); in the End Phase the two dragons.
    const round1 = declarations.resolutions.filter((r) => r.round === 1).map((r) => [r.phase, r.id, r.kind, r.reason]);
    expect(round1).toEqual([
      ["movement", "sable", "group", ""],
      ["movement", "wyrm", "stands", ""],
      ["battle", "sable", "group", ""],
      ["battle", "argent", "group", ""],
      ["battle", "rider", "group", ""],
      ["battle", "wyrm", "aborted", RULE_REASONS.TargetDead],
      ["battle", "knight", "stands", ""],
      // End Phase actions of the Pneuma 4 pair, resolved together: they stand though both took their battle action.
      ["end", "sable", "group", ""],
      ["end", "argent", "group", ""],
    ]);
    // The group: each bite alone wounds the rider (4: fit; 5: severely injured), together they kill it; its lance
    // lands on the Argent all the same, and the death is the group's own log line.
    const group = declarations.groups.find((g) => g.round === 1 && g.phase === "battle");
    expect(group?.ids).toEqual(["sable", "argent", "rider"]);
    const alone = (i: number, id: string) => {
      const result = group?.outcome.results[i];
      return result?.stands ? result.outcome.changes.find((c) => c.type === "wounds" && c.id === id) : undefined;
    };
    expect(alone(0, "rider")).toEqual({ type: "wounds", id: "rider", wounds: 4 });
    expect(alone(1, "rider")).toEqual({ type: "wounds", id: "rider", wounds: 5 });
    expect(alone(2, "argent")).toEqual({ type: "wounds", id: "argent", wounds: 3 });
    expect(group?.outcome.changes).toContainEqual({ type: "wounds", id: "rider", wounds: 9 });
    expect(group ? splitGroupLog(group.outcome).together : []).toContainEqual({ key: BATTLE_LOG.Killed, data: { name: "Wyvern Rider" } });
    expect(walk.record.health.rider).toEqual(["fit", "dead"]);
    // The knight died before his round 2 step: his declaration was never revealed. The GM's client still holds it;
    // the combat never carried it.
    const held = walk.store.combats[COMBAT_ID]?.entries ?? {};
    expect(Object.keys(held)).toEqual(["knight"]);
    expect(held.knight?.declaration.text).toBe("Pray to the saints");
    expect(JSON.stringify(walk.doc)).not.toContain("Pray to the saints");
    // The End Phase's declare step dropped the battle's declarations (and its marks); nobody declared an End action.
    expect(walk.stored.declarations).toEqual({});
  });
});

describe("a whole skirmish in reverse declaration through the combat.declare rules", () => {
  it("requests ruled and written, hostile ones refused, resolved in descending order, one aborted", async () => {
    const walk = new RequestWalk(FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" }, OWNERS, USERS);
    const orders = script(walk);
    const sable = orders[1]?.sable;
    // At the Sable's battle declaration: Cid declares for the Sable (a foe's combatant), Bea declares for the Argent
    // (not its step), Ada sends an overlong text, and Ada names the step before this one (it has passed).
    const attempts = [
      { by: "cid", refused: REQUEST_REASONS.NotOwner },
      { by: "bea", combatantId: "argent", refused: REQUEST_REASONS.NotNow },
      { choice: { ...sable?.battle?.choice, text: "x".repeat(201) }, refused: REQUEST_REASONS.BadPayload },
      { stale: true, refused: REQUEST_REASONS.NotNow },
    ];
    const record = await walk.run({ ...orders, 1: { ...orders[1], sable: { ...sable, battle: { choice: sable?.battle?.choice ?? {}, dice: sable?.battle?.dice ?? [], attempts } } } }, SOFT);
    expect(record.rounds).toBe(2);
    checkOutcome(walk);
    const { declarations } = walk;
    expect(declarations.refusals.map((r) => [r.id, r.by, r.reason])).toEqual([
      ["sable", "cid", REQUEST_REASONS.NotOwner],
      ["argent", "bea", REQUEST_REASONS.NotNow],
      ["sable", "ada", REQUEST_REASONS.BadPayload],
      ["sable", "ada", REQUEST_REASONS.NotNow],
    ]);
    // Each declaration was the declarer's own request (the GM's for its rider and for the offline Dora's wyrm).
    const battle1 = declarations.kept.filter((k) => k.round === 1 && k.phase === "battle").map((k) => [k.id, k.by]);
    const order = walk.stored.initiative.order;
    const byOf: Record<string, string> = { sable: "ada", argent: "bea", knight: "cid", rider: "gm", wyrm: "gm" };
    expect(battle1).toEqual([...order].reverse().map((id) => [id, byOf[id]]));
    // Declared slowest first, resolved fastest first, phase by phase.
    const plan = record.plans[0] ?? [];
    for (const phase of ["movement", "battle", "end"]) {
      expect(plan.filter((s) => s.phase === phase && s.kind === "declare").map((s) => s.combatants[0])).toEqual([...order].reverse());
      expect(plan.filter((s) => s.phase === phase && s.kind === "resolve").map((s) => s.combatants[0])).toEqual(order);
    }
    const battle = declarations.resolutions.filter((r) => r.round === 1 && r.phase === "battle");
    expect(battle.map((r) => r.id)).toEqual(order);
    // The wyrm's breath was aborted (the rider had died earlier in the phase); everything else stood.
    expect(battle.filter((r) => r.kind === "aborted").map((r) => [r.id, r.reason])).toEqual([["wyrm", RULE_REASONS.TargetDead]]);
    expect(walk.record.health.rider).toEqual(["fit", "severelyInjured", "dead"]);
  });
});
