// The NPC autopilot's decisions and words (src/features/simulator/autopilot-context.ts).
import { SETTINGS, settingChoiceKey } from "../../../src/core/settings/settings-table";
import { describe, expect, it } from "vitest";
import {
  AUTOPILOT_MODES,
  autopilotKey,
  autopilotMode,
  claimStep,
  dueCombatants,
  pickOption,
  pilotCardContext,
  pilotChoice,
  pilotDialogContext,
} from "../../../src/features/simulator/autopilot-context";
import { TACTIC_NAMES } from "../../../src/rules/simulator";
import { translation } from "../../data/lang";
import type { PilotCandidate, PilotMoment } from "../../../src/features/simulator/autopilot-context";
import type { CarryOut } from "../../../src/features/simulator/advice-context";
import type { Advice, AdviceChoice, AdviceResult } from "../../../src/rules/simulator";
import { wilson } from "../../../src/rules/simulator";
import { t } from "../attack/attack-card-states";

const attack = (targetId: string, weapon = "Sword"): AdviceChoice => ({ kind: "attack", targetId, weapon, killerBlow: false, itemId: "w1" });
const option = (choice: AdviceChoice, wins: number, damage: number | null = null): Advice => ({
  choice,
  odds: damage === null ? null : { hit: 0.5, expectedDamage: damage, severelyInjured: 0.1, dead: 0.05 },
  win: wilson(wins, 1000),
  draw: wilson(0, 1000),
  runs: 1000,
  clearlyWorse: false,
});
const advice = (options: Advice[]): AdviceResult => ({ combatantId: "k", side: "Margrave", phase: "battle", options, baseline: wilson(550, 1000) });
const doable: CarryOut = { kind: "attack", options: {} };
const refused: CarryOut = { kind: "none", refused: "AOD.Rules.Reason.TooFarForMelee" };

describe("pickOption: the best win chance for the side, ties by expected damage, then the option's order", () => {
  it("takes the best win chance among the options it may carry out", () => {
    const a = advice([option(attack("s"), 700, 1), option(attack("g"), 600, 3), option({ kind: "hold" }, 400)]);
    expect(pickOption(a, [doable, doable, { kind: "none" }])).toBe(0);
  });
  it("never takes an option the rules refuse now, however good", () => {
    const a = advice([option(attack("far"), 900, 2), option(attack("s"), 600, 1), option({ kind: "hold" }, 400)]);
    expect(pickOption(a, [refused, doable, { kind: "none" }])).toBe(1);
  });
  it("breaks a tie by the higher expected damage, then by the earlier option", () => {
    const a = advice([option(attack("s"), 600, 1), option(attack("g"), 600, 2.5), option(attack("x"), 600, 2.5)]);
    expect(pickOption(a, [doable, doable, doable])).toBe(1);
    const b = advice([option({ kind: "hold" }, 500), option(attack("s"), 500, 0)]);
    expect(pickOption(b, [{ kind: "none" }, doable])).toBe(0);
  });
  it("holds when holding is best, and has nothing to choose when holding is all it may do", () => {
    const a = advice([option({ kind: "hold" }, 700), option(attack("s"), 500, 1)]);
    expect(pickOption(a, [{ kind: "none" }, doable])).toBe(0);
    expect(pickOption(advice([option(attack("s"), 500, 1)]), [refused])).toBeNull();
    expect(pickOption(advice([option({ kind: "hold" }, 500), option(attack("s"), 500, 1)]), [{ kind: "none" }, refused])).toBeNull();
    expect(pickOption(advice([option({ kind: "hold" }, 500)]), [{ kind: "none" }])).toBeNull();
  });
});

