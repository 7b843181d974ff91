/**
 * Vitest global setup of the browser project (vitest.config.ts): once per run it starts ONE Chromium (a
 * playwright browser server every test file connects to) and one small HTTP server that serves the system's
 * files the way Foundry does, and hands both addresses to every worker. Each file is read from disk once.
 */
import { createServer, type Server } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { extname, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromeLaunch } from "./chromium-path";

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser server's websocket address, for playwright's `chromium.connect`. */
    browserEndpoint: string;
    /** Where the HTTP server listens, e.g. http://127.0.0.1:40123 (no trailing slash). */
    origin: string;
    /** How to launch a Chromium of one's own (the executable and its flags), e.g. for a benchmark. */
    chrome: { executablePath: string; args: string[] };
  }
}

const ROOT = resolve(import.meta.dirname, "../..");
/** Foundry serves a system's files under systems/<id>/ and its own Font Awesome under fonts/fontawesome/. */
export const SYSTEM_PREFIX = "/systems/age-of-dragons/";
export const FONT_AWESOME_PREFIX = "/fonts/fontawesome/";
const HARNESS_PREFIX = "/harness/";
const FONT_AWESOME_ROOT = resolve(
  createRequire(import.meta.url).resolve("@fortawesome/fontawesome-free/package.json"), "..");

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".json": "application/json",
};

/** The empty page every test file's tab opens first; views then replace its content (harness.ts). */
const BLANK = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>harness</title></head><body></body></html>';

/** The file behind a URL path, or undefined when the path names nothing the harness serves. */
export function fileFor(pathname: string): string | undefined {
  const under = (root: string, prefix: string): string | undefined => {
    const file = resolve(root, decodeURIComponent(pathname.slice(prefix.length)));
    return file.startsWith(root + sep) ? file : undefined;
  };
  if (pathname.startsWith(SYSTEM_PREFIX)) return under(ROOT, SYSTEM_PREFIX);
  if (pathname.startsWith(FONT_AWESOME_PREFIX)) return under(FONT_AWESOME_ROOT, FONT_AWESOME_PREFIX);
  if (pathname.startsWith(HARNESS_PREFIX)) return under(import.meta.dirname, HARNESS_PREFIX);
  return undefined;
}

/** File contents by path, re-read only when the file changed (watch mode). */
const cache = new Map<string, { mtime: number; body: Buffer }>();

function read(file: string): Buffer | undefined {
  let mtime: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return undefined;
    mtime = stat.mtimeMs;
  } catch {
    return undefined;
  }
  const hit = cache.get(file);
  if (hit?.mtime === mtime) return hit.body;
  const body = readFileSync(file);
  cache.set(file, { mtime, body });
  return body;
}

function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname === "/") {
      response.writeHead(200, { "content-type": CONTENT_TYPES[".html"] }).end(BLANK);
      return;
    }
    const file = fileFor(pathname);
    const body = file === undefined ? undefined : read(file);
    if (file === undefined || body === undefined) {
      response.writeHead(404, { "cache-control": "no-store" }).end();
      return;
    }
    // The browser may keep a file for the run: a test file's views then load each stylesheet once.
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "max-age=600",
    }).end(body);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => { done(server); });
  });
}

/** Runs before any test file of the browser project; the returned function runs after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const launch = await chromeLaunch();
  const server = await serve();
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the harness server has no port");
  // Every host name fails to resolve, so nothing outside the harness server can load (the harness reports the
  // attempt); the harness server's own address is left alone.
  const browser = await chromium.launchServer({
    executablePath: launch.executablePath,
    args: [...launch.args, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
  });
  project.provide("chrome", { executablePath: launch.executablePath, args: [...launch.args] });
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("origin", `http://127.0.0.1:${address.port}`);
  return async () => {
    await browser.close();
    await new Promise<void>((done) => { server.close(() => { done(); }); });
  };
}
