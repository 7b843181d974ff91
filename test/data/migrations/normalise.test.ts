import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { migrateSystemSource, normaliseSystem } from "../../../src/data/migrations/normalise";
import type { Subtype } from "../../../src/data/migrations/normalise";
import { ACTOR_SPECS, ITEM_SPECS } from "../../../src/data/spec";
import type { ModelSpec } from "../../../src/data/spec";
import { specProblems } from "../spec-check";

const SPECS: Record<Subtype, ModelSpec> = { ...ACTOR_SPECS, ...ITEM_SPECS };
const SUBTYPES = Object.keys(SPECS) as Subtype[];

const fix = (type: Subtype, source: unknown): Record<string, unknown> => normaliseSystem(type, source).system;

describe("DATA.md migrations: renamed fields", () => {
  it("moves attributes.soma, .pneuma and .agility to the top level and drops the empty group", () => {
    const system = fix("dragon", { attributes: { soma: 6, pneuma: "4", agility: 1 } });
    expect(system).toEqual({ soma: 6, pneuma: 4, agility: 1 });
  });
  it("reads a numeric hp as the Life Points total", () => {
    expect(fix("dragon", { hp: 14 })).toEqual({ life: { max: 14 } });
  });
  it("reads hp { value, max } as total and remaining, so wounds = max - value", () => {
    expect(fix("adversary", { hp: { value: 9, max: 14 } })).toEqual({ life: { max: 14, wounds: 5 } });
  });
  it("turns life.value (remaining) into wounds = max - value", () => {
    expect(fix("dragon", { life: { max: 12, value: 8 } })).toEqual({ life: { max: 12, wounds: 4 } });
  });
  it("keeps stored wounds over an older life.value that disagrees, and notes the old one", () => {
    const { system, discarded } = normaliseSystem("dragon", { life: { max: 12, value: 8, wounds: 1 } });
    expect(system).toEqual({ life: { max: 12, wounds: 1 }, biography: '<p class="aod-legacy" data-path="life.value">life.value: 8</p>' });
    expect(discarded).toEqual([{ path: "life.value", value: 8 }]);
  });
  it("notes a stored life.value it cannot convert because the total is unknown", () => {
    expect(normaliseSystem("dragon", { life: { value: 3 } }).discarded).toEqual([{ path: "life.value", value: 3 }]);
  });
  it("moves a top-level wounds into life.wounds", () => {
    expect(fix("dragon", { wounds: "2" })).toEqual({ life: { wounds: 2 } });
  });
  it("reads a numeric mp as the current Magic Points", () => {
    expect(fix("dragon", { mp: 2 })).toEqual({ magic: { value: 2 } });
  });
  it("reads mp { value, max } as both Magic Point fields", () => {
    expect(fix("dragon", { mp: { value: 1, max: 4 } })).toEqual({ magic: { value: 1, max: 4 } });
  });
  it("renames a weapon's tn to damageTN", () => {
    expect(fix("weapon", { tn: "4" })).toEqual({ damageTN: 4 });
  });
  it("renames armour ar to rating and enc to encumbrance", () => {
    expect(fix("armour", { ar: 3, enc: 2 })).toEqual({ rating: 3, encumbrance: 2 });
  });
  it("turns a skill level 0..4 into the rank of that step", () => {
    expect([0, 1, 2, 3, 4, "2"].map((level) => fix("skill", { level }).rank)).toEqual([
      "untrained",
      "trained",
      "expert",
      "master",
      "grandmaster",
      "expert",
    ]);
  });
  it("turns a skill level written as a word into that rank", () => {
    expect(fix("skill", { level: "Expert" })).toEqual({ rank: "expert" });
  });
});

describe("DATA.md migrations: numbers", () => {
  it("reads numbers given as strings", () => {
    expect(fix("dragon", { soma: "4", pneuma: "3.0", agility: " 2 " })).toEqual({ soma: 4, pneuma: 3, agility: 2 });
  });
  it("rounds fractions in integer fields and keeps them in number fields", () => {
    expect(fix("dragon", { soma: 4.6, weight: "2.5" })).toEqual({ soma: 5, weight: 2.5 });
  });
  it("raises negatives to the minimum and clamps values above the maximum", () => {
    expect(fix("dragon", { soma: -3, agility: 40, life: { max: 0, wounds: -1 } })).toEqual({
      soma: 1,
      agility: 10,
      life: { max: 1, wounds: 0 },
    });
  });
  it("clamps Magic Points above their maximum down to it", () => {
    expect(fix("dragon", { magic: { value: 9, max: "4" } })).toEqual({ magic: { value: 4, max: 4 } });
  });
  it("clamps wounds to twice the life points plus one", () => {
    expect(fix("dragon", { life: { max: 10, wounds: 150 } })).toEqual({ life: { max: 10, wounds: 21 } });
  });
  it("leaves a number it cannot read to the schema's initial and notes it", () => {
    const { system, discarded } = normaliseSystem("dragon", { soma: "strong", pneuma: 3 });
    expect(system).toEqual({ pneuma: 3, biography: '<p class="aod-legacy" data-path="soma">soma: strong</p>' });
    expect(discarded).toEqual([{ path: "soma", value: "strong" }]);
  });
  it("treats a weight of zero or less as unreadable, since weights are ratios", () => {
    expect(normaliseSystem("dragon", { weight: 0 }).discarded).toEqual([{ path: "weight", value: 0 }]);
  });
});

