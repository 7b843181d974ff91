import { describe, expect, it } from "vitest";
import { validatePack } from "../../tools/lib/pack-validate";
import type { LoadedSource, PackSources } from "../../tools/lib/pack-validate";
import type { UnknownRecord } from "../../tools/lib/records";
import { aerobatics, copy, entry, events, knight, rules } from "./fixtures";

const existing = new Set(["assets/knight.webp"]);
const ctx = { fileExists: (path: string): boolean => existing.has(path) };

function pack(type: string, ...docs: (UnknownRecord | LoadedSource)[]): PackSources {
  const files = docs.map((d, i): LoadedSource => ("file" in d && typeof d.file === "string" ? (d as LoadedSource) : { file: `packs/_source/p/doc${i}.yml`, doc: d }));
  return { name: "p", type, files };
}

/** Validates one actor after `change` broke it. */
function actorErrors(change: (doc: UnknownRecord & { items: UnknownRecord[]; system: UnknownRecord }) => void): string[] {
  const doc = copy(knight) as UnknownRecord & { items: UnknownRecord[]; system: UnknownRecord };
  change(doc);
  return validatePack(pack("Actor", doc), ctx);
}

describe("pack validation: well-formed sources", () => {
  it("accepts a good actor, item, table and journal", () => {
    expect(validatePack(pack("Actor", copy(knight)), ctx)).toEqual([]);
    expect(validatePack(pack("Item", copy(aerobatics)), ctx)).toEqual([]);
    expect(validatePack(pack("RollTable", copy(events)), ctx)).toEqual([]);
    expect(validatePack(pack("JournalEntry", copy(rules)), ctx)).toEqual([]);
  });
  it("accepts a compendium folder of the pack's type", () => {
    const folder = { _id: "FolderHHHHHHHHHH", _key: "!folders!FolderHHHHHHHHHH", name: "Knights", type: "Actor" };
    expect(validatePack(pack("Actor", folder, copy(knight)), ctx)).toEqual([]);
  });
});

describe("pack validation: files", () => {
  it("reports a parse error with the file", () => {
    const errors = validatePack(pack("Item", { file: "packs/_source/p/bad.yml", parseError: "bad indentation" }), ctx);
    expect(errors).toEqual(["packs/_source/p/bad.yml: cannot be parsed: bad indentation"]);
  });
  it("reports a file that is not one document", () => {
    const errors = validatePack(pack("Item", { file: "packs/_source/p/list.yml", doc: [1, 2] }), ctx);
    expect(errors[0]).toMatch(/^packs\/_source\/p\/list\.yml: expected one document/);
  });
  it("reports the same id in two files of a pack, naming both", () => {
    const errors = validatePack(pack("Item", copy(aerobatics), copy(aerobatics)), ctx);
    expect(errors).toEqual([expect.stringMatching(/doc1\.yml: _id: duplicate id AerobaticsCCCCCC .*also packs\/_source\/p\/doc0\.yml/)]);
  });
  it("refuses a pack type it cannot check", () => {
    expect(validatePack(pack("Scene", copy(knight)), ctx)[0]).toMatch(/pack p: type "Scene"/);
  });
});

