// tools/simulate.mjs (what `npm run simulate` runs): the CLI from a bundle it builds on demand, rebuilt only when
// a file it was built from changed. Each test builds into its own folder (AOD_SIMULATE_CACHE). The bundle's output
// is compared with the CLI's sources run in this process (runCli, what src/cli/process.ts wires to the process);
// test/cli/simulate-cli.test.ts starts those sources as a process (tsx src/cli/simulate.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";

const ROOT = resolve(import.meta.dirname, "../..");
const cache = mkdtempSync(join(tmpdir(), "aod-simulate-"));
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
});

const run = (...argv: string[]) =>
  spawnSync(process.execPath, [resolve(ROOT, "tools/simulate.mjs"), ...argv], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, AOD_SIMULATE_CACHE: cache },
  });
const bundle = join(cache, "simulate.mjs");
const manifest = join(cache, "inputs.json");

describe("npm run simulate from its bundle", { timeout: 60_000 }, () => {
  it("builds the bundle on the first run and prints the same table as the CLI from its sources", async () => {
    const first = run("--runs", "200", "--seed", "7", "--json");
    expect(first.status).toBe(0);
    expect(statSync(bundle).size).toBeGreaterThan(0);
    const inputs = (JSON.parse(readFileSync(manifest, "utf8")) as { inputs: [string, string][] }).inputs.map(([file]) => file);
    expect(inputs).toContain("src/cli/main.ts");
    expect(inputs).toContain("src/rules/simulator/play.ts");
    // The same command from the sources, in this process (starting tsx would cost more than the run itself).
    let fromSources = "";
    const status = await runCli(["--runs", "200", "--seed", "7", "--json"], {
      out: (text) => (fromSources += text),
      err: (text) => { throw new Error(`unexpected stderr: ${text}`); },
      errIsTTY: false,
      root: ROOT,
      readText: (path) => readFileSync(path, "utf8"),
    });
    expect(status).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual(JSON.parse(fromSources));
  });

  it("keeps the bundle while its inputs are unchanged and rebuilds it when one changed", () => {
    run("--runs", "10");
    const built = statSync(bundle).mtimeMs;
    expect(run("--runs", "10").status).toBe(0);
    expect(statSync(bundle).mtimeMs).toBe(built);
    // One input recorded with another size and time stands for an edited file.
    const recorded = JSON.parse(readFileSync(manifest, "utf8")) as { inputs: [string, string][] };
    recorded.inputs = recorded.inputs.map(([file, stamp]) => [file, file === "src/cli/main.ts" ? "0:0" : stamp]);
    writeFileSync(manifest, JSON.stringify(recorded));
    writeFileSync(bundle, "throw new Error('stale bundle run');");
    const again = run("--runs", "10");
    expect(again.stderr).not.toContain("stale bundle run");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Sable Dragon");
  });

  it("--prepare-bundle (npm's prepare) builds a missing bundle and runs nothing", () => {
    rmSync(bundle);
    const prepared = run("--prepare-bundle");
    expect(prepared.status).toBe(0);
    expect(prepared.stdout).toBe("");
    expect(statSync(bundle).size).toBeGreaterThan(0);
  });

  it("--workers N: worker threads print the same, byte for byte, for 1, 2 and 3 workers", () => {
    const outputs = ["1", "2", "3"].map((n) => run("--runs", "1600", "--seed", "3", "--side", "Sable Dragon", "--side", "Knight", "--workers", n));
    expect(outputs.map((o) => o.status)).toEqual([0, 0, 0]);
    expect(outputs[0]?.stdout).toContain("1,600 runs, seed 3");
    expect(outputs[1]?.stdout).toBe(outputs[0]?.stdout);
    expect(outputs[2]?.stdout).toBe(outputs[0]?.stdout);
  });

  it("passes the exit status and messages through: --help, and bad input with status 2", () => {
    const help = run("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: npm run simulate");
    const bad = run("--side", "Nobody", "--side", "Knight");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Closest:");
  });
});