describe("DATA.md migrations: booleans, choices, text and sets", () => {
  it("reads booleans from true/false strings and 1/0", () => {
    expect(fix("weapon", { killerBlow: "true", grapple: 0, longRange: "FALSE" })).toEqual({
      killerBlow: true,
      grapple: false,
      longRange: false,
    });
  });
  it("matches choices written loosely", () => {
    expect(fix("adversary", { kind: "War Engine", speed: "very-slow" })).toEqual({
      kind: "warEngine",
      speed: "verySlow",
    });
  });
  it("leaves an unknown choice to the initial and notes the text", () => {
    const { system, discarded } = normaliseSystem("armour", { slot: "tail" });
    expect(system).toEqual({ description: '<p class="aod-legacy" data-path="slot">slot: tail</p>' });
    expect(discarded).toEqual([{ path: "slot", value: "tail" }]);
  });
  it("keeps free text whatever its type, so a breed is never dropped", () => {
    expect(fix("dragon", { breed: 42 })).toEqual({ breed: "42" });
    expect(fix("dragon", { breed: { colour: "sable" } })).toEqual({ breed: '{"colour":"sable"}' });
  });
  it("reads sets from comma-separated strings, trimmed and without duplicates", () => {
    expect(fix("dragon", { tags: "stealthy, fierce,stealthy,", lifepaths: "Hunter,Sage" })).toEqual({
      tags: ["stealthy", "fierce"],
      lifepaths: ["Hunter", "Sage"],
    });
  });
  it("keeps known choices of a set and notes the unknown ones", () => {
    const { system, discarded } = normaliseSystem("skill", { uses: ["Melee Attack", "flying"] });
    expect(system).toEqual({ uses: ["meleeAttack"], description: '<p class="aod-legacy" data-path="uses">uses: [&quot;flying&quot;]</p>' });
    expect(discarded).toEqual([{ path: "uses", value: ["flying"] }]);
  });
});

describe("DATA.md migrations: safety", () => {
  it("writes discarded values into the rich-text field as a note, its one record", () => {
    const { system } = normaliseSystem("armour", { slot: "<tail>", description: "<p>Old plate</p>" });
    expect(system.description).toBe('<p>Old plate</p><p class="aod-legacy" data-path="slot">slot: &lt;tail&gt;</p>');
  });
  it("touches only the fields present", () => {
    expect(fix("dragon", { magic: { value: 2 } })).toEqual({ magic: { value: 2 } });
  });
  it("keeps keys it does not know for Foundry to clean", () => {
    expect(fix("weapon", { _stats: 1 })).toEqual({ _stats: 1 });
  });
  it("leaves Foundry's update operators and other class instances alone", () => {
    class ForcedDeletion {
      readonly forced = true;
    }
    const operator = new ForcedDeletion();
    expect(fix("dragon", { breed: operator, soma: "5" })).toEqual({ breed: operator, soma: 5 });
  });
  it("does not modify its input", () => {
    const input = { attributes: { soma: "5" }, tags: "a,b" };
    normaliseSystem("dragon", input);
    expect(input).toEqual({ attributes: { soma: "5" }, tags: "a,b" });
  });
  it("returns nothing for source that is not an object, noting what it was", () => {
    expect(normaliseSystem("skill", "garbage")).toEqual({ system: {}, discarded: [{ path: "", value: "garbage" }] });
  });
  it("converts in place for migrateData and returns the same object", () => {
    const source: Record<string, unknown> = { tn: "6", junk: true };
    expect(migrateSystemSource("weapon", source)).toBe(source);
    expect(source).toEqual({ damageTN: 6, junk: true });
  });
  it("is idempotent: repaired data comes back unchanged", () => {
    const once = fix("dragon", { attributes: { soma: "5" }, hp: { value: 3, max: 8 }, tags: "x", biography: "" });
    expect(fix("dragon", once)).toEqual(once);
  });
});

