// The declaration dialog's and cards' contexts (src/features/round/declarations/declaration-context.ts), with the real
// en.json, and the tracker's Declare/Resolve button rule.
import { describe, expect, it } from "vitest";
import {
  choiceFromForm,
  declarationButton,
  declarationCardContext,
  declarationDialogContext,
  defaultChoice,
  describeDeclaration,
  simultaneousCardContext,
  summaryOf,
} from "../../../../src/features/round/declarations/declaration-context";
import type { DeclarationButtonInput, DeclarationDialogInput, DialogWeapon } from "../../../../src/features/round/declarations/declaration-context";
import { isChoiceRefusal, parseDeclarationChoice, sealedDeclaration, storedDeclaration } from "../../../../src/data/combat/declaration";
import type { DeclarationChoice } from "../../../../src/data/combat/declaration";
import { BATTLE_LOG, RULE_REASONS } from "../../../../src/rules/reasons";
import { format } from "../fight";

const weapons: DialogWeapon[] = [
  { itemId: "claws1", name: "Tooth and Claw", killerBlow: true, grapple: true },
  { itemId: "breath1", name: "Dragonsbreath", killerBlow: false, grapple: false },
];
const input = (values: Partial<DeclarationDialogInput> = {}): DeclarationDialogInput => ({
  combatant: { id: "a", name: "Argent Dragon" },
  phase: "battle",
  round: 2,
  secret: false,
  weapons,
  combatants: [{ id: "b", name: "Sable Dragon" }, { id: "k", name: "Knight" }],
  landmarks: [{ id: "keep", name: "The Old Keep" }],
  choice: null,
  error: "",
  idPrefix: "t",
  ...values,
});
const choice = (values: Partial<DeclarationChoice> = {}): DeclarationChoice => ({ action: "attack", weaponId: "breath1", targetId: "k", move: null, text: "", ...values });

describe("declarationDialogContext", () => {
  it("offers the Battle Phase's actions, the weapons and the targets, with the first of each chosen", () => {
    const c = declarationDialogContext(input(), format);
    expect(c.title).toBe("Declare: Argent Dragon");
    expect(c.intro).toContain("Battle Phase, round 2");
    expect(c.actions.map((a) => a.value)).toEqual(["attack", "killerBlow", "grapple", "breakOut", "rescue", "other"]);
    expect(c.actions.find((a) => a.selected)?.value).toBe("attack");
    expect(c.weapon?.options.find((o) => o.selected)?.label).toBe("Tooth and Claw");
    expect(c.target?.options.map((o) => o.label)).toEqual(["Sable Dragon", "Knight"]);
    expect(c.move).toBeNull();
    expect(c.canDeclare).toBe(true);
    expect(c.secretNote).toBe("");
  });
  it("keeps the choice it is given", () => {
    const c = declarationDialogContext(input({ choice: choice() }), format);
    expect(c.weapon?.options.find((o) => o.selected)?.value).toBe("breath1");
    expect(c.target?.options.find((o) => o.selected)?.value).toBe("k");
  });
  it("offers only weapons that allow a killer blow, or a grapple, for those actions", () => {
    expect(declarationDialogContext(input({ choice: choice({ action: "killerBlow" }) }), format).weapon?.options.map((o) => o.value)).toEqual(["claws1"]);
    expect(declarationDialogContext(input({ choice: choice({ action: "grapple" }) }), format).weapon?.options.map((o) => o.value)).toEqual(["claws1"]);
  });
  it("asks no weapon or target for a break-out, and says when nothing fits", () => {
    const free = declarationDialogContext(input({ choice: choice({ action: "breakOut" }) }), format);
    expect(free.weapon).toBeNull();
    expect(free.target).toBeNull();
    const unarmed = declarationDialogContext(input({ weapons: [], choice: choice({ action: "attack", weaponId: "" }) }), format);
    expect(unarmed.weapon?.none).toBe("This combatant has no weapon for this action.");
    expect(unarmed.canDeclare).toBe(false);
  });
  it("offers the move intent in the movement phase, references including landmarks, and no zero range", () => {
    const c = declarationDialogContext(input({ phase: "movement" }), format);
    expect(c.actions.map((a) => a.value)).toEqual(["move"]);
    expect(c.move?.kinds.map((k) => k.label)).toEqual(["Standard move", "Full aerial move", "Full ground move"]);
    expect(c.move?.references.map((r) => r.label)).toEqual(["Nobody (no change)", "Sable Dragon", "Knight", "The Old Keep"]);
    expect(c.move?.distances.map((d) => d.value)).not.toContain("zero");
    expect(c.move?.altitudes[0]?.label).toBe("Keep the altitude");
  });
  it("says a secret declaration is seen by the GM alone, and shows a refusal", () => {
    const c = declarationDialogContext(input({ secret: true, error: RULE_REASONS.TargetDead }), format);
    expect(c.secretNote).toContain("only the GM");
    expect(c.error).toBe(format(RULE_REASONS.TargetDead));
  });
  it("starts from the phase's first action", () => {
    expect(defaultChoice(input({ phase: "end" })).action).toBe("other");
    expect(defaultChoice(input({ phase: "movement" })).move).toEqual({ kind: "standard", altitude: "", reference: "", distance: "" });
  });
});

