// `npm run simulate` (src/cli): the real command run in-process with captured output, and once as a process.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS, DEFAULT_SIDES, parseArgs, parseCount } from "../../src/cli/args";
import { findEntry, loadBestiary } from "../../src/cli/bestiary";
import { progressBar } from "../../src/cli/format";
import { runCli } from "../../src/cli/main";
import { encounterFile } from "../../src/data/combat/forecast-encounter";
import { encounterFromActors } from "../../src/data/simulator-encounter";
import type { ActorData } from "../../src/data/actor/actor-data";
import { localBlockRunner, simulate } from "../../src/rules/simulator";
import type { SimulationResult } from "../../src/rules/simulator";

const ROOT = resolve(import.meta.dirname, "../..");
const entries = loadBestiary(resolve(ROOT, "packs/_source/bestiary"));

/** Files the in-process command can read (`--from`), by absolute path. */
const files = new Map<string, string>();

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const readText = (path: string): string => {
    const text = files.get(path);
    if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
    return text;
  };
  const status = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), errIsTTY: false, root: ROOT, readText });
  return { status, out, err };
}

const entry = (name: string): ActorData => {
  const found = findEntry(name, entries);
  if (!("found" in found)) throw new Error(`no ${name}`);
  return found.found;
};

describe("npm run simulate: arguments", () => {
  it("with none, plays the default matchup with the default options", () => {
    const parsed = parseArgs([]);
    expect(parsed.ok && parsed.options.sides).toEqual(DEFAULT_SIDES);
    expect(parsed.ok && parsed.options.runs).toBe(DEFAULTS.runs);
    expect(parsed.ok && parsed.options.altitudes).toEqual(["mid", "mid"]);
  });

  it("reads sides, numbers and flags in both spellings", () => {
    const parsed = parseArgs(["--side", "Sable", "--side=Knight, Longbowman", "--runs", "2_000", "--seed=7", "--altitudes", "high,grounded", "--json"]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.options.sides).toEqual([["Sable"], ["Knight", "Longbowman"]]);
    expect(parsed.options).toMatchObject({ runs: 2000, seed: 7, altitudes: ["high", "grounded"], json: true });
  });

  it("reads counts as typed and leaves bad ones for the simulator to refuse", () => {
    expect(parseCount("10,000")).toBe(10000);
    expect(parseCount("1e6")).toBe(1_000_000);
    expect(parseCount("-5")).toBe(-5);
    expect(parseCount("many")).toBeNaN();
  });

  it("draws a progress bar", () => {
    expect(progressBar(45, 100, 20)).toBe("[#########...........]  45%  45 / 100");
    expect(progressBar(100, 100, 4)).toBe("[####] 100%  100 / 100");
  });
});

describe("npm run simulate: finding bestiary entries", () => {
  it("finds by full name, first word or any word, ignoring case", () => {
    expect(findEntry("sable dragon", entries)).toEqual({ found: entry("Sable Dragon") });
    expect(findEntry("Sable", entries)).toEqual({ found: entry("Sable Dragon") });
    expect(findEntry("rider", entries)).toEqual({ found: entry("Wyvern Rider") });
  });

  it("suggests the closest names for a misspelling", () => {
    const found = findEntry("Sabel", entries);
    expect("unknown" in found && found.unknown[0]).toBe("Sable Dragon");
  });
});

describe("npm run simulate: output", { timeout: 30_000 }, () => {
  it("prints a readable table for named sides", async () => {
    const { status, out, err } = await cli("--side", "Sable", "--side", "Knight,Longbowman", "--runs", "300", "--seed", "3");
    expect(status).toBe(0);
    expect(err).toBe("");
    expect(out).toContain("300 runs, seed 3, descending Pneuma initiative");
    for (const words of ["Sable Dragon", "Knight, Longbowman", "Draw", "95% interval", "Rounds: mean", "Hit rate", "Longbowman"]) {
      expect(out).toContain(words);
    }
    expect(out).not.toMatch(/AOD\./);
  });

  it("prints JSON with the same numbers as simulate() for the same seed", async () => {
    const { status, out } = await cli("--side", "Hunter", "--side", "Longbowman,Crossbowman", "--runs", "200", "--seed", "9", "--json");
    expect(status).toBe(0);
    const parsed = JSON.parse(out) as { result: SimulationResult; encounter: { sides: { name: string }[] } };
    const direct = await simulate(
      encounterFromActors(
        [
          { actors: [entry("Hunter Dragon")], altitude: "mid" },
          { actors: [entry("Longbowman"), entry("Crossbowman")], altitude: "mid" },
        ],
        { distance: "middle", surface: "normal", mode: "descending", roundLimit: 20 },
      ),
      { runs: 200, seed: 9 },
    );
    expect(parsed.result).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(parsed.encounter.sides.map((s) => s.name)).toEqual(["Hunter Dragon", "Longbowman, Crossbowman"]);
  });

  it.each(["reverseDeclaration", "secretDeclaration", "sideD10"])("plays the %s round mode", async (mode) => {
    const { status, out } = await cli("--side", "Argent", "--side", "Knight,Longbowman", "--runs", "60", "--mode", mode, "--json");
    expect(status).toBe(0);
    const { result } = JSON.parse(out) as { result: SimulationResult };
    expect(result.mode).toBe(mode);
    expect(result.sides.reduce((s, side) => s + side.wins.count, result.draws.count)).toBe(60);
  });

  it("shows a progress bar on stderr when asked", async () => {
    const { status, err } = await cli("--side", "Sable", "--side", "Knight", "--runs", "2000", "--progress");
    expect(status).toBe(0);
    expect(err).toContain("100%  2,000 / 2,000");
  });

  it("prints help with the options and the bestiary", async () => {
    const { status, out } = await cli("--help");
    expect(status).toBe(0);
    for (const words of ["--side", "--runs", "--seed", "--mode", "--altitudes", "--surface", "--json", "Sable Dragon", "Wyvern Rider"]) {
      expect(out).toContain(words);
    }
  });
});