describe("pack validation: ids and keys", () => {
  it("reports a missing _id", () => {
    expect(actorErrors((d) => delete d._id)).toContain("packs/_source/p/doc0.yml: _id: missing");
  });
  it("reports a missing _key, which the CLI would skip silently", () => {
    expect(actorErrors((d) => delete d._key)[0]).toMatch(/doc0\.yml: _key: missing/);
  });
  it("reports an _id that is not 16 letters and digits", () => {
    expect(actorErrors((d) => { d._id = "short-id"; })[0]).toMatch(/doc0\.yml: _id: "short-id" is not 16 letters/);
  });
  it("reports a _key whose id does not match the _id", () => {
    expect(actorErrors((d) => { d._key = "!actors!OtherIdZZZZZZZZZ"; })[0]).toMatch(/_key: "!actors!OtherIdZZZZZZZZZ" should be "!actors!KnightAAAAAAAAAA"/);
  });
  it("reports an embedded item whose _key does not name its actor", () => {
    const errors = actorErrors((d) => { entry(d.items, 0)._key = "!items!LanceBBBBBBBBBBB"; });
    expect(errors[0]).toMatch(/doc0\.yml: items\[0\]\._key: "!items!LanceBBBBBBBBBBB" should be "!actors\.items!KnightAAAAAAAAAA\.LanceBBBBBBBBBBB"/);
  });
  it("reports an embedded document without _key or _id", () => {
    expect(actorErrors((d) => delete entry(d.items, 0)._key)[0]).toMatch(/items\[0\]\._key: missing/);
    expect(actorErrors((d) => delete entry(d.items, 0)._id)).toContain("packs/_source/p/doc0.yml: items[0]._id: missing");
  });
  it("checks keys of table results and journal pages", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    entry(table.results, 1)._key = "!tables.results!EventsDDDDDDDDDD.WrongIdEEEEEEEEE";
    expect(validatePack(pack("RollTable", table), ctx)[0]).toMatch(/results\[1\]\._key: .* should be "!tables\.results!EventsDDDDDDDDDD\.ResultTwoEEEEEEE"/);
    const journal = copy(rules) as UnknownRecord & { pages: UnknownRecord[] };
    entry(journal.pages, 0)._key = "!journal!PageOneGGGGGGGGG";
    expect(validatePack(pack("JournalEntry", journal), ctx)[0]).toMatch(/pages\[0\]\._key: .* should be "!journal\.pages!RulesFFFFFFFFFFF\.PageOneGGGGGGGGG"/);
  });
  it("reports two embedded documents with one id", () => {
    const errors = actorErrors((d) => { d.items.push(copy(entry(d.items, 0))); });
    expect(errors).toContain("packs/_source/p/doc0.yml: items[1]._id: duplicate id LanceBBBBBBBBBBB (also items[0])");
  });
});

describe("pack validation: kinds, types and names", () => {
  it("reports an Item document in an Actor pack", () => {
    const errors = validatePack(pack("Actor", copy(aerobatics)), ctx);
    expect(errors).toEqual([expect.stringMatching(/doc0\.yml: _key: "!items!AerobaticsCCCCCC" is a key for Item documents, but this pack holds Actor/)]);
  });
  it("reports an unknown Actor type", () => {
    expect(actorErrors((d) => { d.type = "wyvern"; })[0]).toMatch(/doc0\.yml: type: unknown Actor type "wyvern"/);
  });
  it("reports an unknown Item type, embedded items included", () => {
    expect(actorErrors((d) => { entry(d.items, 0).type = "spell"; })[0]).toMatch(/items\[0\]\.type: unknown Item type "spell"/);
  });
  it("reports a missing name on a document and on an embedded one", () => {
    expect(actorErrors((d) => delete d.name)).toEqual(["packs/_source/p/doc0.yml: name: missing"]);
    expect(actorErrors((d) => { entry(d.items, 0).name = " "; })).toEqual(["packs/_source/p/doc0.yml: items[0].name: missing"]);
  });
  it("reports a table result with neither name nor description", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    delete entry(table.results, 0).name;
    expect(validatePack(pack("RollTable", table), ctx)).toEqual([
      "packs/_source/p/doc0.yml: results[0].name: a table result needs a name or a description",
    ]);
  });
});

