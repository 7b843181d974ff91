// Sheets never bake an Active Effect into stored data (effect-locks.ts). The test models what Foundry does with an
// actor's effects and a sheet's form, from its public client source:
// - `Actor#applyActiveEffects` (client/documents/actor.mjs) applies each change to the PREPARED data only and
//   records the changed keys in `actor.overrides` (expanded); `_source` keeps the stored value;
// - `FormDataExtended` (client/applications/ux/form-data-extended.mjs) reads named inputs and skips disabled ones;
// - `Document#update` merges the submitted object into `_source`, after which the effects apply again.
import { describe, expect, it } from "vitest";
import { buildActorContext } from "../../../src/features/sheets/actor-context";
import { fieldLocks, withoutLocked } from "../../../src/features/sheets/effect-locks";
import { formToUpdate } from "../../../src/features/sheets/form-data";
import type { CharacterSystem } from "../../../src/data/actor/actor-data";
import { renderTemplate } from "../../templates/render";
import { actorInput, bestiary } from "./fixtures";

const ACTOR = "test/browser/fixtures/actor-sheet.hbs";
const sable = bestiary("sable-dragon.yml");

/** An effect's change in Foundry's two simplest modes: 2 = ADD, 5 = OVERRIDE (CONST.ACTIVE_EFFECT_MODES). */
interface Change {
  key: string;
  mode: 2 | 5;
  value: number;
}
interface Effect {
  name: string;
  changes: Change[];
}

function get(data: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data);
}
function set(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop() ?? "";
  let o = data;
  for (const k of keys) o = (o[k] ??= {}) as Record<string, unknown>;
  o[last] = value;
}

/** Prepares an actor as core does: a copy of the source with every change applied, and the overrides. */
function prepare(source: CharacterSystem, effects: readonly Effect[]) {
  const actor = { system: structuredClone(source) } as unknown as Record<string, unknown>;
  const overrides: Record<string, unknown> = {};
  for (const effect of effects) {
    for (const change of effect.changes) {
      const next = change.mode === 2 ? Number(get(actor, change.key)) + change.value : change.value;
      set(actor, change.key, next);
      set(overrides, change.key, next);
    }
  }
  return { prepared: actor.system as CharacterSystem, overrides };
}

/** Reads a rendered form as FormDataExtended does (named, enabled inputs; numbers as numbers) and expands it. */
function submit(html: string, edits: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [tag] of html.matchAll(/<(input|select)\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (!name || /\sdisabled\b/.test(tag)) continue;
    const type = /\btype="([^"]+)"/.exec(tag)?.[1] ?? "text";
    let value: unknown = edits[name] ?? /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (type === "checkbox") value = /\schecked\b/.test(tag);
    else if (type === "number") value = Number(value);
    set(out, name, value);
  }
  return out;
}

/** What `actor.update(changes)` leaves in the source. */
function update(source: CharacterSystem, changes: Record<string, unknown>): CharacterSystem {
  const next = structuredClone(source) as unknown as Record<string, unknown>;
  const flat = (value: unknown, prefix: string): void => {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) flat(v, prefix === "" ? k : `${prefix}.${k}`);
    } else if (prefix.startsWith("system.")) set(next, prefix.slice("system.".length), value);
  };
  flat(changes, "");
  return next as unknown as CharacterSystem;
}

const might: Effect = { name: "Potion of Might", changes: [{ key: "system.soma", mode: 2, value: 2 }] };

function editSheet(source: CharacterSystem, effects: readonly Effect[], tab: string) {
  const { prepared, overrides } = prepare(source, effects);
  const locks = fieldLocks(overrides, effects.map((e) => ({ name: e.name, keys: e.changes.map((c) => c.key) })), "an effect");
  const input = { ...actorInput({ ...sable, system: prepared }, { mode: "edit", tab }), source, locks };
  return { html: renderTemplate(ACTOR, { ...buildActorContext(input), partId: "t" }), locks };
}

describe("a sheet edit under an Active Effect", () => {
  it("keeps the stored Soma when another field is edited, so the effect counts once", () => {
    const source = sable.system;
    expect(prepare(source, [might]).prepared.soma).toBe(8);
    const { html, locks } = editSheet(source, [might], "combat");
    const form = formToUpdate(submit(html, { "system.pneuma": "5" }));
    // The form itself does not carry the overridden key (its input is disabled)...
    expect(form.system).not.toHaveProperty("soma");
    // ...and the sheet drops it again before the update.
    const submitted = withoutLocked(form, locks);
    const stored = update(source, submitted);
    expect(stored.pneuma).toBe(5);
    expect(stored.soma).toBe(6);
    // Prepared again: Soma 6 + 2, not 8 + 2.
    expect(prepare(stored, [might]).prepared.soma).toBe(8);
  });

  it("shows the overridden field disabled with the effect named, and the other inputs bound to the stored values", () => {
    const source = { ...sable.system, life: { max: 15, wounds: 3 } };
    const shield: Effect = { name: "Ward of Stone", changes: [{ key: "system.life.max", mode: 2, value: 5 }] };
    const { html } = editSheet(source, [might, shield], "combat");
    expect(html).toMatch(/name="system\.soma" value="8"[^>]* disabled/);
    expect(html).toContain("Set by Potion of Might");
    expect(html).toMatch(/name="system\.life\.max" value="20"[^>]* disabled/);
    expect(html).toContain("Set by Ward of Stone");
    expect(html).toMatch(/name="system\.pneuma" value="4" min="1" max="12" step="1">/);
    expect(html).toMatch(/name="system\.life\.wounds" value="3" min="0" step="1">/);
  });

  it("never submits a locked key, even from an input a module enabled again", () => {
    const { locks } = editSheet(sable.system, [might], "combat");
    const forged = { system: { soma: 8, pneuma: 5, life: { max: 15 } } };
    expect(withoutLocked(forged, locks)).toEqual({ system: { pneuma: 5, life: { max: 15 } } });
    expect(withoutLocked({ system: { soma: 8 } }, locks)).toEqual({});
  });

  it("binds the story tab's inputs to the stored values and locks what an effect overrides", () => {
    const grounded: Effect = { name: "Clipped Wings", changes: [{ key: "system.weight", mode: 5, value: 900 }] };
    const { html, locks } = editSheet({ ...sable.system, weight: 400 }, [grounded], "story");
    expect(html).toMatch(/name="system\.weight" value="900"[^>]* disabled/);
    expect(html).toContain("Weight: Set by Clipped Wings");
    const stored = update(sable.system, withoutLocked(formToUpdate(submit(html, { "system.breed": "Hunter" })), locks));
    expect(stored.breed).toBe("Hunter");
    expect(stored.weight).toBe(sable.system.weight);
  });
});

describe("fieldLocks", () => {
  it("names every effect that changes a path, and an unnamed override by the fallback", () => {
    const locks = fieldLocks(
      { system: { soma: 9, magic: { max: 6 } } },
      [
        { name: "Potion of Might", keys: ["system.soma"] },
        { name: "Blessing", keys: ["system.soma", "system.pneuma"] },
      ],
      "an effect",
    );
    expect(locks).toEqual({ "system.soma": "Potion of Might, Blessing", "system.magic.max": "an effect" });
  });
});
