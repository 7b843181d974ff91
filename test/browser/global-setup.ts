/** Vitest global setup: resolves the Chromium once (see chromium-path.ts) and hands it to every worker. */
import type { TestProject } from "vitest/node";
import { chromeLaunch } from "./chromium-path";

declare module "vitest" {
  export interface ProvidedContext {
    chrome: { executablePath: string; args: string[] };
  }
}

/** Runs before any test file. */
export default async function setup(project: TestProject): Promise<void> {
  const launch = await chromeLaunch();
  project.provide("chrome", { executablePath: launch.executablePath, args: [...launch.args] });
}