// Values a user, an old world or a hand-edited pack might hold in any field.
const messy = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.double().map(String),
  fc.constantFrom("true", "false", "1", "0", " 4 ", "3.0", "Expert", "war engine", "a, b ,c", "Infinity", "-0"),
);

function messySource(spec: ModelSpec): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(spec)) {
    fields[key] = field.kind === "schema" ? fc.oneof(messySource(field.fields), messy) : messy;
  }
  const old = { hp: messy, mp: messy, tn: messy, ar: messy, enc: messy, level: messy, attributes: fc.jsonValue() };
  return fc.record({ ...fields, ...old }, { requiredKeys: [] });
}

describe("DATA.md migrations: any input (property tests)", () => {
  it.each(SUBTYPES)("never throws on %s data and always satisfies the spec", (type) => {
    fc.assert(
      fc.property(messySource(SPECS[type]), (source) => {
        const { system } = normaliseSystem(type, source);
        expect(specProblems(SPECS[type], system)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
  it.each(SUBTYPES)("leaves repaired %s data alone in the update pass that also runs on load", (type) => {
    fc.assert(
      fc.property(messySource(SPECS[type]), (source) => {
        const { system } = normaliseSystem(type, source);
        expect(migrateSystemSource(type, structuredClone(system))).toEqual(system);
      }),
      { numRuns: 150 },
    );
  });
  it.each(SUBTYPES)("never loses a %s field value: it is kept or listed as discarded", (type) => {
    fc.assert(
      fc.property(messySource(SPECS[type]), (source) => {
        const { system, discarded } = normaliseSystem(type, source);
        for (const [key, value] of Object.entries(source)) {
          const blank = value === null || (typeof value === "string" && value.trim() === "");
          if (!(key in SPECS[type]) || blank || (Array.isArray(value) && !value.length)) continue;
          const listed = discarded.some((d) => d.path === key || d.path.startsWith(`${key}.`));
          expect(key in system || listed, `${key}: ${JSON.stringify(value)}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("DATA.md migrations: notes of discarded values", () => {
  it("writes the note into a stored document that has no biography yet", () => {
    expect(fix("dragon", { soma: "strong" }).biography).toBe('<p class="aod-legacy" data-path="soma">soma: strong</p>');
  });
  it("adds the note once, however often the same raw value is migrated again", () => {
    const first = normaliseSystem("dragon", { soma: "strong", biography: "<p>x</p>" }).system;
    const again = normaliseSystem("dragon", { soma: "strong", biography: first.biography }).system;
    expect(again.biography).toBe(first.biography);
    expect(String(first.biography).match(/aod-legacy/g)).toHaveLength(1);
  });
});

describe("Foundry v13 runs migrateData on the changes of an update too", () => {
  const changes = (type: Subtype, diff: Record<string, unknown>): Record<string, unknown> => migrateSystemSource(type, structuredClone(diff));

  it("leaves life.value without life.max for the actor's _preUpdate, and records nothing", () => {
    expect(changes("dragon", { life: { value: 5 } })).toEqual({ life: { value: 5 } });
    expect(normaliseSystem("dragon", { life: { value: 5 } }, "changes").discarded).toEqual([]);
  });
  it("converts life.value when the same changes carry life.max", () => {
    expect(changes("dragon", { life: { max: 10, value: 7 } })).toEqual({ life: { max: 10, wounds: 3 } });
  });
  it("leaves a weight of 0 for validation to refuse instead of dropping it", () => {
    expect(changes("dragon", { weight: 0 })).toEqual({ weight: 0 });
  });
  it("leaves out-of-range, fractional and unreadable values for validation, never clamping or defaulting", () => {
    expect(changes("dragon", { soma: 40, pneuma: 2.5, agility: "quick" })).toEqual({ soma: 40, pneuma: 2.5, agility: "quick" });
    expect(changes("armour", { slot: "tail" })).toEqual({ slot: "tail" });
    expect(changes("skill", { uses: ["meleeAttack", "flying"] })).toEqual({ uses: ["meleeAttack", "flying"] });
  });
  it("still converts what it can without loss: numeric strings, spelled booleans, loose choices, old names", () => {
    expect(changes("weapon", { tn: "4", killerBlow: "yes", range: "Ranged" })).toEqual({ damageTN: 4, killerBlow: true, range: "ranged" });
  });
  it("appends no note to a biography a sheet submits, whatever else the submit carries", () => {
    const biography = "<p>Old tales.</p>";
    expect(changes("dragon", { biography, weight: 0, life: { value: 3 } })).toEqual({ biography, weight: 0, life: { value: 3 } });
  });
  it("does not clamp magic or wounds between fields (the actor's _preUpdate does, against stored values)", () => {
    expect(changes("dragon", { magic: { value: 9, max: 2 } })).toEqual({ magic: { value: 9, max: 2 } });
  });
});
