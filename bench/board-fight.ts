/** The benchmarks' fight: 100 combatants and 10 landmarks, each combatant near its next six neighbours. */
import { ALTITUDES, DISTANCES } from "../src/rules/bands";
import { pairKey } from "../src/rules/state";
import type { CombatantState, SkirmishState } from "../src/rules/state";
import type { WeaponSnapshot } from "../src/rules/procedures/weapon";
import type { BoardInput } from "../src/features/board/board-context";

const COMBATANTS = 100;
const LANDMARKS = 10;

function combatantAt(i: number): CombatantState {
  return {
    id: `c${String(i).padStart(15, "0")}`, // Foundry ids are 16 characters
    name: `Combatant number ${i}`,
    side: i % 2 === 0 ? "friendly" : "hostile",
    soma: 4, pneuma: 4, agility: 2,
    life: { max: 12, wounds: i % 7 },
    magic: { value: 3, max: 3 },
    weight: 10, canFly: i % 3 !== 0, fastGround: false, armour: 1,
    altitude: i % 3 === 0 ? "grounded" : (ALTITUDES[1 + (i % 4)] ?? "mid"),
    moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [],
  };
}

/** 100 combatants, 10 landmarks; each combatant near its next six neighbours, some grapples and carries. */
export function bigFight(): SkirmishState {
  const combatants = Array.from({ length: COMBATANTS }, (_, i) => combatantAt(i));
  const landmarks = Array.from({ length: LANDMARKS }, (_, i) => ({
    id: `l${String(i).padStart(15, "0")}`,
    name: `Landmark ${i}`,
    altitude: ALTITUDES[i % ALTITUDES.length] ?? "grounded",
  }));
  const distances: SkirmishState["distances"] = {};
  combatants.forEach((c, i) => {
    for (let step = 1; step <= 6; step += 1) {
      const other = combatants[(i + step) % COMBATANTS];
      if (other) distances[pairKey(c.id, other.id)] = DISTANCES[1 + (step % 3)] ?? "middle";
    }
    const landmark = landmarks[i % LANDMARKS];
    if (landmark) distances[pairKey(c.id, landmark.id)] = "middle";
  });
  return {
    combatants: Object.fromEntries(combatants.map((c) => [c.id, c])),
    landmarks: Object.fromEntries(landmarks.map((l) => [l.id, l])),
    distances,
    grapples: [],
    carrying: {},
    surface: "normal",
  };
}

export const state = bigFight();
export const ids = Object.keys(state.combatants);
export const flyer = ids.find((id) => state.combatants[id]?.canFly === true && state.combatants[id].altitude === "mid") ?? "";
export const neighbour = ids[(ids.indexOf(flyer) + 1) % ids.length] ?? "";
export const WEAPONS: WeaponSnapshot[] = [
  { name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0 },
  { name: "Dragonsbreath", range: "ranged", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 1 },
];
export const move = { id: flyer, kind: "standard" as const, altitude: "high" as const, reference: neighbour, distance: "close" as const };

/** The board input of the benchmarks: the GM's view with a flyer selected in the movement phase. */
export const BENCH_INPUT: BoardInput = { state, selectedId: flyer, weapons: WEAPONS, images: {}, isGM: true, owned: [flyer], phase: "movement" };
