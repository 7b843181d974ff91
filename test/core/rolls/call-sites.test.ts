// Every roll the system makes goes through the roll pipeline (src/core/rolls/pipeline.ts, README "Roll hooks"): read
// from the sources, the only Roll built and evaluated outside the rules is the pipeline's (its Foundry side,
// foundry-rolls.ts), and each place that rolls calls it: checks (features/checks/roll-check.ts), the attack card's
// attack, defence and damage (features/attack/attack-flow.ts), and the engine's dice (RollingDice, a PipelineDice).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLL_KINDS } from "../../../src/core/rolls/roll-config";

const src = resolve(import.meta.dirname, "../../../src");
const read = (file: string): string => readFileSync(join(src, file), "utf8");
/** The code of a file without its comments, so a comment that names a call is not a call. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");

/** Every source file outside the pure rules (which roll only through a DiceSource), by path from src/. */
const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => relative(src, join(src, name)).split("\\").join("/"))
  .filter((name) => !name.startsWith("rules/"));

function filesMatching(pattern: RegExp): string[] {
  return files.filter((file) => pattern.test(code(read(file))));
}

describe("every roll goes through the roll pipeline", () => {
  it("reads the system's sources", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("core/rolls/foundry-rolls.ts");
  });

  it("builds a Roll only in the pipeline's Foundry side (and PoolRoll.fromPool, which it calls)", () => {
    const builders = /new\s+(Roll|PoolRoll|foundry\.dice\.Roll)\s*\(|PoolRoll\.fromPool\s*\(|Roll\.create\s*\(/;
    expect(filesMatching(builders).sort()).toEqual(["core/dice/pool-roll.ts", "core/rolls/foundry-rolls.ts"]);
    expect(code(read("core/dice/pool-roll.ts")).match(new RegExp(builders.source, "g"))).toEqual(["new PoolRoll("]);
  });

  it("evaluates a Roll only in the pipeline (and a PoolRoll drawn before it was rolled, as Foundry's Roll#render does)", () => {
    expect(filesMatching(/(?<!\benv)\.evaluate(Sync)?\s*\(/).sort()).toEqual(["core/dice/pool-roll.ts", "core/rolls/foundry-rolls.ts"]);
    // The pool roll evaluates itself only when asked to draw before it was rolled, never in the system's own flows.
    expect(code(read("core/dice/pool-roll.ts"))).toMatch(/if \(!this\._evaluated\) await this\.evaluate\(/);
  });

  it("rolls a check through rollThrough, with the dialog, the resolve step and the card as its stages", () => {
    const check = code(read("features/checks/roll-check.ts"));
    expect(check).toMatch(/await rollThrough\(\s*config,/);
    expect(check).toMatch(/open: \(current\) => openDialog\(/);
    expect(check).toMatch(/resolve: checkResolveStep\(source, ladder\)/);
    expect(check).toMatch(/const config = checkRollConfig\(/);
    expect(check).toMatch(/\{ data: \(roll, faces, current\) => checkMessageData\(/);
    expect(check).not.toMatch(/ChatMessage\.create/);
  });

  it("rolls the attack card's attack, defence (which cannot be cancelled) and damage through rollPoolThrough", () => {
    const attack = code(read("features/attack/attack-flow.ts"));
    const calls = [...attack.matchAll(/rollPoolThrough\("(\w+)"[^;]*?\)/g)].map((m) => [m[1], m[0].includes(", false)")]);
    expect(calls).toEqual([
      ["attack", false],
      ["defence", true],
      ["damage", false],
    ]);
  });

  it("gives the engine RollingDice, a PipelineDice with Foundry's side, each naming its kind of roll", () => {
    expect(code(read("core/dice/rolling-dice.ts"))).toMatch(/class RollingDice extends PipelineDice<Roll>[\s\S]*super\(kind, foundryRollEnv\(\)\)/);
    const kinds = files.flatMap((file) => [...code(read(file)).matchAll(/new RollingDice\(([^)]*)\)/g)].map((m) => m[1] ?? ""));
    expect(kinds.length).toBeGreaterThanOrEqual(6);
    for (const kind of kinds) expect(ROLL_KINDS as readonly string[]).toContain(JSON.parse(kind));
    expect(new Set(kinds.map((k) => JSON.parse(k) as string))).toEqual(new Set(["initiative", "sideD10", "event", "endPhase", "surprise", "declaration"]));
  });
});
