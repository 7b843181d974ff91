/**
 * The built simulator worker in a real Chromium (docs/SIMULATOR.md "Workers"): it is asked for a forecast and for
 * advice as the tracker and the advice window ask, shares them out among the block workers it starts (copies of
 * itself, one fewer than the browser's logical cores, at least one), and must answer exactly as `forecast` and
 * `advise` do in Node. A development check, like golden.ts: run `npm run build` first, then
 *   npx tsx bench/worker-browser.ts
 * It prints the cores, the workers the page ran, and whether both answers are the same; it exits 1 when not.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { chromium } from "playwright-core";
import { advise, forecast } from "../src/rules/simulator";
import { pairKey } from "../src/rules/state";
import { chromeLaunch } from "../test/browser/chromium-path";
import { dragon, knight, versus } from "../test/rules/simulator/fixtures";

const dist = join(import.meta.dirname, "../dist");
const server = createServer((request, response) => {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  if (path === "/") {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>simulator worker</title>");
    return;
  }
  try {
    const body = readFileSync(join(dist, path));
    response.writeHead(200, { "content-type": "text/javascript" });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
}).listen(0);
const { port } = server.address() as AddressInfo;

const encounter = versus([dragon("a", { altitude: "grounded" })], [knight("k", { life: { max: 4, wounds: 2 } })], {
  start: { round: 2, distances: { [pairKey("a", "k")]: "close" } },
});
// The page's script as text: a function passed to `evaluate` would carry tsx's helpers with it.
const script = `(async () => {
  const worker = new Worker("/simulator-worker.mjs", { type: "module" });
  const ask = (message) => new Promise((resolve) => {
    worker.onmessage = (event) => { if (event.data.type !== "progress") resolve(event.data); };
    worker.postMessage(message);
  });
  const encounter = ${JSON.stringify(encounter)};
  const forecast = await ask({ type: "forecast", job: 1, encounter, seed: 3, precision: 0.02 });
  const advice = await ask({ type: "advise", job: 2, encounter, combatantId: "a", phase: "battle", seed: 3, runsPerOption: 700 });
  return { forecast, advice, cores: navigator.hardwareConcurrency };
})()`;

const launch = await chromeLaunch();
const browser = await chromium.launch({ executablePath: launch.executablePath, args: [...launch.args] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const raw: unknown = await page.evaluate(script);
  const answer = raw as { forecast: { forecast?: unknown }; advice: { advice?: unknown }; cores: number };
  const sameForecast = isDeepStrictEqual(answer.forecast.forecast, await forecast(encounter, { seed: 3, precision: 0.02 }));
  const sameAdvice = isDeepStrictEqual(answer.advice.advice, await advise(encounter, "a", { seed: 3, phase: "battle", runsPerOption: 700 }));
  console.log(`${answer.cores} logical cores; ${page.workers().length} workers ran (the one asked and its block workers)`);
  console.log(`forecast the same as in Node: ${sameForecast}; advice the same: ${sameAdvice}`);
  if (!sameForecast || !sameAdvice) process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
