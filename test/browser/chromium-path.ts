/**
 * Finds the Chromium the browser tests drive: `CHROME_PATH` when set (a system Chrome or Chromium, e.g. on
 * macOS or Windows), otherwise the one inside the @sparticuz/chromium npm package, unpacked to the temp folder
 * on first use (~2 s). Nothing is downloaded and nothing needs apt.
 *
 * The browser draws with its software compositor (`--disable-gpu`): the package's flags would composite through
 * SwiftShader, a GPU emulated on the CPU, which cost about twice the CPU per view (render, axe, screenshot) for the
 * same pictures (they differ only in the anti-aliasing of edges and text).
 */
import { existsSync } from "node:fs";
import chromium from "@sparticuz/chromium";

/** How to launch the browser: its executable and the flags it needs. */
export interface ChromeLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
}

/** The package's flags that set up GPU compositing through SwiftShader, left out for `--disable-gpu`. */
const GPU_FLAGS = ["--use-gl=", "--use-angle=", "--enable-unsafe-swiftshader", "--in-process-gpu", "--ignore-gpu-blocklist"];

/** Resolves the executable; called once per run from the vitest global setup so workers never race the unpack. */
export async function chromeLaunch(env: NodeJS.ProcessEnv = process.env): Promise<ChromeLaunch> {
  const override = env.CHROME_PATH;
  if (override !== undefined && override !== "") {
    if (!existsSync(override)) throw new Error(`CHROME_PATH points at ${override}, which does not exist`);
    return { executablePath: override, args: ["--no-sandbox", "--headless=new", "--disable-gpu"] };
  }
  // --single-process makes the browser exit when a page's context closes; each test file gets its own context.
  const args = chromium.args.filter((arg) => arg !== "--single-process" && !GPU_FLAGS.some((flag) => arg.startsWith(flag)));
  return { executablePath: await chromium.executablePath(), args: [...args, "--disable-gpu"] };
}
