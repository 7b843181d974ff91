// Shared test fixtures for the rules: plain combatants and skirmishes, and a dice script that checks each request.
import type { CombatantState, SkirmishState } from "../../src/rules/state";
import type { DiceSource } from "../../src/rules/types";

/** A fit flying combatant at mid altitude with Soma 4, Pneuma 5, Agility 2, 12 Life Points and 3 Magic Points. */
export function fighter(id: string, values: Partial<CombatantState> = {}): CombatantState {
  return {
    id, name: id.toUpperCase(), side: "friendly", soma: 4, pneuma: 5, agility: 2, life: { max: 12, wounds: 0 },
    magic: { value: 3, max: 3 }, weight: 10, canFly: true, fastGround: false, armour: 0, altitude: "mid",
    moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [], ...values,
  };
}

/** A skirmish of these combatants on normal ground, with no distances recorded unless given. */
export function skirmishOf(combatants: readonly CombatantState[], extra: Partial<SkirmishState> = {}): SkirmishState {
  return {
    combatants: Object.fromEntries(combatants.map((c) => [c.id, c])),
    landmarks: {},
    distances: {},
    grapples: [],
    carrying: {},
    surface: "normal",
    ...extra,
  };
}

/** The same skirmish with one combatant added or replaced. */
export function withFighter(state: SkirmishState, c: CombatantState): SkirmishState {
  return { ...state, combatants: { ...state.combatants, [c.id]: c } };
}

/**
 * A dice source that answers each request with the next scripted roll (one array per request) and throws when a
 * request asks for another count or die than scripted; `left()` tells how many rolls were not asked for.
 */
export function rollScript(...rolls: number[][]): DiceSource & { left: () => number } {
  const queue = [...rolls];
  return {
    roll(count: number, faces: 6 | 10 | 20) {
      const next = queue.shift();
      if (next === undefined || next.length !== count || faces !== 6) throw new Error(`unexpected roll of ${count}d${faces}`);
      return Promise.resolve(next);
    },
    left: () => queue.length,
  };
}