describe("pack validation: images", () => {
  it("reports a system image that is not in the repository", () => {
    expect(actorErrors((d) => { d.img = "systems/age-of-dragons/assets/missing.webp"; })).toEqual([
      'packs/_source/p/doc0.yml: img: "systems/age-of-dragons/assets/missing.webp" does not exist (assets/missing.webp is not a file the system ships)',
    ]);
  });
  it("checks system paths anywhere in the document, embedded items and tokens too", () => {
    const errors = actorErrors((d) => {
      entry(d.items, 0).img = "systems/age-of-dragons/assets/lance.webp";
      d.prototypeToken = { texture: { src: "systems/age-of-dragons/assets/token.webp" } };
    });
    expect(errors).toEqual([
      expect.stringMatching(/doc0\.yml: items\[0\]\.img: .*lance\.webp" does not exist/),
      expect.stringMatching(/doc0\.yml: prototypeToken\.texture\.src: .*token\.webp" does not exist/),
    ]);
  });
  it("leaves core Foundry icons alone", () => {
    expect(actorErrors((d) => { d.img = "icons/svg/mystery-man.svg"; })).toEqual([]);
  });
});

describe("pack validation: system data against src/data/spec.ts", () => {
  it("reports a number above its maximum", () => {
    expect(actorErrors((d) => { d.system.soma = 13; })).toEqual(["packs/_source/p/doc0.yml: system.soma: 13 is above the maximum 12"]);
  });
  it("reports a number below its minimum inside a nested field", () => {
    expect(actorErrors((d) => { d.system.life = { max: 0 }; })).toEqual(["packs/_source/p/doc0.yml: system.life.max: 0 is below the minimum 1"]);
  });
  it("reports a fraction where a whole number is stored", () => {
    expect(actorErrors((d) => { d.system.pneuma = 2.5; })).toEqual(["packs/_source/p/doc0.yml: system.pneuma: expected a whole number, got 2.5"]);
  });
  it("reports a value of the wrong kind", () => {
    expect(actorErrors((d) => { d.system.canFly = "yes"; })).toEqual(['packs/_source/p/doc0.yml: system.canFly: expected true or false, got "yes"']);
    expect(actorErrors((d) => { d.system.soma = "4"; })).toEqual(['packs/_source/p/doc0.yml: system.soma: expected a number, got "4"']);
  });
  it("reports a value outside its choices", () => {
    expect(actorErrors((d) => { d.system.kind = "wizard"; })[0]).toMatch(/system\.kind: "wizard" is not one of infantry, knight/);
  });
  it("reports a set entry outside its choices and a repeated entry", () => {
    const skill = copy(aerobatics) as UnknownRecord & { system: UnknownRecord };
    skill.system.uses = ["meleeDefence", "flying", "meleeDefence"];
    expect(validatePack(pack("Item", skill), ctx)).toEqual([
      'packs/_source/p/doc0.yml: system.uses[1]: "flying" is not one of meleeAttack, meleeDefence, rangedAttack, rangedDefence, grapple, breakOut',
      'packs/_source/p/doc0.yml: system.uses[2]: "meleeDefence" is listed twice',
    ]);
  });
  it("reports an unknown field", () => {
    expect(actorErrors((d) => { d.system.strength = 3; })).toEqual(["packs/_source/p/doc0.yml: system.strength: unknown field (not in src/data/spec.ts)"]);
  });
  it("checks embedded items inside actors against the item spec", () => {
    expect(actorErrors((d) => { (entry(d.items, 0).system as UnknownRecord).damageTN = 7; })).toEqual([
      "packs/_source/p/doc0.yml: items[0].system.damageTN: 7 is above the maximum 6",
    ]);
  });
  it("reports Magic Points above their maximum", () => {
    expect(actorErrors((d) => { d.system.magic = { value: 4, max: 2 }; })).toEqual([
      "packs/_source/p/doc0.yml: system.magic.value: 4 is above magic.max 2",
    ]);
  });
  it("reports a system that is not an object", () => {
    expect(actorErrors((d) => { (d as UnknownRecord).system = [1]; })).toEqual(["packs/_source/p/doc0.yml: system: expected an object, got [1]"]);
  });
});

describe("pack validation: roll tables (001 Combat Events table)", () => {
  it("reports a result range beyond the formula's die", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    entry(table.results, 1).range = [3, 21];
    expect(validatePack(pack("RollTable", table), ctx)).toEqual([
      "packs/_source/p/doc0.yml: results[1].range: [3, 21] is outside 1d20 (1-20)",
    ]);
  });
  it("reports overlapping result ranges", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    entry(table.results, 1).range = [2, 20];
    expect(validatePack(pack("RollTable", table), ctx)).toEqual([
      "packs/_source/p/doc0.yml: results[1].range: [2, 20] overlaps results[0].range [1, 2]",
    ]);
  });
  it("reports a formula that is not plain dice", () => {
    const table = copy(events);
    table.formula = "1d20 + @bonus";
    expect(validatePack(pack("RollTable", table), ctx)[0]).toMatch(/doc0\.yml: formula: "1d20 \+ @bonus" is not a plain dice formula/);
  });
});