describe("choiceFromForm", () => {
  it("reads the form back into a choice the parser accepts", () => {
    const raw = choiceFromForm({ action: "move", kind: "full", altitude: "high", reference: "keep", distance: "middle", text: " Climb " });
    const parsed = parseDeclarationChoice(raw);
    expect(isChoiceRefusal(parsed) ? parsed : parsed.move).toEqual({ kind: "full", altitude: "high", reference: "keep", distance: "middle" });
    expect(isChoiceRefusal(parsed) ? "" : parsed.text).toBe("Climb");
  });
  it("leaves out the move for other actions", () => {
    expect(choiceFromForm({ action: "attack", weaponId: "w", targetId: "b", kind: "full" }).move).toBeNull();
  });
});

const names = { b: "Sable Dragon", k: "Knight", keep: "The Old Keep" };

describe("describeDeclaration", () => {
  it.each([
    [choice(), "Attacks Knight with Dragonsbreath."],
    [choice({ action: "killerBlow", weaponId: "claws1", targetId: "b" }), "Strikes a killer blow at Sable Dragon with Tooth and Claw."],
    [choice({ action: "grapple", weaponId: "claws1", targetId: "b" }), "Grapples Sable Dragon with Tooth and Claw."],
    [choice({ action: "rescue", weaponId: "", targetId: "b" }), "Tries to catch Sable Dragon."],
    [choice({ action: "breakOut", weaponId: "", targetId: "" }), "Breaks out of the grapple."],
    [choice({ action: "other", weaponId: "", targetId: "" }), "Takes another action."],
    [choice({ action: "move", move: { kind: "full", altitude: "high", reference: "keep", distance: "middle" } }), "Full aerial move: to Flying High, to Middle distance from The Old Keep."],
    [choice({ action: "move", move: { kind: "standard", altitude: "", reference: "", distance: "" } }), "Standard move, staying where it is."],
  ])("%j reads %s", (c, text) => {
    expect(describeDeclaration(summaryOf(c, names, weapons), format)).toBe(text);
  });
});

