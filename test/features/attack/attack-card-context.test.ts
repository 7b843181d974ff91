import { describe, expect, it } from "vitest";
import { attackCardContext, promptDefenceLabel, stopChance } from "../../../src/features/attack/attack-card-context";
import { percent } from "../../../src/core/handlebars/helpers";
import { CARD_REASONS, applyCard, attackSuccesses, closeCard, undoCard } from "../../../src/rules/attack-card";
import { ok } from "../../rules/attack-card-fixtures";
import { cardStates, inputFor, t, world } from "./attack-card-states";

const states = cardStates();
function entry(name: string) {
  const found = states[name];
  if (found === undefined) throw new Error(`no state ${name}`);
  return found;
}
/** The world with the knight carrying this many wounds already. */
function knightWounded(wounds: number) {
  const base = world();
  const knight = base.combatants.b;
  if (knight === undefined) throw new Error("no knight");
  return { ...base, combatants: { ...base.combatants, b: { ...knight, life: { max: 12, wounds } } } };
}
const view = (name: string, values: Parameters<typeof inputFor>[2] = {}) => {
  const entry = states[name];
  if (entry === undefined) throw new Error(`no state ${name}`);
  return attackCardContext(t, inputFor(entry.card, entry.state, values));
};
const actions = (ctx: ReturnType<typeof view>) => [
  ...ctx.targets.flatMap((tg) => tg.buttons.map((b) => `${b.action}:${b.targetId}:${b.skill}`)),
  ...ctx.buttons.map((b) => b.action),
];

