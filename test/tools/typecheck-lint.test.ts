// The typecheck and lint over shared programs (tools/lib/typecheck-lint.ts): the solution's projects in order,
// tsc's errors reported as tsc prints them, and source files parsed once for every program of the run.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildProgram, formatDiagnostics, parseProject, programDiagnostics, sharedHost, solutionProjects,
} from "../../tools/lib/typecheck-lint";

const repo = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "aod-typecheck-"));
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

/** A project of one file beside a shared one, with no library at all (nothing to parse but the two files). */
function project(name: string, source: string): string {
  writeFileSync(join(dir, `${name}.ts`), source);
  const config = join(dir, `tsconfig.${name}.json`);
  writeFileSync(config, JSON.stringify({
    compilerOptions: { noEmit: true, strict: true, noLib: true, types: [] },
    files: [`${name}.ts`, "shared.ts"],
  }));
  return config;
}

describe("typecheck and lint over shared programs", () => {
  it("finds the solution's projects in tsconfig.json's order: the Foundry layer first", () => {
    expect(solutionProjects(repo).map((file) => basename(file))).toEqual(
      ["tsconfig.foundry.json", "tsconfig.pure.json", "tsconfig.node.json"]);
  });

  it("reports a type error as tsc prints it, with the path from the root", () => {
    writeFileSync(join(dir, "shared.ts"), "export const shared = 1;\n");
    const parsed = parseProject(project("wrong", 'import { shared } from "./shared";\nexport let n = shared;\nn = "no";\n'));
    const diagnostics = programDiagnostics(parsed, buildProgram(parsed, sharedHost()));
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain(2322);
    expect(formatDiagnostics(diagnostics, dir)).toMatch(/^wrong\.ts\(3,1\): error TS2322: /m);
  });

  it("parses a file two programs include once, and hands both the same tree", () => {
    writeFileSync(join(dir, "shared.ts"), "export const shared = 1;\n");
    const host = sharedHost();
    const one = buildProgram(parseProject(project("one", 'export { shared } from "./shared";\n')), host);
    const two = buildProgram(parseProject(project("two", 'export { shared as again } from "./shared";\n')), host);
    const shared = join(dir, "shared.ts").split("\\").join("/");
    expect(one.getSourceFile(shared)).toBeDefined();
    expect(two.getSourceFile(shared)).toBe(one.getSourceFile(shared));
    expect(two.getSourceFile(join(dir, "two.ts").split("\\").join("/"))).not.toBe(one.getSourceFile(join(dir, "one.ts").split("\\").join("/")));
  });
});
