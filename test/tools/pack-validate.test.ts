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

describe("pack validation: prototype token bars", () => {
  it("accepts bars set to life, magic, null or left out", () => {
    expect(actorErrors((d) => { d.prototypeToken = { bar1: { attribute: "life" }, bar2: { attribute: "magic" } }; })).toEqual([]);
    expect(actorErrors((d) => { d.prototypeToken = { bar1: { attribute: null }, bar2: {} }; })).toEqual([]);
  });
  it("reports bar1 tracking an attribute that is not a registered bar", () => {
    expect(actorErrors((d) => { d.prototypeToken = { bar1: { attribute: "soma" } }; })).toEqual([
      'packs/_source/p/doc0.yml: prototypeToken.bar1.attribute: "soma" is not a token bar (use null or one of life, magic)',
    ]);
  });
  it("reports a bar that is not an object", () => {
    expect(actorErrors((d) => { d.prototypeToken = { bar1: "life" }; })).toEqual([
      'packs/_source/p/doc0.yml: prototypeToken.bar1: expected an object, got "life"',
    ]);
  });
  it("reports bar2 tracking a field inside a bar", () => {
    expect(actorErrors((d) => { d.prototypeToken = { bar2: { attribute: "life.wounds" } }; })).toEqual([
      'packs/_source/p/doc0.yml: prototypeToken.bar2.attribute: "life.wounds" is not a token bar (use null or one of life, magic)',
    ]);
  });
});

describe("pack validation: where images point", () => {
  it("reports an img relative to the server root", () => {
    expect(actorErrors((d) => { d.img = "assets/art/nope.svg"; })).toEqual([
      'packs/_source/p/doc0.yml: img: "assets/art/nope.svg" starts with neither systems/age-of-dragons/ nor icons/ (Foundry would look for it from the server root)',
    ]);
  });
  it("reports a relative img on an embedded item", () => {
    expect(actorErrors((d) => { entry(d.items, 0).img = "lance.webp"; })).toEqual([
      expect.stringMatching(/^packs\/_source\/p\/doc0\.yml: items\[0\]\.img: "lance\.webp" starts with neither/),
    ]);
  });
  it("reports a relative prototype token texture", () => {
    expect(actorErrors((d) => { d.prototypeToken = { texture: { src: "/systems/age-of-dragons/assets/knight.webp" } }; })).toEqual([
      expect.stringMatching(/^packs\/_source\/p\/doc0\.yml: prototypeToken\.texture\.src: "\/systems\/age-of-dragons\/assets\/knight\.webp" starts with neither/),
    ]);
  });
  it("reports a relative img on a table result", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    entry(table.results, 0).img = "art/armour.svg";
    expect(validatePack(pack("RollTable", table), ctx)).toEqual([expect.stringMatching(/doc0\.yml: results\[0\]\.img: "art\/armour\.svg" starts with neither/)]);
  });
  it("reports an img that is not text", () => {
    expect(actorErrors((d) => { d.img = 7; })).toEqual(["packs/_source/p/doc0.yml: img: expected an image path, got 7"]);
  });
  it("accepts an img left null", () => {
    expect(actorErrors((d) => { d.img = null; })).toEqual([]);
  });
});

describe("pack validation: embedded weapons' attack skills", () => {
  /** A skill item embedded in the knight. */
  const skill = (name: string, identifier: string): UnknownRecord => ({
    _id: "SkillHHHHHHHHHHH",
    _key: "!actors.items!KnightAAAAAAAAAA.SkillHHHHHHHHHHH",
    name,
    type: "skill",
    system: { identifier },
  });
  it("reports a weapon whose attack skill no embedded skill provides", () => {
    expect(actorErrors((d) => { (entry(d.items, 0).system as UnknownRecord).attackSkill = "lance"; })).toEqual([
      'packs/_source/p/doc0.yml: items[0].system.attackSkill: "lance" is no skill embedded in this actor (the actor has no skills)',
    ]);
  });
  it("names the actor's skills when the attack skill matches none of them", () => {
    const errors = actorErrors((d) => {
      (entry(d.items, 0).system as UnknownRecord).attackSkill = "lance";
      d.items.push(skill("Horsemanship", "horsemanship"));
    });
    expect(errors).toEqual([expect.stringMatching(/items\[0\]\.system\.attackSkill: "lance" is no skill embedded in this actor \(its skills: horsemanship\)$/)]);
  });
  it("accepts an attack skill matching an embedded skill's identifier", () => {
    expect(actorErrors((d) => {
      (entry(d.items, 0).system as UnknownRecord).attackSkill = "lance";
      d.items.push(skill("Jousting", "lance"));
    })).toEqual([]);
  });
  it("matches a skill with a blank identifier by the camelCase of its name", () => {
    expect(actorErrors((d) => {
      (entry(d.items, 0).system as UnknownRecord).attackSkill = "spearAndPike";
      d.items.push(skill("Spear and Pike", ""));
    })).toEqual([]);
  });
});