describe("attack card view: every state reads as a player expects", () => {
  it.each(Object.keys(states))("%s builds with every string from en.json", (name) => {
    expect(() => view(name)).not.toThrow();
  });
  it("awaiting defence: says who is asked and offers the defender its skills or no defence", () => {
    const ctx = view("awaiting-defence");
    expect(ctx.roll?.label).toBe("Attack: 3 of 5 dice at 4+");
    // Rolled 4, 4, 6, 1, 2: drawn successes first, highest first.
    expect(ctx.roll?.dice.map((d) => [d.face, d.tone])).toEqual([[6, "success"], [4, "success"], [4, "success"], [2, "failure"], [1, "failure"]]);
    expect(ctx.targets[0]?.statusLabel).toBe("Awaiting defence");
    expect(ctx.targets[0]?.waiting).toBe("Waiting for Pat to defend; as GM you may answer instead.");
    expect(actions(ctx)).toEqual(["defend:b:toothAndClaw", "defend:b:aerobatics", "defend:b:none", "withdraw"]);
    expect(ctx.targets[0]?.buttons[0]?.label).toBe("Tooth and Claw (5 dice at 4+)");
  });
  it("awaiting defence, seen by the defender's owner: says the defence is theirs to choose, not that they are waited for", () => {
    const ctx = view("awaiting-defence", { viewer: { isGM: false, owns: ["b"] } });
    expect(ctx.targets[0]?.waiting).toBe("Your defence: choose below how to stop the attack.");
    expect(actions(ctx)).toEqual(["defend:b:toothAndClaw", "defend:b:aerobatics", "defend:b:none"]);
    // Another player still reads who is asked.
    expect(view("awaiting-defence", { viewer: { isGM: false, owns: [] }, defenceOptions: {} }).targets[0]?.waiting).toBe("Waiting for Pat to defend.");
  });
  it("each defence states its exact chance of stopping the roll already made", () => {
    const ctx = view("awaiting-defence");
    // 3 successes to stop: P(at least 3 of 5 dice at 4+) = 16/32; P(at least 3 of 3 dice at 5+) = 1/27.
    expect(ctx.targets[0]?.buttons.map((b) => b.chance)).toEqual(["50% to stop it", "4% to stop it", ""]);
  });
  it("a break-out's grappler sees its chance to hold on, and the roll is not called an attack", () => {
    const card = entry("break-out").card;
    const open = { ...card, targets: card.targets.map((tg) => ({ ...tg, defence: null })) };
    const ctx = attackCardContext(t, inputFor(open, entry("break-out").state));
    expect(ctx.roll?.label).toBe("Break-out: 2 of 5 dice at 4+");
    expect(ctx.targets[0]?.buttons[0]?.chance).toMatch(/^\d+% to hold on$/);
  });
  it("shows defence buttons only to the defender's owner or a GM", () => {
    expect(actions(view("awaiting-defence", { viewer: { isGM: false, owns: ["a"] } }))).toEqual([]);
    expect(actions(view("awaiting-defence", { viewer: { isGM: false, owns: ["b"] } }))).toHaveLength(3);
  });
  it("with no GM online it says the card waits for one, and offers no buttons", () => {
    const ctx = view("awaiting-defence", { gmOnline: false });
    expect(ctx.notice?.text).toBe("Waiting for a GM: the card goes on when one is online.");
    expect(actions(ctx)).toEqual([]);
  });
  it("a timed-out owner leaves the defence to the GM", () => {
    const entry = states["awaiting-defence"];
    if (!entry) throw new Error("missing");
    const input = inputFor(entry.card, entry.state);
    const timedOut = { ...input, source: { ...input.source, prompts: { b: { who: "owner" as const, userName: "Pat", timedOut: true } } } };
    expect(attackCardContext(t, timedOut).targets[0]?.waiting).toBe("Pat did not answer in time: the GM decides.");
  });
  it("defended and hit: the margin, then the damage roll for the attacker's owner", () => {
    const ctx = view("defended", { viewer: { isGM: false, owns: ["a"] } });
    expect(ctx.targets[0]?.statusLabel).toBe("Hit by 2");
    expect(ctx.targets[0]?.contest).toBe("Attack 3 vs Defence 1 → hit by 2");
    expect(ctx.targets[0]?.defence).toBe("Defence: Aerobatics, 1 of 3 dice at 5+.");
    expect(actions(ctx)).toEqual(["rollDamage:b:"]);
    expect(ctx.targets[0]?.buttons[0]?.label).toBe("Roll damage (8 dice at 5+)");
  });
  it("miss: no buttons, the card applies itself", () => {
    const ctx = view("miss");
    expect([ctx.targets[0]?.statusLabel, ctx.targets[0]?.tone]).toEqual(["Miss", "miss"]);
    expect(ctx.targets[0]?.contest).toBe("Attack 3 vs Defence 3 → miss");
    expect(actions(ctx)).toEqual([]);
  });
  it("hit with damage rolled: armour and the health it leads to, and Apply", () => {
    const ctx = view("hit");
    expect(ctx.targets[0]?.damage).toBe("Damage: 5 of 8 dice at 5+ (Soma 6 + hit by 2).");
    expect(ctx.targets[0]?.wounds).toEqual({ text: "5 − armour 3 = 2 wounds → life 6/12", state: "fit" });
    expect(actions(ctx)).toEqual(["apply", "withdraw"]);
    expect(actions(view("hit", { viewer: { isGM: false, owns: ["a"] } }))).toEqual(["apply"]);
    expect(actions(view("hit", { viewer: { isGM: false, owns: ["b"] } }))).toEqual([]);
  });
  it("damage applied: the log of what happened and Undo for the GM only", () => {
    const ctx = view("damage-applied");
    expect(ctx.notice?.text).toBe("Applied: the outcome below is on the sheets.");
    expect(ctx.log).toContain(`${states.hit?.card.targets[0]?.name} takes 2 damage (5 successes, armour 3); wounds now 6.`);
    // The log is folded away; the wound story stays on the target after Apply.
    expect([ctx.logOpen, ctx.logSummary]).toEqual([false, `What happened (${String(ctx.log.length)})`]);
    expect(ctx.targets[0]?.wounds?.text).toBe("5 − armour 3 = 2 wounds → life 6/12");
    expect(actions(ctx)).toEqual(["undo"]);
    expect(actions(view("damage-applied", { viewer: { isGM: false, owns: ["a"] } }))).toEqual([]);
  });
  it("an undone card says so and offers nothing", () => {
    const applied = states["damage-applied"]?.card;
    if (!applied) throw new Error("missing");
    const ctx = attackCardContext(t, inputFor(ok(undoCard(applied)), world()));
    expect([ctx.notice?.text, actions(ctx)]).toEqual(["Undone by the GM.", []]);
  });
  it("killer blow: the title, the trait, the TN +1 and the lower damage TN", () => {
    const ctx = view("killer-blow");
    expect(ctx.title).toBe("Sable Dragon strikes a killer blow");
    expect(ctx.tags).toEqual(["Killer blow: attack TN\u00a0+1, damage TN\u00a0−2"]);
    expect(ctx.roll?.label).toBe("Attack: 3 of 5 dice at 5+");
    expect(ctx.targets[0]?.damage).toBe("Damage: 5 of 9 dice at 3+ (Soma 6 + hit by 3).");
    expect(ctx.targets[0]?.wounds?.text).toBe("5 − armour 3 = 2 wounds → life 6/12");
  });
  it("killing blow and severe injury are named before apply", () => {
    const hit = entry("hit");
    const killed = attackCardContext(t, inputFor(hit.card, knightWounded(11))).targets[0];
    expect([killed?.wounds, killed?.statusLabel, killed?.headline]).toEqual([{ text: "5 − armour 3 = 2 wounds → life 0/12, past the last box: killed", state: "dead" }, "Dead", true]);
    const severe = attackCardContext(t, inputFor(hit.card, knightWounded(5))).targets[0];
    expect([severe?.wounds, severe?.statusLabel]).toEqual([{ text: "5 − armour 3 = 2 wounds → life 5/12, severely injured", state: "severelyInjured" }, "Severely injured"]);
  });
  it("shows the roll dialog's modifiers the attack was rolled with, signed", () => {
    const awaiting = entry("awaiting-defence");
    const withModifiers = (modifiers: { dice: number; tn: number }) =>
      attackCardContext(t, inputFor({ ...awaiting.card, modifiers }, awaiting.state)).roll?.modifiers;
    expect(withModifiers({ dice: 2, tn: -1 })).toBe("Roll dialog modifiers: +2 dice, TN\u00a0−1 (counted in this roll)");
    expect(withModifiers({ dice: -3, tn: 2 })).toBe("Roll dialog modifiers: −3 dice, TN\u00a0+2 (counted in this roll)");
    expect(withModifiers({ dice: 0, tn: 0 })).toBe("");
  });
  it("breath: the Magic Point it spends, at its one target", () => {
    const ctx = view("breath");
    expect(ctx.title).toBe("Sable Dragon breathes fire");
    expect(ctx.tags).toEqual(["Spends 1 Magic Point"]);
    expect(ctx.targets.map((tg) => tg.statusLabel)).toEqual(["Hit by 2"]);
  });
  it("grapple: both pinned, nothing to roll", () => {
    const ctx = view("grapple");
    expect([ctx.title, ctx.targets[0]?.statusLabel, actions(ctx)]).toEqual(["Sable Dragon grapples", "Grappled: both pinned", []]);
    expect(ctx.roll?.label).toBe("Grapple: 2 of 5 dice at 4+");
  });
  it("break-out against two grapplers: each compared separately", () => {
    const ctx = view("break-out");
    expect(ctx.targets.map((tg) => [tg.name, tg.statusLabel])).toEqual([
      [states["break-out"]?.card.targets[0]?.name, "Shaken off"],
      ["Griffon", "Still holding on"],
    ]);
  });
  it("rescue: the weight TN roll and the catch", () => {
    const ctx = view("rescue");
    expect([ctx.title, ctx.roll?.label, ctx.targets[0]?.statusLabel]).toEqual(["Sable Dragon makes a mid-air rescue", "Rescue: 1 of 3 dice at 5+", "Caught and carried"]);
  });
  it("a set-down rolls nothing: no roll line, its log open as the card's story", () => {
    const ctx = view("set-down");
    expect([ctx.title, ctx.roll, ctx.logOpen, ctx.log.length > 0]).toEqual(["Sable Dragon lets a passenger go", null, true, true]);
  });
  it("a defence the GM answered after the owner's time ran out says so", () => {
    expect(view("defence-after-timeout").targets[0]?.defence).toBe("Defence: Aerobatics, 2 of 3 dice at 5+. No answer in time: the GM answered.");
  });
  it("the title follows a failed grapple, a failed rescue and a break-out that frees the breaker", () => {
    expect(view("grapple-failed").title).toBe("Sable Dragon fails to grapple");
    expect(view("rescue-failed").title).toBe("Sable Dragon fails to make the catch");
    expect(view("break-out").title).toBe("Sable Dragon tries to break free");
    expect(view("break-out-success").title).toBe("Sable Dragon breaks free");
    expect(view("break-out-success").targets[0]?.contest).toBe("Break-out 2 vs Hold 1 → shaken off");
  });
  it("a card a player made is shown as forged and offers nothing", () => {
    const ctx = view("awaiting-defence", { authoredByGM: false, viewer: { isGM: false, owns: ["a", "b"] } });
    expect(ctx.notice?.text).toBe("This card was not made by the GM: it cannot change anything.");
    expect(actions(ctx)).toEqual([]);
  });
  it("the defender's prompt gives each defence its exact chance against the roll made, as the card does", () => {
    const card = entry("awaiting-defence").card;
    const check = { skill: "melee", pool: 4, tn: 4 };
    const label = promptDefenceLabel(t, card, check, "Melee (4 dice at 4+)");
    const chance = percent(stopChance(check, attackSuccesses(card) ?? 0));
    expect(label).toBe(`Melee (4 dice at 4+) — ${chance} to stop it`);
  });
  it("a refused card names the rule that refused it", () => {
    const card = { ...entry("awaiting-defence").card, stage: "refused" as const, refusal: "AOD.Rules.Reason.TooFarForMelee", attackDice: null };
    const ctx = attackCardContext(t, inputFor(card, world()));
    expect(ctx.notice?.text).toBe(`Refused: ${t("AOD.Rules.Reason.TooFarForMelee")}`);
    // Its title says it was refused, not that the attacker attacks.
    expect(ctx.title).toBe(`${card.attacker.name}'s action is refused`);
  });
  it("the GM may withdraw an open card (its battle action and Magic Points are free again); the card says so", () => {
    const hit = entry("hit").card;
    expect(actions(attackCardContext(t, inputFor(hit, world())))).toContain("withdraw");
    const withdrawn = ok(closeCard(hit, CARD_REASONS.Withdrawn));
    const ctx = attackCardContext(t, inputFor(withdrawn, world()));
    expect([ctx.notice?.text, actions(ctx)]).toEqual(["Withdrawn by the GM: its battle action and Magic Points are free again.", []]);
    expect(ctx.title).toBe(`${hit.attacker.name}'s action is withdrawn`);
  });
  it("a second apply is not offered", () => {
    const applied = ok(applyCard(entry("hit").card, world()));
    expect(actions(attackCardContext(t, inputFor(applied, world())))).toEqual(["undo"]);
  });
});