describe("the declaration cards", () => {
  const data = (kind: "declared" | "aborted" | "revealed", reason = "") => ({
    kind, round: 2, phase: "battle", combatantId: "a", name: "Argent Dragon", summary: summaryOf(choice(), names, weapons), text: "For the keep!", reason,
  });
  it("a declared card says who declares what, with the text and a Resolve button", () => {
    const c = declarationCardContext(data("declared"), format, { canResolve: true });
    expect(c.title).toBe("Argent Dragon declares");
    expect(c.what).toBe("Attacks Knight with Dragonsbreath.");
    expect(c.text).toBe("For the keep!");
    expect(c.reason).toBe("");
    expect(c.canResolve).toBe(true);
  });
  it("an aborted card gives the reason, says the action is lost, and has no Resolve button", () => {
    const c = declarationCardContext(data("aborted", RULE_REASONS.TargetDead), format, { canResolve: true });
    expect(c.reason).toBe(`Aborted: ${format(RULE_REASONS.TargetDead)}`);
    expect(c.lost).toContain("lost");
    expect(c.canResolve).toBe(false);
  });
  it("a revealed card says it is revealed, no longer secret", () => {
    expect(declarationCardContext(data("revealed"), format, { canResolve: false }).title).toBe("Argent Dragon's declaration, revealed");
  });
  it("the simultaneous card lists each action with what it did, the aborted with why, and what happened together", () => {
    const c = simultaneousCardContext(
      {
        round: 2,
        phase: "battle",
        entries: [
          { combatantId: "a", name: "Argent Dragon", summary: summaryOf(choice({ targetId: "b" }), names, weapons), text: "", reason: "", log: [{ key: BATTLE_LOG.BattleAction, data: { name: "Argent Dragon" } }] },
          { combatantId: "b", name: "Sable Dragon", summary: summaryOf(choice({ targetId: "k" }), names, weapons), text: "Burn", reason: RULE_REASONS.ActorDead, log: [] },
        ],
        merged: [{ key: BATTLE_LOG.Killed, data: { name: "Knight" } }],
      },
      format,
    );
    expect(c.title).toBe("2 actions resolve at once");
    expect(c.entries.map((e) => e.what)).toEqual(["Attacks Sable Dragon with Dragonsbreath.", "Attacks Knight with Dragonsbreath."]);
    expect(c.entries[0]?.log).toEqual([format(BATTLE_LOG.BattleAction, { name: "Argent Dragon" })]);
    expect(c.entries[1]?.aborted).toBe(`Aborted: ${format(RULE_REASONS.ActorDead)}`);
    expect(c.merged).toEqual([format(BATTLE_LOG.Killed, { name: "Knight" })]);
    expect(c.headlines).toEqual([{ text: format(BATTLE_LOG.Killed, { name: "Knight" }), dead: true }]);
  });
  it("the simultaneous card's damage line counts one wound in the singular, more in the plural", () => {
    const hitFor = (damage: number, dice?: string) => simultaneousCardContext(
      {
        round: 2,
        phase: "battle",
        entries: [{
          combatantId: "a", name: "Argent Dragon", summary: summaryOf(choice({ targetId: "b" }), names, weapons), text: "", reason: "",
          log: [
            { key: BATTLE_LOG.AttackHit, data: { attacker: "Argent Dragon", target: "Sable Dragon", weapon: "Dragonsbreath", attackSuccesses: 3, defenceSuccesses: 1, margin: 2 } },
            { key: BATTLE_LOG.Damage, data: { target: "Sable Dragon", damage, successes: damage + 1, armour: 1, wounds: 4, ...(dice === undefined ? {} : { dice, tn: 4 }) } },
          ],
        }],
        merged: [],
      },
      format,
    ).entries[0]?.blocks[0];
    expect(hitFor(1)?.damage).toBe("Damage: 2 successes − armour 1 = 1 wound (now 4)");
    expect(hitFor(3)?.damage).toBe("Damage: 4 successes − armour 1 = 3 wounds (now 4)");
    expect(hitFor(3)?.damageRoll).toBeNull();
    // With its dice, the damage roll is a labelled row like the attack's and the defence's; the line below is the wounds.
    const rolled = hitFor(3, "6 5 4 4 2");
    expect(rolled?.damageRoll?.label).toBe("Damage: 4 of 5 dice at 4+");
    expect(rolled?.damageRoll?.dice.map((d) => d.face)).toEqual([6, 5, 4, 4, 2]);
    expect(rolled?.damage).toBe("4 successes − armour 1 = 3 wounds (now 4)");
    expect(hitFor(1, "5 4 1")?.damage).toBe("2 successes − armour 1 = 1 wound (now 4)");
  });
});

describe("declarationButton: the tracker row's Declare or Resolve", () => {
  const attack = storedDeclaration(choice(), { action: "other", actorId: "a" }, "battle");
  const button = (values: Partial<DeclarationButtonInput> = {}) =>
    declarationButton({
      mode: "reverseDeclaration",
      step: { kind: "declare", phase: "battle", combatants: ["a"] },
      combatantId: "a",
      mayAct: true,
      isGM: false,
      isActiveGM: false,
      declaration: undefined,
      ...values,
    });
  it("offers Declare to the owner at its own declare step, and nothing to others or on another's step", () => {
    expect(button()).toBe("declare");
    expect(button({ mayAct: false })).toBeNull();
    expect(button({ combatantId: "b" })).toBeNull();
    expect(button({ mode: "descending" })).toBeNull();
    expect(button({ step: null })).toBeNull();
  });
  it("in secret declaration offers Declare to the active GM only (players answer the GM's question)", () => {
    expect(button({ mode: "secretDeclaration" })).toBeNull();
    expect(button({ mode: "secretDeclaration", isGM: true, isActiveGM: true })).toBe("declare");
  });
  it("offers Resolve at the resolve step while the declared action stands", () => {
    const resolve = { kind: "resolve", phase: "battle", combatants: ["a"] };
    expect(button({ step: resolve, declaration: attack })).toBe("resolve");
    expect(button({ step: resolve, declaration: { ...attack, aborted: RULE_REASONS.TargetDead } })).toBeNull();
    expect(button({ step: resolve, declaration: { ...attack, resolved: true } })).toBeNull();
    expect(button({ step: resolve, declaration: { ...attack, phase: "movement" } })).toBeNull();
    expect(button({ step: resolve, declaration: sealedDeclaration("battle") })).toBeNull();
    expect(button({ step: resolve })).toBeNull();
  });
  it("offers no Resolve for another action (the GM takes it as the step begins)", () => {
    const other = storedDeclaration(choice({ action: "other", weaponId: "", targetId: "" }), { action: "other", actorId: "a" }, "battle");
    expect(button({ step: { kind: "resolve", phase: "battle", combatants: ["a"] }, declaration: other })).toBeNull();
  });
});