describe("dueCombatants and claimStep: once per adversary and step", () => {
  const moment: PilotMoment = { combatId: "c1", round: 2, index: 5, step: { kind: "act", combatants: ["k", "s", "a"] }, running: true };
  const who: PilotCandidate[] = [
    { id: "k", playerOwned: false, out: false },
    { id: "s", playerOwned: true, out: false },
    { id: "a", playerOwned: false, out: true },
  ];
  it("acts only for GM-controlled adversaries in the fight, at a step where they choose, with the setting on", () => {
    expect(dueCombatants("automatic", moment, who, [])).toEqual(["k"]);
    expect(dueCombatants("confirm", { ...moment, step: { kind: "declare", combatants: ["k"] } }, who, [])).toEqual(["k"]);
    expect(dueCombatants("off", moment, who, [])).toEqual([]);
    expect(dueCombatants("automatic", { ...moment, step: { kind: "resolve", combatants: ["k"] } }, who, [])).toEqual([]);
    expect(dueCombatants("automatic", { ...moment, step: { kind: "end", combatants: ["k"] } }, who, [])).toEqual([]);
    expect(dueCombatants("automatic", { ...moment, running: false }, who, [])).toEqual([]);
  });
  it("not again once claimed (a reload, a second GM), but again at the next step or round", () => {
    const key = autopilotKey("c1", 2, 5, "k");
    const claimed = claimStep([], key);
    expect(claimed).toEqual([key]);
    expect(claimStep(claimed ?? [], key)).toBeNull();
    expect(dueCombatants("automatic", moment, who, claimed ?? [])).toEqual([]);
    expect(dueCombatants("automatic", { ...moment, index: 6 }, who, claimed ?? [])).toEqual(["k"]);
    expect(dueCombatants("automatic", { ...moment, round: 3 }, who, claimed ?? [])).toEqual(["k"]);
  });
  it("keeps only the claims of the step it claims in", () => {
    const old = [autopilotKey("c1", 1, 9, "k"), autopilotKey("c1", 2, 5, "x")];
    expect(claimStep(old, autopilotKey("c1", 2, 5, "k"))).toEqual([autopilotKey("c1", 2, 5, "x"), autopilotKey("c1", 2, 5, "k")]);
  });
  it("names every choice of its two settings in en.json", () => {
    for (const mode of AUTOPILOT_MODES) expect(translation(`AOD.Simulator.Autopilot.Setting.${mode}`), mode).toBeTypeOf("string");
    expect(SETTINGS.npcAutopilotTactics.choices).toEqual(["", ...TACTIC_NAMES, "table"]);
    for (const choice of SETTINGS.npcAutopilotTactics.choices) {
      expect(translation(settingChoiceKey("npcAutopilotTactics", choice)), choice).toBeTypeOf("string");
    }
  });
  it("reads an unknown setting as off", () => {
    expect(autopilotMode("automatic")).toBe("automatic");
    expect(autopilotMode("sometimes")).toBe("off");
    expect(autopilotMode(undefined)).toBe("off");
  });
});

describe("the autopilot's words", () => {
  const a = advice([option(attack("s", "Sword"), 620, 1.25), option({ kind: "hold" }, 400)]);
  const names = { k: "Knight", s: "Sable Dragon" };
  it("names the choice, its odds, its side's chance against its own tactics', the forecast before and the runner-up", () => {
    const c = pilotChoice(a, 0, names, wilson(480, 1000), t);
    expect(c).toEqual({
      name: "Knight",
      option: "Attack Sable Dragon with Sword",
      odds: "hits 50.0%, 1.25 wounds expected, kills 5.0%",
      win: "62.0%",
      // The intervals' hyphens are the non-breaking one: a line never breaks inside an interval.
      why: "With it Margrave wins 62.0% (59.0\u201165.0%); when Knight plays its own tactics, 55.0% (51.9\u201158.1%).",
      before: "Forecast at the start of this step: Margrave 48.0% (44.9\u201151.1%).",
      next: "Next best: Hold: no action now, 40.0%.",
    });
    expect(pilotChoice(a, 1, names, null, t)).toMatchObject({ option: "Hold: no action now", odds: "", before: "", next: "Next best: Attack Sable Dragon with Sword, 62.0%." });
  });
  it("the confirm dialog and the card, for an action or a declaration", () => {
    const c = pilotChoice(a, 0, names, null, t);
    expect(pilotDialogContext(c, false, t)).toMatchObject({ heading: "Knight would:", labels: { confirm: "Confirm", another: "Choose another", skip: "Skip" } });
    expect(pilotDialogContext(c, true, t).heading).toBe("Knight would declare:");
    expect(pilotCardContext(c, false, "", t)).toMatchObject({ title: "Knight acts", refused: "" });
    expect(pilotCardContext(c, true, "AOD.Request.Reason.NotNow", t)).toMatchObject({
      title: "Knight declares",
      refused: "Not carried out: That cannot be done at this point of the round.",
    });
  });
});
