// The example tactics module of docs/SIMULATOR.md "A table's tactics module" (a world would serve it as, e.g.,
// worlds/my-world/tactics.mjs); test/features/simulator/tactics-module.test.ts checks and plays it.
const hold = { letGo: () => false, moves: () => [], actions: () => [] };

export const tactics = {
  // Never acts: a training dummy, or a foe that only defends.
  statue: hold,
  // The autopilot's adversaries: never move; attack whoever is in reach, best expected damage first.
  adversaries: {
    letGo: () => false,
    moves: () => [],
    actions: (view) =>
      view.encounter.combatants
        .filter((other) => other.side !== view.self.side)
        .filter((other) => {
          const { life } = view.state.combatants[other.id];
          return life.wounds * 2 <= life.max;
        })
        .flatMap((other) => view.self.attacks[other.index])
        .sort((a, b) => b.expected - a.expected)
        .map((option) => ({ kind: "attack", option })),
  },
};
