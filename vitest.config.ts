import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The test files that render views in Chromium: those that import the browser harness (test/browser/harness.ts),
 * wherever they live. They form the "browser" project, the rest the "unit" project; both run in one vitest run,
 * their files sharing the workers, so the unit tests run while the browser works.
 */
function browserTestFiles(): string[] {
  return readdirSync("test", { recursive: true, encoding: "utf8" })
    .map((name) => join("test", name).split("\\").join("/"))
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => file.startsWith("test/browser/") || /from "[./]*\/?browser\/harness"/.test(readFileSync(file, "utf8")))
    .sort();
}

const browser = browserTestFiles();

export default defineConfig({
  test: {
    reporters: ["default"],
    // A view waits on the shared browser and a property test on a busy 2-core machine: several seconds each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on two cores is one worker (cores - 1), which runs every file one after another while the
    // browser view files mostly wait on Chromium: two workers let a unit file run while a view renders.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The unit files share one module graph per worker (no fresh import of every module for each file): no
        // unit test keeps state in a module or stubs a global, and this takes the unit project from about 60 s to
        // about 25 s on two cores.
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: browser, environment: "node", isolate: false },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: browser,
          environment: "node",
          // Starts the one Chromium and the file server of the run (test/browser/README.md).
          globalSetup: ["test/browser/global-setup.ts"],
          // Opens the worker's tab before each file's tests.
          setupFiles: ["test/browser/setup.ts"],
          // As in the unit project, the files share one module graph per worker, and so the harness, its modules
          // and the worker's one browser tab: no view file keeps state in a module or stubs a global.
          isolate: false,
        },
      },
    ],
  },
});
