import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { readFileSync, readdirSync } from "node:fs";
import { load } from "js-yaml";
// src/cli/bestiary.ts
/**
* The bestiary pack sources (packs/_source/bestiary/*.yml) as actor entries, and finding an entry by a name a
* user typed: exact, then by the start of the name or of one of its words; otherwise the closest names.
*/
/** Reads every actor of the bestiary sources, sorted by name. */
function loadBestiary(dir) {
	return readdirSync(dir).filter((file) => file.endsWith(".yml") || file.endsWith(".yaml")).map((file) => load(readFileSync(join(dir, file), "utf8"))).filter((entry) => typeof entry === "object" && typeof entry.name === "string").sort((a, b) => a.name.localeCompare(b.name));
}
/** The edit distance between two strings (insertions, deletions and substitutions). */
function editDistance(a, b) {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i += 1) {
		const row = [i];
		for (let j = 1; j <= b.length; j += 1) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
		}
		previous = row;
	}
	return previous[b.length] ?? 0;
}
/** Finds a bestiary entry by name, case-insensitively. */
function findEntry(query, entries) {
	const q = query.trim().toLowerCase();
	const exact = entries.find((e) => e.name.toLowerCase() === q);
	if (exact) return { found: exact };
	const partial = entries.filter((e) => {
		const name = e.name.toLowerCase();
		return name.startsWith(q) || name.split(/[\s-]+/).some((word) => word.startsWith(q));
	});
	if (q !== "" && partial.length === 1 && partial[0]) return { found: partial[0] };
	if (q !== "" && partial.length > 1) return { ambiguous: partial.map((e) => e.name) };
	const score = (e) => {
		const name = e.name.toLowerCase();
		return Math.min(editDistance(q, name), ...name.split(/[\s-]+/).map((word) => editDistance(q, word)));
	};
	return { unknown: [...entries].sort((a, b) => score(a) - score(b) || a.name.localeCompare(b.name)).slice(0, 3).map((e) => e.name) };
}
// src/rules/validate.ts
/** Argument checks shared by every rule: bad input is a RangeError naming the argument and the value. */
/** Renders a value for an error message, so NaN, strings and objects read clearly. */
function show(value) {
	if (typeof value === "string") return JSON.stringify(value);
	if (typeof value === "number" || typeof value === "boolean" || value === null || value === void 0) return String(value);
	try {
		return JSON.stringify(value);
	} catch {
		return Object.prototype.toString.call(value);
	}
}
/** Throws a RangeError that names the argument, the expectation and the value received. */
function fail(name, expected, value) {
	throw new RangeError(`${name} must be ${expected}, got ${show(value)}`);
}
/** Asserts a finite number. */
function assertFinite(name, value) {
	if (typeof value !== "number" || !Number.isFinite(value)) fail(name, "a finite number", value);
	return value;
}
/** Asserts a whole number (no NaN, infinity or fraction). */
function assertInteger(name, value) {
	if (typeof value !== "number" || !Number.isInteger(value)) fail(name, "an integer", value);
	return value;
}
/** Asserts a whole number of zero or more. */
function assertNonNegativeInteger(name, value) {
	assertInteger(name, value);
	if (value < 0) fail(name, "an integer of 0 or more", value);
	return value;
}
/** Asserts a finite number above zero (weights). */
function assertPositive(name, value) {
	assertFinite(name, value);
	if (value <= 0) fail(name, "a number above 0", value);
	return value;
}
/** Asserts that a value is one of a fixed list of names. */
function assertOneOf(name, value, allowed) {
	if (typeof value !== "string" || !allowed.includes(value)) fail(name, `one of ${allowed.join(", ")}`, value);
	return value;
}
/**
* `assertFaces` for a caller that only reads the faces at once and keeps nothing (counting successes): the same
* checks and messages, and the list itself back instead of a copy.
*/
function checkFaces(name, dice, faces) {
	if (!Array.isArray(dice)) fail(name, `an array of d${faces} faces`, dice);
	const list = dice;
	for (let i = 0; i < list.length; i += 1) {
		const face = list[i];
		if (!isFace(face, faces)) assertFace(`${name}[${i}]`, face, faces);
	}
	return list;
}
/** Whether a value is a natural face of a die with `faces` sides: the one die-face check of the rules. */
function isFace(value, faces) {
	return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= faces;
}
/** Asserts one natural face of a die with `faces` sides. */
function assertFace(name, value, faces) {
	if (!isFace(value, faces)) fail(name, `a d${faces} face from 1 to ${faces}`, value);
	return value;
}
/** Asserts true or false. */
function assertBoolean$1(name, value) {
	if (typeof value !== "boolean") fail(name, "true or false", value);
	return value;
}
/** Asserts true, false or absent; absent reads as false. */
function optionalBoolean(name, value) {
	if (value === void 0) return false;
	if (typeof value !== "boolean") fail(name, "true, false or absent", value);
	return value;
}
/** Asserts a non-empty string (an id). */
function assertId(name, value) {
	if (typeof value !== "string" || value.length === 0) fail(name, "a non-empty string", value);
	return value;
}
/** Asserts a string. */
function assertString(name, value) {
	if (typeof value !== "string") fail(name, "a string", value);
	return value;
}
/** Asserts an object (not null, not an array) and gives its fields for parsing. */
function assertRecord(name, value, expected = "an object") {
	if (typeof value !== "object" || value === null || Array.isArray(value)) fail(name, expected, value);
	return value;
}
/** Asserts an array and gives its entries for parsing. */
function assertList(name, value, expected = "an array") {
	if (!Array.isArray(value)) fail(name, expected, value);
	return value;
}
/** Asserts that a list of ids has no empty and no repeated entry; `at(i)` names entry i in messages. */
function assertUniqueIds(ids, at) {
	const seen = /* @__PURE__ */ new Set();
	return ids.map((id, i) => {
		const checked = assertId(at(i), id);
		if (seen.has(checked)) fail(at(i), "an id that appears once", id);
		seen.add(checked);
		return checked;
	});
}
/** Clamps a pool to 0..30 dice: a pool below 0 rolls nothing, a pool above 30 rolls 30. */
function clampPool(pool, name = "pool") {
	assertInteger(name, pool);
	return Math.min(30, Math.max(0, pool));
}
/** The TN actually rolled against: below 2 counts as 2; above 6 stays (no die can meet it). */
function effectiveTN(tn, name = "tn") {
	assertInteger(name, tn);
	return Math.max(2, tn);
}
/** Whether a TN can be met at all by a d6 (false above 6: the dialog warns before rolling). */
function isAchievableTN(tn) {
	return effectiveTN(tn) <= 6;
}
/** Counts the dice at or above the TN (000 "Melee Attacks": each die meeting the TN is a success). */
function countSuccesses(dice, tn) {
	return successesAt(checkFaces("dice", dice, 6), effectiveTN(tn));
}
/** `countSuccesses` for faces already checked (a DiceSource's answer through `rollFrom`) and an integer TN. */
function successesAt(faces, tn) {
	const target = Math.max(2, tn);
	let successes = 0;
	for (const face of faces) if (face >= target) successes += 1;
	return successes;
}
/** Chance that one d6 meets a TN, as an exact fraction of 6 (0..6 faces). */
function facesMeeting(tn) {
	const target = effectiveTN(tn);
	return target > 6 ? 0 : 6 - target + 1;
}
// src/rules/health.ts
/** Wounds and health states (000 "Severe injury and Death"). */
/** Health from wounds: more than half the Life Points is severely injured, more than all of them is dead (000). */
function woundState(wounds, lifePoints) {
	assertNonNegativeInteger("wounds", wounds);
	assertNonNegativeInteger("lifePoints", lifePoints);
	if (wounds > lifePoints) return "dead";
	if (wounds * 2 > lifePoints) return "severelyInjured";
	return "fit";
}
/** The wound counts at which each state begins, for sheets and token bars. */
function woundThresholds(lifePoints) {
	assertNonNegativeInteger("lifePoints", lifePoints);
	return {
		severelyInjured: Math.floor(lifePoints / 2) + 1,
		dead: lifePoints + 1
	};
}
/**
* The most wounds stored for a combatant with these Life Points: 2 x Life Points + 1, well past death, so a
* corpse's wounds stay readable without growing for ever (docs/DATA.md).
*/
function maxStoredWounds(lifePoints) {
	return lifePoints * 2 + 1;
}
/** Wounds kept within 0 .. maxStoredWounds(lifePoints). */
function capWounds(wounds, lifePoints) {
	return Math.min(maxStoredWounds(lifePoints), Math.max(0, wounds));
}
/** The health of anything that has Life Points and wounds (a combatant state, a derived character). */
function healthOf(c) {
	return woundState(c.life.wounds, c.life.max);
}
/** Whether it is dead (wounds above its Life Points, 000 "Severe injury and Death"). */
function isDead(c) {
	return healthOf(c) === "dead";
}
// src/rules/skills.ts
/** Skill ranks from lowest to highest. */
const SKILL_RANKS = [
	"untrained",
	"trained",
	"expert",
	"master",
	"grandmaster"
];
/** The default ladder (RULES.md): untrained 6+, trained 5+, expert 4+ (the seed's example), master 3+, grandmaster 2+. */
const DEFAULT_SKILL_LADDER = Object.freeze({
	untrained: 6,
	trained: 5,
	expert: 4,
	master: 3,
	grandmaster: 2
});
/** The TN of a check made with a skill of this rank (000: Expert Tooth and Claw attacks at 4+). */
function skillTN(rank, ladder = DEFAULT_SKILL_LADDER) {
	assertOneOf("rank", rank, SKILL_RANKS);
	return ladder[rank];
}
/** The attack TN, one higher for a killer blow (000 "Killer Blows": 4+ becomes 5+). */
function attackTN(baseTN, opts = {}) {
	assertInteger("baseTN", baseTN);
	return opts.killerBlow ? baseTN + 1 : baseTN;
}
/** The damage TN, two lower for a killer blow (000 "Killer Blows": 5+ becomes 3+). */
function damageTN(baseTN, opts = {}) {
	assertInteger("baseTN", baseTN);
	return opts.killerBlow ? baseTN - 2 : baseTN;
}
// src/rules/types.ts
/** Every attribute a check may roll: the one list of them. */
const ATTRIBUTES = Object.freeze(["soma", "pneuma"]);
/** Every armour slot: the one list of them. */
const ARMOUR_SLOTS = Object.freeze([
	"body",
	"helmet",
	"shield",
	"barding"
]);
// src/rules/character.ts
/**
* Derived character values: what a dragon or adversary sheet shows and what the checks roll, computed from
* plain stored data (000 "Melee Attacks", "Ranged Attacks", "Grapple Attacks", "Armour", "Severe injury and Death").
* The Foundry data models call `deriveCharacter` from prepareDerivedData; the simulator and tests call it directly.
*/
/** Every skill use, in sheet order. */
const SKILL_USE_NAMES = Object.freeze([
	"meleeAttack",
	"meleeDefence",
	"rangedAttack",
	"rangedDefence",
	"grapple",
	"breakOut"
]);
/** The camelCase identifier of a skill name, as weapons refer to it: "Tooth and Claw" becomes "toothAndClaw". */
function skillIdentifier(name) {
	if (typeof name !== "string") fail("name", "a string", name);
	return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/['\u2019]/g, "").split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0).map((word) => word.toLowerCase()).map((word, i) => i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)).join("");
}
function assertBoolean(name, value) {
	if (typeof value !== "boolean") fail(name, "true or false", value);
	return value;
}
/** Which of two checks is better: the lower TN wins, then the larger pool (how the best skill for a use is picked). */
function better(a, b) {
	return a.tn < b.tn || a.tn === b.tn && a.pool > b.pool;
}
/** Derives the values a character sheet shows and its checks roll (000: skills set TNs, armour encumbers). */
function deriveCharacter(snapshot, options = {}) {
	const ladder = options.ladder ?? DEFAULT_SKILL_LADDER;
	const attributes = {
		soma: assertNonNegativeInteger("soma", snapshot.soma),
		pneuma: assertNonNegativeInteger("pneuma", snapshot.pneuma)
	};
	const max = assertNonNegativeInteger("life.max", snapshot.life.max);
	const wounds = assertNonNegativeInteger("life.wounds", snapshot.life.wounds);
	let armour = 0;
	let encumbrance = 0;
	snapshot.armour.forEach((piece, i) => {
		const at = `armour[${i}]`;
		if (!assertBoolean(`${at}.equipped`, piece.equipped)) return;
		const rating = assertNonNegativeInteger(`${at}.rating`, piece.rating);
		armour += Math.max(0, rating - assertNonNegativeInteger(`${at}.damage`, piece.damage));
		encumbrance += assertNonNegativeInteger(`${at}.encumbrance`, piece.encumbrance);
	});
	const entries = snapshot.skills.map((skill, i) => {
		const at = `skills[${i}]`;
		const rank = assertOneOf(`${at}.rank`, skill.rank, SKILL_RANKS);
		const attribute = assertOneOf(`${at}.attribute`, skill.attribute, ATTRIBUTES);
		if (typeof skill.identifier !== "string") fail(`${at}.identifier`, "a string", skill.identifier);
		if (!Array.isArray(skill.uses)) fail(`${at}.uses`, "an array", skill.uses);
		const uses = skill.uses.map((use, u) => assertOneOf(`${at}.uses[${u}]`, use, SKILL_USE_NAMES));
		const hampered = assertBoolean(`${at}.hampered`, skill.hampered);
		const pool = clampPool(attributes[attribute] - (hampered ? encumbrance : 0));
		return {
			identifier: skill.identifier,
			tn: skillTN(rank, ladder),
			pool,
			uses
		};
	});
	const skills = {};
	for (const entry of entries) {
		if (entry.identifier === "") continue;
		const known = skills[entry.identifier];
		if (!known || better(entry, known)) skills[entry.identifier] = {
			tn: entry.tn,
			pool: entry.pool
		};
	}
	const untrained = (attribute) => ({
		tn: skillTN("untrained", ladder),
		pool: clampPool(attributes[attribute]),
		skill: null
	});
	const pools = {
		soma: untrained("soma"),
		pneuma: untrained("pneuma")
	};
	for (const use of SKILL_USE_NAMES) {
		let best;
		for (const entry of entries) {
			if (!entry.uses.includes(use)) continue;
			const candidate = {
				tn: entry.tn,
				pool: entry.pool,
				skill: entry.identifier || null
			};
			if (!best || better(candidate, best)) best = candidate;
		}
		pools[use] = best ?? untrained("soma");
	}
	return {
		life: { value: max - wounds },
		health: woundState(wounds, max),
		thresholds: woundThresholds(max),
		armour,
		encumbrance,
		skills,
		pools
	};
}
// src/data/migrations/coerce.ts
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const TRUE_WORDS = /* @__PURE__ */ new Set([
	"true",
	"yes",
	"on",
	"1"
]);
const FALSE_WORDS = /* @__PURE__ */ new Set([
	"false",
	"no",
	"off",
	"0",
	""
]);
/** Reads a number from a number or a numeric string ("4", " 3.0 "); anything else is NaN. */
function readNumber(value) {
	if (typeof value === "number") return value;
	if (typeof value !== "string") return NaN;
	const text = value.trim();
	if (/^[+-]?infinity$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
	return NUMERIC.test(text) ? Number(text) : NaN;
}
/** Reads a boolean from true/false, 1/0 and their string spellings (also yes/no, on/off). */
function readBoolean(value) {
	if (typeof value === "boolean") return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value !== "string") return void 0;
	const text = value.trim().toLowerCase();
	if (TRUE_WORDS.has(text)) return true;
	if (FALSE_WORDS.has(text)) return false;
}
/** Free text from any plain value: strings kept, numbers and booleans written out, objects as JSON. */
function readText(value) {
	if (value === null || value === void 0) return void 0;
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
	try {
		return JSON.stringify(value);
	} catch {
		return Object.prototype.toString.call(value);
	}
}
/** Letters and digits only, lower case: lets "War Engine", "war-engine" and "WARENGINE" match "warEngine". */
function squash(text) {
	return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
/** The allowed choice a text names, matched exactly first and then loosely; undefined when none fits. */
function matchChoice(value, choices) {
	if (typeof value !== "string") return void 0;
	if (choices.includes(value)) return value;
	const wanted = squash(value);
	return wanted === "" ? void 0 : choices.find((choice) => squash(choice) === wanted);
}
/** The entries of a list given as an array, a Set, a comma-separated string or a single value. */
function readEntries(value) {
	if (Array.isArray(value)) return value;
	if (value instanceof Set) return [...value];
	if (typeof value === "string") return value.split(",");
	if (value === null || value === void 0) return [];
	if (typeof value === "object") return Object.values(value);
	return [value];
}
function coerceNumber(spec, value) {
	let n = readNumber(value);
	if (Number.isNaN(n)) return {
		ok: false,
		lost: value
	};
	if (spec.kind === "integer" && Number.isFinite(n)) n = Math.round(n);
	if (spec.kind === "number" && spec.positive && n <= 0) return {
		ok: false,
		lost: value
	};
	return {
		ok: true,
		value: Math.min(spec.max, Math.max(spec.min, n))
	};
}
function coerceList(spec, value) {
	const choices = spec.kind === "stringSet" ? spec.choices : void 0;
	const kept = [];
	const lost = [];
	for (const entry of readEntries(value)) {
		const text = readText(entry)?.trim();
		if (text === void 0 || text === "") continue;
		const chosen = choices ? matchChoice(text, choices) : text;
		if (chosen === void 0) lost.push(text);
		else if (spec.kind === "stringList" || !kept.includes(chosen)) kept.push(chosen);
	}
	return lost.length > 0 ? {
		ok: true,
		value: kept,
		lost
	} : {
		ok: true,
		value: kept
	};
}
/**
* Coerces a value to a field's kind: numbers from numeric strings, clamped into range and rounded for integers;
* booleans from their spellings; choices matched loosely; free text from anything; lists from commas.
* A value that cannot be read comes back as `{ ok: false, lost }` so the caller can keep it in a note.
*/
function coerceValue(spec, value) {
	switch (spec.kind) {
		case "integer":
		case "number": return coerceNumber(spec, value);
		case "boolean": {
			const flag = readBoolean(value);
			return flag === void 0 ? {
				ok: false,
				lost: value
			} : {
				ok: true,
				value: flag
			};
		}
		case "string": {
			if (spec.choices) {
				const chosen = matchChoice(value, spec.choices);
				return chosen === void 0 ? {
					ok: false,
					lost: value
				} : {
					ok: true,
					value: chosen
				};
			}
			const text = readText(value);
			return text === void 0 ? {
				ok: false,
				lost: value
			} : {
				ok: true,
				value: text
			};
		}
		case "html": {
			const text = readText(value);
			return text === void 0 ? {
				ok: false,
				lost: value
			} : {
				ok: true,
				value: text
			};
		}
		case "stringSet":
		case "stringList": return coerceList(spec, value);
		case "schema": return typeof value === "object" && value !== null && !Array.isArray(value) ? {
			ok: true,
			value
		} : {
			ok: false,
			lost: value
		};
	}
}
// src/rules/procedures/weapon.ts
/** The weapon words of the battle rules: a weapon as the rules see it, and its parse (docs/DATA.md). */
/** Weapon ranges (docs/DATA.md). */
const WEAPON_RANGES = Object.freeze(["melee", "ranged"]);
/** Parses a weapon snapshot field by field and returns it, or throws a RangeError naming the bad field. */
function checkWeapon(value, name = "weapon") {
	const weapon = assertRecord(name, value, "a weapon snapshot");
	return {
		name: assertString(`${name}.name`, weapon.name),
		range: assertOneOf(`${name}.range`, weapon.range, WEAPON_RANGES),
		longRange: assertBoolean$1(`${name}.longRange`, weapon.longRange),
		damageTN: assertInteger(`${name}.damageTN`, weapon.damageTN),
		killerBlow: assertBoolean$1(`${name}.killerBlow`, weapon.killerBlow),
		grapple: assertBoolean$1(`${name}.grapple`, weapon.grapple),
		magicCost: assertNonNegativeInteger(`${name}.magicCost`, weapon.magicCost)
	};
}
// src/rules/speed.ts
/** Speed categories, fastest first. */
const SPEED_CATEGORIES = Object.freeze([
	"lightningFast",
	"extremelyFast",
	"veryFast",
	"fast",
	"average",
	"slow",
	"verySlow",
	"extremelySlow",
	"glaciallySlow"
]);
/** Every phase of a d10-mode round in order: Starting, the nine speeds, End of Round (001 "Combat Phases"). */
const SPEED_PHASES = Object.freeze([
	"starting",
	...SPEED_CATEGORIES,
	"endOfRound"
]);
// src/data/spec.ts
/**
* The stored shape of every Actor and Item subtype, declared once as plain data (docs/DATA.md).
* The TypeDataModels build their schema fields from it, the migration normalisers repair data against it,
* and the pack validator checks compendium sources with it. Pure: no Foundry globals.
*/
/** Adversary kinds (docs/DATA.md). */
const ADVERSARY_KINDS = [
	"infantry",
	"knight",
	"archer",
	"cavalry",
	"warEngine",
	"flyer",
	"other"
];
/** The attributes a skill may roll (their home is the rules' vocabulary). */
const SKILL_ATTRIBUTES = ATTRIBUTES;
const int = (min, max, initial) => ({
	kind: "integer",
	min,
	max,
	initial
});
const bool = (initial) => ({
	kind: "boolean",
	initial
});
const html = { kind: "html" };
/** Fields every combatant actor has. */
const CORE = {
	soma: int(1, 12, 4),
	pneuma: int(1, 12, 3),
	agility: int(0, 10, 2),
	life: {
		kind: "schema",
		fields: {
			max: int(1, 99, 12),
			wounds: int(0, 199, 0)
		}
	},
	magic: {
		kind: "schema",
		fields: {
			value: int(0, 99, 3),
			max: int(0, 99, 3)
		}
	},
	weight: {
		kind: "number",
		min: 0,
		positive: true,
		max: 1e5,
		initial: 10
	},
	speed: {
		kind: "string",
		initial: "average",
		choices: SPEED_CATEGORIES
	},
	tags: {
		kind: "stringSet",
		initial: []
	},
	biography: html
};
/** Actor subtypes. */
const ACTOR_SPECS = {
	dragon: {
		...CORE,
		canFly: bool(true),
		breed: {
			kind: "string",
			initial: ""
		},
		lifepaths: {
			kind: "stringList",
			initial: []
		}
	},
	adversary: {
		...CORE,
		magic: {
			kind: "schema",
			fields: {
				value: int(0, 99, 0),
				max: int(0, 99, 0)
			}
		},
		canFly: bool(false),
		fastGround: bool(false),
		kind: {
			kind: "string",
			initial: "infantry",
			choices: ADVERSARY_KINDS
		}
	}
};
/** Item subtypes. */
const ITEM_SPECS = {
	weapon: {
		range: {
			kind: "string",
			initial: "melee",
			choices: WEAPON_RANGES
		},
		longRange: bool(false),
		attackSkill: {
			kind: "string",
			initial: "toothAndClaw"
		},
		defenceSkills: {
			kind: "stringSet",
			initial: ["toothAndClaw", "aerobatics"]
		},
		damageTN: int(2, 6, 5),
		killerBlow: bool(false),
		grapple: bool(false),
		magicCost: int(0, 10, 0),
		description: html
	},
	armour: {
		rating: int(0, 10, 1),
		encumbrance: int(0, 10, 0),
		slot: {
			kind: "string",
			initial: "body",
			choices: ARMOUR_SLOTS
		},
		equipped: bool(true),
		damage: int(0, 10, 0),
		description: html
	},
	skill: {
		identifier: {
			kind: "string",
			initial: ""
		},
		rank: {
			kind: "string",
			initial: "trained",
			choices: SKILL_RANKS
		},
		attribute: {
			kind: "string",
			initial: "soma",
			choices: SKILL_ATTRIBUTES
		},
		uses: {
			kind: "stringSet",
			initial: [],
			choices: SKILL_USE_NAMES
		},
		hampered: bool(false),
		description: html
	}
};
// src/rules/bands.ts
/** Distance bands from nearest to farthest (000 "Distance"). */
const DISTANCES = Object.freeze([
	"zero",
	"close",
	"middle",
	"long",
	"disengaged"
]);
/** Altitude bands from the ground up (000 "Altitude"). */
const ALTITUDES = Object.freeze([
	"grounded",
	"low",
	"mid",
	"high",
	"ceiling"
]);
const ALTITUDE_VALUES = {
	grounded: 0,
	low: .5,
	mid: 1,
	high: 2,
	ceiling: 3
};
/** The numeric height of a band: 0, 0.5, 1, 2, 3 (000 "Altitude"). */
function altitudeValue(a) {
	assertOneOf("altitude", a, ALTITUDES);
	return ALTITUDE_VALUES[a];
}
/** The position of a distance band in DISTANCES. */
function distanceIndex(d, name = "distance") {
	return DISTANCES.indexOf(assertOneOf(name, d, DISTANCES));
}
/** The position of an altitude band in ALTITUDES. */
function altitudeIndex(a, name = "altitude") {
	return ALTITUDES.indexOf(assertOneOf(name, a, ALTITUDES));
}
// src/rules/falling.ts
/** Falling out of the sky and crashing (000 "Falling out of the Sky"). */
/** Every kind of ground a crash can land on, softest first. */
const SURFACES = Object.freeze([
	"water",
	"normal",
	"rock",
	"dangerous",
	"deadly"
]);
const CRASH_TNS = Object.freeze({
	water: 6,
	normal: 5,
	rock: 4,
	dangerous: 3,
	deadly: 2
});
/**
* One band down (000 "Falling out of the Sky"); landing on the ground this way is a crash.
* Something already on the ground does not fall, so it does not crash again.
*/
function fallStep(a) {
	const index = altitudeIndex(a);
	if (index === 0) return {
		altitude: "grounded",
		crashed: false
	};
	const altitude = ALTITUDES[index - 1] ?? "grounded";
	return {
		altitude,
		crashed: altitude === "grounded"
	};
}
/** The TN of the crash roll for a ground surface (000 "Falling out of the Sky"). */
function crashTN(surface) {
	return CRASH_TNS[assertOneOf("surface", surface, SURFACES)];
}
// src/rules/round-plan.ts
/** Every round mode; "descending" is 000's default. */
const ROUND_MODES = Object.freeze([
	"descending",
	"reverseDeclaration",
	"secretDeclaration",
	"sideD10"
]);
const mayAct = (c, round) => !c.dead && !(c.surprised && round === 1);
const mayFight = (c, round) => mayAct(c, round) && !c.severelyInjured;
function endStep(phase, combatants) {
	return {
		phase,
		kind: "end",
		combatants: combatants.filter((c) => !c.dead).map((c) => c.id),
		simultaneous: true
	};
}
const single = (phase, kind, id) => ({
	phase,
	kind,
	combatants: [id],
	simultaneous: false
});
/** Checks that `order` lists every combatant exactly once and returns the combatants in that order. */
function inOrder(input, byId) {
	const order = input.order ?? fail("order", "the Pneuma order (an array of ids)", input.order);
	if (order.length !== byId.size || new Set(order).size !== order.length) fail("order", "every combatant id exactly once", order);
	return order.map((id, i) => byId.get(id) ?? fail(`order[${i}]`, "the id of a combatant", id));
}
function descending(input, ordered) {
	const steps = [];
	for (const phase of ["movement", "battle"]) for (const c of ordered) if (mayFight(c, input.round)) steps.push(single(phase, "act", c.id));
	for (const c of ordered) if (mayAct(c, input.round)) steps.push(single("end", "act", c.id));
	return [...steps, endStep("end", ordered)];
}
/** Who takes part in a phase: End Phase actions are open to the severely injured, movement and battle are not. */
const takesPart = (phase, c, round) => phase === "end" ? mayAct(c, round) : mayFight(c, round);
function reverseDeclaration(input, ordered) {
	const steps = [];
	for (const phase of [
		"movement",
		"battle",
		"end"
	]) {
		const able = ordered.filter((c) => takesPart(phase, c, input.round));
		for (const c of [...able].reverse()) steps.push(single(phase, "declare", c.id));
		for (const c of able) steps.push(single(phase, "resolve", c.id));
	}
	return [...steps, endStep("end", ordered)];
}
function secretDeclaration(input) {
	input.combatants.forEach((c, i) => {
		if (c.pneuma === void 0) fail(`combatants[${i}].pneuma`, "an integer of 0 or more", c.pneuma);
	});
	const sorted = [...input.combatants].sort((a, b) => (b.pneuma ?? 0) - (a.pneuma ?? 0));
	const steps = [];
	for (const phase of [
		"movement",
		"battle",
		"end"
	]) {
		const able = sorted.filter((c) => takesPart(phase, c, input.round));
		if (able.length === 0) continue;
		steps.push({
			phase,
			kind: "declare",
			combatants: able.map((c) => c.id),
			simultaneous: able.length > 1
		});
		const levels = [...new Set(able.map((c) => c.pneuma ?? 0))];
		for (const level of levels) {
			const group = able.filter((c) => c.pneuma === level).map((c) => c.id);
			steps.push({
				phase,
				kind: "resolve",
				combatants: group,
				simultaneous: group.length > 1
			});
		}
	}
	return [...steps, endStep("end", input.combatants)];
}
/** 001 "Initiative": a side's speed phase moved by its phase shift, kept within Lightning Fast..Glacially Slow. */
function shiftedSpeed(speed, shift) {
	const index = SPEED_CATEGORIES.indexOf(assertOneOf("speed", speed, SPEED_CATEGORIES));
	const moved = Math.min(SPEED_CATEGORIES.length - 1, Math.max(0, index + shift));
	return SPEED_CATEGORIES[moved] ?? speed;
}
function sideD10(input) {
	const sides = parseSides(input.sides);
	const speeds = /* @__PURE__ */ new Map();
	input.combatants.forEach((c, i) => {
		if (!c.dead && (c.side === void 0 || !sides.order.includes(c.side))) fail(`combatants[${i}].side`, "one of the sides in the initiative order", c.side);
		speeds.set(c.id, shiftedSpeed(c.speed ?? "average", (c.side === void 0 ? void 0 : sides.phaseShift[c.side]) ?? 0));
	});
	const steps = [{
		phase: "starting",
		kind: "start",
		combatants: input.combatants.filter((c) => !c.dead).map((c) => c.id),
		simultaneous: true
	}];
	for (const phase of SPEED_CATEGORIES) for (const side of sides.order) {
		const group = input.combatants.filter((c) => c.side === side && speeds.get(c.id) === phase && mayFight(c, input.round)).map((c) => c.id);
		if (group.length > 0) steps.push({
			phase,
			kind: "act",
			combatants: group,
			simultaneous: group.length > 1,
			side
		});
	}
	return [...steps, endStep("endOfRound", input.combatants)];
}
/** The side initiative result "sideD10" needs: each side once, and a phase shift of -1, 0 or 1 per side. */
function parseSides(value) {
	const expected = "the side initiative result ({ order, phaseShift })";
	const sides = assertRecord("sides", value, expected);
	const order = assertList("sides.order", sides.order, expected).map((s, i) => assertString(`sides.order[${i}]`, s));
	if (new Set(order).size !== order.length) fail("sides.order", "each side once", order);
	const shifts = sides.phaseShift === void 0 ? {} : assertRecord("sides.phaseShift", sides.phaseShift);
	const phaseShift = {};
	for (const [side, shift] of Object.entries(shifts)) {
		if (shift !== -1 && shift !== 0 && shift !== 1) fail(`sides.phaseShift.${side}`, "-1, 0 or 1", shift);
		phaseShift[side] = shift;
	}
	return {
		order,
		phaseShift
	};
}
function parseCombatant(value, i) {
	const at = `combatants[${i}]`;
	const c = assertRecord(at, value);
	return {
		id: assertId(`${at}.id`, c.id),
		...c.pneuma === void 0 ? {} : { pneuma: assertNonNegativeInteger(`${at}.pneuma`, c.pneuma) },
		...c.side === void 0 ? {} : { side: assertString(`${at}.side`, c.side) },
		...c.speed === void 0 ? {} : { speed: assertOneOf(`${at}.speed`, c.speed, SPEED_CATEGORIES) },
		dead: optionalBoolean(`${at}.dead`, c.dead),
		severelyInjured: optionalBoolean(`${at}.severelyInjured`, c.severelyInjured),
		surprised: optionalBoolean(`${at}.surprised`, c.surprised)
	};
}
/** Parses the public input of `planRound` once; the mode planners then trust its types. */
function parseRoundInput(value) {
	const input = assertRecord("input", value, "a round input object");
	const mode = assertOneOf("mode", input.mode, ROUND_MODES);
	const round = assertInteger("round", input.round);
	if (round < 1) fail("round", "a round number of 1 or more", round);
	const combatants = assertList("combatants", input.combatants).map(parseCombatant);
	const seen = /* @__PURE__ */ new Set();
	combatants.forEach((c, i) => {
		if (seen.has(c.id)) fail(`combatants[${i}].id`, "a non-empty id that appears once", c.id);
		seen.add(c.id);
	});
	const order = input.order === void 0 ? void 0 : assertList("order", input.order, "the Pneuma order (an array of ids)").map((id, i) => assertString(`order[${i}]`, id));
	return {
		mode,
		round,
		combatants,
		...order === void 0 ? {} : { order },
		...input.sides === void 0 ? {} : { sides: parseSides(input.sides) }
	};
}
/** Builds the steps of one round for any mode, skipping those who cannot act (see the file comment). */
function planRound(value) {
	const input = parseRoundInput(value);
	const { mode, round } = input;
	const byId = new Map(input.combatants.map((c) => [c.id, c]));
	let steps;
	switch (mode) {
		case "descending":
			steps = descending(input, inOrder(input, byId));
			break;
		case "reverseDeclaration":
			steps = reverseDeclaration(input, inOrder(input, byId));
			break;
		case "secretDeclaration":
			steps = secretDeclaration(input);
			break;
		case "sideD10": steps = sideD10(input);
	}
	return {
		mode,
		round,
		steps
	};
}
// src/rules/state.ts
/**
* The skirmish as plain data: who is where, who grapples and carries whom, and the per-round flags.
* Procedures read a SkirmishState and return StateChanges plus a log; `applyChanges` folds changes into a new
* state. The Foundry layer keeps the same data on the Combat document and writes the same changes back.
*/
/** Every one-round effect. */
const ROUND_EFFECTS = Object.freeze([
	"noRangedAttack",
	"noBattleAction",
	"forcedFullMove",
	"surprised",
	"ambushed"
]);
/** Every round flag. */
const ROUND_FLAGS = Object.freeze([
	"moved",
	"fullMove",
	"acted",
	"choseToFall",
	"falling"
]);
/**
* Pair keys already made, by first id then second: a distance is looked up many times a round (the simulator,
* the range board), and finding the key is cheaper than building and hashing a new string each time. Cleared when
* it grows past PAIR_KEYS_KEPT ids, so it never holds more than that many ids' pairs.
*/
const pairKeys = /* @__PURE__ */ new Map();
const PAIR_KEYS_KEPT = 256;
/** A stable key for an unordered pair of ids. */
function pairKey(a, b) {
	let byB = pairKeys.get(a);
	const known = byB?.get(b);
	if (known !== void 0) return known;
	if (a === b) fail("pair", "two different ids", a);
	const key = a < b ? `${a}|${b}` : `${b}|${a}`;
	if (!byB) {
		if (pairKeys.size >= PAIR_KEYS_KEPT) pairKeys.clear();
		byB = /* @__PURE__ */ new Map();
		pairKeys.set(a, byB);
	}
	if (byB.size < PAIR_KEYS_KEPT) byB.set(b, key);
	return key;
}
/** The distance between two combatants or a combatant and a landmark. */
function distanceBetween(state, a, b) {
	if (a === b) return "zero";
	return state.distances[pairKey(a, b)] ?? "long";
}
/**
* The partner of `id` in one grapple key, or undefined when `id` is in neither place: the key's first and second
* `|`-separated parts, as splitting it would give them, found without making the parts (the simulator asks often).
*/
function partnerIn(key, id) {
	const bar = key.indexOf("|");
	if (bar < 0) return void 0;
	const next = key.indexOf("|", bar + 1);
	const end = next < 0 ? key.length : next;
	if (bar === id.length && key.startsWith(id)) return key.slice(bar + 1, end);
	if (end - bar - 1 === id.length && key.startsWith(id, bar + 1)) return key.slice(0, bar);
}
/** Everyone this combatant is locked in a grapple with. */
function grapplePartners(state, id) {
	const partners = [];
	for (const key of state.grapples) {
		const partner = partnerIn(key, id);
		if (partner !== void 0) partners.push(partner);
	}
	return partners;
}
/** Whether a one-round effect is on a combatant. */
function hasRoundEffect(c, effect) {
	return c.roundEffects.includes(effect);
}
/** Whether a combatant is pinned: it is in at least one grapple (000 "Grapple Attacks"). */
function isPinned(state, id) {
	for (const key of state.grapples) if (partnerIn(key, id) !== void 0) return true;
	return false;
}
/** Who carries this combatant, if anyone. */
function carrierOf(state, id) {
	const carrying = state.carrying;
	for (const carrier in carrying) if (carrying[carrier] === id) return carrier;
}
/** Looks a combatant up, or throws a RangeError naming the missing id. */
function combatant(state, id, name = "combatant") {
	const found = state.combatants[id];
	if (!found) fail(name, "the id of a combatant in the skirmish", id);
	return found;
}
function known(state, id, name) {
	if (!state.combatants[id] && !state.landmarks[id]) fail(name, "the id of a combatant or landmark", id);
}
/**
* One batch of changes being applied. The state handed in is never modified: the first time the batch touches
* a part of it (the state itself, the combatant table, one combatant, the distances, the grapples, the carrying
* table) that part is copied, and later changes in the same batch write to the copy. So a batch costs one copy
* of what it touches rather than one per change, and each change still reads the state every earlier change
* left, exactly as applying them one by one would.
*/
var Batch = class {
	original;
	inPlace;
	state;
	combatantsCopied;
	distancesCopied;
	grapplesCopied;
	carryingCopied;
	/** `inPlace`: the caller owns `original` outright (see `applyChangesInPlace`), so nothing is copied. */
	constructor(original, inPlace = false) {
		this.original = original;
		this.inPlace = inPlace;
		this.state = inPlace ? original : { ...original };
		this.combatantsCopied = inPlace;
		this.distancesCopied = inPlace;
		this.grapplesCopied = inPlace;
		this.carryingCopied = inPlace;
	}
	/** The combatant's own copy, made on first write in this batch (the combatant itself when applying in place). */
	own(id) {
		const current = combatant(this.state, id, "change.id");
		if (this.inPlace || current !== this.original.combatants[id]) return current;
		if (!this.combatantsCopied) {
			this.state.combatants = { ...this.state.combatants };
			this.combatantsCopied = true;
		}
		const copy = { ...current };
		this.state.combatants[id] = copy;
		return copy;
	}
	distances() {
		if (!this.distancesCopied) {
			this.state.distances = { ...this.state.distances };
			this.distancesCopied = true;
		}
		return this.state.distances;
	}
	grapples() {
		if (!this.grapplesCopied) {
			this.state.grapples = [...this.state.grapples];
			this.grapplesCopied = true;
		}
		return this.state.grapples;
	}
	carrying() {
		if (!this.carryingCopied) {
			this.state.carrying = { ...this.state.carrying };
			this.carryingCopied = true;
		}
		return this.state.carrying;
	}
	/** Checks one change against the state so far and writes it; throws a RangeError (as `fail`) when it is bad. */
	apply(change) {
		const state = this.state;
		switch (change.type) {
			case "wounds": {
				combatant(state, change.id);
				const wounds = assertNonNegativeInteger("wounds", change.wounds);
				const c = this.own(change.id);
				c.life = {
					max: c.life.max,
					wounds
				};
				return;
			}
			case "magic": {
				combatant(state, change.id);
				const value = assertNonNegativeInteger("magic", change.value);
				const c = this.own(change.id);
				c.magic = {
					value,
					max: c.magic.max
				};
				return;
			}
			case "altitude": {
				const altitude = assertOneOf("altitude", change.altitude, ALTITUDES);
				this.own(change.id).altitude = altitude;
				return;
			}
			case "flag": {
				const flag = assertOneOf("flag", change.flag, ROUND_FLAGS);
				const value = change.value;
				if (typeof value !== "boolean") fail("flag value", "true or false", value);
				this.own(change.id)[flag] = value;
				return;
			}
			case "roundEffect": {
				const effect = assertOneOf("effect", change.effect, ROUND_EFFECTS);
				const c = this.own(change.id);
				const others = c.roundEffects.filter((e) => e !== effect);
				c.roundEffects = change.active ? [...others, effect] : others;
				return;
			}
			case "newRound": {
				const falling = change.falling;
				if (typeof falling !== "boolean") fail("newRound falling", "true or false", falling);
				const c = this.own(change.id);
				c.moved = false;
				c.fullMove = false;
				c.acted = false;
				c.choseToFall = false;
				c.falling = falling;
				if (c.roundEffects.length > 0) c.roundEffects = [];
				return;
			}
			case "distance": {
				known(state, change.a, "change.a");
				known(state, change.b, "change.b");
				const distance = assertOneOf("distance", change.distance, DISTANCES);
				this.distances()[pairKey(change.a, change.b)] = distance;
				return;
			}
			case "grapple": {
				combatant(state, change.a, "change.a");
				combatant(state, change.b, "change.b");
				const key = pairKey(change.a, change.b);
				if (!state.grapples.includes(key)) this.grapples().push(key);
				this.distances()[key] = "zero";
				return;
			}
			case "release": {
				const key = pairKey(change.a, change.b);
				if (state.distances[key] === "zero") this.distances()[key] = "close";
				if (state.grapples.includes(key)) {
					state.grapples = state.grapples.filter((k) => k !== key);
					this.grapplesCopied = true;
				}
				return;
			}
			case "carry":
				combatant(state, change.carrier, "change.carrier");
				combatant(state, change.carried, "change.carried");
				if (change.carrier === change.carried) fail("change.carried", "someone other than the carrier", change.carried);
				if (carrierOf(state, change.carried) !== void 0) fail("change.carried", "a combatant nobody carries yet", change.carried);
				if (state.carrying[change.carrier] !== void 0) fail("change.carrier", "a combatant that carries nobody yet", change.carrier);
				for (let up = carrierOf(state, change.carrier); up !== void 0; up = carrierOf(state, up)) if (up === change.carried) fail("change.carried", "someone other than one of the carrier's carriers", up);
				this.carrying()[change.carrier] = change.carried;
				return;
			case "drop":
				state.carrying = Object.fromEntries(Object.entries(state.carrying).filter(([c]) => c !== change.carrier));
				this.carryingCopied = true;
				return;
		}
	}
};
/** Applies one change and returns the new state; the input is never modified. */
function applyChange(state, change) {
	return applyChanges(state, [change]);
}
/**
* Applies changes in order and returns the new state; the input is never modified. Each change is checked
* against the state the earlier ones left, as if they were applied one at a time, but the parts of the state
* they touch are copied once for the whole batch.
*/
function applyChanges(state, changes) {
	const batch = new Batch(state);
	for (const change of changes) batch.apply(change);
	return batch.state;
}
/**
* `applyChanges` for a caller that owns `state` outright and keeps no earlier version of it (the simulator's
* working copy of one run, made with `workingCopy`): the same checks in the same order with the same messages,
* but each change is written into `state` itself instead of a copy. A change that fails leaves the earlier ones
* of the batch applied, so this is only for changes the engine's own procedures returned.
*/
function applyChangesInPlace(state, changes) {
	const batch = new Batch(state, true);
	for (const change of changes) batch.apply(change);
}
/**
* A copy of a state that shares nothing a change writes (each combatant, its life, magic and effects, the
* distance, grapple and carrying tables), for `applyChangesInPlace`; landmarks are never changed and are shared.
*/
function workingCopy(state) {
	const combatants = {};
	for (const id of Object.keys(state.combatants)) {
		const c = state.combatants[id];
		combatants[id] = {
			...c,
			life: { ...c.life },
			magic: { ...c.magic },
			roundEffects: [...c.roundEffects]
		};
	}
	return {
		combatants,
		landmarks: state.landmarks,
		distances: { ...state.distances },
		grapples: [...state.grapples],
		carrying: { ...state.carrying },
		surface: state.surface
	};
}
/**
* Whether the skirmish is over by disengagement (000 "Distance": "If combatants have all disengaged with each
* other ... return to ordinary combat"): every pair of living combatants on different sides is at disengaged
* distance. With no such pair left (one side alone, or nobody) it is true as well; the tracker offers to end the
* skirmish and the GM decides.
*/
function allDisengaged(state) {
	const living = Object.values(state.combatants).filter((c) => !isDead(c));
	for (let i = 0; i < living.length; i += 1) {
		const a = living[i];
		for (let j = i + 1; j < living.length; j += 1) {
			const b = living[j];
			if (a.side !== b.side && distanceBetween(state, a.id, b.id) !== "disengaged") return false;
		}
	}
	return true;
}
Object.freeze([
	"movement",
	"battle",
	"end",
	...SPEED_PHASES
]);
Object.freeze([
	"declare",
	"resolve",
	"act",
	"end",
	"start"
]);
/** A place for a combatant that has none yet: flyers at mid altitude, where dragons usually fly; others grounded. */
function defaultPlace(canFly) {
	return {
		altitude: canFly ? "mid" : "grounded",
		moved: false,
		fullMove: false,
		acted: false,
		choseToFall: false,
		falling: false,
		roundEffects: []
	};
}
Object.freeze({
	pneuma: "descending",
	default: "descending",
	reverse: "reverseDeclaration",
	secret: "secretDeclaration",
	d10: "sideD10",
	side: "sideD10"
});
// src/data/snapshot.ts
/**
* The one translation from actor data to the rules' typed snapshots: an actor's stored (or effect-modified)
* `system` data and its embedded items become the CharacterSnapshot that `deriveCharacter` reads, the
* CombatantState of the skirmish engine (src/rules/state.ts) and the WeaponSnapshots of its attacks
* (src/rules/procedures/weapon.ts), each weapon with the check it attacks with.
*
* Input is plain data as a document's `toObject()`, a pack source (packs/_source) or a live data model gives it.
* Nothing here throws on a value an Active Effect or an old world may leave: every number is rounded and clamped
* into its docs/DATA.md range, an unreadable value takes the field's default, and each such repair is listed in
* `problems` for the caller to report. Pure: no Foundry globals, so the Node tools can import it.
*/
const EMPTY = Object.freeze({});
function record(value) {
	return typeof value === "object" && value !== null ? value : EMPTY;
}
/** Whether two values are the same for reporting (a Set and an array with the same entries are). */
function same(a, b) {
	if (a === b) return true;
	const list = (v) => Array.isArray(v) ? v : v instanceof Set ? [...v] : void 0;
	const la = list(a);
	const lb = list(b);
	return la !== void 0 && lb !== void 0 && la.length === lb.length && la.every((entry, i) => entry === lb[i]);
}
/** Reads fields of one `system` object against their specs, collecting every repair. */
var Reader = class Reader {
	system;
	prefix;
	problems;
	constructor(system, prefix, problems) {
		this.system = system;
		this.prefix = prefix;
		this.problems = problems;
	}
	/** A field's value coerced to its spec (rounded, clamped, choice matched), or its initial when unreadable. */
	read(key, spec, initial) {
		const value = this.system[key];
		const result = value === void 0 ? { ok: false } : coerceValue(spec, value);
		const used = result.ok ? result.value : initial;
		if (!same(value, used)) this.problems.push({
			path: `${this.prefix}${key}`,
			value,
			used
		});
		return used;
	}
	integer(key, spec, max = spec.max) {
		return this.read(key, {
			...spec,
			max: Math.min(spec.max, max)
		}, Math.min(spec.initial, max));
	}
	number(key, spec) {
		return this.read(key, spec, spec.initial);
	}
	boolean(key, spec) {
		return this.read(key, spec, spec.initial);
	}
	text(key, spec) {
		return this.read(key, spec, spec.initial);
	}
	list(key, spec) {
		return this.read(key, spec, [...spec.initial]);
	}
	/** A nested schema's reader (life, magic). */
	nested(key) {
		const inner = this.system[key];
		if (typeof inner !== "object" || inner === null) this.problems.push({
			path: `${this.prefix}${key}`,
			value: inner,
			used: {}
		});
		return new Reader(record(inner), `${this.prefix}${key}.`, this.problems);
	}
};
const SKILL = ITEM_SPECS.skill;
const ARMOUR = ITEM_SPECS.armour;
const WEAPON = ITEM_SPECS.weapon;
/** A skill item's typed snapshot; a blank identifier is filled from the item's name (docs/DATA.md). */
function skillSnapshot(item, at = "item", problems = []) {
	const read = new Reader(record(item.system), `${at}.system.`, problems);
	const stored = read.text("identifier", SKILL.identifier);
	return {
		identifier: stored.trim() !== "" ? stored : skillIdentifier(item.name ?? ""),
		rank: read.text("rank", SKILL.rank),
		attribute: read.text("attribute", SKILL.attribute),
		uses: read.list("uses", SKILL.uses),
		hampered: read.boolean("hampered", SKILL.hampered)
	};
}
/** An armour item's typed snapshot. */
function armourSnapshot(item, at = "item", problems = []) {
	const read = new Reader(record(item.system), `${at}.system.`, problems);
	return {
		rating: read.integer("rating", ARMOUR.rating),
		encumbrance: read.integer("encumbrance", ARMOUR.encumbrance),
		equipped: read.boolean("equipped", ARMOUR.equipped),
		damage: read.integer("damage", ARMOUR.damage)
	};
}
/** A weapon item's snapshot for the procedures, with the skills its attack and defence use. */
function weaponSnapshot(item, at = "item", problems = []) {
	const read = new Reader(record(item.system), `${at}.system.`, problems);
	return {
		weapon: {
			name: item.name ?? "",
			range: read.text("range", WEAPON.range),
			longRange: read.boolean("longRange", WEAPON.longRange),
			damageTN: read.integer("damageTN", WEAPON.damageTN),
			killerBlow: read.boolean("killerBlow", WEAPON.killerBlow),
			grapple: read.boolean("grapple", WEAPON.grapple),
			magicCost: read.integer("magicCost", WEAPON.magicCost)
		},
		attackSkill: read.text("attackSkill", WEAPON.attackSkill),
		defenceSkills: read.list("defenceSkills", WEAPON.defenceSkills)
	};
}
function subtypeOf(type) {
	if (!Object.hasOwn(ACTOR_SPECS, type)) throw new RangeError(`actor.type must be one of ${Object.keys(ACTOR_SPECS).join(", ")}; got ${JSON.stringify(type)}`);
	return type;
}
/** The check a skill gives, by identifier; an untrained Soma check when the actor lacks it (000 "Melee Attacks"). */
function checkFor(derived, identifier, ladder = DEFAULT_SKILL_LADDER) {
	const skill = derived.skills[identifier];
	if (skill) return {
		tn: skill.tn,
		pool: skill.pool,
		skill: identifier
	};
	return {
		tn: skillTN("untrained", ladder),
		pool: derived.pools.soma.pool,
		skill: null
	};
}
/**
* Reads an actor (system data and embedded items) into everything the rules need of it. Throws only for an actor
* type this system does not define; every unusable value is repaired and listed in `problems`.
*/
function actorSnapshot(actor, options = {}) {
	const ladder = options.ladder ?? DEFAULT_SKILL_LADDER;
	const type = subtypeOf(actor.type);
	const spec = ACTOR_SPECS[type];
	const problems = [];
	const read = new Reader(record(actor.system), "system.", problems);
	const lifeRead = read.nested("life");
	const lifeMax = lifeRead.integer("max", spec.life.fields.max);
	const wounds = lifeRead.integer("wounds", spec.life.fields.wounds, maxStoredWounds(lifeMax));
	const magicRead = read.nested("magic");
	const magicMax = magicRead.integer("max", spec.magic.fields.max);
	const magicValue = magicRead.integer("value", spec.magic.fields.value, magicMax);
	const skills = [];
	const armour = [];
	const weaponItems = [];
	let index = 0;
	for (const item of actor.items ?? []) {
		const at = `items[${index}]`;
		index += 1;
		if (item.type === "skill") skills.push(skillSnapshot(item, at, problems));
		else if (item.type === "armour") armour.push(armourSnapshot(item, at, problems));
		else if (item.type === "weapon") weaponItems.push({
			itemId: item._id ?? null,
			read: weaponSnapshot(item, at, problems)
		});
	}
	const character = {
		soma: read.integer("soma", spec.soma),
		pneuma: read.integer("pneuma", spec.pneuma),
		life: {
			max: lifeMax,
			wounds
		},
		skills,
		armour
	};
	const derived = deriveCharacter(character, { ladder });
	const weapons = weaponItems.map(({ itemId, read: w }) => ({
		itemId,
		weapon: w.weapon,
		attackSkill: w.attackSkill,
		defenceSkills: w.defenceSkills,
		attack: checkFor(derived, w.attackSkill, ladder)
	}));
	return {
		id: actor._id ?? null,
		name: actor.name ?? "",
		type,
		character,
		derived,
		agility: read.integer("agility", spec.agility),
		magic: {
			value: magicValue,
			max: magicMax
		},
		weight: read.number("weight", spec.weight),
		canFly: read.boolean("canFly", spec.canFly),
		fastGround: type === "adversary" ? read.boolean("fastGround", ACTOR_SPECS.adversary.fastGround) : false,
		weapons,
		problems
	};
}
/** The actor's part of a combatant's state, from its snapshot (the one place that maps the two). */
function actorPart(actor) {
	return {
		soma: actor.character.soma,
		pneuma: actor.character.pneuma,
		agility: actor.agility,
		life: { ...actor.character.life },
		magic: { ...actor.magic },
		weight: actor.weight,
		canFly: actor.canFly,
		fastGround: actor.fastGround,
		armour: actor.derived.armour
	};
}
/** The skirmish engine's state of one combatant, fresh for a round: no flags set, no one-round effects. */
function combatantState(actor, place) {
	return {
		id: place.id,
		name: place.name ?? actor.name,
		side: place.side,
		...actorPart(actor),
		...defaultPlace(actor.canFly),
		altitude: place.altitude
	};
}
// src/applications/simulator/encounter-from-actors.ts
/**
* Actors as plain data (a pack entry, a document's `toObject()`) made into a simulator encounter, through the
* one translation from actor data to the engine's snapshots (src/data/snapshot.ts). Pure: no Foundry globals, so
* the command line (src/cli) and the Foundry app build the same encounter from the same actors, and the same
* seed gives them the same numbers.
*/
/** An actor as an encounter combatant, fit and fresh, at an altitude (non-flyers start on the ground). */
function combatantFromActor(entry, id, altitude, name = entry.name) {
	const snapshot = actorSnapshot(entry);
	const combatant = {
		state: combatantState({
			...snapshot,
			character: {
				...snapshot.character,
				life: {
					...snapshot.character.life,
					wounds: 0
				}
			}
		}, {
			id,
			side: "",
			name,
			altitude: snapshot.canFly ? altitude : "grounded"
		}),
		weapons: snapshot.weapons.map((w) => ({
			weapon: w.weapon,
			attackSkill: w.attackSkill,
			defenceSkills: w.defenceSkills
		})),
		checks: snapshot.derived.pools,
		skills: snapshot.derived.skills
	};
	const speed = entry.system?.speed;
	if (SPEED_CATEGORIES.includes(speed)) combatant.speed = speed;
	return combatant;
}
/**
* Builds an encounter from sides of actors: ids c1, c2, ... in order, a number after a name that appears more
* than once ("Longbowman 1", "Longbowman 2"), and side names made unique ("Sable Dragon (2)").
*/
function encounterFromActors(sides, settings = {}) {
	const counts = /* @__PURE__ */ new Map();
	for (const side of sides) for (const a of side.actors) counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
	const seen = /* @__PURE__ */ new Map();
	const names = /* @__PURE__ */ new Map();
	let next = 0;
	const built = sides.map((side) => {
		const base = side.name ?? side.actors.map((a) => a.name).join(", ");
		const repeat = (names.get(base) ?? 0) + 1;
		names.set(base, repeat);
		const combatants = side.actors.map((actor) => {
			next += 1;
			const nth = (seen.get(actor.name) ?? 0) + 1;
			seen.set(actor.name, nth);
			const name = (counts.get(actor.name) ?? 0) > 1 ? `${actor.name} ${nth}` : actor.name;
			return combatantFromActor(actor, `c${next}`, side.altitude, name);
		});
		return {
			name: repeat > 1 ? `${base} (${repeat})` : base,
			combatants
		};
	});
	return {
		...settings,
		sides: built
	};
}
// src/rules/roll-sources.ts
/** The die sizes a DiceSource is asked for, smallest first. */
const DIE_SIZES = Object.freeze([
	6,
	10,
	20
]);
function checkRequest(count, faces) {
	const n = assertNonNegativeInteger("count", count);
	if (!DIE_SIZES.includes(faces)) fail("faces", "6, 10 or 20", faces);
	return {
		count: n,
		faces
	};
}
/**
* A small deterministic generator (mulberry32): the same integer seed always yields the same faces.
* Good enough for simulations; not for anything that must be unpredictable.
*/
function seededDice(seed) {
	let state = assertInteger("seed", seed) >>> 0;
	const next = () => {
		state = state + 1831565813 >>> 0;
		let t = state;
		t = Math.imul(t ^ t >>> 15, t | 1);
		t ^= t + Math.imul(t ^ t >>> 7, t | 61);
		return ((t ^ t >>> 14) >>> 0) / 4294967296;
	};
	return {
		next,
		roll(count, faces) {
			const request = checkRequest(count, faces);
			return Array.from({ length: request.count }, () => 1 + Math.floor(next() * request.faces));
		}
	};
}
/**
* Asks a source for `count` dice of one size and checks that it answered with that many valid faces; `name`
* names the answer in error messages.
*/
async function rollFrom(dice, count, faces, name = "dice results") {
	const request = checkRequest(count, faces);
	if (request.count === 0) return [];
	const answer = await dice.roll(request.count, request.faces);
	if (!Array.isArray(answer) || answer.length !== request.count) fail(name, `${request.count} faces of a d${request.faces}`, answer);
	const results = new Array(request.count);
	for (let i = 0; i < request.count; i += 1) {
		const face = answer[i];
		if (!isFace(face, request.faces)) assertFace(`${name}[${i}]`, face, request.faces);
		results[i] = face;
	}
	return results;
}
// src/rules/contest.ts
/** Opposed checks, damage pools and armour (000 "Defence is Optional", "Melee Attacks", "Damage", "Armour"). */
/**
* Compares attack and defence successes (000 "Melee Attacks"): a hit needs strictly more attack successes,
* and the margin is the difference (0 on a miss). No defence dice scores zero (000 "Defence is Optional").
*/
function resolveContest(input) {
	const c = assertRecord("contest", input);
	const attackSuccesses = successesAt(checkFaces("attackDice", c.attackDice, 6), assertInteger("attackTN", c.attackTN));
	const defenceTN = assertInteger("defenceTN", c.defenceTN);
	const defenceDice = c.defenceDice === null ? null : checkFaces("defenceDice", c.defenceDice, 6);
	const defenceSuccesses = defenceDice === null ? 0 : successesAt(defenceDice, defenceTN);
	const hit = attackSuccesses > defenceSuccesses;
	return {
		attackSuccesses,
		defenceSuccesses,
		hit,
		margin: hit ? attackSuccesses - defenceSuccesses : 0
	};
}
/** The damage check pool: Soma plus the attack's margin, clamped to 0..30 dice (000 "Damage and Health states"). */
function damagePool(soma, margin) {
	assertInteger("soma", soma);
	assertNonNegativeInteger("margin", margin);
	return clampPool(soma + margin, "damage pool");
}
/** Damage left after armour takes off its rating, never below 0 (000 "Armour"). */
function applyArmour(successes, armourRating) {
	assertNonNegativeInteger("successes", successes);
	assertNonNegativeInteger("armourRating", armourRating);
	return Math.max(0, successes - armourRating);
}
// src/rules/reasons.ts
/** The answer when nothing stands in the way. */
const ALLOWED = Object.freeze({ allowed: true });
/** A refusal with its en.json reason key (RULE_REASONS, or a view layer's own key): the one refusal helper. */
function refuse(reason) {
	return {
		allowed: false,
		reason
	};
}
/** Why any action is refused (battle actions, moves, choosing to fall); each value is an en.json key. */
const RULE_REASONS = Object.freeze({
	Disengaged: "AOD.Rules.Reason.Disengaged",
	TooFarForMelee: "AOD.Rules.Reason.TooFarForMelee",
	NotSameAltitude: "AOD.Rules.Reason.NotSameAltitude",
	TooFarForRanged: "AOD.Rules.Reason.TooFarForRanged",
	AltitudeTooFarForRanged: "AOD.Rules.Reason.AltitudeTooFarForRanged",
	ZeroRangeNotGrappled: "AOD.Rules.Reason.ZeroRangeNotGrappled",
	OnlyGrapplePartners: "AOD.Rules.Reason.OnlyGrapplePartners",
	AlreadyGrappling: "AOD.Rules.Reason.AlreadyGrappling",
	WeaponCannotGrapple: "AOD.Rules.Reason.WeaponCannotGrapple",
	NotGrappled: "AOD.Rules.Reason.NotGrappled",
	CarriedCannotGrapple: "AOD.Rules.Reason.CarriedCannotGrapple",
	SelfTarget: "AOD.Rules.Reason.SelfTarget",
	ActorDead: "AOD.Rules.Reason.ActorDead",
	ActorSeverelyInjured: "AOD.Rules.Reason.ActorSeverelyInjured",
	TargetDead: "AOD.Rules.Reason.TargetDead",
	FullMoveNoAction: "AOD.Rules.Reason.FullMoveNoAction",
	AlreadyActed: "AOD.Rules.Reason.AlreadyActed",
	NoBattleAction: "AOD.Rules.Reason.NoBattleAction",
	ForcedFullMove: "AOD.Rules.Reason.ForcedFullMove",
	NoRangedAttacks: "AOD.Rules.Reason.NoRangedAttacks",
	Surprised: "AOD.Rules.Reason.Surprised",
	Ambushed: "AOD.Rules.Reason.Ambushed",
	WrongWeaponRange: "AOD.Rules.Reason.WrongWeaponRange",
	NoKillerBlow: "AOD.Rules.Reason.NoKillerBlow",
	NotEnoughMagic: "AOD.Rules.Reason.NotEnoughMagic",
	CarryingTooHeavy: "AOD.Rules.Reason.CarryingTooHeavy",
	RescuerCannotFly: "AOD.Rules.Reason.RescuerCannotFly",
	RescuerGrounded: "AOD.Rules.Reason.RescuerGrounded",
	RescuerPinned: "AOD.Rules.Reason.RescuerPinned",
	RescuerAlreadyCarrying: "AOD.Rules.Reason.RescuerAlreadyCarrying",
	RescuerCarried: "AOD.Rules.Reason.RescuerCarried",
	TargetNotFalling: "AOD.Rules.Reason.TargetNotFalling",
	TargetInGrapple: "AOD.Rules.Reason.TargetInGrapple",
	TargetAlreadyCarried: "AOD.Rules.Reason.TargetAlreadyCarried",
	RescueOutOfReach: "AOD.Rules.Reason.RescueOutOfReach",
	RescueImpossible: "AOD.Rules.Reason.RescueImpossible",
	NotCarrying: "AOD.Rules.Reason.NotCarrying",
	NotMovementPhase: "AOD.Rules.Reason.NotMovementPhase",
	SeverelyInjuredNoMove: "AOD.Rules.Reason.SeverelyInjuredNoMove",
	Pinned: "AOD.Rules.Reason.Pinned",
	Carried: "AOD.Rules.Reason.Carried",
	FullMoveTaken: "AOD.Rules.Reason.FullMoveTaken",
	NoZeroRangeByMove: "AOD.Rules.Reason.NoZeroRangeByMove",
	MovesWithPassenger: "AOD.Rules.Reason.MovesWithPassenger",
	NoMoveDeclared: "AOD.Rules.Reason.NoMoveDeclared",
	CannotFly: "AOD.Rules.Reason.CannotFly",
	NoGroundToWalk: "AOD.Rules.Reason.NoGroundToWalk",
	NoStandardMove: "AOD.Rules.Reason.NoStandardMove",
	TakeOffNeedsFullMove: "AOD.Rules.Reason.TakeOffNeedsFullMove",
	TooManyAltitudeSteps: "AOD.Rules.Reason.TooManyAltitudeSteps",
	TooManyDistanceSteps: "AOD.Rules.Reason.TooManyDistanceSteps",
	AlreadyMoved: "AOD.Rules.Reason.AlreadyMoved",
	ActedNoFullMove: "AOD.Rules.Reason.ActedNoFullMove",
	Grounded: "AOD.Rules.Reason.Grounded"
});
/** What the battle-phase procedures write to the log; each value is an en.json key. */
const BATTLE_LOG = Object.freeze({
	AttackHit: "AOD.Rules.Log.AttackHit",
	AttackMiss: "AOD.Rules.Log.AttackMiss",
	Damage: "AOD.Rules.Log.Damage",
	SeverelyInjured: "AOD.Rules.Log.BecameSeverelyInjured",
	Killed: "AOD.Rules.Log.Killed",
	MagicSpent: "AOD.Rules.Log.MagicSpent",
	GrappleHit: "AOD.Rules.Log.GrappleHit",
	GrappleMiss: "AOD.Rules.Log.GrappleMiss",
	BrokeFree: "AOD.Rules.Log.BrokeFree",
	StillHeld: "AOD.Rules.Log.StillHeld",
	RescueCaught: "AOD.Rules.Log.RescueCaught",
	RescueMissed: "AOD.Rules.Log.RescueMissed",
	ActionAborted: "AOD.Rules.Log.ActionAborted",
	SetDown: "AOD.Rules.Log.SetDown",
	LetFall: "AOD.Rules.Log.LetFall",
	Released: "AOD.Rules.Log.Released",
	BattleAction: "AOD.Rules.Log.BattleAction",
	GrappleEnds: "AOD.Rules.Log.GrappleEnds"
});
// src/rules/legality.ts
/** Whether distance and altitude allow an attack (000 "Distance", "Melee Attacks", "Ranged Attacks"). */
/** Whether two bands count as the same altitude for melee: equal, or Flying Low against the ground. */
function meleeLevel(a, b) {
	return a === b || a === "grounded" && b === "low" || a === "low" && b === "grounded";
}
/**
* Melee (and grapple) reach: close quarters or zero range, at the same altitude (000 "Melee Attacks"), where
* Flying Low counts as level with the ground (000 "Altitude"). Who may be struck at zero range (only grapple
* partners) is a pair check left to the attack procedure.
*/
function canMelee(distance, a, b) {
	const reach = distanceIndex(distance);
	altitudeIndex(a, "a");
	altitudeIndex(b, "b");
	if (distance === "disengaged") return refuse(RULE_REASONS.Disengaged);
	if (reach > distanceIndex("close")) return refuse(RULE_REASONS.TooFarForMelee);
	if (!meleeLevel(a, b)) return refuse(RULE_REASONS.NotSameAltitude);
	return ALLOWED;
}
/**
* Ranged reach: middle distance or closer, long distance too for long-range weapons (war engines, missile
* spells), and at most 1 apart in altitude value, so mid and ground reach each other (000 "Ranged Attacks").
* Zero range is within reach: a grappled dragon may still breathe on the one grappling it.
*/
function canRanged(distance, a, b, opts = {}) {
	const reach = distanceIndex(distance);
	const gap = Math.abs(altitudeValue(a) - altitudeValue(b));
	const longRange = optionalBoolean("opts.longRange", assertRecord("opts", opts).longRange);
	if (distance === "disengaged") return refuse(RULE_REASONS.Disengaged);
	if (reach > distanceIndex(longRange ? "long" : "middle")) return refuse(RULE_REASONS.TooFarForRanged);
	if (gap > 1) return refuse(RULE_REASONS.AltitudeTooFarForRanged);
	return ALLOWED;
}
// src/rules/movement.ts
/** Tactical movement allowances (000 "Manoeuvres", RULES.md "Movement"). */
function steps(distance, altitude) {
	return {
		distance,
		altitude
	};
}
/**
* The standard and full move a combatant may make this round (000 "Manoeuvres").
* A full move replaces every other action that round; the caller records that with the fullMove flag.
*/
function movementAllowance(input) {
	const m = assertRecord("mover", input);
	const canFly = assertBoolean$1("mover.canFly", m.canFly);
	const altitude = assertOneOf("mover.altitude", m.altitude, ALTITUDES);
	const fastGround = optionalBoolean("mover.fastGround", m.fastGround);
	const pinned = optionalBoolean("mover.pinned", m.pinned);
	const severelyInjured = optionalBoolean("mover.severelyInjured", m.severelyInjured);
	if (pinned || severelyInjured) return {
		standard: steps(0, 0),
		full: steps(0, 0)
	};
	const ground = fastGround ? {
		standard: steps(1, 0),
		full: steps(2, 0)
	} : {
		standard: steps(0, 0),
		full: steps(1, 0)
	};
	if (!canFly && altitude !== "grounded") return {
		standard: steps(0, 0),
		full: steps(0, 0)
	};
	if (!canFly) return ground;
	if (altitude !== "grounded") return {
		standard: steps(1, 1),
		full: steps(2, 2)
	};
	return {
		standard: ground.standard,
		full: steps(2, 2)
	};
}
// src/rules/procedures/readiness.ts
/**
* Who may act and defend in the battle phase, and what acting spends (000 "Phase Two: The Battle Phase",
* "Non-attack Battle Actions", "Defence is Optional", "Catching / Mid air rescues").
*/
/**
* Whether a combatant may take a battle action at all: alive, not severely injured, no full move this round, and
* no one-round effect that takes its action away.
*/
function readyToAct(actor) {
	const health = healthOf(actor);
	if (health === "dead") return refuse(RULE_REASONS.ActorDead);
	if (health === "severelyInjured") return refuse(RULE_REASONS.ActorSeverelyInjured);
	if (actor.fullMove) return refuse(RULE_REASONS.FullMoveNoAction);
	if (actor.acted) return refuse(RULE_REASONS.AlreadyActed);
	if (hasRoundEffect(actor, "ambushed")) return refuse(RULE_REASONS.Ambushed);
	if (hasRoundEffect(actor, "surprised")) return refuse(RULE_REASONS.Surprised);
	if (hasRoundEffect(actor, "noBattleAction")) return refuse(RULE_REASONS.NoBattleAction);
	if (hasRoundEffect(actor, "forcedFullMove")) return refuse(RULE_REASONS.ForcedFullMove);
	return ALLOWED;
}
/** 000 Catching: a carrier holding someone of at least its own weight makes no melee attacks. */
function carriesTooMuch(state, carrier) {
	const carriedId = state.carrying[carrier.id];
	if (carriedId === void 0) return false;
	const carried = state.combatants[carriedId];
	return carried !== void 0 && carried.weight >= carrier.weight;
}
/** The change that marks a combatant's battle action as spent for this round. */
function spendAction(id) {
	return {
		type: "flag",
		id,
		flag: "acted",
		value: true
	};
}
/**
* Whether a combatant may roll a defence (000 "Defence is Optional": it may always choose not to). The dead
* cannot, and neither can the ambushed in the first round (RULES.md "Surprise and ambush"); the attack then
* meets zero successes.
*/
function mayDefend(state, id) {
	const defender = combatant(state, id, "defender");
	if (isDead(defender)) return refuse(RULE_REASONS.TargetDead);
	if (hasRoundEffect(defender, "ambushed")) return refuse(RULE_REASONS.Ambushed);
	return ALLOWED;
}
// src/rules/procedures/battle-action.ts
/** The non-attack battle action (000 "Non-attack Battle Actions"). */
/**
* A non-attack battle action (000 "Non-attack Battle Actions": smashing a gate, intimidating the troops below, a
* lifepath power): refused when the combatant cannot act, otherwise it spends the round's battle action.
*/
function takeBattleAction(state, id) {
	const actor = combatant(state, id, "id");
	const ready = readyToAct(actor);
	if (!ready.allowed) return ready;
	return {
		allowed: true,
		changes: [spendAction(actor.id)],
		log: [{
			key: BATTLE_LOG.BattleAction,
			data: { name: actor.name }
		}]
	};
}
// src/rules/procedures/steps.ts
/**
* The dice of an all-in-one procedure as a sequence of requests, so one definition of the order in which a
* procedure rolls serves both a DiceSource that answers later (Foundry's rolls: `runSteps`, which awaits each
* answer) and one that answers at once (the simulator's seeded dice: `runStepsSync`, with no Promise at all).
* A procedure's steps are a generator that yields each roll it needs and receives the checked faces back.
*/
/** The label of a roll called `name`, as `rollPool` names it. */
function poolLabel(name) {
	return {
		pool: `${name} pool`,
		dice: `${name} dice`
	};
}
/** Plays a procedure's steps against any DiceSource, awaiting each answer and checking it (`rollFrom`). */
async function runSteps(steps, dice) {
	let next = steps.next();
	while (next.done !== true) {
		const { pool, label } = next.value;
		next = steps.next(await rollFrom(dice, clampPool(pool, label.pool), 6, label.dice));
	}
	return next.value;
}
/**
* Plays a procedure's steps against a DiceSource that answers at once: the same requests in the same order, and
* the same checks of each answer as `rollFrom` makes (how many faces, each a face of a d6), without a Promise.
*/
function runStepsSync(steps, dice) {
	let next = steps.next();
	while (next.done !== true) {
		const { pool, label } = next.value;
		next = steps.next(rollNow(dice, clampPool(pool, label.pool), label.dice));
	}
	return next.value;
}
function rollNow(dice, count, name) {
	if (count === 0) return [];
	const answer = dice.roll(count, 6);
	if (!Array.isArray(answer) || answer.length !== count) fail(name, `${count} faces of a d6`, answer);
	const faces = answer;
	for (let i = 0; i < count; i += 1) {
		const face = faces[i];
		if (!isFace(face, 6)) assertFace(`${name}[${i}]`, face, 6);
	}
	return faces;
}
// src/rules/procedures/opposed.ts
/** The labels of the opposed roll's two pools, for callers that yield them themselves (attack.ts, grapple.ts). */
const ATTACK = poolLabel("attack");
const DEFENCE = poolLabel("defence");
/**
* Whether the defender rolls its defence pool: it was offered one (not `null`, 000 "Defence is Optional") and may
* defend (`mayDefend`); otherwise the attack meets zero successes.
*/
function defends(state, defenderId, pools) {
	return pools.defence !== null && mayDefend(state, defenderId).allowed;
}
/** The opposed roll as steps (steps.ts): the attack pool, then the defence pool if the defender defends. */
function* opposedSteps(state, defenderId, pools) {
	return {
		attackDice: yield {
			pool: pools.attackPool,
			label: ATTACK
		},
		defenceDice: pools.defence && defends(state, defenderId, pools) ? yield {
			pool: pools.defence.pool,
			label: DEFENCE
		} : null
	};
}
/** How many whole doublings of `light` fit within `heavy` (doubling is exact in floating point). */
function doublings(light, heavy) {
	let count = 0;
	let reach = light * 2;
	while (reach <= heavy) {
		count += 1;
		reach *= 2;
	}
	return count;
}
/**
* The TN to catch a falling combatant: 5 for equal weights, one higher per whole factor of two the target is
* heavier than the rescuer, one lower per whole factor of two it is lighter (000 "Catching / Mid air rescues").
* A result above 6 cannot succeed; the caller refuses the attempt.
*/
function rescueTN(rescuerWeight, targetWeight) {
	assertPositive("rescuerWeight", rescuerWeight);
	assertPositive("targetWeight", targetWeight);
	if (targetWeight >= rescuerWeight) return 5 + doublings(rescuerWeight, targetWeight);
	return 5 - doublings(targetWeight, rescuerWeight);
}
/** The TN of this rescue from the two weights (000 "Catching": 5, one per whole factor of two). */
function rescueCheckTN(state, decl) {
	const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
	const target = combatant(state, decl.targetId, "rescue.targetId");
	return rescueTN(rescuer.weight, target.weight);
}
function parseRescue(value) {
	const decl = assertRecord("rescue", value, "a rescue declaration");
	return {
		rescuerId: assertString("rescue.rescuerId", decl.rescuerId),
		targetId: assertString("rescue.targetId", decl.targetId)
	};
}
/**
* Step 1: whether the rescuer may try to catch the target now. The rescuer must fly (able to, and off the
* ground), be free and able to act; the target must be falling alone, uncarried, at close quarters or zero
* range and at the same altitude; a TN above 6 is impossible.
*/
function validateRescue(state, decl) {
	return rescueLegality(state, parseRescue(decl));
}
/** `validateRescue` for a declaration already parsed. */
function rescueLegality(state, decl) {
	const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
	const target = combatant(state, decl.targetId, "rescue.targetId");
	if (rescuer.id === target.id) return refuse(RULE_REASONS.SelfTarget);
	const ready = readyToAct(rescuer);
	if (!ready.allowed) return ready;
	if (!rescuer.canFly) return refuse(RULE_REASONS.RescuerCannotFly);
	if (rescuer.altitude === "grounded") return refuse(RULE_REASONS.RescuerGrounded);
	if (isPinned(state, rescuer.id)) return refuse(RULE_REASONS.RescuerPinned);
	if (state.carrying[rescuer.id] !== void 0) return refuse(RULE_REASONS.RescuerAlreadyCarrying);
	if (carrierOf(state, rescuer.id) !== void 0) return refuse(RULE_REASONS.RescuerCarried);
	if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
	if (!target.falling) return refuse(RULE_REASONS.TargetNotFalling);
	if (isPinned(state, target.id)) return refuse(RULE_REASONS.TargetInGrapple);
	if (carrierOf(state, target.id) !== void 0) return refuse(RULE_REASONS.TargetAlreadyCarried);
	const distance = distanceBetween(state, rescuer.id, target.id);
	if (!(distance === "close" || distance === "zero") || rescuer.altitude !== target.altitude) return refuse(RULE_REASONS.RescueOutOfReach);
	if (!isAchievableTN(rescueCheckTN(state, decl))) return refuse(RULE_REASONS.RescueImpossible);
	return ALLOWED;
}
/**
* Step 2: the Soma or Aerobatics check (the Foundry layer picks the pool) at the rescue TN; one success
* catches the target, who is then carried and no longer falling.
*/
function resolveRescue(state, declared, dice) {
	const decl = parseRescue(declared);
	const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
	const target = combatant(state, decl.targetId, "rescue.targetId");
	const tn = rescueCheckTN(state, decl);
	const successes = countSuccesses(dice, tn);
	const data = {
		rescuer: rescuer.name,
		target: target.name,
		tn,
		successes
	};
	const spent = spendAction(rescuer.id);
	if (successes < 1) return {
		changes: [spent],
		log: [{
			key: BATTLE_LOG.RescueMissed,
			data
		}],
		tn,
		successes,
		caught: false
	};
	return {
		changes: [
			spent,
			{
				type: "carry",
				carrier: rescuer.id,
				carried: target.id
			},
			{
				type: "flag",
				id: target.id,
				flag: "falling",
				value: false
			}
		],
		log: [{
			key: BATTLE_LOG.RescueCaught,
			data
		}],
		tn,
		successes,
		caught: true
	};
}
/** The whole rescue for the simulator: validate, roll the rescuer's pool from the DiceSource, resolve. */
async function performRescue(state, decl, pool, dice) {
	return runSteps(rescueSteps(state, parseRescue(decl), pool), dice);
}
/** `performRescue` with dice that answer at once (steps.ts): the same checks and the same roll, no Promise. */
function performRescueSync(state, decl, pool, dice) {
	return runStepsSync(rescueSteps(state, parseRescue(decl), pool), dice);
}
const RESCUE = poolLabel("rescue");
function* rescueSteps(state, rescue, pool) {
	const legality = rescueLegality(state, rescue);
	if (!legality.allowed) return legality;
	const { changes, log, tn, successes, caught } = resolveRescue(state, rescue, yield {
		pool,
		label: RESCUE
	});
	return {
		allowed: true,
		changes,
		log,
		tn,
		successes,
		caught
	};
}
/**
* A carrier lets its passenger go (000 "Catching / Mid air rescues": the rescuer lands and lays its burden
* down). On the ground the passenger is set down safely; in the air it is released at the carrier's altitude
* and falls from the next End Phase unless it can fly properly (a fit, free flyer). Letting go costs no action.
*/
function setDown(state, carrierId) {
	const carrier = combatant(state, carrierId, "carrierId");
	const passengerId = state.carrying[carrier.id];
	if (passengerId === void 0) return refuse(RULE_REASONS.NotCarrying);
	const passenger = combatant(state, passengerId, "passenger");
	const changes = [{
		type: "drop",
		carrier: carrier.id
	}];
	if (passenger.altitude !== carrier.altitude) changes.push({
		type: "altitude",
		id: passenger.id,
		altitude: carrier.altitude
	});
	const data = {
		carrier: carrier.name,
		passenger: passenger.name
	};
	const fliesOn = passenger.canFly && !isPinned(state, passenger.id) && healthOf(passenger) === "fit";
	const falls = carrier.altitude !== "grounded" && !fliesOn;
	if (passenger.falling !== falls) changes.push({
		type: "flag",
		id: passenger.id,
		flag: "falling",
		value: falls
	});
	return {
		allowed: true,
		changes,
		log: [{
			key: carrier.altitude === "grounded" ? BATTLE_LOG.SetDown : falls ? BATTLE_LOG.LetFall : BATTLE_LOG.Released,
			data
		}]
	};
}
// src/rules/procedures/death.ts
/**
* What a death undoes (000 "Severe injury and Death"): the dead hold nobody. Its grapples end, so its partners
* are no longer pinned by it, and whoever it carried is let go (`setDown`: set down on the ground, or released
* in the air to fall unless it can fly on).
*/
/** The log line of a change of health: killed, or severely injured (000 "Severe injury and Death"). */
function healthChangeLog(name, after) {
	return {
		key: after === "dead" ? BATTLE_LOG.Killed : BATTLE_LOG.SeverelyInjured,
		data: { name }
	};
}
/** The changes and log lines that free everyone a combatant held; call it with the state at the moment of death. */
function releasedByDeath(state, id) {
	const dead = combatant(state, id, "id");
	const outcome = {
		changes: [],
		log: []
	};
	for (const partner of grapplePartners(state, id)) {
		outcome.changes.push({
			type: "release",
			a: id,
			b: partner
		});
		outcome.log.push({
			key: BATTLE_LOG.GrappleEnds,
			data: {
				name: dead.name,
				partner: combatant(state, partner).name
			}
		});
	}
	const letGo = setDown(state, id);
	if (letGo.allowed) {
		outcome.changes.push(...letGo.changes);
		outcome.log.push(...letGo.log);
	}
	return outcome;
}
// src/rules/procedures/attack.ts
/**
* Melee and ranged attacks in the battle phase, split into steps the Foundry layer can call one at a time with
* dice rolled on different machines, plus an all-in-one version for the simulator (000 "Melee Attacks",
* "Ranged Attacks", "Killer Blows", "Damage and Health states", "Armour").
*/
/** Parses an attack declaration given to a public entry point; the steps behind it trust its types. */
function parseAttack(value) {
	const decl = assertRecord("attack", value, "an attack declaration");
	return {
		attackerId: assertString("attack.attackerId", decl.attackerId),
		targetId: assertString("attack.targetId", decl.targetId),
		weapon: checkWeapon(decl.weapon, "attack.weapon"),
		killerBlow: optionalBoolean("attack.killerBlow", decl.killerBlow)
	};
}
/** Parses the pools given to `performAttack`; `performParsedAttack` trusts what this returned. */
function parseAttackPools(value) {
	const pools = assertRecord("pools", value, "attack and defence pools");
	const defence = pools.defence === null ? null : assertRecord("pools.defence", pools.defence, "a pool and TN, or null");
	return {
		attackPool: assertInteger("pools.attackPool", pools.attackPool),
		baseAttackTN: assertInteger("pools.baseAttackTN", pools.baseAttackTN),
		defence: defence === null ? null : {
			pool: assertInteger("pools.defence.pool", defence.pool),
			tn: assertInteger("pools.defence.tn", defence.tn)
		}
	};
}
/**
* Step 1: whether the attacker may make this attack on the target now. Unknown ids and malformed weapons are
* RangeErrors; everything the rules forbid is a refusal with an en.json reason key.
*/
function validateAttack(state, decl) {
	return attackLegality(state, parseAttack(decl));
}
/** `validateAttack` for a declaration already parsed. */
function attackLegality(state, decl) {
	const attacker = combatant(state, decl.attackerId, "attack.attackerId");
	const target = combatant(state, decl.targetId, "attack.targetId");
	const { weapon } = decl;
	if (attacker.id === target.id) return refuse(RULE_REASONS.SelfTarget);
	const ready = readyToAct(attacker);
	if (!ready.allowed) return ready;
	if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
	if (weapon.range === "ranged" && hasRoundEffect(attacker, "noRangedAttack")) return refuse(RULE_REASONS.NoRangedAttacks);
	if (decl.killerBlow && !weapon.killerBlow) return refuse(RULE_REASONS.NoKillerBlow);
	if (weapon.magicCost > attacker.magic.value) return refuse(RULE_REASONS.NotEnoughMagic);
	const distance = distanceBetween(state, attacker.id, target.id);
	const reach = weapon.range === "melee" ? canMelee(distance, attacker.altitude, target.altitude) : canRanged(distance, attacker.altitude, target.altitude, { longRange: weapon.longRange });
	if (!reach.allowed) return reach;
	const partners = grapplePartners(state, attacker.id);
	if (distance === "zero" && !partners.includes(target.id)) return refuse(RULE_REASONS.ZeroRangeNotGrappled);
	if (weapon.range === "melee") {
		if (isPinned(state, attacker.id) && !partners.includes(target.id)) return refuse(RULE_REASONS.OnlyGrapplePartners);
		if (carriesTooMuch(state, attacker)) return refuse(RULE_REASONS.CarryingTooHeavy);
	}
	return ALLOWED;
}
function killerBlowTNs(decl, baseAttackTN) {
	const killerBlow = decl.weapon.killerBlow && decl.killerBlow === true;
	return {
		attackTN: attackTN(baseAttackTN, { killerBlow }),
		damageTN: damageTN(decl.weapon.damageTN, { killerBlow })
	};
}
/** Step 3a: the damage check a hit calls for, Soma plus margin at the damage TN, or null on a miss (000 "Damage"). */
function damageCheck(state, decl, contest) {
	const attacker = combatant(state, decl.attackerId, "attack.attackerId");
	if (!contest.hit) return null;
	return {
		pool: damagePool(attacker.soma, contest.margin),
		tn: assertInteger("contest.damageTN", contest.damageTN)
	};
}
/** The figures every attack log line shows. */
function attackNumbers(attacker, target, decl, contest) {
	return {
		attacker: attacker.name,
		target: target.name,
		weapon: decl.weapon.name,
		attackSuccesses: contest.attackSuccesses,
		defenceSuccesses: contest.defenceSuccesses
	};
}
/** The attack's effects; `logging` false leaves the log empty (ReportOptions). */
function attackEffects(state, decl, contest, damageDice, logging = true) {
	const attacker = combatant(state, decl.attackerId, "attack.attackerId");
	const target = combatant(state, decl.targetId, "attack.targetId");
	const changes = [spendAction(attacker.id)];
	const log = [];
	const magicSpent = decl.weapon.magicCost;
	if (magicSpent > 0) {
		const value = Math.max(0, attacker.magic.value - magicSpent);
		changes.push({
			type: "magic",
			id: attacker.id,
			value
		});
		if (logging) log.push({
			key: BATTLE_LOG.MagicSpent,
			data: {
				name: attacker.name,
				cost: magicSpent,
				value
			}
		});
	}
	const before = healthOf(target);
	const check = damageCheck(state, decl, contest);
	if (check === null) {
		if (logging) log.push({
			key: BATTLE_LOG.AttackMiss,
			data: attackNumbers(attacker, target, decl, contest)
		});
		return {
			changes,
			log,
			contest,
			damageSuccesses: 0,
			damage: 0,
			wounds: target.life.wounds,
			woundState: before,
			woundStateChanged: false,
			magicSpent
		};
	}
	if (logging) {
		const { attacker: a, target: t, weapon, attackSuccesses, defenceSuccesses } = attackNumbers(attacker, target, decl, contest);
		log.push({
			key: BATTLE_LOG.AttackHit,
			data: {
				attacker: a,
				target: t,
				weapon,
				attackSuccesses,
				defenceSuccesses,
				margin: contest.margin
			}
		});
	}
	if (damageDice === null) fail("damageDice", "the damage dice of a hit", damageDice);
	const damageSuccesses = countSuccesses(damageDice, check.tn);
	const damage = applyArmour(damageSuccesses, target.armour);
	const wounds = capWounds(target.life.wounds + damage, target.life.max);
	const after = woundState(wounds, target.life.max);
	if (wounds !== target.life.wounds) changes.push({
		type: "wounds",
		id: target.id,
		wounds
	});
	if (logging) log.push({
		key: BATTLE_LOG.Damage,
		data: {
			target: target.name,
			damage,
			successes: damageSuccesses,
			armour: target.armour,
			wounds
		}
	});
	if (after !== before && logging) log.push(healthChangeLog(target.name, after));
	if (after === "dead" && before !== "dead") {
		const freed = releasedByDeath(state, target.id);
		changes.push(...freed.changes);
		if (logging) log.push(...freed.log);
	}
	return {
		changes,
		log,
		contest,
		damageSuccesses,
		damage,
		wounds,
		woundState: after,
		woundStateChanged: after !== before,
		magicSpent
	};
}
/**
* The whole attack in one call for the simulator: validate, roll attack and defence, roll damage on a hit,
* resolve. Dice come from the DiceSource in that order.
*/
async function performAttack(state, decl, pools, dice) {
	const attack = parseAttack(decl);
	const legality = attackLegality(state, attack);
	if (!legality.allowed) return legality;
	return runSteps(attackRollSteps(state, attack, parseAttackPools(pools)), dice);
}
/** `performParsedAttack` with dice that answer at once (steps.ts): the same rolls in the same order, no Promise. */
function performParsedAttackSync(state, attack, pools, dice, options = {}) {
	const legality = attackLegality(state, attack);
	if (!legality.allowed) return legality;
	return runStepsSync(attackRollSteps(state, attack, pools, options.log !== false), dice);
}
const DAMAGE = poolLabel("damage");
function* attackRollSteps(state, attack, rolled, logging = true) {
	const attackDice = yield {
		pool: rolled.attackPool,
		label: ATTACK
	};
	const defenceDice = rolled.defence && defends(state, attack.targetId, rolled) ? yield {
		pool: rolled.defence.pool,
		label: DEFENCE
	} : null;
	const tns = killerBlowTNs(attack, rolled.baseAttackTN);
	const result = resolveContest({
		attackDice,
		attackTN: tns.attackTN,
		defenceDice,
		defenceTN: rolled.defence?.tn ?? 6
	});
	const contest = {
		attackSuccesses: result.attackSuccesses,
		defenceSuccesses: result.defenceSuccesses,
		hit: result.hit,
		margin: result.margin,
		attackTN: tns.attackTN,
		damageTN: tns.damageTN
	};
	const check = damageCheck(state, attack, contest);
	const e = attackEffects(state, attack, contest, check === null ? null : yield {
		pool: check.pool,
		label: DAMAGE
	}, logging);
	return {
		allowed: true,
		changes: e.changes,
		log: e.log,
		contest: e.contest,
		damageSuccesses: e.damageSuccesses,
		damage: e.damage,
		wounds: e.wounds,
		woundState: e.woundState,
		woundStateChanged: e.woundStateChanged,
		magicSpent: e.magicSpent
	};
}
// src/rules/procedures/grapple.ts
/**
* Grapple attacks and breaking out of grapples in the battle phase, as steps for the Foundry layer and as
* all-in-one versions for the simulator (000 "Grapple Attacks", "Breaking out of a Grapple").
*/
/**
* The grapplers shaken off by a break-out, in input order: each whose defence successes are below the attack
* successes, compared one by one; an attack with no successes shakes off nobody (000 "Breaking out of a Grapple").
*/
function breakOut(attackSuccesses, input) {
	assertNonNegativeInteger("attackSuccesses", attackSuccesses);
	const entries = assertList("grapplers", input).map((g, i) => assertRecord(`grapplers[${i}]`, g));
	const ids = assertUniqueIds(entries.map((g) => g.id), (i) => `grapplers[${i}].id`);
	const grapplers = entries.map((g, i) => ({
		id: ids[i] ?? fail(`grapplers[${i}].id`, "an id", g.id),
		defenceSuccesses: assertNonNegativeInteger(`grapplers[${i}].defenceSuccesses`, g.defenceSuccesses)
	}));
	if (attackSuccesses === 0) return [];
	return grapplers.filter((g) => g.defenceSuccesses < attackSuccesses).map((g) => g.id);
}
/** Parses a grapple declaration given to a public entry point; the parsed entry points trust what it returned. */
function parseGrapple(value) {
	const decl = assertRecord("grapple", value, "a grapple declaration");
	return {
		attackerId: assertString("grapple.attackerId", decl.attackerId),
		targetId: assertString("grapple.targetId", decl.targetId),
		weapon: checkWeapon(decl.weapon, "grapple.weapon")
	};
}
function parseBreakOut(value) {
	return { breakerId: assertString("breakOut.breakerId", assertRecord("breakOut", value, "a break-out declaration").breakerId) };
}
/** A pool and TN, or null for no defence. */
function parseDefence(name, value) {
	if (value === null) return null;
	const defence = assertRecord(name, value, "a pool and TN, or null");
	return {
		pool: assertInteger(`${name}.pool`, defence.pool),
		tn: assertInteger(`${name}.tn`, defence.tn)
	};
}
/** Step 1 of a grapple: whether the attacker may grapple the target now (000 "Grapple Attacks"). */
function validateGrapple(state, decl) {
	return grappleLegality(state, parseGrapple(decl));
}
/** `validateGrapple` for a declaration already parsed. */
function grappleLegality(state, decl) {
	const weapon = decl.weapon;
	const attacker = combatant(state, decl.attackerId, "grapple.attackerId");
	const target = combatant(state, decl.targetId, "grapple.targetId");
	if (attacker.id === target.id) return refuse(RULE_REASONS.SelfTarget);
	const ready = readyToAct(attacker);
	if (!ready.allowed) return ready;
	if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
	if (!weapon.grapple) return refuse(RULE_REASONS.WeaponCannotGrapple);
	if (weapon.range !== "melee") return refuse(RULE_REASONS.WrongWeaponRange);
	if (grapplePartners(state, attacker.id).includes(target.id)) return refuse(RULE_REASONS.AlreadyGrappling);
	if (carrierOf(state, attacker.id) !== void 0 || carrierOf(state, target.id) !== void 0) return refuse(RULE_REASONS.CarriedCannotGrapple);
	if (isPinned(state, attacker.id)) return refuse(RULE_REASONS.OnlyGrapplePartners);
	const distance = distanceBetween(state, attacker.id, target.id);
	if (distance === "zero") return refuse(RULE_REASONS.ZeroRangeNotGrappled);
	const reach = canMelee(distance, attacker.altitude, target.altitude);
	if (!reach.allowed) return reach;
	if (carriesTooMuch(state, attacker)) return refuse(RULE_REASONS.CarryingTooHeavy);
	return ALLOWED;
}
/** Step 2 of a grapple: a hit locks the pair at zero range and pins both; a grapple deals no damage. */
function resolveGrapple(state, decl, contest) {
	const attacker = combatant(state, decl.attackerId, "grapple.attackerId");
	const target = combatant(state, decl.targetId, "grapple.targetId");
	const data = {
		attacker: attacker.name,
		target: target.name,
		attackSuccesses: contest.attackSuccesses,
		defenceSuccesses: contest.defenceSuccesses
	};
	const spent = spendAction(attacker.id);
	if (!contest.hit) return {
		changes: [spent],
		log: [{
			key: BATTLE_LOG.GrappleMiss,
			data
		}],
		contest
	};
	return {
		changes: [spent, {
			type: "grapple",
			a: attacker.id,
			b: target.id
		}],
		log: [{
			key: BATTLE_LOG.GrappleHit,
			data
		}],
		contest
	};
}
/** The whole grapple for the simulator: validate, roll attack then defence from the DiceSource, resolve. */
async function performGrapple(state, decl, pools, dice) {
	const grapple = parseGrapple(decl);
	const legality = grappleLegality(state, grapple);
	if (!legality.allowed) return legality;
	return runSteps(grappleRollSteps(state, grapple, parseGrapplePools(pools)), dice);
}
/** The pools given to `performGrapple`; `performParsedGrappleSync` trusts what this returned. */
function parseGrapplePools(pools) {
	const given = assertRecord("pools", pools, "attack and defence pools");
	return {
		attackPool: assertInteger("pools.attackPool", given.attackPool),
		attackTN: assertInteger("pools.attackTN", given.attackTN),
		defence: parseDefence("pools.defence", given.defence)
	};
}
/**
* `performGrapple` for a declaration and pools already parsed (`parseGrapple`, `parseGrapplePools`), with dice
* that answer at once (steps.ts): the same checks of the rules and the same rolls in the same order.
*/
function performParsedGrappleSync(state, grapple, pools, dice) {
	return runStepsSync(parsedGrappleSteps(state, grapple, pools), dice);
}
/** The parsed grapple as steps (steps.ts): the legality, then the rolls. */
function* parsedGrappleSteps(state, grapple, pools) {
	const legality = grappleLegality(state, grapple);
	if (!legality.allowed) return legality;
	return yield* grappleRollSteps(state, grapple, pools);
}
function* grappleRollSteps(state, grapple, rolled) {
	const { attackDice, defenceDice } = yield* opposedSteps(state, grapple.targetId, rolled);
	const contest = resolveContest({
		attackDice,
		attackTN: rolled.attackTN,
		defenceDice,
		defenceTN: rolled.defence?.tn ?? rolled.attackTN
	});
	const { changes, log } = resolveGrapple(state, grapple, contest);
	return {
		allowed: true,
		changes,
		log,
		contest
	};
}
/** Step 1 of a break-out: only a grappled combatant that may act can try (000 "Breaking out of a Grapple"). */
function validateBreakOut(state, decl) {
	return breakOutLegality(state, parseBreakOut(decl));
}
/** `validateBreakOut` for a declaration already parsed. */
function breakOutLegality(state, decl) {
	const breaker = combatant(state, decl.breakerId, "breakOut.breakerId");
	const ready = readyToAct(breaker);
	if (!ready.allowed) return ready;
	if (!isPinned(state, breaker.id)) return refuse(RULE_REASONS.NotGrappled);
	if (carriesTooMuch(state, breaker)) return refuse(RULE_REASONS.CarryingTooHeavy);
	return ALLOWED;
}
/**
* Who must answer a break-out (000 "Breaking out of a Grapple": "each and every enemy combatant in the grapple"),
* each defending separately: every member of the breaker's grapple cluster on another side than the breaker, and
* whoever holds the breaker directly whatever its side. Cluster order (`grappleCluster`) is the dice order.
*/
function breakOutDefenders(state, breakerId) {
	const breaker = combatant(state, breakerId, "breakerId");
	const partners = grapplePartners(state, breaker.id);
	return grappleCluster(state, breaker.id).filter((id) => id !== breaker.id && (partners.includes(id) || combatant(state, id).side !== breaker.side));
}
/**
* Everyone in the same grapple as this combatant (itself first): the connected cluster of grapple links, so in
* the chain A-B, B-D, D-E all four are in one grapple. Members are found link by link from the combatant, each
* one's partners in the order of `state.grapples`; someone in no grapple is alone in its cluster.
*/
function grappleCluster(state, id) {
	combatant(state, id, "id");
	const cluster = [id];
	for (let i = 0; i < cluster.length; i += 1) for (const partner of grapplePartners(state, cluster[i] ?? id)) if (!cluster.includes(partner)) cluster.push(partner);
	return cluster;
}
function breakOutEffects(state, breakerId, rolls) {
	const breaker = combatant(state, breakerId, "breakOut.breakerId");
	const attackSuccesses = countSuccesses(rolls.attackDice, rolls.attackTN);
	const answers = rolls.defences.map((d) => ({
		id: d.id,
		defenceSuccesses: d.dice === null ? 0 : countSuccesses(d.dice, d.tn)
	}));
	const shakenOff = breakOut(attackSuccesses, answers);
	const changes = [spendAction(breaker.id)];
	const log = [];
	const stillHeld = [];
	const cluster = grappleCluster(state, breaker.id);
	let after = state;
	for (const answer of answers) {
		const freed = shakenOff.includes(answer.id);
		if (freed) {
			const leaving = [...grapplePartners(after, answer.id).map((b) => ({
				type: "release",
				a: answer.id,
				b
			})), ...cluster.filter((b) => b !== answer.id && distanceBetween(after, answer.id, b) === "zero" && !grapplePartners(after, answer.id).includes(b)).map((b) => ({
				type: "distance",
				a: answer.id,
				b,
				distance: "close"
			}))];
			changes.push(...leaving);
			after = applyChanges(after, leaving);
		}
		const grappler = combatant(state, answer.id, "grappler");
		const data = {
			breaker: breaker.name,
			grappler: grappler.name,
			attackSuccesses,
			defenceSuccesses: answer.defenceSuccesses
		};
		if (!freed) stillHeld.push(answer.id);
		log.push({
			key: freed ? BATTLE_LOG.BrokeFree : BATTLE_LOG.StillHeld,
			data
		});
	}
	return {
		changes,
		log,
		attackSuccesses,
		shakenOff,
		stillHeld,
		stillPinned: isPinned(after, breaker.id)
	};
}
/**
* The whole break-out for the simulator: validate, roll the attack, then each grappler's defence in grapple
* order from the DiceSource, resolve.
*/
async function performBreakOut(state, decl, pools, dice) {
	const { breakerId } = parseBreakOut(decl);
	const legality = breakOutLegality(state, { breakerId });
	if (!legality.allowed) return legality;
	const given = assertRecord("pools", pools, "break-out pools");
	const attackTN = assertInteger("pools.attackTN", given.attackTN);
	const perDefender = given.defences === void 0 ? {} : assertRecord("pools.defences", given.defences);
	return runSteps(breakOutRollSteps(state, breakerId, assertInteger("pools.attackPool", given.attackPool), attackTN, {
		parse: true,
		defences: perDefender
	}), dice);
}
/**
* `performBreakOut` for pools already parsed (every defence a pool and TN, or null), with dice that answer at
* once (steps.ts): the same checks of the rules and the same rolls in the same order.
*/
function performParsedBreakOutSync(state, decl, pools, dice) {
	return runStepsSync(parsedBreakOutSteps(state, decl, pools), dice);
}
/** The parsed break-out as steps (steps.ts): the legality, then the rolls. */
function* parsedBreakOutSteps(state, decl, pools) {
	const legality = breakOutLegality(state, decl);
	if (!legality.allowed) return legality;
	return yield* breakOutRollSteps(state, decl.breakerId, pools.attackPool, pools.attackTN, {
		parse: false,
		defences: pools.defences
	});
}
const BREAK_OUT_ATTACK = poolLabel("attack");
function* breakOutRollSteps(state, breakerId, attackPool, attackTN, offered) {
	const attackDice = yield {
		pool: attackPool,
		label: BREAK_OUT_ATTACK
	};
	const defences = [];
	for (const id of breakOutDefenders(state, breakerId)) {
		const given = offered.parse ? parseDefence(`pools.defences.${id}`, offered.defences[id] ?? null) : offered.defences[id] ?? null;
		const defence = mayDefend(state, id).allowed ? given : null;
		const rolled = defence === null ? null : yield {
			pool: defence.pool,
			label: poolLabel(`defence ${id}`)
		};
		defences.push({
			id,
			dice: rolled,
			tn: defence?.tn ?? attackTN
		});
	}
	const e = breakOutEffects(state, breakerId, {
		attackDice,
		attackTN,
		defences
	});
	return {
		allowed: true,
		changes: e.changes,
		log: e.log,
		attackSuccesses: e.attackSuccesses,
		shakenOff: e.shakenOff,
		stillHeld: e.stillHeld,
		stillPinned: e.stillPinned
	};
}
// src/rules/procedures/move.ts
/**
* The tactical movement phase: a combatant declares a move and the rules check it and turn it into changes
* (000 "Phase One: The Tactical Movement Phase", "Manoeuvres"; RULES.md "Movement").
*/
/**
* Whether a phase allows tactical movement: 000's movement phase, or (001 d10 mode) a speed phase, in which
* each combatant moves and then fights (round-plan.ts); never Starting, battle, end or End of Round.
*/
function isMovementPhase(phase) {
	if (phase === "movement") return true;
	if (phase === "battle" || phase === "end") return false;
	return SPEED_CATEGORIES.includes(assertOneOf("phase", phase, SPEED_PHASES));
}
/** Every kind of move, the cheaper first. */
const MOVE_KINDS = Object.freeze(["standard", "full"]);
/** Why a move is refused, by name: a view of the one list (reasons.ts RULE_REASONS), kept for its callers. */
const MOVE_REASONS = Object.freeze({
	NotMovementPhase: RULE_REASONS.NotMovementPhase,
	Dead: RULE_REASONS.ActorDead,
	SeverelyInjured: RULE_REASONS.SeverelyInjuredNoMove,
	Pinned: RULE_REASONS.Pinned,
	Carried: RULE_REASONS.Carried,
	FullMoveTaken: RULE_REASONS.FullMoveTaken,
	NoZeroRangeByMove: RULE_REASONS.NoZeroRangeByMove,
	MovesWithPassenger: RULE_REASONS.MovesWithPassenger,
	NoMoveDeclared: RULE_REASONS.NoMoveDeclared,
	CannotFly: RULE_REASONS.CannotFly,
	NoGroundToWalk: RULE_REASONS.NoGroundToWalk,
	NoStandardMove: RULE_REASONS.NoStandardMove,
	TakeOffNeedsFullMove: RULE_REASONS.TakeOffNeedsFullMove,
	TooManyAltitudeSteps: RULE_REASONS.TooManyAltitudeSteps,
	TooManyDistanceSteps: RULE_REASONS.TooManyDistanceSteps,
	ForcedFullMove: RULE_REASONS.ForcedFullMove,
	AlreadyMoved: RULE_REASONS.AlreadyMoved,
	Surprised: RULE_REASONS.Surprised,
	Ambushed: RULE_REASONS.Ambushed,
	ActedNoFullMove: RULE_REASONS.ActedNoFullMove
});
/** What a move writes to the log; each value is an en.json key. */
const MOVE_LOG = Object.freeze({
	Altitude: "AOD.Rules.Log.MoveAltitude",
	Distance: "AOD.Rules.Log.MoveDistance",
	CarriedAlong: "AOD.Rules.Log.CarriedAlong",
	FullMove: "AOD.Rules.Log.FullMove"
});
/** Parses a declared move given to a public entry point: known ids, bands and kind. */
function parseMove(state, value) {
	const m = assertRecord("move", value);
	const id = combatant(state, assertString("move.id", m.id), "move.id").id;
	const move = {
		id,
		kind: assertOneOf("move.kind", m.kind, MOVE_KINDS)
	};
	if (m.altitude !== void 0) move.altitude = assertOneOf("move.altitude", m.altitude, ALTITUDES);
	if (m.distance !== void 0) {
		move.distance = assertOneOf("move.distance", m.distance, DISTANCES);
		if (m.reference === void 0) fail("move.reference", "a reference id when a distance is given", void 0);
	}
	if (m.reference !== void 0) {
		const reference = assertString("move.reference", m.reference);
		if (reference === id) fail("move.reference", "another combatant or a landmark", reference);
		if (!state.combatants[reference] && !state.landmarks[reference]) fail("move.reference", "the id of a combatant or landmark", reference);
		move.reference = reference;
	}
	return move;
}
/** Whatever keeps this combatant from moving at all this phase, as a reason name. */
function blocker(state, mover, phase) {
	if (!isMovementPhase(phase)) return "NotMovementPhase";
	const health = healthOf(mover);
	if (health === "dead") return "Dead";
	if (health === "severelyInjured") return "SeverelyInjured";
	if (isPinned(state, mover.id)) return "Pinned";
	if (carrierOf(state, mover.id) !== void 0) return "Carried";
	if (!mover.canFly && mover.altitude !== "grounded") return "NoGroundToWalk";
	if (hasRoundEffect(mover, "ambushed")) return "Ambushed";
	if (hasRoundEffect(mover, "surprised")) return "Surprised";
	if (mover.fullMove) return "FullMoveTaken";
	if (mover.moved) return "AlreadyMoved";
}
/** The combatants that travel with a carrier: what it carries, and what that one carries in turn. */
function passengers(state, id) {
	const found = [];
	let next = state.carrying[id];
	while (next !== void 0 && next !== id && !found.includes(next)) {
		found.push(next);
		next = state.carrying[next];
	}
	return found;
}
function stepsNeeded(state, mover, move) {
	const altitude = move.altitude === void 0 ? 0 : Math.abs(altitudeIndex(move.altitude) - altitudeIndex(mover.altitude));
	return {
		distance: move.distance === void 0 || move.reference === void 0 ? 0 : Math.abs(distanceIndex(move.distance) - distanceIndex(distanceBetween(state, mover.id, move.reference))),
		altitude
	};
}
/** Checks the steps against the allowance; undefined when the move fits. */
function allowanceProblem(mover, kind, need) {
	if (need.altitude > 0 && !mover.canFly) return "CannotFly";
	const allowed = movementAllowance({
		canFly: mover.canFly && (mover.altitude !== "grounded" || need.altitude > 0),
		altitude: mover.altitude,
		fastGround: mover.fastGround
	})[kind];
	if (kind === "standard" && allowed.distance === 0 && allowed.altitude === 0) return "NoStandardMove";
	if (need.altitude > allowed.altitude && mover.altitude === "grounded") return "TakeOffNeedsFullMove";
	if (need.altitude > allowed.altitude) return "TooManyAltitudeSteps";
	if (need.distance > allowed.distance) return "TooManyDistanceSteps";
}
/** The first thing that makes a declared move illegal, or undefined when it is legal. */
function moveProblem(state, move, phase) {
	const mover = combatant(state, move.id, "move.id");
	const blocked = blocker(state, mover, phase);
	if (blocked !== void 0) return blocked;
	if (move.kind === "standard" && hasRoundEffect(mover, "forcedFullMove")) return "ForcedFullMove";
	if (move.kind === "full" && mover.acted) return "ActedNoFullMove";
	if (move.distance === "zero") return "NoZeroRangeByMove";
	if (move.reference !== void 0 && passengers(state, mover.id).includes(move.reference)) return "MovesWithPassenger";
	const need = stepsNeeded(state, mover, move);
	if (need.altitude === 0 && need.distance === 0) return "NoMoveDeclared";
	return allowanceProblem(mover, move.kind, need);
}
/**
* Checks a declared move without making it (000 "Manoeuvres"): a refusal carries an en.json reason key;
* malformed input (unknown ids, bands or kinds) throws a RangeError.
*/
function validateMove(state, move, phase) {
	const problem = moveProblem(state, parseMove(state, move), phase);
	return problem === void 0 ? ALLOWED : refuse(MOVE_REASONS[problem]);
}
/**
* Checks a declared move and, when it is legal, returns its changes and log (000 "Manoeuvres"): the new
* altitude and distance, the same for anyone it carries, the moved flag, and the fullMove flag for a full move.
*/
function resolveMove(state, declared, phase) {
	return resolveParsedMove(state, parseMove(state, declared), phase);
}
/**
* `resolveMove` for a move already known to be well formed (`parseMove` would return it unchanged: a known mover
* and reference, a known kind and bands), such as the simulator's own tactics make; the rules' checks all run.
*/
function resolveParsedMove(state, move, phase, options = {}) {
	const problem = moveProblem(state, move, phase);
	if (problem !== void 0) return refuse(MOVE_REASONS[problem]);
	const logging = options.log !== false;
	const mover = combatant(state, move.id);
	const riders = passengers(state, mover.id);
	const changes = [];
	const log = [];
	if (move.altitude !== void 0 && move.altitude !== mover.altitude) {
		if (logging) log.push({
			key: MOVE_LOG.Altitude,
			data: {
				name: mover.name,
				from: mover.altitude,
				to: move.altitude
			}
		});
		changes.push({
			type: "altitude",
			id: mover.id,
			altitude: move.altitude
		});
		for (const id of riders) changes.push({
			type: "altitude",
			id,
			altitude: move.altitude
		});
	}
	if (move.reference !== void 0 && move.distance !== void 0) {
		const from = distanceBetween(state, mover.id, move.reference);
		if (from !== move.distance) {
			if (logging) {
				const reference = state.combatants[move.reference]?.name ?? state.landmarks[move.reference]?.name ?? move.reference;
				log.push({
					key: MOVE_LOG.Distance,
					data: {
						name: mover.name,
						reference,
						from,
						to: move.distance
					}
				});
			}
			changes.push({
				type: "distance",
				a: mover.id,
				b: move.reference,
				distance: move.distance
			});
			for (const id of riders) changes.push({
				type: "distance",
				a: id,
				b: move.reference,
				distance: move.distance
			});
		}
	}
	for (const id of riders) {
		const name = combatant(state, id).name;
		if (logging) log.push({
			key: MOVE_LOG.CarriedAlong,
			data: {
				name,
				carrier: mover.name
			}
		});
	}
	if (mover.falling) changes.push({
		type: "flag",
		id: mover.id,
		flag: "falling",
		value: false
	});
	changes.push({
		type: "flag",
		id: mover.id,
		flag: "moved",
		value: true
	});
	if (move.kind === "full") {
		changes.push({
			type: "flag",
			id: mover.id,
			flag: "fullMove",
			value: true
		});
		if (logging) log.push({
			key: MOVE_LOG.FullMove,
			data: { name: mover.name }
		});
	}
	return {
		allowed: true,
		changes,
		log
	};
}
// src/rules/procedures/declared.ts
/**
* Declared actions in the declaration modes (000 "Alternative Option: Reverse Declaration", "Alternative Option:
* Secret Declaration"): an action is declared early and resolved later, so it is checked again when its turn to
* resolve comes. One that has become impossible or pointless (its target died, its attacker was pinned) is
* aborted, and the action is lost.
*/
function actorOf(declared) {
	switch (declared.action) {
		case "attack": return declared.attack.attackerId;
		case "grapple": return declared.grapple.attackerId;
		case "breakOut": return declared.breakOut.breakerId;
		case "rescue": return declared.rescue.rescuerId;
		case "move": return declared.move.id;
		case "other": return declared.actorId;
		default: return unknownAction(declared);
	}
}
function unknownAction(declared) {
	const action = declared.action;
	return fail("declared.action", "attack, grapple, breakOut, rescue, move or other", action);
}
function legality(state, declared) {
	switch (declared.action) {
		case "attack": return validateAttack(state, declared.attack);
		case "grapple": return validateGrapple(state, declared.grapple);
		case "breakOut": return validateBreakOut(state, declared.breakOut);
		case "rescue": return validateRescue(state, declared.rescue);
		case "move": return validateMove(state, declared.move, declared.phase);
		case "other": return readyToAct(combatant(state, declared.actorId, "declared.actorId"));
		default: return unknownAction(declared);
	}
}
/**
* Checks a declared action again as it resolves (000 "Reverse Declaration": an action that has become invalid or
* redundant is aborted and the acting combatant loses it). Malformed declarations are RangeErrors.
*/
function checkDeclaredAction(state, declared) {
	assertRecord("declared", declared, "a declared action");
	const ruling = legality(state, declared);
	if (ruling.allowed) return { stands: true };
	const { reason } = ruling;
	const actor = combatant(state, actorOf(declared), "declared actor");
	return {
		stands: false,
		reason,
		changes: [declared.action === "move" ? {
			type: "flag",
			id: actor.id,
			flag: "moved",
			value: true
		} : spendAction(actor.id)],
		log: [{
			key: BATTLE_LOG.ActionAborted,
			data: {
				name: actor.name,
				reason
			}
		}]
	};
}
// src/rules/procedures/simultaneous.ts
/**
* Simultaneous resolution (000 "Alternative Option: Secret Declaration": "combatants of equal pneuma resolve
* their actions simultaneously"). Every action of a group is checked against the state before the group, all of
* them resolve against that same state, and their changes apply together: two dragons that bite each other both
* land their bites, even when one bite kills.
*
* Dice order (`resolveSimultaneous`): the actions in group order, each rolling as its all-in-one procedure does.
*/
/** What the merge adds to the log; each value is an en.json key. */
const SIMULTANEOUS_LOG = Object.freeze({ 
/** A second rescuer caught a faller that another rescuer of the same group already holds. */
CatchTaken: "AOD.Rules.Log.CatchTaken" });
function woundDelta(before, change) {
	return Math.max(0, change.wounds - combatant(before, change.id).life.wounds);
}
/** Who each outcome, applied alone to the state before, leaves in each health state. */
function aloneStates(before, outcome) {
	const after = applyChanges(before, outcome.changes);
	return new Map(Object.values(after.combatants).map((c) => [c.id, healthOf(c)]));
}
/**
* Merges outcomes that were each worked out against `before` into one (000 "Secret Declaration"): wounds add up
* (each outcome's wounds above the state before, capped as stored wounds are), the other changes apply in group
* order (where two set the same distance, the later one stands), and when two rescuers catch the same faller
* the first listed holds it. Someone killed or severely injured only by the wounds together gets the log line
* and, on death, the releases its death causes. For the Foundry layer, which rolls each action on its owner's
* machine; `resolveSimultaneous` calls it.
*/
function mergeSimultaneous(before, outcomes) {
	const damage = /* @__PURE__ */ new Map();
	const changes = [];
	const log = [];
	let state = before;
	for (const outcome of outcomes) {
		log.push(...outcome.log);
		for (const change of outcome.changes) {
			if (change.type === "wounds") {
				damage.set(change.id, (damage.get(change.id) ?? 0) + woundDelta(before, change));
				continue;
			}
			if (change.type === "carry" && (carrierOf(state, change.carried) !== void 0 || state.carrying[change.carrier] !== void 0)) {
				const data = {
					rescuer: combatant(before, change.carrier).name,
					target: combatant(before, change.carried).name
				};
				log.push({
					key: SIMULTANEOUS_LOG.CatchTaken,
					data
				});
				continue;
			}
			changes.push(change);
			state = applyChange(state, change);
		}
	}
	for (const [id, dealt] of damage) {
		const c = combatant(before, id);
		const wounds = capWounds(c.life.wounds + dealt, c.life.max);
		if (wounds === c.life.wounds) continue;
		const change = {
			type: "wounds",
			id,
			wounds
		};
		changes.push(change);
		state = applyChange(state, change);
	}
	const alone = outcomes.map((o) => aloneStates(before, o));
	for (const id of damage.keys()) {
		const was = healthOf(combatant(before, id));
		const now = healthOf(combatant(state, id));
		if (now === was || alone.some((states) => states.get(id) === now)) continue;
		const name = combatant(state, id).name;
		log.push(healthChangeLog(name, now));
		if (now === "dead") {
			const freed = releasedByDeath(state, id);
			changes.push(...freed.changes);
			log.push(...freed.log);
			state = applyChanges(state, freed.changes);
		}
	}
	return {
		changes,
		log
	};
}
/** One action against the state before the group: its result, and the outcome it adds to the merge. */
async function performOne(before, a, dice) {
	const ruling = checkDeclaredAction(before, a);
	if (!ruling.stands) return {
		result: {
			stands: false,
			reason: ruling.reason
		},
		outcome: {
			changes: ruling.changes,
			log: ruling.log
		}
	};
	let result;
	switch (a.action) {
		case "attack":
			result = await performAttack(before, a.attack, a.pools, dice);
			break;
		case "grapple":
			result = await performGrapple(before, a.grapple, a.pools, dice);
			break;
		case "breakOut":
			result = await performBreakOut(before, a.breakOut, a.pools, dice);
			break;
		case "rescue":
			result = await performRescue(before, a.rescue, a.pool, dice);
			break;
		case "move":
			result = resolveMove(before, a.move, a.phase);
			break;
		case "other": result = takeBattleAction(before, a.actorId);
	}
	if (!result.allowed) return {
		result: {
			stands: false,
			reason: result.reason
		},
		outcome: {
			changes: [],
			log: []
		}
	};
	const outcome = {
		changes: result.changes,
		log: result.log
	};
	return {
		result: {
			stands: true,
			outcome
		},
		outcome
	};
}
/**
* Resolves a group of equal Pneuma at once (000 "Secret Declaration"): each action is checked against the state
* before the group (an action already impossible then is aborted and lost, `checkDeclaredAction`), each
* resolves against that same state, and `mergeSimultaneous` puts their changes together.
*/
async function resolveSimultaneous(before, group, dice) {
	assertList("group", group, "an array of declared actions").forEach((a, i) => assertRecord(`group[${i}]`, a, "a declared action"));
	const results = [];
	const outcomes = [];
	for (const a of group) {
		const { result, outcome } = await performOne(before, a, dice);
		results.push(result);
		outcomes.push(outcome);
	}
	return {
		results,
		...mergeSimultaneous(before, outcomes)
	};
}
// src/rules/procedures/end-phase.ts
/** What the end phase writes to the log; each value is an en.json key (shared with the battle rules where they overlap). */
const END_PHASE_LOG = Object.freeze({
	Fell: "AOD.Rules.Log.Fell",
	FellWithCarrier: "AOD.Rules.Log.FellWithCarrier",
	Crashed: "AOD.Rules.Log.Crashed",
	SeverelyInjured: "AOD.Rules.Log.BecameSeverelyInjured",
	Killed: "AOD.Rules.Log.Killed",
	NoFalls: "AOD.Rules.Log.NoFalls",
	ChoseToFall: "AOD.Rules.Log.ChoseToFall"
});
Object.freeze({
	CannotFly: RULE_REASONS.CannotFly,
	Grounded: RULE_REASONS.Grounded,
	Dead: RULE_REASONS.ActorDead,
	Carried: RULE_REASONS.Carried
});
/** Why an airborne combatant cannot stay up this end phase, if it cannot (000 "Falling out of the Sky"). */
function ownFallCause(state, c) {
	if (isPinned(state, c.id)) return "pinned";
	const health = healthOf(c);
	if (health !== "fit") return health;
	if (c.choseToFall) return "choseToFall";
	if (!c.canFly) return "cannotFly";
}
function* rollCrash(c, state) {
	const pool = clampPool(c.soma, `${c.id}.soma`);
	const tn = crashTN(state.surface);
	const faces = yield {
		pool,
		label: poolLabel(`${c.id} crash`)
	};
	const successes = countSuccesses(faces, tn);
	const damage = applyArmour(successes, c.armour);
	const wounds = capWounds(c.life.wounds + damage, c.life.max);
	return {
		pool,
		tn,
		dice: faces,
		successes,
		armour: c.armour,
		damage,
		wounds,
		woundState: woundState(wounds, c.life.max)
	};
}
/** `resolveEndPhase` with dice that answer at once (steps.ts): the same crashes rolled in the same order. */
function resolveEndPhaseSync(state, dice, options = {}) {
	return runStepsSync(endPhaseSteps(state, options.log !== false, options.compactResets === true), dice);
}
/** One combatant's fall of one band, and its crash if that band is the ground. */
function* fallSteps(at, c, cause, to, crashed, carrier) {
	const { state, logging, changes, log, falls, stillFalling } = at;
	const report = {
		id: c.id,
		name: c.name,
		cause,
		from: c.altitude,
		to,
		crashed
	};
	changes.push({
		type: "altitude",
		id: c.id,
		altitude: to
	});
	if (logging) log.push(carrier === void 0 ? {
		key: END_PHASE_LOG.Fell,
		data: {
			name: c.name,
			from: c.altitude,
			to
		}
	} : {
		key: END_PHASE_LOG.FellWithCarrier,
		data: {
			name: c.name,
			carrier,
			from: c.altitude,
			to
		}
	});
	if (crashed) {
		const crash = yield* rollCrash(c, state);
		report.crash = crash;
		const { successes, tn, armour, damage, wounds } = crash;
		if (logging) log.push({
			key: END_PHASE_LOG.Crashed,
			data: {
				name: c.name,
				successes,
				tn,
				armour,
				damage,
				wounds
			}
		});
		if (damage > 0) changes.push({
			type: "wounds",
			id: c.id,
			wounds
		});
		const before = healthOf(c);
		if (crash.woundState !== before && logging) log.push(healthChangeLog(c.name, crash.woundState));
	} else if (carrier === void 0 && state.carrying[c.id] === void 0) stillFalling.add(c.id);
	falls.push(report);
}
/** The end phase as steps (steps.ts): one roll per crash, in combatant order. */
function* endPhaseSteps(state, logging = true, compactResets = false) {
	const changes = [];
	const log = [];
	const falls = [];
	const stillFalling = /* @__PURE__ */ new Set();
	const at = {
		state,
		logging,
		changes,
		log,
		falls,
		stillFalling
	};
	for (const id of Object.keys(state.combatants)) {
		const c = combatant(state, id);
		if (c.altitude === "grounded") continue;
		if (carrierOf(state, id) !== void 0) continue;
		const cause = ownFallCause(state, c);
		if (cause === void 0) continue;
		const step = fallStep(c.altitude);
		yield* fallSteps(at, c, cause, step.altitude, step.crashed);
		if (state.carrying[id] === void 0) continue;
		const seen = /* @__PURE__ */ new Set([id]);
		for (let p = state.carrying[id], by = c.name; p !== void 0 && !seen.has(p); p = state.carrying[p]) {
			seen.add(p);
			const passenger = combatant(state, p, "carried");
			yield* fallSteps(at, passenger, "carrier", step.altitude, step.crashed, by);
			by = passenger.name;
		}
	}
	const killed = falls.filter((f) => f.crash?.woundState === "dead" && !isDead(combatant(state, f.id)));
	if (killed.length > 0) {
		const landed = applyChanges(state, changes);
		for (const f of killed) {
			const freed = releasedByDeath(landed, f.id);
			changes.push(...freed.changes);
			if (logging) log.push(...freed.log);
		}
	}
	for (const id of Object.keys(state.combatants)) {
		const c = combatant(state, id);
		const falling = stillFalling.has(id);
		if (compactResets) {
			if (c.falling !== falling || c.moved || c.fullMove || c.acted || c.choseToFall || c.roundEffects.length > 0) changes.push({
				type: "newRound",
				id,
				falling
			});
			continue;
		}
		if (c.falling !== falling) changes.push({
			type: "flag",
			id,
			flag: "falling",
			value: falling
		});
		if (c.moved) changes.push({
			type: "flag",
			id,
			flag: "moved",
			value: false
		});
		if (c.fullMove) changes.push({
			type: "flag",
			id,
			flag: "fullMove",
			value: false
		});
		if (c.acted) changes.push({
			type: "flag",
			id,
			flag: "acted",
			value: false
		});
		if (c.choseToFall) changes.push({
			type: "flag",
			id,
			flag: "choseToFall",
			value: false
		});
		for (const effect of c.roundEffects) changes.push({
			type: "roundEffect",
			id,
			effect,
			active: false
		});
	}
	if (falls.length === 0 && logging) log.push({ key: END_PHASE_LOG.NoFalls });
	return {
		changes,
		log,
		falls
	};
}
/** Passes of side re-rolls after which a dice source that keeps tying is reported as broken. */
const MAX_SIDE_PASSES = 1e4;
/** Splits items into runs of equal key, keeping the given order inside each run; keys highest first. */
function groupDescending(items, key) {
	return [...new Set(items.map(key))].sort((a, b) => b - a).map((k) => items.filter((item) => key(item) === k));
}
function* settleTie(group, checks, depth) {
	if (group.length === 1 || depth >= 50) return group.map((e) => e.id);
	if (group.every((e) => clampPool(e.pneuma) === 0 || !isAchievableTN(e.tieTN))) return group.map((e) => e.id);
	const scored = [];
	for (const entry of group) {
		const faces = yield {
			pool: entry.pneuma,
			label: entry.label
		};
		const successes = successesAt(faces, entry.tieTN);
		checks.push({
			id: entry.id,
			dice: faces,
			successes
		});
		scored.push({
			entry,
			successes
		});
	}
	const order = [];
	for (const sub of groupDescending(scored, (s) => s.successes)) order.push(...yield* settleTie(sub.map((s) => s.entry), checks, depth + 1));
	return order;
}
/** Checks a roster and options as `pneumaOrder` does (same messages), once for any number of orders. */
function pneumaRoster(combatants, options = {}) {
	const given = assertRecord("options", options);
	const tieTN = given.tieTN === void 0 ? 6 : assertInteger("options.tieTN", given.tieTN);
	const entries = assertList("combatants", combatants).map((c, i) => assertRecord(`combatants[${i}]`, c, "an object with id and pneuma"));
	const ids = assertUniqueIds(entries.map((c) => c.id), (i) => `combatants.id[${i}]`);
	return entries.map((c, i) => {
		const id = ids[i] ?? fail(`combatants[${i}].id`, "an id", c.id);
		return {
			id,
			pneuma: assertNonNegativeInteger(`combatants[${i}].pneuma`, c.pneuma),
			tieTN: c.tieTN === void 0 ? tieTN : assertInteger(`combatants[${i}].tieTN`, c.tieTN),
			label: poolLabel(`${id} Pneuma`)
		};
	});
}
/** The Pneuma order of a checked roster as steps (steps.ts): the same rolls in the same order as `pneumaOrder`. */
function* pneumaOrderSteps(roster) {
	const checks = [];
	const order = [];
	for (const group of groupDescending(roster, (c) => c.pneuma)) order.push(...yield* settleTie(group, checks, 0));
	return {
		order,
		checks,
		pneuma: Object.fromEntries(roster.map((c) => [c.id, c.pneuma]))
	};
}
/** The sides whose current roll equals another side's, grouped by that roll, in input order. */
function tiedGroups(sides, rolls) {
	const byRoll = /* @__PURE__ */ new Map();
	for (const side of sides) {
		const roll = rolls[side] ?? 0;
		byRoll.set(roll, [...byRoll.get(roll) ?? [], side]);
	}
	return [...byRoll.values()].filter((group) => group.length > 1);
}
/** 001 "Initiative": a final 1 acts one phase later (+1), a final 10 one phase earlier (-1). */
function phaseShiftFor(roll) {
	if (roll === 1) return 1;
	if (roll === 10) return -1;
	return 0;
}
/**
* 001 "Initiative": every side rolls 1d10, highest first; tied sides re-roll at once and each forced re-roll
* of a tied group counts one combat event. A final 1 goes last and one phase later, a 10 first and earlier.
*/
async function sideInitiative(input, dice) {
	const sides = assertUniqueIds(assertList("sides", input), (i) => `sides[${i}]`);
	if (sides.length > 10) fail("sides", `at most 10 sides (one d10 each must differ)`, sides.length);
	const rolls = {};
	const history = {};
	const rollSides = async (which) => {
		for (const side of which) {
			const [face] = await rollFrom(dice, 1, 10);
			rolls[side] = face ?? 0;
			(history[side] ??= []).push(face ?? 0);
		}
	};
	await rollSides(sides);
	let events = 0;
	for (let pass = 0;; pass += 1) {
		const groups = tiedGroups(sides, rolls);
		if (groups.length === 0) break;
		if (pass >= 1e4) throw new Error(`side initiative still tied after ${MAX_SIDE_PASSES} re-rolls`);
		events += groups.length;
		const tied = new Set(groups.flat());
		await rollSides(sides.filter((side) => tied.has(side)));
	}
	const order = [...sides].sort((a, b) => (rolls[b] ?? 0) - (rolls[a] ?? 0));
	const first = order[0];
	const last = order[order.length - 1];
	if (order.some((s) => rolls[s] === 10) && (first === void 0 || rolls[first] !== 10)) throw new Error("side initiative: a side that rolled 10 is not first");
	if (order.some((s) => rolls[s] === 1) && (last === void 0 || rolls[last] !== 1)) throw new Error("side initiative: a side that rolled 1 is not last");
	const phaseShift = {};
	for (const side of sides) phaseShift[side] = phaseShiftFor(rolls[side] ?? 0);
	return {
		order,
		rolls,
		phaseShift,
		events,
		history
	};
}
Object.freeze({ stealthy: 2 });
const entry$1 = (id, low, name) => Object.freeze({
	id,
	range: Object.freeze([low, low + 1]),
	key: `AOD.CombatEvents.${name}`
});
/** The d20 table in band order (001 "Combat Events"; 3-20 are this system's additions). */
const COMBAT_EVENTS = Object.freeze([
	entry$1("armourTrouble", 1, "ArmourTrouble"),
	entry$1("gustingWind", 3, "GustingWind"),
	entry$1("thermal", 5, "Thermal"),
	entry$1("downdraught", 7, "Downdraught"),
	entry$1("lowCloud", 9, "LowCloud"),
	entry$1("dustAndSmoke", 11, "DustAndSmoke"),
	entry$1("blindingSun", 13, "BlindingSun"),
	entry$1("stampede", 15, "Stampede"),
	entry$1("looseMount", 17, "LooseMount"),
	entry$1("wingCramp", 19, "WingCramp")
]);
/** The en.json key shown when no event could happen. */
const NOTHING_HAPPENS_KEY = "AOD.CombatEvents.Nothing.Effect";
/** The table row a d20 face falls in. */
function combatEventFor(face) {
	const row = COMBAT_EVENTS.find((e) => face >= e.range[0] && face <= e.range[1]);
	if (!row) fail("face", "a d20 face from 1 to 20", face);
	return row;
}
/** 001 "Armour Trouble": d6 1-2 helmet, 3-5 shield, 6 body armour (see `wornPiece` for barding). */
function armourSlotFor(face) {
	assertFace("face", face, 6);
	if (face <= 2) return "helmet";
	return face <= 5 ? "shield" : "body";
}
/** The die used to pick one of `n` (2..20): the one that wastes fewest faces, the smallest on a tie. */
function pickDie(n) {
	if (!Number.isInteger(n) || n < 2 || n > 20) fail("n", "an integer from 2 to 20", n);
	return [
		6,
		10,
		20
	].filter((size) => size >= n).reduce((best, size) => size % n < best % n ? size : best);
}
/**
* Picks an index in 0..n-1 with dice: one die (`pickDie`) for up to 20, base-20 digits of d20s beyond.
* The faces are cut into n equal bands; a result past the last whole band is re-rolled.
*/
async function pickIndex(n, dice) {
	if (!Number.isInteger(n) || n < 1) fail("n", "an integer of 1 or more", n);
	if (n === 1) return 0;
	const size = n <= 20 ? pickDie(n) : 20;
	let digits = 1;
	while (size ** digits < n) digits += 1;
	const span = size ** digits;
	const band = Math.floor(span / n);
	for (let attempt = 0; attempt < 100; attempt += 1) {
		const value = (await rollFrom(dice, digits, size)).reduce((acc, face) => acc * size + (face - 1), 0);
		if (value < band * n) return Math.floor(value / band);
	}
	throw new Error(`could not pick one of ${n} after 100 rolls`);
}
/**
* The worn piece Armour Trouble damages, or null when none: the seed's "Armour" is the body armour, or for a
* dragon (which wears no body armour) its barding.
*/
function wornPiece(c, named) {
	if (c.armour.includes(named)) return named;
	return named === "body" && c.armour.includes("barding") ? "barding" : null;
}
const effect = (c, name) => ({
	type: "roundEffect",
	id: c.id,
	effect: name,
	active: true
});
const airborne = (c) => c.altitude !== "grounded";
/** Free to be blown about alone: not grappling, carrying or carried (those bands move together or not at all). */
const free = (c) => !c.pinned && !c.carrying && !c.carried;
const band = (c) => ALTITUDES.indexOf(c.altitude);
const shifted = (c, by) => ALTITUDES[band(c) + by] ?? c.altitude;
/** An event that strikes everyone who qualifies; impossible when nobody does. */
const everyone = (qualifies, change) => (snapshot) => {
	const hit = snapshot.combatants.filter(qualifies);
	if (hit.length === 0) return Promise.resolve(null);
	return Promise.resolve({
		combatant: null,
		affected: hit.map((c) => c.id),
		changes: hit.map(change)
	});
};
/** An event that strikes one random combatant among those who qualify; impossible when nobody does. */
const oneOf = (qualifies, change) => async (snapshot, dice) => {
	const pool = snapshot.combatants.filter(qualifies);
	if (pool.length === 0) return null;
	const chosen = pool[await pickIndex(pool.length, dice)];
	if (!chosen) return null;
	return {
		combatant: chosen.id,
		affected: [chosen.id],
		changes: [change(chosen)]
	};
};
const RESOLVERS = {
	armourTrouble: async (snapshot, dice) => {
		const all = snapshot.combatants;
		if (all.length === 0) return null;
		const chosen = all[await pickIndex(all.length, dice)];
		if (!chosen) return null;
		const [face] = await rollFrom(dice, 1, 6);
		const slot = wornPiece(chosen, armourSlotFor(face ?? 0));
		if (slot === null) return null;
		return {
			combatant: chosen.id,
			affected: [chosen.id],
			changes: [{
				type: "armourDamage",
				id: chosen.id,
				slot
			}]
		};
	},
	gustingWind: everyone((c) => c.canFly && free(c) && c.altitude === "ceiling", (c) => ({
		type: "altitude",
		id: c.id,
		altitude: "high"
	})),
	thermal: oneOf((c) => c.canFly && free(c) && airborne(c) && c.altitude !== "ceiling", (c) => ({
		type: "altitude",
		id: c.id,
		altitude: shifted(c, 1)
	})),
	downdraught: oneOf((c) => c.canFly && free(c) && band(c) >= ALTITUDES.indexOf("mid"), (c) => ({
		type: "altitude",
		id: c.id,
		altitude: shifted(c, -1)
	})),
	lowCloud: everyone((c) => c.altitude === "high" || c.altitude === "ceiling", (c) => effect(c, "noRangedAttack")),
	dustAndSmoke: everyone((c) => c.altitude === "grounded" || c.altitude === "low", (c) => effect(c, "noRangedAttack")),
	blindingSun: oneOf(airborne, (c) => effect(c, "noBattleAction")),
	stampede: oneOf((c) => c.altitude === "grounded", (c) => effect(c, "forcedFullMove")),
	looseMount: oneOf((c) => c.altitude === "grounded" && !c.canFly, (c) => effect(c, "noBattleAction")),
	wingCramp: oneOf((c) => c.canFly && airborne(c) && !c.carried && !c.pinned, (c) => ({
		type: "flag",
		id: c.id,
		flag: "choseToFall",
		value: true
	}))
};
/** Parses the public input of `resolveCombatEvent` once; the resolvers then trust its types. */
function parseSnapshot(value) {
	const entries = assertList("snapshot.combatants", assertRecord("snapshot", value, "an object with a combatants array").combatants);
	const ids = assertUniqueIds(entries.map((c, i) => assertRecord(`snapshot.combatants[${i}]`, c).id), (i) => `snapshot.combatants[${i}].id`);
	return { combatants: entries.map((entry, i) => {
		const at = `snapshot.combatants[${i}]`;
		const c = assertRecord(at, entry);
		const armour = assertList(`${at}.armour`, c.armour, "an array of slot names");
		return {
			id: ids[i] ?? fail(`${at}.id`, "an id", c.id),
			altitude: assertOneOf(`${at}.altitude`, c.altitude, ALTITUDES),
			canFly: assertBoolean$1(`${at}.canFly`, c.canFly),
			armour: armour.map((slot, j) => assertString(`${at}.armour[${j}]`, slot)),
			pinned: optionalBoolean(`${at}.pinned`, c.pinned),
			carrying: optionalBoolean(`${at}.carrying`, c.carrying),
			carried: optionalBoolean(`${at}.carried`, c.carried)
		};
	}) };
}
/**
* 001 "Combat Events": draws a d20 event and works out its effect on the snapshot; impossible events are
* re-drawn, up to MAX_EVENT_DRAWS, after which nothing happens. The snapshot is never modified.
*/
async function resolveCombatEvent(input, dice) {
	const snapshot = parseSnapshot(input);
	let roll = 0;
	let draws = 0;
	while (snapshot.combatants.length > 0 && draws < 10) {
		[roll = 0] = await rollFrom(dice, 1, 20);
		draws += 1;
		const row = combatEventFor(roll);
		const effect = await RESOLVERS[row.id](snapshot, dice);
		if (effect) return {
			event: row.id,
			key: `${row.key}.Effect`,
			roll,
			draws,
			...effect
		};
	}
	return {
		event: "nothing",
		key: NOTHING_HAPPENS_KEY,
		roll,
		draws,
		combatant: null,
		affected: [],
		changes: []
	};
}
// src/rules/odds-tables.ts
/**
* Exact success-count tables for d6 pools, built once at load (000 "Melee Attacks": each die at or above the
* TN is a success). The exact-odds functions read these tables instead of recomputing binomials per call.
*/
/** Row length of every table: one entry per success count 0..pool plus a trailing zero for "more than pool". */
const ROW = 32;
/** Number of distinct "faces meeting the TN" values, 0 (TN above 6) to 6. */
const FACE_KINDS = 7;
/**
* Builds the three tables for one chance of success f/6: the probability of exactly k successes, of at most
* k, and of at least k, for every pool 0..30. Index `pool * ROW + k`.
*/
function buildTables(faces) {
	const p = faces / 6;
	const q = 1 - p;
	const exactly = /* @__PURE__ */ new Float64Array(992);
	const atMost = /* @__PURE__ */ new Float64Array(992);
	const atLeast = /* @__PURE__ */ new Float64Array(992);
	exactly[0] = 1;
	for (let n = 1; n <= 30; n += 1) {
		const row = n * ROW;
		const prev = row - ROW;
		exactly[row] = (exactly[prev] ?? 0) * q;
		for (let k = 1; k <= n; k += 1) exactly[row + k] = (exactly[prev + k] ?? 0) * q + (exactly[prev + k - 1] ?? 0) * p;
	}
	for (let n = 0; n <= 30; n += 1) {
		const row = n * ROW;
		let low = 0;
		for (let k = 0; k <= n; k += 1) {
			low += exactly[row + k] ?? 0;
			atMost[row + k] = Math.min(1, low);
		}
		atMost[row + n + 1] = 1;
		let high = 0;
		for (let k = n; k >= 0; k -= 1) {
			high += exactly[row + k] ?? 0;
			atLeast[row + k] = Math.min(1, high);
		}
		atLeast[row] = 1;
	}
	return {
		exactly,
		atMost,
		atLeast
	};
}
const built = Array.from({ length: FACE_KINDS }, (_, faces) => buildTables(faces));
/** P(exactly k successes) for a pool rolling against f meeting faces: `EXACTLY[f][pool * ROW + k]`. */
const EXACTLY = built.map((t) => t.exactly);
/** P(at most k successes): `AT_MOST[f][pool * ROW + k]`, 1 for k at or above the pool. */
const AT_MOST = built.map((t) => t.atMost);
/** P(at least k successes): `AT_LEAST[f][pool * ROW + k]`, 0 for k above the pool. */
const AT_LEAST = built.map((t) => t.atLeast);
/** Copies the first `length` entries of a scratch table into a fresh array for the caller to keep. */
function copyOut(source, length) {
	const out = new Array(length);
	for (let i = 0; i < length; i += 1) out[i] = source[i] ?? 0;
	return out;
}
// src/rules/odds.ts
/**
* Exact odds of the attack procedure, with no sampling (000 "Melee Attacks", "Damage and Health states",
* "Armour"; RULES.md "Dice and checks", "Attacks"). The roll dialog shows these before anyone rolls.
*/
/** Refuses anything that is not an object, before its fields are read. */
function assertOddsInput(name, value) {
	if (typeof value !== "object" || value === null) fail(name, "an object", value);
}
/** How many faces of a d6 meet a TN (0 above 6), with errors naming the TN's argument. */
function facesFor(tn, name) {
	return facesMeeting(effectiveTN(tn, name));
}
/** Checks a contest's input and clamps its pools (RULES.md: below 0 is 0, above 30 is 30). */
function contestDice(c) {
	assertOddsInput("c", c);
	return {
		a: clampPool(c.attackPool, "attackPool"),
		fa: facesFor(c.attackTN, "attackTN"),
		d: clampPool(c.defencePool, "defencePool"),
		fd: facesFor(c.defenceTN, "defenceTN")
	};
}
/** 000 "Melee Attacks": the chance that the attack scores strictly more successes than the defence. */
function hitProbability(c) {
	const { a, fa, d, fd } = contestDice(c);
	const atLeastA = AT_LEAST[fa];
	const exactlyD = EXACTLY[fd];
	const rowA = a * ROW + 1;
	const rowD = d * ROW;
	const last = d < a ? d : a - 1;
	let hit = 0;
	for (let s = 0; s <= last; s += 1) hit += (exactlyD[rowD + s] ?? 0) * (atLeastA[rowA + s] ?? 0);
	return hit > 1 ? 1 : hit;
}
/**
* Fills `out[0..pool]` with the margin distribution of a contest and returns the largest possible margin:
* out[m] for m >= 1 is P(attack - defence = m); out[0] is P(miss or tie). Inputs must already be clamped.
*/
function fillMargins(out, a, fa, d, fd) {
	const exactlyA = EXACTLY[fa];
	const atMostA = AT_MOST[fa];
	const exactlyD = EXACTLY[fd];
	const rowA = a * ROW;
	const rowD = d * ROW;
	const top = fa > 0 ? a : 0;
	let missOrTie = 0;
	for (let s = 0; s <= d; s += 1) missOrTie += (exactlyD[rowD + s] ?? 0) * (atMostA[rowA + (s < a ? s : a)] ?? 0);
	out[0] = missOrTie > 1 ? 1 : missOrTie;
	for (let m = 1; m <= top; m += 1) {
		const last = d < a - m ? d : a - m;
		let sum = 0;
		for (let s = 0; s <= last; s += 1) sum += (exactlyD[rowD + s] ?? 0) * (exactlyA[rowA + s + m] ?? 0);
		out[m] = sum;
	}
	return top;
}
new Float64Array(ROW);
/**
* 000 "Armour": the distribution of damage after armour for one damage check, index = damage (successes
* minus armour, never below 0). Length = largest damage that can happen + 1, so a TN above 6, an empty pool
* or armour at least the pool gives [1].
*/
function damageDistribution(c) {
	assertOddsInput("c", c);
	const n = clampPool(c.pool, "pool");
	const f = facesFor(c.tn, "tn");
	const armour = assertNonNegativeInteger("armour", c.armour);
	const top = f > 0 && n > armour ? n - armour : 0;
	const row = n * ROW;
	const out = new Array(top + 1);
	out[0] = AT_MOST[f][row + (armour < n ? armour : n)] ?? 0;
	const exactly = EXACTLY[f];
	for (let k = 1; k <= top; k += 1) out[k] = exactly[row + armour + k] ?? 0;
	return out;
}
// src/rules/odds-attack.ts
/**
* Exact odds of one whole attack against one target: hit, damage check, armour and the health state that
* follows (000 "Melee Attacks", "Damage and Health states", "Armour", "Severe injury and Death").
*/
const margins = new Float64Array(ROW);
const damage = new Float64Array(ROW);
/**
* 000 "Damage and Health states": exact odds of one attack. On a hit the damage check rolls Soma + margin
* dice (one pool, clamped to 0..30) at the damage TN; armour comes off the successes, never below 0.
* `severelyInjured` and `dead` are both "at least": a target already past a threshold scores 1 there.
*/
function attackOdds(c) {
	const { a, fa, d, fd } = contestDice(c);
	const soma = assertInteger("soma", c.soma);
	const fDamage = facesFor(c.damageTN, "damageTN");
	const armour = assertNonNegativeInteger("armour", c.armour);
	const wounds = assertNonNegativeInteger("wounds", c.wounds);
	const thresholds = woundThresholds(c.lifePoints);
	const topMargin = fillMargins(margins, a, fa, d, fd);
	const exactly = EXACTLY[fDamage];
	const atMost = AT_MOST[fDamage];
	const biggestPool = poolFor(soma, topMargin);
	const top = topMargin > 0 && fDamage > 0 && biggestPool > armour ? biggestPool - armour : 0;
	damage.fill(0, 0, top + 1);
	let hit = 0;
	let atZero = margins[0] ?? 0;
	for (let m = 1; m <= topMargin; m += 1) {
		const pm = margins[m] ?? 0;
		hit += pm;
		const n = poolFor(soma, m);
		const row = n * ROW;
		atZero += pm * (atMost[row + (armour < n ? armour : n)] ?? 0);
		for (let k = 1; armour + k <= n && k <= top; k += 1) damage[k] = (damage[k] ?? 0) + pm * (exactly[row + armour + k] ?? 0);
	}
	damage[0] = atZero > 1 ? 1 : atZero;
	const needSevere = Math.max(0, thresholds.severelyInjured - wounds);
	const needDead = Math.max(0, thresholds.dead - wounds);
	let tail = 0;
	let expected = 0;
	let severe = needSevere > top ? 0 : 1;
	let dead = needDead > top ? 0 : 1;
	for (let k = top; k >= 1; k -= 1) {
		const pk = damage[k] ?? 0;
		tail += pk;
		expected += k * pk;
		if (k === needSevere) severe = tail;
		if (k === needDead) dead = tail;
	}
	return {
		hit: hit > 1 ? 1 : hit,
		damage: copyOut(damage, top + 1),
		wounded: tail > 1 ? 1 : tail,
		severelyInjured: severe > 1 ? 1 : severe,
		dead: dead > 1 ? 1 : dead,
		expectedDamage: expected
	};
}
/** The damage check pool for a margin: Soma plus the margin, clamped like any pool (RULES.md: at most 30). */
function poolFor(soma, margin) {
	const n = soma + margin;
	return n < 0 ? 0 : n > 30 ? 30 : n;
}
// src/rules/simulator/encounter.ts
/**
* What the encounter simulator plays: sides of combatants (the engine's CombatantState plus each combatant's
* weapons and check values, as deriveCharacter computes them), where they start, the ground and the round mode.
* `checkEncounter` refuses bad input with an en.json key and the values it interpolates, so the CLI and the
* Foundry app show the same words.
*/
/** The most runs one simulation may make. */
const MAX_RUNS = 1e7;
/** Why an encounter or its options are refused; each value is an en.json key. */
const SIMULATOR_ERRORS = Object.freeze({
	TooFewSides: "AOD.Simulator.Error.TooFewSides",
	EmptySide: "AOD.Simulator.Error.EmptySide",
	TooManyCombatants: "AOD.Simulator.Error.TooManyCombatants",
	DuplicateId: "AOD.Simulator.Error.DuplicateId",
	DuplicateSide: "AOD.Simulator.Error.DuplicateSide",
	BadCombatant: "AOD.Simulator.Error.BadCombatant",
	GroundedNonFlyer: "AOD.Simulator.Error.GroundedNonFlyer",
	BadOption: "AOD.Simulator.Error.BadOption",
	BadRuns: "AOD.Simulator.Error.BadRuns",
	TooManyRuns: "AOD.Simulator.Error.TooManyRuns",
	BadSeed: "AOD.Simulator.Error.BadSeed",
	UnknownTactics: "AOD.Simulator.Error.UnknownTactics"
});
/** Thrown by `simulate` for bad input; `problem` carries the en.json key for a localised message. */
var SimulationInputError = class extends RangeError {
	problem;
	constructor(problem) {
		super(`${problem.key} ${JSON.stringify(problem.data)}`);
		this.name = "SimulationInputError";
		this.problem = problem;
	}
};
const problem = (key, data = {}) => ({
	key,
	data
});
const fields = (value) => typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
/** Text for a value in a message: strings as they are, anything else as JSON. */
const shown = (value) => typeof value === "string" ? value : JSON.stringify(value) ?? "undefined";
const wholeAtLeast = (value, min) => typeof value === "number" && Number.isInteger(value) && value >= min;
/** The run count and seed problem, if any: runs a whole number from 1 to MAX_RUNS, the seed a whole number. */
function checkOptions(options) {
	const o = fields(options) ?? {};
	const runs = o.runs;
	if (typeof runs !== "number" || !wholeAtLeast(runs, 1)) return problem(SIMULATOR_ERRORS.BadRuns, { value: shown(runs) });
	if (runs > 1e7) return problem(SIMULATOR_ERRORS.TooManyRuns, {
		value: runs,
		max: MAX_RUNS
	});
	if (typeof o.seed !== "number" || !Number.isSafeInteger(o.seed)) return problem(SIMULATOR_ERRORS.BadSeed, { value: shown(o.seed) });
	return null;
}
function checkProblem(checks, use) {
	const check = fields(checks?.[use]);
	return !check || !Number.isInteger(check.tn) || !wholeAtLeast(check.pool, 0);
}
function weaponProblem(value) {
	const w = fields(value);
	if (!w || typeof w.attackSkill !== "string" || !Array.isArray(w.defenceSkills)) return true;
	try {
		checkWeapon(w.weapon);
		return false;
	} catch {
		return true;
	}
}
function combatantProblem(value, side, tactics) {
	const c = fields(value) ?? {};
	const s = fields(c.state) ?? {};
	const name = typeof s.name === "string" ? s.name : "?";
	const bad = (field) => problem(SIMULATOR_ERRORS.BadCombatant, {
		name,
		side,
		field
	});
	if (typeof s.id !== "string" || s.id === "") return bad("id");
	if (typeof s.name !== "string") return bad("name");
	if (!ALTITUDES.includes(s.altitude)) return bad("altitude");
	if (typeof s.canFly !== "boolean") return bad("canFly");
	if (typeof s.fastGround !== "boolean") return bad("fastGround");
	if (!s.canFly && s.altitude !== "grounded") return problem(SIMULATOR_ERRORS.GroundedNonFlyer, { name });
	for (const key of [
		"soma",
		"pneuma",
		"agility",
		"armour"
	]) if (!wholeAtLeast(s[key], 0)) return bad(key);
	if (typeof s.weight !== "number" || !(s.weight > 0) || !Number.isFinite(s.weight)) return bad("weight");
	const life = fields(s.life);
	if (!life || !wholeAtLeast(life.max, 1) || !wholeAtLeast(life.wounds, 0)) return bad("life");
	const magic = fields(s.magic);
	if (!magic || !wholeAtLeast(magic.value, 0) || !wholeAtLeast(magic.max, 0)) return bad("magic");
	if (!Array.isArray(c.weapons)) return bad("weapons");
	const broken = c.weapons.findIndex(weaponProblem);
	if (broken >= 0) return bad(`weapons[${broken}]`);
	const checks = fields(c.checks);
	for (const use of [
		"soma",
		"grapple",
		"meleeDefence",
		"breakOut"
	]) if (checkProblem(checks, use)) return bad(`checks.${use}`);
	const skills = fields(c.skills);
	if (!skills || Object.keys(skills).some((id) => checkProblem(skills, id))) return bad("skills");
	if (c.speed !== void 0 && !SPEED_CATEGORIES.includes(c.speed)) return bad("speed");
	if (c.tactics !== void 0 && (typeof c.tactics !== "string" || !tactics.has(c.tactics))) return problem(SIMULATOR_ERRORS.UnknownTactics, {
		name,
		tactics: shown(c.tactics),
		known: [...tactics].join(", ")
	});
	return null;
}
function optionProblem(field, value, allowed) {
	if (value === void 0 || allowed.includes(value)) return null;
	return problem(SIMULATOR_ERRORS.BadOption, {
		field,
		value: shown(value),
		allowed: allowed.join(", ")
	});
}
/**
* The first thing wrong with an encounter, or null (then it is a sound `Encounter`): at least two sides with
* distinct names, none empty, at most MAX_COMBATANTS, unique ids, sound snapshots, non-flyers on the ground,
* known options and tactics. It takes `unknown`: encounters arrive from a worker message or a macro.
*/
function checkEncounter(encounter, tactics) {
	const e = fields(encounter);
	const sides = e?.sides;
	if (!e || !Array.isArray(sides)) return problem(SIMULATOR_ERRORS.TooFewSides, { count: 0 });
	if (sides.length < 2) return problem(SIMULATOR_ERRORS.TooFewSides, { count: sides.length });
	const ids = /* @__PURE__ */ new Set();
	const names = /* @__PURE__ */ new Set();
	let total = 0;
	for (const sideValue of sides) {
		const side = fields(sideValue) ?? {};
		const name = typeof side.name === "string" ? side.name : "?";
		if (names.has(name)) return problem(SIMULATOR_ERRORS.DuplicateSide, { side: name });
		names.add(name);
		const combatants = side.combatants;
		if (!Array.isArray(combatants) || combatants.length === 0) return problem(SIMULATOR_ERRORS.EmptySide, { side: name });
		for (const c of combatants) {
			const found = combatantProblem(c, name, tactics);
			if (found) return found;
			const id = c.state.id;
			if (ids.has(id)) return problem(SIMULATOR_ERRORS.DuplicateId, { id });
			ids.add(id);
			total += 1;
		}
	}
	if (total > 40) return problem(SIMULATOR_ERRORS.TooManyCombatants, {
		count: total,
		max: 40
	});
	const limit = e.roundLimit;
	if (limit !== void 0 && (!wholeAtLeast(limit, 1) || limit > 200)) return problem(SIMULATOR_ERRORS.BadOption, {
		field: "roundLimit",
		value: shown(limit),
		allowed: `1-200`
	});
	return optionProblem("distance", e.distance, DISTANCES.filter((d) => d !== "zero")) ?? optionProblem("surface", e.surface, SURFACES) ?? optionProblem("mode", e.mode, ROUND_MODES);
}
// src/rules/simulator/dice.ts
/**
* The simulator's dice: one seeded stream for a whole simulation (DESIGN.md "The rules engine": in the simulator
* the DiceSource is a seeded PRNG). The generator is the engine's own (`seededDice`, mulberry32), so a seed means
* the same faces everywhere; `roll` here only skips the per-call checks the engine's general source makes, since
* the procedures check every answer (`rollPool`, `rollFrom`) anyway.
*/
/** A seeded dice source for the simulator. */
function simulationDice(seed) {
	const source = seededDice(seed);
	const next = () => source.next();
	return { roll(count, faces) {
		const out = new Array(count);
		for (let i = 0; i < count; i += 1) out[i] = 1 + Math.floor(next() * faces);
		return out;
	} };
}
// src/rules/simulator/tactics.ts
/**
* How simulated combatants fight: every tactic of the encounter simulator lives in this one module. A tactic
* only CHOOSES (a move, a battle action, whether to set a passenger down); the simulator then carries the
* choice out with the engine's own procedures, which may still refuse it. A table adds its own tactics by
* passing `{ tactics: { myName: { ... } } }` to `simulate` and naming them on combatants.
*
* The standard tactics, in the order a combatant considers them each turn:
* 1. Stay back when hurt: a flyer one wound from severe injury withdraws (one step farther from the nearest enemy
*    and one band higher) instead of fighting; severely injured combatants can do nothing at all (000).
* 2. Break out when grappled: a pinned combatant that did not start its grapple tries to break out. The one that
*    started it holds on and bites while aloft ("grapple and drop"), and lets go just before the ground only when
*    the crash would hurt it more than its foe.
* 3. Rescue a falling ally: catch an ally falling alone when in reach, else fly to it.
* 4. Take off or land: a carrier lands and sets its passenger down; a grounded flyer takes off when its target
*    is out of reach on the ground.
* 5. Grapple when aloft: a flyer at mid altitude or higher grapples an airborne enemy at close quarters when the
*    grapple has even odds and the crash that follows hurts the foe more than itself.
* 6. Otherwise attack: the attack with the best exact expected damage that is legal now. "standard" picks the
*    weapon by expected damage, so a dragon closes and bites (killer blow) when its bite is its best attack;
*    "skirmisher" keeps range and breathes while its Magic Points last; "brawler" always closes for melee;
*    "passive" never acts (a dummy, for tests and training).
* Moves approach the chosen target to the band its chosen attack needs: a standard move when it brings the target
* into reach, a full move when only that gets there (so no attack this round).
*/
const stateOf = (view, c) => view.state.combatants[c.id];
/** Whether a combatant is still in the fight: neither dead nor severely injured (000 "Severe injury and Death"). */
function inTheFight(c) {
	return woundState(c.life.wounds, c.life.max) === "fit";
}
const affordable = (view, option) => option.magicCost <= stateOf(view, view.self).magic.value;
/** The option a style prefers against one enemy, among those it can pay for. */
function preferred(view, target, style) {
	const options = view.self.attacks[target.index] ?? [];
	let first = null;
	for (const option of options) {
		if (!affordable(view, option) || option.expected <= 0) continue;
		first ??= option;
		if (style === "skirmisher" && option.ranged) return option;
		if (style === "brawler" && !option.ranged) return option;
	}
	return first;
}
/** The enemy to go for: the one in the fight its preferred attack hurts most, the nearer on a tie. */
function chooseTarget(view, style) {
	let best = null;
	for (const other of view.encounter.combatants) {
		if (other.side === view.self.side || !inTheFight(stateOf(view, other))) continue;
		const option = preferred(view, other, style);
		if (!option) continue;
		const reach = distanceAt(distanceBetween(view.state, view.self.id, other.id));
		if (!best || option.expected > best.option.expected || option.expected === best.option.expected && reach < best.reach) best = {
			target: other,
			option,
			reach
		};
	}
	return best;
}
/** Band positions by name, for the many look-ups of a turn; an unknown band goes to the engine's checked versions. */
const DISTANCE_AT = Object.fromEntries(DISTANCES.map((d, i) => [d, i]));
const ALTITUDE_AT = Object.fromEntries(ALTITUDES.map((a, i) => [a, i]));
const distanceAt = (d) => DISTANCE_AT[d] ?? distanceIndex(d);
const altitudeAt = (a) => ALTITUDE_AT[a] ?? altitudeIndex(a);
/**
* The engine's reach answers (`canMelee`, `canRanged`) as tactics ask them, kept once known: by melee or ranged,
* long range or not, distance and the two altitudes (2 x 2 x 5 x 5 x 5 slots; -1 not asked yet).
*/
const reachKnown = new Int8Array(4 * DISTANCES.length * ALTITUDES.length * ALTITUDES.length).fill(-1);
function engineReaches(option, distance, a, b) {
	if (option.ranged) return canRanged(distance, a, b, { longRange: option.decl.weapon.longRange }).allowed;
	return canMelee(distance, a, b).allowed;
}
/** Whether an attack of this range would reach from these bands. */
function reaches(option, distance, a, b) {
	const d = DISTANCE_AT[distance];
	const x = ALTITUDE_AT[a];
	const y = ALTITUDE_AT[b];
	if (d === void 0 || x === void 0 || y === void 0) return engineReaches(option, distance, a, b);
	const slot = ((((option.ranged ? 2 : 0) + (option.decl.weapon.longRange ? 1 : 0)) * DISTANCES.length + d) * ALTITUDES.length + x) * ALTITUDES.length + y;
	let known = reachKnown[slot];
	if (known === void 0 || known < 0) {
		known = engineReaches(option, distance, a, b) ? 1 : 0;
		reachKnown[slot] = known;
	}
	return known === 1;
}
/** Whether two altitudes are close enough for a ranged attack (at most 1 apart in value, 000 "Ranged Attacks"). */
function gapOk(a, b) {
	return Math.abs(altitudeValue(a) - altitudeValue(b)) <= 1;
}
/** The bands a combatant wants to be at to use an attack on a target, or null when it never can. */
function wantedBands(self, target, option, now) {
	if (option.ranged) {
		const limit = option.decl.weapon.longRange ? "long" : "middle";
		const distance = distanceAt(now) <= distanceAt(limit) ? now : limit;
		if (gapOk(self.altitude, target.altitude)) return {
			altitude: self.altitude,
			distance
		};
		if (!self.canFly) return null;
		const here = altitudeAt(self.altitude);
		const near = ALTITUDES.filter((a) => gapOk(a, target.altitude)).sort((a, b) => Math.abs(altitudeAt(a) - here) - Math.abs(altitudeAt(b) - here));
		return near[0] ? {
			altitude: near[0],
			distance
		} : null;
	}
	if (target.altitude === "grounded" || target.altitude === "low") {
		if (self.altitude === "grounded" || self.altitude === "low") return {
			altitude: self.altitude,
			distance: "close"
		};
		return self.canFly ? {
			altitude: "low",
			distance: "close"
		} : null;
	}
	return self.canFly ? {
		altitude: target.altitude,
		distance: "close"
	} : null;
}
function stepToward(from, to, steps) {
	return from < to ? Math.min(to, from + steps) : Math.max(to, from - steps);
}
/** A move of one kind toward the wanted bands, as far as that kind allows, or null when it changes nothing. */
function moveToward(view, kind, reference, want) {
	const self = stateOf(view, view.self);
	const steps = kind === "full" ? 2 : 1;
	const altitude = ALTITUDES[stepToward(altitudeAt(self.altitude), altitudeAt(want.altitude), self.canFly ? steps : 0)];
	const now = distanceAt(distanceBetween(view.state, self.id, reference));
	const distance = DISTANCES[Math.max(1, stepToward(now, distanceAt(want.distance), steps))];
	if (!altitude || !distance) return null;
	const move = {
		id: self.id,
		kind
	};
	if (altitude !== self.altitude) move.altitude = altitude;
	if (distanceAt(distance) !== now) {
		move.reference = reference;
		move.distance = distance;
	}
	return move.altitude === void 0 && move.distance === void 0 ? null : move;
}
/** Whether a move brings the target into the attack's reach. */
function lands(view, self, target, option, m) {
	return m !== null && reaches(option, m.distance ?? distanceBetween(view.state, self.id, target.id), m.altitude ?? self.altitude, target.altitude);
}
/** Moves in the order tried: a standard move that brings the target into reach, a full one that does, then the longest. */
function approach(view, target, want, option) {
	const standard = moveToward(view, "standard", target.id, want);
	const full = moveToward(view, "full", target.id, want);
	const order = [];
	if (option) {
		const t = stateOf(view, target);
		const self = stateOf(view, view.self);
		if (lands(view, self, t, option, standard)) order.push(standard);
		if (lands(view, self, t, option, full)) order.push(full);
	}
	if (full && !order.includes(full)) order.push(full);
	if (standard && !order.includes(standard)) order.push(standard);
	return order;
}
const NOTHING = Object.freeze([]);
const some = (...moves) => moves.filter((m) => m !== null);
const hurt = (view) => {
	const self = stateOf(view, view.self);
	return self.canFly && self.life.wounds > 0 && self.life.wounds >= view.self.severeAt - 1;
};
function nearestEnemy(view) {
	let best = null;
	let bestReach = Number.POSITIVE_INFINITY;
	for (const other of view.encounter.combatants) {
		if (other.side === view.self.side || !inTheFight(stateOf(view, other))) continue;
		const reach = distanceAt(distanceBetween(view.state, view.self.id, other.id));
		if (reach < bestReach) {
			best = other;
			bestReach = reach;
		}
	}
	return best;
}
function fallingAlly(view) {
	for (const other of view.encounter.combatants) {
		if (other.side !== view.self.side || other.index === view.self.index) continue;
		const s = stateOf(view, other);
		if (s.falling && !isPinned(view.state, s.id) && carrierOf(view.state, s.id) === void 0) return other;
	}
	return null;
}
function movesFor(style) {
	return (view) => {
		const self = stateOf(view, view.self);
		if (!inTheFight(self) || isPinned(view.state, self.id)) return NOTHING;
		if (hurt(view)) {
			const enemy = nearestEnemy(view);
			if (!enemy) return NOTHING;
			const far = Math.min(DISTANCES.length - 1, distanceAt(distanceBetween(view.state, self.id, enemy.id)) + 2);
			const high = Math.min(ALTITUDES.length - 1, altitudeAt(self.altitude) + 1);
			const away = {
				altitude: ALTITUDES[high] ?? self.altitude,
				distance: DISTANCES[far] ?? "disengaged"
			};
			return some(moveToward(view, "full", enemy.id, away), moveToward(view, "standard", enemy.id, away));
		}
		const ally = self.canFly && view.state.carrying[self.id] === void 0 ? fallingAlly(view) : null;
		if (ally) return approach(view, ally, {
			altitude: stateOf(view, ally).altitude,
			distance: "close"
		});
		if (view.state.carrying[self.id] !== void 0) {
			const reference = nearestEnemy(view) ?? ally;
			if (!reference) return NOTHING;
			const distance = distanceBetween(view.state, self.id, reference.id);
			return some(moveToward(view, "standard", reference.id, {
				altitude: "grounded",
				distance
			}));
		}
		const chosen = chooseTarget(view, style);
		if (!chosen) return NOTHING;
		const target = stateOf(view, chosen.target);
		const now = distanceBetween(view.state, self.id, target.id);
		if (reaches(chosen.option, now, self.altitude, target.altitude)) {
			const bites = (chosen.target.attacks[view.self.index] ?? []).some((o) => !o.ranged && o.expected > 0);
			if (chosen.option.ranged && now === "close" && bites && reaches(chosen.option, "middle", self.altitude, target.altitude)) return some(moveToward(view, "standard", target.id, {
				altitude: self.altitude,
				distance: "middle"
			}));
			return NOTHING;
		}
		const want = wantedBands(self, target, chosen.option, now);
		return want ? approach(view, chosen.target, want, chosen.option) : NOTHING;
	};
}
/**
* Every attack a combatant could make on any enemy with a positive expected damage, best first for a style: by
* expected damage, plus 1000 for a skirmisher's ranged or a brawler's melee attacks; ties keep the order of the
* encounter's combatants and then of the options (a stable sort). Made once per combatant and style; a turn then
* only filters it (who is still in the fight, what Magic allows), which keeps the same order as sorting the
* filtered list would, since a stable sort keeps the relative order of any part of what it sorted.
*/
const rankings = /* @__PURE__ */ new WeakMap();
function ranked(view, style) {
	const self = view.self;
	let byStyle = rankings.get(self);
	if (!byStyle) {
		byStyle = {};
		rankings.set(self, byStyle);
	}
	const known = byStyle[style];
	if (known) return known;
	const list = [];
	for (const other of view.encounter.combatants) {
		if (other.side === self.side) continue;
		for (const option of self.attacks[other.index] ?? []) {
			if (option.expected <= 0) continue;
			const bonus = style === "skirmisher" && option.ranged || style === "brawler" && !option.ranged ? 1e3 : 0;
			list.push({
				target: other,
				option,
				choice: {
					kind: "attack",
					option
				},
				score: option.expected + bonus
			});
		}
	}
	list.sort((a, b) => b.score - a.score);
	const made = list.map(({ target, option, choice }) => ({
		target,
		option,
		choice
	}));
	byStyle[style] = made;
	return made;
}
/** The attacks it would make, best first: by expected damage, a skirmisher's breath or a brawler's claws first. */
function attacks(view, style, out, only) {
	for (const r of ranked(view, style)) {
		if (only !== void 0 ? r.target.id !== only : !inTheFight(stateOf(view, r.target))) continue;
		if (!affordable(view, r.option)) continue;
		out.push(r.choice);
	}
}
function actionsFor(style) {
	return (view) => {
		const self = stateOf(view, view.self);
		if (!inTheFight(self)) return NOTHING;
		const { state, self: me } = view;
		const out = [];
		if (isPinned(state, self.id)) {
			const partners = grapplePartners(state, self.id);
			const started = view.memory.grappler[me.index] === 1;
			const nearGround = self.altitude === "low" || self.altitude === "grounded";
			const crashHurtsMeMore = view.encounter.combatants.some((c) => partners.includes(c.id) && c.crashDamage < me.crashDamage);
			if (started && !(nearGround && crashHurtsMeMore)) for (const partner of partners) attacks(view, style === "skirmisher" ? "standard" : style, out, partner);
			out.push({ kind: "breakOut" });
			return out;
		}
		const ally = fallingAlly(view);
		if (ally) out.push({
			kind: "rescue",
			targetId: ally.id
		});
		if (style !== "skirmisher" && altitudeAt(self.altitude) >= altitudeAt("mid")) for (const other of view.encounter.combatants) {
			const grapple = me.grapples[other.index];
			if (!grapple || grapple.hit < .5 || other.crashDamage <= me.crashDamage) continue;
			if (inTheFight(stateOf(view, other))) out.push({
				kind: "grapple",
				option: grapple
			});
		}
		attacks(view, style, out);
		return out;
	};
}
const letGo = (view) => view.state.carrying[view.self.id] !== void 0 && stateOf(view, view.self).altitude === "grounded";
const styled = (style) => Object.freeze({
	letGo,
	moves: movesFor(style),
	actions: actionsFor(style)
});
/** The tactics every simulation knows; combatants name one (default "standard"). */
const STANDARD_TACTICS = Object.freeze({
	standard: styled("standard"),
	skirmisher: styled("skirmisher"),
	brawler: styled("brawler"),
	passive: Object.freeze({
		letGo: () => false,
		moves: () => NOTHING,
		actions: () => NOTHING
	})
});
Object.freeze(Object.keys(STANDARD_TACTICS));
// src/rules/simulator/compile.ts
/** The check a skill gives, or the untrained Soma check (RULES.md "Dice and checks"; snapshot.ts `checkFor`). */
function skillCheck(c, skill) {
	return c.skills[skill] ?? {
		tn: c.checks.soma.tn,
		pool: c.checks.soma.pool
	};
}
/**
* The defender's best check among the skills a weapon allows (lowest TN, then the larger pool), else untrained
* Soma. The same choice as src/data/snapshot.ts `defenceAgainst`, which the rules layer cannot import; a test
* holds the two together on every pair of bestiary entries.
*/
function defenceAgainst(target, weapon) {
	let best = null;
	for (const id of weapon.defenceSkills) {
		const s = target.skills[id];
		if (s && (!best || s.tn < best.tn || s.tn === best.tn && s.pool > best.pool)) best = s;
	}
	return best ?? {
		tn: target.checks.soma.tn,
		pool: target.checks.soma.pool
	};
}
function attackOptions(attacker, target) {
	const options = [];
	for (const w of attacker.weapons) {
		const check = skillCheck(attacker, w.attackSkill);
		const defence = defenceAgainst(target, w);
		const ranged = w.weapon.range === "ranged";
		let best = null;
		for (const killerBlow of w.weapon.killerBlow ? [false, true] : [false]) {
			const odds = attackOdds({
				attackPool: check.pool,
				attackTN: attackTN(check.tn, { killerBlow }),
				defencePool: defence.pool,
				defenceTN: defence.tn,
				soma: attacker.state.soma,
				damageTN: damageTN(w.weapon.damageTN, { killerBlow }),
				armour: target.state.armour,
				wounds: 0,
				lifePoints: target.state.life.max
			});
			if (best === null || odds.expectedDamage > best.expected) best = {
				decl: parseAttack({
					attackerId: attacker.state.id,
					targetId: target.state.id,
					weapon: w.weapon,
					killerBlow
				}),
				pools: parseAttackPools({
					attackPool: check.pool,
					baseAttackTN: check.tn,
					defence: {
						pool: defence.pool,
						tn: defence.tn
					}
				}),
				ranged,
				magicCost: w.weapon.magicCost,
				hit: odds.hit,
				expected: odds.expectedDamage
			};
		}
		if (best) options.push(best);
	}
	return options.sort((a, b) => b.expected - a.expected);
}
/**
* A grapple with a weapon that has the trait: 000 "Grapple Attacks" attacks with the best grapple check (Tooth and
* Claw) and is met by the target's best melee defence, as src/data/snapshot.ts `grapplePools` has it.
*/
function grappleOption(attacker, target) {
	const weapon = attacker.weapons.find((w) => w.weapon.grapple && w.weapon.range === "melee");
	if (!weapon) return null;
	const attack = attacker.checks.grapple;
	const defence = target.checks.meleeDefence;
	return {
		decl: parseGrapple({
			attackerId: attacker.state.id,
			targetId: target.state.id,
			weapon: weapon.weapon
		}),
		pools: parseGrapplePools({
			attackPool: attack.pool,
			attackTN: attack.tn,
			defence: {
				pool: defence.pool,
				tn: defence.tn
			}
		}),
		hit: hitProbability({
			attackPool: attack.pool,
			attackTN: attack.tn,
			defencePool: defence.pool,
			defenceTN: defence.tn
		})
	};
}
/** Compiles a checked encounter (see `checkEncounter`). */
function compileEncounter(encounter) {
	const flat = [];
	encounter.sides.forEach((side, s) => {
		for (const source of side.combatants) flat.push({
			source,
			side: s
		});
	});
	const sides = encounter.sides.map((s) => s.name);
	const states = {};
	for (const { source, side } of flat) states[source.state.id] = {
		...source.state,
		side: sides[side] ?? "",
		life: { ...source.state.life },
		magic: { ...source.state.magic },
		moved: false,
		fullMove: false,
		acted: false,
		choseToFall: false,
		falling: false,
		roundEffects: []
	};
	const enemyDistance = encounter.distance ?? "long";
	const distances = {};
	for (let i = 0; i < flat.length; i += 1) for (let j = i + 1; j < flat.length; j += 1) {
		const a = flat[i];
		const b = flat[j];
		if (!a || !b) continue;
		distances[pairKey(a.source.state.id, b.source.state.id)] = a.side === b.side ? "close" : enemyDistance;
	}
	const initial = {
		combatants: states,
		landmarks: {},
		distances,
		grapples: [],
		carrying: {},
		surface: encounter.surface ?? "normal"
	};
	const breakOutDefences = {};
	for (const { source } of flat) breakOutDefences[source.state.id] = {
		pool: source.checks.breakOut.pool,
		tn: source.checks.breakOut.tn
	};
	const combatants = flat.map(({ source, side }, index) => {
		return {
			index,
			id: source.state.id,
			name: source.state.name,
			side,
			source,
			tactics: source.tactics ?? "standard",
			attacks: flat.map((other) => other.side === side ? [] : attackOptions(source, other.source)),
			grapples: flat.map((other) => other.side === side ? null : grappleOption(source, other.source)),
			breakOut: source.checks.breakOut,
			breakOutDeclaration: { breakerId: source.state.id },
			breakOutPools: {
				attackPool: source.checks.breakOut.pool,
				attackTN: source.checks.breakOut.tn,
				defences: breakOutDefences
			},
			rescuePool: Math.max(source.checks.soma.pool, source.skills.aerobatics?.pool ?? 0),
			severeAt: woundThresholds(source.state.life.max).severelyInjured,
			crashDamage: damageDistribution({
				pool: source.state.soma,
				tn: crashTN(initial.surface),
				armour: source.state.armour
			}).reduce((sum, p, k) => sum + p * k, 0)
		};
	});
	const members = sides.map((_, s) => combatants.filter((c) => c.side === s).map((c) => c.index));
	return {
		sides,
		combatants,
		byId: new Map(combatants.map((c) => [c.id, c])),
		members,
		initial,
		mode: encounter.mode ?? "descending",
		roundLimit: encounter.roundLimit ?? 20,
		breakOutDefences
	};
}
// src/rules/simulator/play.ts
/**
* One simulated skirmish, played round by round with the engine's own procedures: the Pneuma order
* (`pneumaOrder`) or the side d10 (`sideInitiative`, combat events), the round plan (`planRound`, walked with
* `startCursor`/`current`/`advance` walk them), moves (`resolveMove`), battle actions (`performAttack`, `performGrapple`,
* `performBreakOut`, `performRescue`, `setDown`), declared actions checked again as they resolve
* (`checkDeclaredAction`) and the End Phase (`resolveEndPhase`). Nothing here decides a rule: the tactics choose,
* the engine rules, and this loop only applies what the engine returns and counts what happened.
*/
const isSpeed = (phase) => SPEED_CATEGORIES.includes(phase);
/** Empty counters for a compiled encounter. */
function emptyTally(encounter) {
	const n = encounter.combatants.length;
	return {
		wins: new Float64Array(encounter.sides.length),
		draws: 0,
		endings: {
			sideOut: 0,
			disengaged: 0,
			roundLimit: 0
		},
		rounds: new Float64Array(encounter.roundLimit + 1),
		dead: new Float64Array(n),
		severe: new Float64Array(n),
		damage: new Float64Array(n),
		attacks: new Float64Array(n),
		hits: new Float64Array(n)
	};
}
/** Sides with anyone still in the fight: the winner's index, -1 when nobody is, -2 while two or more are. */
function standing(encounter, state) {
	let found = -1;
	for (let s = 0; s < encounter.members.length; s += 1) {
		const members = encounter.members[s] ?? [];
		for (const index of members) {
			const c = encounter.combatants[index];
			if (inTheFight(state.combatants[c.id])) {
				if (found >= 0) return -2;
				found = s;
				break;
			}
		}
	}
	return found;
}
function eventSnapshot(state) {
	return { combatants: Object.values(state.combatants).filter((c) => woundState(c.life.wounds, c.life.max) !== "dead").map((c) => ({
		id: c.id,
		altitude: c.altitude,
		canFly: c.canFly,
		armour: [],
		pinned: isPinned(state, c.id),
		carrying: state.carrying[c.id] !== void 0,
		carried: carrierOf(state, c.id) !== void 0
	})) };
}
const onState = (change) => change.type !== "armourDamage";
/** The simulator's own tactics, whose proposals need no parsing (see `move`). */
const OWN_TACTICS = new Set(Object.values(STANDARD_TACTICS));
/** The simulator reads no log outside secret declaration (where `resolveSimultaneous` reports through it). */
const QUIET = Object.freeze({ log: false });
/** The End Phase without a log, each combatant's round reset as one change. */
const QUIET_END = Object.freeze({
	log: false,
	compactResets: true
});
/** Health as a small number, to see whether a round plan still fits: 0 fit, 1 severely injured, 2 dead. */
const HEALTH_CODE = {
	fit: 0,
	severelyInjured: 1,
	dead: 2
};
/** At most this many round plans are kept per simulation (then the store starts again), so memory stays flat. */
const PLANS_KEPT = 4096;
/**
* Plays runs of one compiled encounter, one after another. Made once per simulation, so the methods and scratch
* space are shared by every run; each run starts from its own working copy of the encounter's starting state and
* applies the engine's changes to it in place (`applyChangesInPlace`).
*/
var Runner = class {
	ctx;
	state;
	/** One view, refreshed before each question: tactics answer synchronously and keep no reference. */
	seen;
	/** The health of each combatant when the current round plan was made (HEALTH_CODE), and that plan's steps. */
	planHealth;
	planSteps = null;
	/** This run's Pneuma order as part of a plan's key (made once a run). */
	orderKey = "";
	/** The roster of the Pneuma order, checked once: each run rolls its own order (a run is a combat of its own). */
	pneuma;
	declared = /* @__PURE__ */ new Map();
	/** Round plans made so far in this simulation, by what they depend on (see `roundSteps`). */
	plans = /* @__PURE__ */ new Map();
	constructor(ctx) {
		this.ctx = ctx;
		this.state = ctx.encounter.initial;
		this.seen = {
			state: this.state,
			self: ctx.encounter.combatants[0],
			encounter: ctx.encounter,
			memory: ctx.memory,
			phase: "movement"
		};
		this.planHealth = new Uint8Array(ctx.encounter.combatants.length);
		this.pneuma = pneumaRoster(ctx.encounter.combatants.map((c) => ({
			id: c.id,
			pneuma: c.source.state.pneuma
		})));
	}
	view(c, phase) {
		const seen = this.seen;
		seen.state = this.state;
		seen.self = c;
		seen.phase = phase;
		return seen;
	}
	tacticsOf(c) {
		return this.ctx.tactics[c.tactics];
	}
	byId(id) {
		return this.ctx.encounter.byId.get(id);
	}
	/** Forgets "started this grapple" for everyone no longer in one. */
	forgetGrapples() {
		const { memory, encounter } = this.ctx;
		for (const c of encounter.combatants) if (memory.grappler[c.index] === 1 && !isPinned(this.state, c.id)) memory.grappler[c.index] = 0;
	}
	letGo(c, phase) {
		if (!this.tacticsOf(c).letGo(this.view(c, phase))) return;
		const ruling = setDown(this.state, c.id);
		if (ruling.allowed) applyChangesInPlace(this.state, ruling.changes);
	}
	/** Carries out a battle action; false when the engine refuses it (nothing happened). */
	perform(c, choice) {
		const { state } = this;
		const { dice, tally, memory } = this.ctx;
		switch (choice.kind) {
			case "attack": {
				const r = performParsedAttackSync(state, choice.option.decl, choice.option.pools, dice, QUIET);
				if (!r.allowed) return false;
				applyChangesInPlace(state, r.changes);
				tally.attacks[c.index] = (tally.attacks[c.index] ?? 0) + 1;
				if (r.contest.hit) tally.hits[c.index] = (tally.hits[c.index] ?? 0) + 1;
				tally.damage[c.index] = (tally.damage[c.index] ?? 0) + r.damage;
				return true;
			}
			case "grapple": {
				const r = performParsedGrappleSync(state, choice.option.decl, choice.option.pools, dice);
				if (!r.allowed) return false;
				applyChangesInPlace(state, r.changes);
				if (r.contest.hit) memory.grappler[c.index] = 1;
				return true;
			}
			case "breakOut": {
				const r = performParsedBreakOutSync(state, c.breakOutDeclaration, c.breakOutPools, dice);
				if (!r.allowed) return false;
				applyChangesInPlace(state, r.changes);
				this.forgetGrapples();
				return true;
			}
			case "rescue": {
				const r = performRescueSync(state, {
					rescuerId: c.id,
					targetId: choice.targetId
				}, c.rescuePool, dice);
				if (!r.allowed) return false;
				applyChangesInPlace(state, r.changes);
				return true;
			}
		}
	}
	move(c, phase) {
		this.letGo(c, phase);
		const tactics = this.tacticsOf(c);
		const own = OWN_TACTICS.has(tactics);
		for (const declared of tactics.moves(this.view(c, phase))) {
			const ruling = own ? resolveParsedMove(this.state, declared, phase, QUIET) : resolveMove(this.state, declared, phase);
			if (!ruling.allowed) continue;
			applyChangesInPlace(this.state, ruling.changes);
			return;
		}
	}
	act(c, phase) {
		this.letGo(c, phase);
		for (const choice of this.tacticsOf(c).actions(this.view(c, phase))) if (this.perform(c, choice)) return;
	}
	/** 000 declaration modes: the first proposal that stands now is declared. */
	declare(c, phase) {
		if (phase === "movement") {
			for (const m of this.tacticsOf(c).moves(this.view(c, phase))) {
				const declared = {
					action: "move",
					move: m,
					phase
				};
				if (checkDeclaredAction(this.state, declared).stands) return {
					declared,
					choice: null
				};
			}
			return null;
		}
		for (const choice of this.tacticsOf(c).actions(this.view(c, phase))) {
			const declared = asDeclared(c, choice);
			if (checkDeclaredAction(this.state, declared).stands) return {
				declared,
				choice
			};
		}
		return null;
	}
	/** A declared action checked again as it resolves: lost when it no longer stands, else carried out. */
	resolveDeclared(c, d) {
		const ruling = checkDeclaredAction(this.state, d.declared);
		if (!ruling.stands) applyChangesInPlace(this.state, ruling.changes);
		else if (d.declared.action === "move") {
			const moved = resolveMove(this.state, d.declared.move, d.declared.phase);
			if (moved.allowed) applyChangesInPlace(this.state, moved.changes);
		} else if (d.choice) this.perform(c, d.choice);
	}
	/**
	* 000 "Secret Declaration": a group of equal Pneuma resolves at once (`resolveSimultaneous`); an attack's hit and
	* damage are read back from the log it wrote, since the merged outcome keeps only changes and log.
	*/
	async resolveTogether(ids, phase) {
		const { tally, memory, dice, encounter } = this.ctx;
		const group = [];
		const actors = [];
		for (const id of ids) {
			const c = this.byId(id);
			this.letGo(c, phase);
			const d = this.declared.get(id);
			this.declared.delete(id);
			if (!d) continue;
			group.push(simultaneous(c, d, encounter));
			actors.push(c);
		}
		if (group.length === 0) return;
		const outcome = await resolveSimultaneous(this.state, group, dice);
		applyChangesInPlace(this.state, outcome.changes);
		outcome.results.forEach((result, i) => {
			const c = actors[i];
			const action = group[i];
			if (!result.stands) return;
			if (action.action === "grapple" && result.outcome.log.some((l) => l.key === BATTLE_LOG.GrappleHit)) memory.grappler[c.index] = 1;
			if (action.action !== "attack") return;
			tally.attacks[c.index] = (tally.attacks[c.index] ?? 0) + 1;
			if (result.outcome.log.some((l) => l.key === BATTLE_LOG.AttackHit)) tally.hits[c.index] = (tally.hits[c.index] ?? 0) + 1;
			const dealt = result.outcome.log.find((l) => l.key === BATTLE_LOG.Damage)?.data?.damage;
			tally.damage[c.index] = (tally.damage[c.index] ?? 0) + (typeof dealt === "number" ? dealt : 0);
		});
		this.forgetGrapples();
	}
	/**
	* This round's steps from `planRound`. The plan of a round depends only on the mode, the Pneuma order of the
	* run, the side d10's order and phase shifts, and who is dead or severely injured (the simulator has no
	* surprise, the only thing that reads the round number), so a plan made once is played again whenever those
	* are the same: within a run while nobody's health changes, and across runs through `plans`.
	*/
	roundSteps(round, order, sides) {
		const { encounter } = this.ctx;
		let same = this.planSteps !== null && sides === void 0;
		for (const c of encounter.combatants) {
			const s = this.state.combatants[c.id];
			const code = HEALTH_CODE[woundState(s.life.wounds, s.life.max)];
			if (this.planHealth[c.index] !== code) same = false;
			this.planHealth[c.index] = code;
		}
		if (same && this.planSteps) return this.planSteps;
		let key = "";
		for (const code of this.planHealth) key += String(code);
		if (order) key += this.orderKey;
		if (sides) key += `|${sides.order.join("|")}|${encounter.sides.map((side) => sides.phaseShift?.[side] ?? 0).join("|")}`;
		const known = this.plans.get(key);
		if (known) {
			this.planSteps = known;
			return known;
		}
		const combatants = encounter.combatants.map((c) => {
			const s = this.state.combatants[c.id];
			const health = woundState(s.life.wounds, s.life.max);
			return {
				id: c.id,
				pneuma: s.pneuma,
				side: s.side,
				speed: c.source.speed ?? "average",
				dead: health === "dead",
				severelyInjured: health === "severelyInjured"
			};
		});
		const input = {
			mode: encounter.mode,
			round,
			combatants
		};
		if (order) input.order = order;
		if (sides) input.sides = sides;
		const steps = planRound(input).steps;
		if (this.plans.size >= PLANS_KEPT) this.plans.clear();
		this.plans.set(key, steps);
		this.planSteps = steps;
		return steps;
	}
	/** One step of a round; only combat events and simultaneous groups wait for a Promise. */
	async step(step, events) {
		const { dice, encounter } = this.ctx;
		if (step.kind === "start") for (let e = 0; e < events; e += 1) {
			const event = await resolveCombatEvent(eventSnapshot(this.state), dice);
			applyChangesInPlace(this.state, event.changes.filter(onState));
		}
		else if (step.kind === "resolve" && step.simultaneous && encounter.mode === "secretDeclaration") await this.resolveTogether(step.combatants, step.phase);
		else this.stepNow(step);
	}
	/** A step that needs no Promise: everyone's moves and battle actions, declarations, resolutions, the End Phase. */
	stepNow(step) {
		const phase = step.phase;
		const speed = isSpeed(step.phase);
		const moves = step.phase === "movement" || speed;
		const fights = step.phase === "battle" || speed;
		if (step.kind === "act") for (const id of step.combatants) {
			const c = this.byId(id);
			if (moves) this.move(c, phase);
			if (fights) this.act(c, phase);
		}
		else if (step.kind === "declare" && (moves || fights)) for (const id of step.combatants) {
			const d = this.declare(this.byId(id), phase);
			if (d) this.declared.set(id, d);
		}
		else if (step.kind === "resolve") for (const id of step.combatants) {
			const c = this.byId(id);
			const d = this.declared.get(id);
			this.declared.delete(id);
			this.letGo(c, phase);
			if (d) this.resolveDeclared(c, d);
		}
		else if (step.kind === "end") {
			const end = resolveEndPhaseSync(this.state, this.ctx.dice, QUIET_END);
			applyChangesInPlace(this.state, end.changes);
			this.forgetGrapples();
		}
	}
	/** One run: plays rounds until a side is out, everyone has disengaged or the round limit, and tallies the end. */
	async play() {
		const { encounter, dice, memory, tally } = this.ctx;
		const { combatants, mode } = encounter;
		this.state = workingCopy(encounter.initial);
		this.planSteps = null;
		this.declared.clear();
		memory.grappler.fill(0);
		const order = mode === "descending" || mode === "reverseDeclaration" ? runStepsSync(pneumaOrderSteps(this.pneuma), dice).order : void 0;
		this.orderKey = order ? `|${order.join("|")}` : "";
		let rounds = 0;
		let winner = -2;
		let ending = "roundLimit";
		let asked = false;
		play: for (let round = 1; round <= encounter.roundLimit; round += 1) {
			rounds = round;
			let events = 0;
			let sides;
			if (mode === "sideD10") {
				const init = await sideInitiative(encounter.sides, dice);
				sides = {
					order: init.order,
					phaseShift: init.phaseShift
				};
				events = init.events;
			}
			for (const step of this.roundSteps(round, order, sides)) {
				if (step.kind === "start" || step.simultaneous && step.kind === "resolve" && mode === "secretDeclaration") await this.step(step, events);
				else this.stepNow(step);
				if ((step.phase === "movement" || step.phase === "end" && step.kind !== "end") && asked) continue;
				asked = true;
				winner = standing(encounter, this.state);
				if (winner !== -2) {
					ending = "sideOut";
					break play;
				}
			}
			if (allDisengaged(this.state)) {
				ending = "disengaged";
				break;
			}
		}
		tally.endings[ending] += 1;
		tally.rounds[rounds] = (tally.rounds[rounds] ?? 0) + 1;
		if (winner >= 0) tally.wins[winner] = (tally.wins[winner] ?? 0) + 1;
		else tally.draws += 1;
		for (const c of combatants) {
			const s = this.state.combatants[c.id];
			const health = woundState(s.life.wounds, s.life.max);
			if (health === "dead") tally.dead[c.index] = (tally.dead[c.index] ?? 0) + 1;
			else if (health === "severelyInjured") tally.severe[c.index] = (tally.severe[c.index] ?? 0) + 1;
		}
	}
};
function asDeclared(c, choice) {
	switch (choice.kind) {
		case "attack": return {
			action: "attack",
			attack: choice.option.decl
		};
		case "grapple": return {
			action: "grapple",
			grapple: choice.option.decl
		};
		case "breakOut": return {
			action: "breakOut",
			breakOut: { breakerId: c.id }
		};
		case "rescue": return {
			action: "rescue",
			rescue: {
				rescuerId: c.id,
				targetId: choice.targetId
			}
		};
	}
}
function simultaneous(c, d, encounter) {
	if (d.declared.action === "move") return d.declared;
	const choice = d.choice;
	switch (choice.kind) {
		case "attack": return {
			action: "attack",
			attack: choice.option.decl,
			pools: choice.option.pools
		};
		case "grapple": return {
			action: "grapple",
			grapple: choice.option.decl,
			pools: choice.option.pools
		};
		case "breakOut": return {
			action: "breakOut",
			breakOut: { breakerId: c.id },
			pools: {
				attackPool: c.breakOut.pool,
				attackTN: c.breakOut.tn,
				defences: encounter.breakOutDefences
			}
		};
		case "rescue": return {
			action: "rescue",
			rescue: {
				rescuerId: c.id,
				targetId: choice.targetId
			},
			pool: c.rescuePool
		};
	}
}
// src/rules/simulator/simulate.ts
/**
* `simulate(encounter, { runs, seed })`: plays an encounter many times (play.ts) and summarises how it goes:
* win rate per side with a 95% interval, how many rounds it lasts, each combatant's chance to end dead or
* severely injured, how much damage each deals and how often its attacks hit. One seeded dice stream serves
* every run in order, so the same seed gives the same numbers wherever it runs (CLI, Web Worker, tests).
*/
const Z95 = 1.959963984540054;
/** The 95% Wilson score interval of `count` successes in `n` trials. */
function wilson(count, n) {
	if (n <= 0) return {
		count,
		rate: 0,
		low: 0,
		high: 1
	};
	const p = count / n;
	const z2 = Z95 * Z95;
	const denominator = 1 + z2 / n;
	const centre = (p + z2 / (2 * n)) / denominator;
	const half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
	return {
		count,
		rate: p,
		low: Math.max(0, centre - half),
		high: Math.min(1, centre + half)
	};
}
/** The smallest round count at which at least `share` of the runs had ended. */
function quantile(histogram, runs, share) {
	let seen = 0;
	for (let r = 0; r < histogram.length; r += 1) {
		seen += histogram[r] ?? 0;
		if (seen >= share * runs) return r;
	}
	return histogram.length - 1;
}
function summarise(ctx, runs, options, cancelled) {
	const { encounter, tally } = ctx;
	const t = tally;
	let totalRounds = 0;
	t.rounds.forEach((count, r) => totalRounds += count * r);
	return {
		runs,
		seed: options.seed,
		mode: encounter.mode,
		roundLimit: encounter.roundLimit,
		cancelled,
		sides: encounter.sides.map((name, s) => ({
			name,
			wins: wilson(t.wins[s] ?? 0, runs)
		})),
		draws: wilson(t.draws, runs),
		endings: { ...t.endings },
		rounds: {
			mean: runs > 0 ? totalRounds / runs : 0,
			median: runs > 0 ? quantile(t.rounds, runs, .5) : 0,
			p90: runs > 0 ? quantile(t.rounds, runs, .9) : 0,
			histogram: Array.from(t.rounds)
		},
		combatants: encounter.combatants.map((c) => {
			const attacks = t.attacks[c.index] ?? 0;
			return {
				id: c.id,
				name: c.name,
				side: encounter.sides[c.side] ?? "",
				dead: wilson(t.dead[c.index] ?? 0, runs),
				severelyInjured: wilson(t.severe[c.index] ?? 0, runs),
				damageDealt: runs > 0 ? (t.damage[c.index] ?? 0) / runs : 0,
				attacks: runs > 0 ? attacks / runs : 0,
				hitRate: attacks > 0 ? wilson(t.hits[c.index] ?? 0, attacks) : null
			};
		})
	};
}
/**
* Plays the encounter `runs` times from one seed and summarises the results (DESIGN.md "The rules engine").
* Bad input throws a SimulationInputError whose `problem` holds an en.json key (encounter.ts).
*/
async function simulate(encounter, options) {
	const optionProblem = checkOptions(options);
	if (optionProblem) throw new SimulationInputError(optionProblem);
	const tactics = {
		...STANDARD_TACTICS,
		...options.tactics
	};
	const encounterProblem = checkEncounter(encounter, new Set(Object.keys(tactics)));
	if (encounterProblem) throw new SimulationInputError(encounterProblem);
	const compiled = compileEncounter(encounter);
	const ctx = {
		encounter: compiled,
		tactics,
		memory: { grappler: new Uint8Array(compiled.combatants.length) },
		tally: emptyTally(compiled),
		dice: simulationDice(options.seed)
	};
	const runner = new Runner(ctx);
	const every = Math.max(1, Math.floor(options.progressEvery ?? 5e3));
	let done = 0;
	let cancelled = false;
	while (done < options.runs) {
		if (options.shouldStop?.()) {
			cancelled = true;
			break;
		}
		const batch = Math.min(every, options.runs - done);
		for (let i = 0; i < batch; i += 1) await runner.play();
		done += batch;
		if (options.onProgress) await options.onProgress(done, options.runs);
	}
	return summarise(ctx, done, options, cancelled);
}
Object.freeze({
	AttackerNotOnBoard: "AOD.Board.Reason.AttackerNotOnBoard",
	TargetNotOnBoard: "AOD.Board.Reason.TargetNotOnBoard",
	BadWeapon: "AOD.Board.Reason.BadWeapon",
	Landmark: "AOD.Board.Reason.Landmark",
	NoMeans: "AOD.Board.Reason.NoMeans",
	UnknownCombatant: "AOD.Board.Reason.UnknownCombatant",
	UnknownReference: "AOD.Board.Reason.UnknownReference",
	UnknownLandmark: "AOD.Board.Reason.UnknownLandmark",
	UnknownBand: "AOD.Board.Reason.UnknownBand",
	UnknownSurface: "AOD.Board.Reason.UnknownSurface",
	CarrierAndPassenger: "AOD.Board.Reason.CarrierAndPassenger",
	SamePair: "AOD.Board.Reason.SamePair",
	ZeroNeedsGrapple: "AOD.Board.Reason.ZeroNeedsGrapple",
	LinkedThroughOthers: "AOD.Board.Reason.LinkedThroughOthers",
	LandmarkName: "AOD.Board.Reason.LandmarkName",
	LandmarkExists: "AOD.Board.Reason.LandmarkExists",
	CombatantExists: "AOD.Board.Reason.CombatantExists",
	EntryAtZero: "AOD.Board.Reason.EntryAtZero",
	NotOwner: "AOD.Board.Reason.NotOwner",
	GMOnly: "AOD.Board.Reason.GMOnly",
	NoCombat: "AOD.Board.Reason.NoCombat",
	GroundMoveOnGround: "AOD.Board.Reason.GroundMoveOnGround",
	GroundMoveNoClimb: "AOD.Board.Reason.GroundMoveNoClimb",
	FullMoveTakesOff: "AOD.Board.Reason.FullMoveTakesOff",
	NoMoveOpen: "AOD.Board.Reason.NoMoveOpen",
	Malformed: "AOD.Board.Reason.Malformed"
});
Object.freeze([
	"melee",
	"grapple",
	"ranged",
	"breath",
	"rescue"
]);
Object.freeze([
	"standard",
	"full",
	"fullGround"
]);
Object.freeze([
	"attack",
	"grapple",
	"breakOut",
	"rescue",
	"setDown"
]);
Object.freeze({
	dice: 30,
	tn: 6
});
Object.freeze({
	NeedsWeapon: "AOD.Attack.Refuse.NeedsWeapon",
	OneTarget: "AOD.Attack.Refuse.OneTarget",
	NoTargets: "AOD.Attack.Refuse.NoTargets",
	NeedsTarget: "AOD.Attack.Refuse.NeedsTarget",
	DuplicateTarget: "AOD.Attack.Refuse.DuplicateTarget",
	SelfTarget: "AOD.Attack.Refuse.SelfTarget",
	KillerBlowOnlyAttack: "AOD.Attack.Refuse.KillerBlowOnlyAttack",
	NeedsCheck: "AOD.Attack.Refuse.NeedsCheck",
	NotDeclared: "AOD.Attack.Refuse.NotDeclared",
	DiceMismatch: "AOD.Attack.Refuse.DiceMismatch",
	CardClosed: "AOD.Attack.Refuse.CardClosed",
	UnknownTarget: "AOD.Attack.Refuse.UnknownTarget",
	AlreadyAnswered: "AOD.Attack.Refuse.AlreadyAnswered",
	NotDefended: "AOD.Attack.Refuse.NotDefended",
	DefenceNotAllowed: "AOD.Attack.Refuse.DefenceNotAllowed",
	NoDamageDue: "AOD.Attack.Refuse.NoDamageDue",
	DamageMismatch: "AOD.Attack.Refuse.DamageMismatch",
	NotResolved: "AOD.Attack.Refuse.NotResolved",
	NotApplied: "AOD.Attack.Refuse.NotApplied",
	GrapplersChanged: "AOD.Attack.Refuse.GrapplersChanged",
	NotBattlePhase: "AOD.Attack.Refuse.NotBattlePhase",
	NotYourStep: "AOD.Attack.Refuse.NotYourStep",
	RoundOver: "AOD.Attack.Refuse.RoundOver",
	NotInCombat: "AOD.Attack.Refuse.NotInCombat"
});
Object.freeze([
	"owner",
	"gm",
	"auto",
	"timeout"
]);
Object.freeze([
	"declared",
	"rolled",
	"applied",
	"undone",
	"refused"
]);
Object.freeze([
	"miss",
	"grappled",
	"damageRolled",
	"shakenOff",
	"stillHeld",
	"caught",
	"notCaught"
]);
Object.freeze([
	"attack",
	"killerBlow",
	"grapple",
	"breakOut",
	"rescue",
	"move",
	"other"
]);
Object.freeze([
	"attack",
	"killerBlow",
	"grapple",
	"rescue"
]);
Object.freeze([
	"attack",
	"killerBlow",
	"grapple"
]);
Object.freeze({
	NothingDeclared: "AOD.Declare.Reason.NothingDeclared",
	NotDeclaredAction: "AOD.Declare.Reason.NotDeclaredAction",
	NotDeclaredTarget: "AOD.Declare.Reason.NotDeclaredTarget",
	NotDeclaredWeapon: "AOD.Declare.Reason.NotDeclaredWeapon",
	Aborted: "AOD.Declare.Reason.Aborted",
	AlreadyResolved: "AOD.Declare.Reason.AlreadyResolved",
	NotInSkirmish: "AOD.Declare.Reason.NotInSkirmish",
	NotThisPhase: "AOD.Declare.Reason.NotThisPhase",
	NeedsTarget: "AOD.Declare.Reason.NeedsTarget",
	UnknownTarget: "AOD.Declare.Reason.UnknownTarget",
	NeedsWeapon: "AOD.Declare.Reason.NeedsWeapon",
	UnknownWeapon: "AOD.Declare.Reason.UnknownWeapon",
	NeedsMove: "AOD.Declare.Reason.NeedsMove",
	NoKillerBlow: "AOD.Declare.Reason.NoKillerBlow",
	MoveAtResolveStep: "AOD.Declare.Reason.MoveAtResolveStep",
	NotDeclaredMove: "AOD.Declare.Reason.NotDeclaredMove"
});
Object.freeze([
	"movement",
	"end",
	"starting",
	"endOfRound"
]);
// bench/throughput.ts
/**
* Simulator throughput per CPU-second of this process (process.cpuUsage: user + system), not wall time, so a
* machine shared with other work still gives a fair figure. Each matchup is simulated `AOD_BENCH_RUNS` times
* (default 20,000) after a warm-up, three times; the best of the three is printed with the others.
*   npx tsx bench/throughput.ts            node --cpu-prof --import tsx bench/throughput.ts   (a profile)
*/
const entries = loadBestiary(resolve(import.meta.dirname, "../packs/_source/bestiary"));
const entry = (name) => {
	const found = findEntry(name, entries);
	if (!("found" in found)) throw new Error(`bestiary has no ${name}`);
	return found.found;
};
/** The benchmark's matchups (simulator.bench.ts plays the same ones). */
const matchup = (a, b, mode = "descending") => encounterFromActors([{
	actors: a.map(entry),
	altitude: "mid"
}, {
	actors: b.map(entry),
	altitude: "mid"
}], {
	distance: "middle",
	mode
});
const cpuSeconds = () => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1e6;
};
async function measure(label, encounter, runs) {
	await simulate(encounter, {
		runs: Math.ceil(runs / 5),
		seed: 99
	});
	const rates = [];
	for (let trial = 0; trial < 3; trial += 1) {
		const start = cpuSeconds();
		await simulate(encounter, {
			runs,
			seed: trial + 1
		});
		rates.push(runs / (cpuSeconds() - start));
	}
	const shown = rates.map((r) => Math.round(r).toLocaleString("en-GB"));
	console.log(`${label}: best ${Math.round(Math.max(...rates)).toLocaleString("en-GB")} runs per CPU-second (${shown.join(", ")})`);
}
const only = process.env.AOD_BENCH_ONLY;
const runs = Number(process.env.AOD_BENCH_RUNS ?? 2e4);
console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
const cases = [
	[
		"1v1 Sable Dragon vs Knight",
		matchup(["Sable Dragon"], ["Knight"]),
		runs
	],
	[
		"1v1 Sable Dragon vs Storm Wyrm",
		matchup(["Sable Dragon"], ["Storm Wyrm"]),
		runs
	],
	[
		"3v3 Sable, Argent, Hunter vs Storm Wyrm, Knight, Longbowman",
		matchup([
			"Sable Dragon",
			"Argent Dragon",
			"Hunter Dragon"
		], [
			"Storm Wyrm",
			"Knight",
			"Longbowman"
		]),
		Math.ceil(runs / 4)
	],
	[
		"1v1 Sable Dragon vs Knight, side d10",
		matchup(["Sable Dragon"], ["Knight"], "sideD10"),
		runs
	],
	[
		"1v1 Sable Dragon vs Knight, secret declaration",
		matchup(["Sable Dragon"], ["Knight"], "secretDeclaration"),
		runs
	]
];
for (const [label, encounter, n] of cases) if (!only || label.includes(only)) await measure(label, encounter, n);
export { matchup };
