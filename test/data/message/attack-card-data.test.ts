import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { cardWeapon, combatantChecks, statusToggles, statusesOf } from "../../../src/data/message/attack-actors";
import { changesApply, isAttackSource, parseAttackSource, parseCard } from "../../../src/data/message/attack-source";
import { actorSnapshot } from "../../../src/data/actor/actor-snapshot";
import type { ActorData } from "../../../src/data/actor/actor-data";
import { actionCheck, defenceChecks } from "../../../src/rules/attack-card-checks";
import { pairKey } from "../../../src/rules/state";
import { cardStates } from "../../features/attack/attack-card-states";
import { fighter, skirmishOf } from "../../rules/fixtures";

const bestiary = (file: string) => actorSnapshot(load(readFileSync(`packs/_source/bestiary/${file}.yml`, "utf8")) as ActorData);
const sable = bestiary("sable-dragon");
const knight = bestiary("knight");

describe("attack card data: from the bestiary to the card's checks", () => {
  it("the Sable bites with Expert Tooth and Claw (4+) on Soma 6, and breathes with its Dragonsbreath skill", () => {
    const claws = sable.weapons.find((w) => w.weapon.name === "Tooth and Claw");
    const weapon = cardWeapon(sable, claws?.itemId ?? null);
    expect(weapon).toMatchObject({ name: "Tooth and Claw", killerBlow: true, grapple: true, attackSkill: "toothAndClaw" });
    expect(actionCheck("attack", combatantChecks(sable), weapon)).toEqual({ skill: "toothAndClaw", pool: 6, tn: 4 });
  });
  it("the Sable's rescue pool is its Soma less its dragonplate's encumbrance", () => {
    expect(combatantChecks(sable).rescuePool).toBe(6 - 2);
  });
  it("the knight may parry the Sable's claws only with skills it has and the claws allow", () => {
    const claws = cardWeapon(sable, sable.weapons.find((w) => w.weapon.name === "Tooth and Claw")?.itemId ?? null);
    const skills = defenceChecks("attack", claws, combatantChecks(knight)).map((c) => c.skill);
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills) expect(claws?.defenceSkills).toContain(skill);
  });
  it("a weapon the actor does not have is none", () => {
    expect(cardWeapon(sable, "notAnItem")).toBeNull();
    expect(cardWeapon(sable, null)).toBeNull();
  });
});

describe("attack card data: statuses follow the skirmish", () => {
  it("reads pinned, health, falling and carrying from the state", () => {
    const state = skirmishOf([fighter("a", { life: { max: 12, wounds: 7 } }), fighter("b", { falling: true }), fighter("c")], {
      grapples: [pairKey("a", "b")],
      carrying: { c: "b" },
    });
    expect(statusesOf(state, "a")).toEqual({ pinned: true, severelyInjured: true, dead: false, falling: false, carrying: false, carried: false });
    expect(statusesOf(state, "b")).toMatchObject({ pinned: true, falling: true, carried: true });
    expect(statusesOf(state, "c")).toMatchObject({ carrying: true, pinned: false });
    expect(statusesOf(state, "z")).toMatchObject({ pinned: false, dead: false });
  });
  it("toggles only what changed", () => {
    const before = skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 6 } })]);
    const after = skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 13 } })], { grapples: [pairKey("a", "b")] });
    expect(statusToggles(before, after, "b")).toEqual([{ id: "pinned", active: true }, { id: "dead", active: true }]);
    expect(statusToggles(before, before, "b")).toEqual([]);
  });
});

describe("attack card data: the stored card reads back exactly, and a malformed one is refused", () => {
  const sources = Object.entries(cardStates()).map(([name, { card }]) => {
    const refs = Object.fromEntries([card.attacker, ...card.targets].map((p) => [p.id, { actorUuid: `Actor.${p.id}`, tokenUuid: null }]));
    return [name, { card, refs, combatId: "", prompts: {} }] as const;
  });
  it.each(sources)("%s round-trips through JSON", (_name, source) => {
    const stored: unknown = JSON.parse(JSON.stringify(source));
    expect(parseAttackSource(stored)).toEqual(source);
    expect(isAttackSource(stored)).toBe(true);
  });
  const good = () => JSON.parse(JSON.stringify(sources[0]?.[1])) as Record<string, unknown> & { card: Record<string, unknown> };
  it.each([
    ["an unknown action", (s: ReturnType<typeof good>) => { s.card.action = "fireball"; }],
    ["a die face of 7", (s: ReturnType<typeof good>) => { s.card.attackDice = [7]; }],
    ["targets that are not a list", (s: ReturnType<typeof good>) => { s.card.targets = {}; }],
    ["a stage it does not know", (s: ReturnType<typeof good>) => { s.card.stage = "won"; }],
    ["modifiers past their limits", (s: ReturnType<typeof good>) => { s.card.modifiers = { dice: 99, tn: 0 }; }],
    ["a participant with no documents", (s: ReturnType<typeof good>) => { s.refs = {}; }],
    ["a prompt for someone not targeted", (s: ReturnType<typeof good>) => { s.prompts = { z: { who: "gm", userName: "", timedOut: false } }; }],
    ["a weapon with a string damage TN", (s: ReturnType<typeof good>) => { (s.card.weapon as Record<string, unknown>).damageTN = "5"; }],
    ["no combat id", (s: ReturnType<typeof good>) => { delete s.combatId; }],
  ])("refuses %s", (_name, spoil) => {
    const source = good();
    spoil(source);
    expect(() => parseAttackSource(source)).toThrow(RangeError);
    expect(isAttackSource(source)).toBe(false);
  });
  it("keeps the hash of the GM's query token on an owner's prompt, and refuses one that is no SHA-256 hash", () => {
    const source = good();
    const target = (source.card.targets as { id: string }[])[0]?.id ?? "";
    const hash = "a".repeat(64);
    source.prompts = { [target]: { who: "owner", userName: "Pat", timedOut: false, tokenHash: hash } };
    expect(parseAttackSource(source).prompts[target]?.tokenHash).toBe(hash);
    source.prompts = { [target]: { who: "owner", userName: "Pat", timedOut: false, tokenHash: "secret" } };
    expect(() => parseAttackSource(source)).toThrow(RangeError);
  });
  it("refuses a defence with dice but no check", () => {
    const source = good();
    const target = (source.card.targets as Record<string, unknown>[])[0];
    if (target === undefined) throw new Error("no target");
    target.defence = { check: null, dice: [6], by: "owner" };
    expect(() => parseCard(source.card)).toThrow(/dice exactly when a check was rolled/);
  });
  it("checks that stored changes still apply to the state before writing them", () => {
    const state = skirmishOf([fighter("a"), fighter("b")]);
    expect(changesApply(state, [{ type: "wounds", id: "b", wounds: 3 }])).toBe(true);
    expect(changesApply(state, [{ type: "wounds", id: "gone", wounds: 3 }])).toBe(false);
  });
});
