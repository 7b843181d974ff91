// The `npm test` runner's stages (tools/lib/stages.ts): started together, each stage's commands in order, a
// failing command fails its stage and stops it, output kept per stage, CPU read from /proc where Linux has it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { childCpuSeconds, runStages, summary, type StageResult } from "../../tools/lib/stages";

const node = (code: string): [string, ...string[]] => [process.execPath, "-e", code];
const sleep = (ms: number) => node(`setTimeout(() => { console.log("slept ${ms}"); }, ${ms})`);

describe("the npm test stages", () => {
  it("starts the stages together: each of two stages waits for the other's mark, so only side by side do both pass", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aod-stages-"));
    // Writes its own mark, then waits (up to 20 s) for the other stage's.
    const meet = (mine: string, theirs: string) => node(
      `const fs = require("fs"); fs.writeFileSync(${JSON.stringify(join(dir, mine))}, "");` +
      `const end = Date.now() + 20000; const wait = () => fs.existsSync(${JSON.stringify(join(dir, theirs))}) ? ` +
      `console.log("met") : Date.now() > end ? process.exit(1) : setTimeout(wait, 20); wait();`);
    const printed: string[] = [];
    const results = await runStages([
      { name: "a", steps: [meet("a", "b")] },
      { name: "b", steps: [meet("b", "a")] },
    ], process.cwd(), (text) => printed.push(text));
    rmSync(dir, { recursive: true, force: true });
    expect(results.map((result) => [result.name, result.ok])).toEqual([["a", true], ["b", true]]);
    expect(printed).toHaveLength(2);
  });

  it("runs a stage's commands in order and stops the stage at the first that fails", async () => {
    const [result] = await runStages([
      { name: "chain", steps: [node('console.log("one")'), node("process.exit(3)"), node('console.log("three")')] },
    ], process.cwd(), () => undefined);
    expect(result?.ok).toBe(false);
    expect(result?.output).toContain("one");
    expect(result?.output).not.toContain("three");
  });

  it("keeps each stage's output in its own block, stderr included", async () => {
    const printed: string[] = [];
    await runStages([{ name: "noisy", steps: [node('console.log("out"); console.error("err")')] }], process.cwd(),
      (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/===== noisy: ok in [\d.]+ s =====/);
    expect(printed[0]).toContain("out");
    expect(printed[0]).toContain("err");
  });

  it("runs a stage's commands that much nicer than the runner, and the others as nice as the runner", async () => {
    const niceness = node('console.log(`niceness ${require("os").getPriority()}`)');
    const own = (await import("node:os")).getPriority();
    const [kind, plain] = await runStages([
      { name: "kind", steps: [niceness], nice: 7 },
      { name: "plain", steps: [niceness] },
    ], process.cwd(), () => undefined);
    expect(kind?.output).toContain(`niceness ${Math.min(19, own + 7)}`);
    expect(plain?.output).toContain(`niceness ${own}`);
  });

  it("fails a stage whose program does not exist", async () => {
    const [result] = await runStages([{ name: "missing", steps: [["aod-no-such-program"]] }], process.cwd(), () => undefined);
    expect(result?.ok).toBe(false);
  });

  it("counts the CPU a stage's processes burn (Linux), not its wall time", async () => {
    // Burns 0.3 s of CPU however busy the machine is; the idle stage sleeps as long and burns next to none.
    const burn = node("while (process.cpuUsage().user < 300000);");
    const [busy] = await runStages([{ name: "busy", steps: [burn] }], process.cwd(), () => undefined);
    const [idle] = await runStages([{ name: "idle", steps: [sleep(300)] }], process.cwd(), () => undefined);
    if (existsSync("/proc/self/stat")) {
      expect(busy?.cpu).toBeGreaterThanOrEqual(0.29);
      expect((busy?.cpu ?? 0) - (idle?.cpu ?? 0)).toBeGreaterThan(0.2);
    } else {
      expect(busy?.cpu).toBeUndefined();
    }
  });

  it("gives each of two side-by-side stages its own CPU, not the other's (Linux)", async () => {
    // The burner marks its end; the sleeper, started with it, waits for the mark and must not be charged the
    // burner's CPU, although that CPU was counted while it ran.
    const dir = mkdtempSync(join(tmpdir(), "aod-stages-"));
    const mark = JSON.stringify(join(dir, "burnt"));
    const [busy, idle] = await runStages([
      { name: "busy", steps: [node(`while (process.cpuUsage().user < 300000); require("fs").writeFileSync(${mark}, "");`)] },
      { name: "idle", steps: [node(`const fs = require("fs"); const end = Date.now() + 30000; ` +
        `const wait = () => fs.existsSync(${mark}) || Date.now() > end ? setTimeout(() => undefined, 100) : setTimeout(wait, 20); wait();`)] },
    ], process.cwd(), () => undefined);
    rmSync(dir, { recursive: true, force: true });
    if (existsSync("/proc/self/stat")) {
      expect(busy?.cpu).toBeGreaterThanOrEqual(0.29);
      expect(idle?.cpu).toBeLessThan(0.25);
    } else {
      expect(idle?.cpu).toBeUndefined();
    }
  });

  it("reads the waited-for children's CPU from a /proc stat line, even with spaces in the command name", () => {
    const stat = "1234 (node (x) y) S 1 1234 1234 0 -1 4194304 100 200 0 0 50 10 250 130 20 0 11 0 100 0 0";
    expect(childCpuSeconds(stat)).toBeCloseTo(3.8);
    expect(childCpuSeconds(undefined)).toBeUndefined();
    expect(childCpuSeconds("garbage")).toBeUndefined();
  });

  it("closes with a table of each stage's result, wall and CPU seconds", () => {
    const results: StageResult[] = [
      { name: "lint", ok: true, wall: 61.25, cpu: 70.5, output: "" },
      { name: "typecheck", ok: false, wall: 40, cpu: undefined, output: "" },
    ];
    expect(summary(results, 62).split("\n")).toEqual([
      "stage      result  wall s   cpu s",
      "lint       ok        61.3    70.5",
      "typecheck  FAILED    40.0       ?",
      "all stages side by side: 62.0 s wall",
    ]);
  });
});
