// What the attack card is drawn from for one user (src/features/attack/attack-card-view.ts, the logic behind
// attack-card-render.ts): from the card's stored state and the participants as their documents are now. How the view
// then reads is tested in attack-card-context.test.ts, from inputs made by hand (attack-card-states.ts).
import { describe, expect, it } from "vitest";
import { cardPreview, cardViewInput } from "../../../src/features/attack/attack-card-view";
import type { ViewParticipant, ViewSituation } from "../../../src/features/attack/attack-card-view";
import { attackCardContext } from "../../../src/features/attack/attack-card-context";
import { cardOutcome, damageFor } from "../../../src/rules/attack-card";
import type { AttackCard } from "../../../src/rules/attack-card";
import type { AttackSource } from "../../../src/data/message/attack-source";
import type { SkirmishState } from "../../../src/rules/state";
import { dodge, rolled } from "../../rules/attack-card-fixtures";
import { cardStates, t, world } from "./attack-card-states";

const states = cardStates();
function state(name: string): { card: AttackCard; state: SkirmishState } {
  const found = states[name];
  if (found === undefined) throw new Error(`no state ${name}`);
  return found;
}
const sourceOf = (card: AttackCard): AttackSource => ({
  card,
  refs: Object.fromEntries([card.attacker, ...card.targets].map((p) => [p.id, { actorUuid: `Actor.${p.id}`, tokenUuid: null }])),
  combatId: "",
  prompts: {},
});
const part = (values: Partial<ViewParticipant> = {}): ViewParticipant => ({ owned: false, img: "", skills: [], ...values });
const worldOf = (s: SkirmishState, participants: Record<string, ViewParticipant> = { a: part(), b: part(), c: part() }): ViewSituation => ({ state: s, participants });

/** A break-out by a against b and c, both defences awaited. */
const breakOut = rolled([4, 4, 1, 1, 1], { action: "breakOut", weapon: null, targets: [{ id: "b", name: "B" }, { id: "c", name: "C" }] });
const options = (id: string) => [{ ...dodge, skill: `dodge${id}` }];

describe("the attack card's input for one user", () => {
  it("offers a player the defences of the targets she owns only; the GM every target's", () => {
    const source = sourceOf(breakOut);
    const parts = { a: part(), b: part(), c: part({ owned: true }) };
    const player = cardViewInput(source, true, worldOf(world(), parts), { isGM: false, gmOnline: true }, options);
    expect(player.viewer).toEqual({ isGM: false, owns: ["c"] });
    expect(player.defenceOptions).toEqual({ c: options("c") });
    const stranger = cardViewInput(source, true, worldOf(world()), { isGM: false, gmOnline: true }, options);
    expect(stranger.defenceOptions).toEqual({});
    const gm = cardViewInput(source, true, worldOf(world()), { isGM: true, gmOnline: true }, options);
    expect(gm.defenceOptions).toEqual({ b: options("b"), c: options("c") });
    // The view then draws defence buttons for those targets only.
    const buttons = (input: typeof player) => attackCardContext(t, input).targets.flatMap((tg) => tg.buttons.map((b) => `${b.action}:${b.targetId}`));
    expect(new Set(buttons(player))).toEqual(new Set(["defend:c"]));
    expect(buttons(stranger)).toEqual([]);
  });

  it("carries the damage due for each target while the attacker is in the skirmish", () => {
    const { card, state: s } = state("defended");
    const input = cardViewInput(sourceOf(card), true, worldOf(s), { isGM: false, gmOnline: true }, options);
    expect(input.damageChecks).toEqual({ b: damageFor(card, "b", s) });
    expect(input.damageChecks.b).not.toBeNull();
    const { a: _gone, ...others } = s.combatants;
    const without = cardViewInput(sourceOf(card), true, worldOf({ ...s, combatants: others }), { isGM: false, gmOnline: true }, options);
    expect(without.damageChecks).toEqual({ b: null });
  });

  it("previews what Apply would write once the card is resolved, and not before, nor when the world no longer reads", () => {
    expect(cardPreview(sourceOf(state("awaiting-defence").card), world())).toBeNull();
    const { card, state: s } = state("hit");
    expect(cardPreview(sourceOf(card), s)).toEqual(cardOutcome(card, s));
    const { b: _gone, ...others } = s.combatants;
    expect(() => cardOutcome(card, { ...s, combatants: others })).toThrow(RangeError);
    expect(cardPreview(sourceOf(card), { ...s, combatants: others })).toBeNull();
  });

  it("names each skill as the first participant's item does, and shows the attacker's portrait and everyone's Life Points", () => {
    const parts = {
      a: part({ img: "sable.webp", skills: [{ identifier: "toothAndClaw", name: "Tooth and Claw" }, { identifier: "", name: "Unnamed" }] }),
      b: part({ skills: [{ identifier: "toothAndClaw", name: "Claws (the knight's)" }, { identifier: "aerobatics", name: "Aerobatics" }] }),
    };
    const input = cardViewInput(sourceOf(breakOut), false, worldOf(world(), parts), { isGM: false, gmOnline: false }, options);
    expect(input.skillNames).toEqual({ toothAndClaw: "Tooth and Claw", aerobatics: "Aerobatics" });
    expect(input.attackerImg).toBe("sable.webp");
    expect(input.lifeMax).toEqual(Object.fromEntries(Object.values(world().combatants).map((c) => [c.id, c.life.max])));
    expect(input.authoredByGM).toBe(false);
    expect(input.gmOnline).toBe(false);
    expect(cardViewInput(sourceOf(breakOut), true, worldOf(world(), {}), { isGM: true, gmOnline: true }, options).attackerImg).toBe("");
  });
});
