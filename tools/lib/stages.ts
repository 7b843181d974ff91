/**
 * Runs the stages of `npm test` side by side (tools/test.ts): each stage is a list of commands run one after
 * the other, all stages start together, and each stage's output is printed in one block when it ends, so the
 * logs of parallel stages never interleave. Reports each stage's wall time and, on Linux, the CPU time of its
 * processes (read from /proc/self/stat: the CPU of the children this process has waited for, taken as each
 * command is reaped).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** One stage: a name and the commands it runs in order (each as the program and its arguments). */
export interface Stage {
  readonly name: string;
  readonly steps: readonly (readonly [string, ...string[]])[];
  /**
   * How much nicer than the runner its commands run (Unix niceness added, up to 19; what they start inherits
   * it), so that on a machine with fewer cores than busy stages the single-threaded stages are served first and
   * do not end last. Default 0.
   */
  readonly nice?: number;
}

/** How a stage went. */
export interface StageResult {
  readonly name: string;
  /** Every command exited with 0. */
  readonly ok: boolean;
  /** Wall time of the stage in seconds. */
  readonly wall: number;
  /** CPU seconds (user + system) of the stage's processes, or undefined where the system does not tell. */
  readonly cpu: number | undefined;
  /** What the commands printed (stdout and stderr, in arrival order). */
  readonly output: string;
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every Linux Node supports). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds used so far by the waited-for children of this process, from a /proc/<pid>/stat line, or
 * undefined when the line cannot be read. The fields after the command name: state is the 1st, cutime the
 * 14th and cstime the 15th (proc(5) fields 16 and 17).
 */
export function childCpuSeconds(stat: string | undefined): number | undefined {
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const user = Number(fields[13]);
  const system = Number(fields[14]);
  return Number.isFinite(user) && Number.isFinite(system) ? (user + system) / TICKS_PER_SECOND : undefined;
}

function readStat(): string | undefined {
  try {
    return readFileSync("/proc/self/stat", "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The children's CPU at the last reap. It grows only when a child is reaped, so the growth seen when a command
 * exits is that command's own CPU, even while other stages run (they add theirs when they exit).
 */
let reaped = childCpuSeconds(readStat());

/** Runs one command; resolves with its exit code and the CPU its process tree used, when known. */
function run(step: readonly string[], cwd: string, nice: number, sink: (text: string) => void): Promise<{ code: number; cpu: number | undefined }> {
  const [program = "", ...args] = step;
  return new Promise((done) => {
    const child = spawn(program, args, { cwd, stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" });
    // Set before the new process has started anything of its own, so its children inherit it too.
    if (nice !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + nice));
      } catch {
        sink(`(could not lower the priority of ${program})\n`);
      }
    }
    child.stdout.on("data", (chunk: Buffer) => { sink(chunk.toString()); });
    child.stderr.on("data", (chunk: Buffer) => { sink(chunk.toString()); });
    child.on("error", (error) => {
      sink(`${program}: ${error.message}\n`);
      done({ code: 1, cpu: undefined });
    });
    // Read right when the child is reaped: the kernel has just added its CPU (and its own children's) to ours.
    child.on("exit", (code, signal) => {
      const now = childCpuSeconds(readStat());
      const cpu = reaped === undefined || now === undefined ? undefined : now - reaped;
      reaped = now;
      if (signal !== null) sink(`${program} ended by ${signal}\n`);
      done({ code: code ?? 1, cpu });
    });
  });
}

async function runStage(stage: Stage, cwd: string, print: (text: string) => void): Promise<StageResult> {
  const start = performance.now();
  let output = "";
  let ok = true;
  let cpu: number | undefined = 0;
  for (const step of stage.steps) {
    output += `$ ${step.join(" ")}\n`;
    const result = await run(step, cwd, stage.nice ?? 0, (text) => { output += text; });
    cpu = cpu === undefined || result.cpu === undefined ? undefined : cpu + result.cpu;
    if (result.code !== 0) {
      ok = false;
      break;
    }
  }
  const wall = (performance.now() - start) / 1000;
  print(`\n===== ${stage.name}: ${ok ? "ok" : "FAILED"} in ${wall.toFixed(1)} s =====\n${output}`);
  return { name: stage.name, ok, wall, cpu, output };
}

/** Starts every stage at once and resolves when all have ended, in the order given. */
export function runStages(stages: readonly Stage[], cwd: string, print: (text: string) => void): Promise<StageResult[]> {
  return Promise.all(stages.map((stage) => runStage(stage, cwd, print)));
}

/** The closing table: one line per stage with its result, wall and CPU seconds. */
export function summary(results: readonly StageResult[], wall: number): string {
  const width = Math.max(5, ...results.map((result) => result.name.length));
  const line = (name: string, result: string, stageWall: string, cpu: string) =>
    `${name.padEnd(width)}  ${result.padEnd(6)}  ${stageWall.padStart(6)}  ${cpu.padStart(6)}`;
  return [
    line("stage", "result", "wall s", "cpu s"),
    ...results.map((result) => line(result.name, result.ok ? "ok" : "FAILED", result.wall.toFixed(1),
      result.cpu === undefined ? "?" : result.cpu.toFixed(1))),
    `all stages side by side: ${wall.toFixed(1)} s wall`,
  ].join("\n");
}