describe("npm run simulate: bad input exits with status 2 and a message", () => {
  it.each([
    [["--side", "Sabel", "--side", "Knight"], "no bestiary entry is called \"Sabel\". Closest: Sable Dragon"],
    [["--side", "Wyvern", "--side", "Knight"], "\"Wyvern\" could be any of Frost Wyvern, Wyvern Rider"],
    [["--side", "Sable"], "at least two sides (got 1)"],
    [["--side", "Sable", "--side", "Knight,"], "an empty name"],
    [["--runs", "-5"], "whole number of 1 or more (got -5)"],
    [["--runs", "1.5"], "whole number of 1 or more (got 1.5)"],
    [["--runs", "20000000"], "more than the most a simulation may play (10000000)"],
    [["--seed", "x"], "The seed must be a whole number"],
    [["--mode", "chaos"], "\"chaos\" is not a valid mode"],
    [["--altitudes", "space"], "\"space\" is not an altitude"],
    [["--altitudes", "mid,low,high"], "3 altitudes given for 2 sides"],
    [["--rounds", "0"], "not a valid roundLimit"],
    [["--frobnicate"], "unknown option --frobnicate"],
    [["--runs"], "--runs needs a value"],
    [["--workers", "0"], "--workers takes a whole number from 1 to 64, not \"0\""],
    [["--workers", "two"], "--workers takes a whole number from 1 to 64, not \"two\""],
  ])("%j", async (argv, message) => {
    const { status, out, err } = await cli(...argv);
    expect(status).toBe(2);
    expect(out).toBe("");
    expect(err).toContain(message);
    expect(err).toContain("--help");
    expect(err).not.toMatch(/AOD\./);
  });
});

describe("npm run simulate -- --workers N", { timeout: 30_000 }, () => {
  /** The command with a pool of in-process workers; `log` records the pools started and closed. */
  async function withPool(log: string[], ...argv: string[]) {
    let out = "";
    const status = await runCli(argv, {
      out: (t) => (out += t),
      err: () => undefined,
      errIsTTY: false,
      root: ROOT,
      readText: (path) => files.get(path) ?? "",
      pool: (count) => {
        log.push(`start ${count}`);
        return { runners: Array.from({ length: count }, () => localBlockRunner()), close: () => Promise.resolve(void log.push("close")) };
      },
    });
    return { status, out };
  }

  it("prints the same, byte for byte, with 1, 2 or 3 workers, and closes the workers it started", async () => {
    const log: string[] = [];
    const runs = ["--runs", "1700", "--seed", "4"];
    const one = await withPool(log, ...runs, "--workers", "1");
    expect(one.status).toBe(0);
    // One worker is this thread: no pool is started.
    expect(log).toEqual([]);
    for (const n of ["2", "3"]) expect(await withPool(log, ...runs, "--workers", n)).toEqual(one);
    expect(log).toEqual(["start 2", "close", "start 3", "close"]);
    expect((await withPool(log, ...runs, "--workers", "3", "--json")).out).toBe((await cli(...runs, "--json")).out);
  });
});