describe("pack validation: limits across two fields", () => {
  it("reports Magic Points above an adversary's initial maximum when only the value is given", () => {
    expect(actorErrors((d) => { d.system.magic = { value: 1 }; })).toEqual([
      "packs/_source/p/doc0.yml: system.magic.value: 1 is above magic.max 0 (not given: the initial)",
    ]);
  });
  it("reports a dragon's maximum below its initial Magic Points when only the maximum is given", () => {
    const errors = actorErrors((d) => {
      d.type = "dragon";
      delete d.system.kind;
      d.system.magic = { max: 1 };
    });
    expect(errors).toEqual(["packs/_source/p/doc0.yml: system.magic.max: 1 is below magic.value 3 (not given: the initial)"]);
  });
  it("reports wounds above twice life.max plus one", () => {
    expect(actorErrors((d) => { d.system.life = { max: 10, wounds: 22 }; })).toEqual([
      "packs/_source/p/doc0.yml: system.life.wounds: 22 is above 2 x life.max 10 + 1 = 21",
    ]);
  });
  it("reports wounds above the limit of the initial life.max when only wounds are given", () => {
    expect(actorErrors((d) => { d.system.life = { wounds: 26 }; })).toEqual([
      "packs/_source/p/doc0.yml: system.life.wounds: 26 is above 2 x life.max 12 (not given: the initial) + 1 = 25",
    ]);
  });
  it("accepts wounds of exactly twice life.max plus one", () => {
    expect(actorErrors((d) => { d.system.life = { max: 10, wounds: 21 }; })).toEqual([]);
  });
});

describe("pack validation: blank list entries", () => {
  it("reports a blank tag", () => {
    expect(actorErrors((d) => { d.system.tags = ["mounted", ""]; })).toEqual([
      "packs/_source/p/doc0.yml: system.tags[1]: blank entry (list entries must not be blank)",
    ]);
  });
  it("reports a lifepath of only spaces", () => {
    const errors = actorErrors((d) => {
      d.type = "dragon";
      delete d.system.kind;
      d.system.lifepaths = ["Hatched in Fire", "  "];
    });
    expect(errors).toEqual(["packs/_source/p/doc0.yml: system.lifepaths[1]: blank entry (list entries must not be blank)"]);
  });
  it("reports a blank defence skill on an embedded weapon", () => {
    expect(actorErrors((d) => { (entry(d.items, 0).system as UnknownRecord).defenceSkills = ["toothAndClaw", ""]; })).toEqual([
      "packs/_source/p/doc0.yml: items[0].system.defenceSkills[1]: blank entry (list entries must not be blank)",
    ]);
  });
  it("reports a blank skill use as blank rather than as an unknown choice", () => {
    const skill = copy(aerobatics) as UnknownRecord & { system: UnknownRecord };
    skill.system.uses = ["meleeDefence", ""];
    expect(validatePack(pack("Item", skill), ctx)).toEqual([
      "packs/_source/p/doc0.yml: system.uses[1]: blank entry (list entries must not be blank)",
    ]);
  });
});

describe("pack validation: journal pages", () => {
  /** Validates the rules journal after `change` broke its first page. */
  function pageErrors(change: (page: UnknownRecord) => void): string[] {
    const journal = copy(rules) as UnknownRecord & { pages: UnknownRecord[] };
    change(entry(journal.pages, 0));
    return validatePack(pack("JournalEntry", journal), ctx);
  }
  it("reports a page type Foundry does not define", () => {
    expect(pageErrors((p) => { p.type = "markdown"; })).toEqual([
      'packs/_source/p/doc0.yml: pages[0].type: "markdown" is not a page type (one of text, image, pdf, video)',
    ]);
  });
  it("reports a page without a type", () => {
    expect(pageErrors((p) => delete p.type)).toEqual([
      "packs/_source/p/doc0.yml: pages[0].type: undefined is not a page type (one of text, image, pdf, video)",
    ]);
  });
  it("reports a text page whose content is not text", () => {
    expect(pageErrors((p) => { p.text = { content: ["<p>d6</p>"] }; })).toEqual([
      'packs/_source/p/doc0.yml: pages[0].text.content: a text page needs its content as text, got ["<p>d6</p>"]',
    ]);
  });
  it("reports a text page without content", () => {
    expect(pageErrors((p) => delete p.text)).toEqual([
      "packs/_source/p/doc0.yml: pages[0].text.content: a text page needs its content as text, got undefined",
    ]);
  });
  it("accepts an image page without text", () => {
    expect(pageErrors((p) => {
      p.type = "image";
      delete p.text;
      p.src = "icons/svg/book.svg";
    })).toEqual([]);
  });
});

describe("pack validation: roll table coverage (001 Combat Events table)", () => {
  it("reports rolls of the die that no result covers", () => {
    const table = copy(events) as UnknownRecord & { results: UnknownRecord[] };
    entry(table.results, 1).range = [5, 20];
    expect(validatePack(pack("RollTable", table), ctx)).toEqual([
      "packs/_source/p/doc0.yml: results: rolls 3-4 of 1d20 fall in no result's range",
    ]);
  });
});
