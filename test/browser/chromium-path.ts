/**
 * Finds the Chromium the browser tests drive: `CHROME_PATH` when set (a system Chrome or Chromium, e.g. on
 * macOS or Windows), otherwise the one inside the @sparticuz/chromium npm package, unpacked to the temp folder
 * on first use (~2 s). Nothing is downloaded and nothing needs apt.
 */
import { existsSync } from "node:fs";
import chromium from "@sparticuz/chromium";

/** How to launch the browser: its executable and the flags it needs. */
export interface ChromeLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
}

/** Resolves the executable; called once per run from the vitest global setup so workers never race the unpack. */
export async function chromeLaunch(env: NodeJS.ProcessEnv = process.env): Promise<ChromeLaunch> {
  const override = env.CHROME_PATH;
  if (override !== undefined && override !== "") {
    if (!existsSync(override)) throw new Error(`CHROME_PATH points at ${override}, which does not exist`);
    return { executablePath: override, args: ["--no-sandbox", "--headless=new"] };
  }
  // --single-process makes the browser exit when a page's context closes; each view gets its own context here.
  const args = chromium.args.filter((arg) => arg !== "--single-process");
  return { executablePath: await chromium.executablePath(), args };
}