// Starting tsx takes a second or more on a busy machine: one start, with a generous timeout. What the process
// does with good input is checked from the bundle, which runs the same code (test/cli/simulate-launcher.test.ts).
describe("npm run simulate: as a process", { timeout: 60_000 }, () => {
  const tsx = resolve(ROOT, "node_modules/.bin/tsx");
  const script = resolve(ROOT, "src/cli/simulate.ts");

  it("from its sources, finds the bestiary from its own folder and exits 2 on bad input", () => {
    const run = spawnSync(tsx, [script, "--side", "Nobody", "--side", "Knight"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Closest:");
  });
});

describe("npm run simulate -- --from FILE: a saved encounter, such as a combat under way", () => {
  const saved = (name: string, value: unknown) => {
    const path = resolve(`/saved/${name}`);
    files.set(path, typeof value === "string" ? value : JSON.stringify(value));
    return `/saved/${name}`;
  };
  const underWay = () => {
    const encounter = encounterFromActors([{ actors: [entry("Sable Dragon")], altitude: "low" }, { actors: [entry("Longbowman")], altitude: "grounded" }]);
    const sable = encounter.sides[0]?.combatants[0];
    if (sable) sable.state = { ...sable.state, life: { ...sable.state.life, wounds: 6 } };
    return { ...encounter, roundLimit: 8, start: { round: 5, distances: { "c1|c2": "middle" as const } } };
  };

  it("plays the saved encounter from where it stands and says so", async () => {
    const path = saved("fight.json", encounterFile(underWay()));
    const { status, out, err } = await cli("--from", path, "--runs", "300", "--seed", "2");
    expect([status, err]).toEqual([0, ""]);
    expect(out).toContain(`from round 5 of ${path}, round limit 8`);
    const direct = await simulate(underWay(), { runs: 300, seed: 2 });
    const json = await cli("--from", path, "--runs", "300", "--seed", "2", "--json");
    const printed = JSON.parse(json.out) as { result: SimulationResult; encounter: { start: { round: number } } };
    expect(printed.result.sides).toEqual(direct.sides);
    expect(printed.encounter.start.round).toBe(5);
  });

  it("reads a bare encounter too", async () => {
    const { status } = await cli("--from", saved("bare.json", underWay()), "--runs", "10");
    expect(status).toBe(0);
  });

  it.each([
    ["a file that is not there", () => "/saved/missing.json", /cannot be read as an encounter: ENOENT/],
    ["a file that is not JSON", () => saved("text.json", "sides: nope"), /cannot be read as an encounter: .*JSON/],
    ["JSON that is not an encounter", () => saved("other.json", { format: "else" }), /is neither an exported encounter \(age-of-dragons\.encounter version 1\)/],
    ["an encounter whose start is unsound", () => saved("bad.json", { ...underWay(), start: { round: 0 } }), /does not read soundly: round is 0/],
  ])("refuses %s with a message and status 2", async (_name, path, message) => {
    const { status, err } = await cli("--from", path(), "--runs", "10");
    expect(status).toBe(2);
    expect(err).toMatch(message);
  });

  it("refuses options the saved encounter already says", async () => {
    const { status, err } = await cli("--from", saved("fight2.json", underWay()), "--side", "Knight");
    expect(status).toBe(2);
    expect(err).toContain("--side cannot be given with --from");
  });
});

describe("npm run simulate -- --from FILE --advise: the options of the saved step", () => {
  const atStep = () => {
    const encounter = encounterFromActors([{ actors: [entry("Sable Dragon")], altitude: "grounded" }, { actors: [entry("Knight")], altitude: "grounded" }]);
    return { ...encounter, roundLimit: 3, start: { round: 3, distances: { "c1|c2": "close" as const }, at: { phase: "battle", kind: "act", combatants: ["c1"] } } };
  };
  const file = (name: string, value: unknown) => {
    files.set(resolve(`/saved/${name}`), JSON.stringify(value));
    return `/saved/${name}`;
  };

  it("lists each option with its roll's odds and the side's chance, best first", async () => {
    const { status, out, err } = await cli("--from", file("step.json", encounterFile(atStep())), "--advise", "--runs", "200");
    expect([status, err]).toEqual([0, ""]);
    expect(out).toContain("Advice for Sable Dragon");
    expect(out).toContain("at Battle: 200 runs per option at most, 1,200 in all");
    expect(out).toMatch(/(Attack|Killer blow at) Knight with Tooth and Claw\s+hits \d+\.\d%, \d+\.\d\d wounds expected, kills \d+\.\d%/);
    expect(out).toContain("Hold: no action now");
    expect(out).toContain("Grapple Knight");
  });

  it("in a movement step lists the moves in words: the kind of move, the band and from whom", async () => {
    const moving = { ...atStep(), start: { round: 3, distances: { "c1|c2": "long" as const }, at: { phase: "movement", kind: "act", combatants: ["c1"] } } };
    const { status, out } = await cli("--from", file("move.json", moving), "--advise", "--runs", "50");
    expect(status).toBe(0);
    expect(out).toContain("at Tactical Movement");
    expect(out).toMatch(/(Standard|Full aerial) move.*: climb or dive to Flying Low/);
    expect(out).toMatch(/(Standard|Full aerial) move.*: to Close quarters from Knight/);
    expect(out).not.toMatch(/AOD\.|\{kind\}|undefined/);
  });

  it("gives the same options as JSON", async () => {
    const { status, out } = await cli("--from", file("step2.json", atStep()), "--advise", "--runs", "100", "--json");
    expect(status).toBe(0);
    const printed = JSON.parse(out) as { advice: { combatantId: string; options: { runs: number }[] }[] };
    expect(printed.advice.map((a) => a.combatantId)).toEqual(["c1"]);
    expect(printed.advice[0]?.options.every((o) => o.runs === 100)).toBe(true);
  });

  it("refuses a file at no step, and --advise without --from", async () => {
    const noStep = { ...atStep(), start: { round: 3 } };
    const refused = await cli("--from", file("nostep.json", noStep), "--advise");
    expect(refused.status).toBe(2);
    expect(refused.err).toContain("is at no step of a round");
    const alone = await cli("--advise");
    expect(alone.status).toBe(2);
    expect(alone.err).toContain("--advise needs --from FILE");
  });
});
