// The board's selected panel: a button for each battle action the board finds open to the selected combatant,
// for its owner and the GM only (board-context.ts `actionButtons`).
import { describe, expect, it } from "vitest";
import { buildBoardContext } from "../../../src/features/board/board-context";
import type { ActionButton, BoardInput } from "../../../src/features/board/board-context";
import type { SkirmishState } from "../../../src/rules/state";
import { FIGHT_WEAPONS, showcaseFight } from "./fight";
import { localizeKey } from "../../templates/foundry-helpers";

function actions(selectedId: string, values: Partial<BoardInput> = {}): ActionButton[] | undefined {
  const weapons = FIGHT_WEAPONS[selectedId] ?? [];
  return buildBoardContext({
    state: showcaseFight(),
    selectedId,
    weapons,
    weaponIds: weapons.map((w) => `id-${w.name.replace(/\W/g, "")}`),
    images: {},
    isGM: false,
    owned: [selectedId],
    phase: "movement",
    ...values,
  }).selected?.actions;
}

const brief = (list: ActionButton[] | undefined): string[] =>
  (list ?? []).map((b) => [b.action, b.targetId ?? "-", b.weaponId ?? "-"].join(" "));

describe("the selected panel's battle-action buttons", () => {
  it("offer a held dragon an attack on its grapple partner with each weapon, a breath at range, and a break-out", () => {
    expect(brief(actions("hunter"))).toEqual([
      "attack wyrm id-ToothandClaw",
      "attack wyrm id-Dragonsbreath",
      "attack bow id-Dragonsbreath",
      "breakOut - -",
    ]);
  });

  it("offer a grapple where the claws allow one, and setting down whoever it carries", () => {
    const ember = actions("ember");
    expect(brief(ember)).toContain("grapple griffon id-ToothandClaw");
    expect(ember?.at(-1)).toEqual({ action: "setDown", label: "AOD.Board.Act.setDown", target: "Crossbowman" });
  });

  it("offer a rescue of a falling ally, never an attack on it", () => {
    const state: SkirmishState = showcaseFight();
    const griffon = state.combatants.griffon;
    const ember = state.combatants.ember;
    if (!griffon || !ember) throw new Error("fixture");
    // The Ember Drake's claws are free (it sets the Crossbowman down first) and the falling Griffon is on its side.
    state.combatants.griffon = { ...griffon, side: ember.side };
    state.carrying = {};
    const list = brief(actions("ember", { state }));
    expect(list).toContain("rescue griffon -");
    expect(list.filter((b) => b.endsWith("griffon id-ToothandClaw"))).toEqual([]);
  });

  it("are absent for an observer and present for the GM", () => {
    expect(actions("hunter", { owned: [] })).toBeUndefined();
    expect(brief(actions("hunter", { owned: [], isGM: true }))).toContain("breakOut - -");
  });

  it("offer nothing the board refuses: an empty list for a combatant with nothing open", () => {
    expect(actions("knight")).toEqual([]);
  });

  it("say in words what each does, naming target and weapon", () => {
    const [first] = actions("hunter") ?? [];
    expect(localizeKey(first?.label ?? "", { target: first?.target, weapon: first?.weapon })).toBe("Attack Storm Wyrm with Tooth and Claw");
  });
});
