/**
 * Setup file of vitest's browser project (vitest.config.ts), run before each of its test files: opens the
 * worker's tab before the file's first test (harness.ts `openTab`), under the hook timeout.
 */
import { beforeAll } from "vitest";
import { openTab } from "./harness";

beforeAll(openTab);
