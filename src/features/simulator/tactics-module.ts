/**
 * A table's own tactics for the simulator's workers (docs/SIMULATOR.md "A table's tactics module"): functions
 * cannot be posted to a Web Worker, so the world setting `tacticsModule` names an ES module the world serves, and
 * each job carries its URL; the worker imports it (simulator.worker.ts) and plays its `tactics` beside the standard
 * ones. Pure: the checks of the setting's path and of an imported module, and the URL built from the path with the
 * caller's route and base (Foundry's `foundry.utils.getRoute` and `location.href` on the main thread).
 */
import { TACTIC_NAMES } from "../../rules/simulator/tactics";
import type { Tactics } from "../../rules/simulator/tactics";
import type { EncounterProblem } from "../../rules/simulator";

/** The en.json keys of a tactics module's refusals. */
export const TACTICS_MODULE_ERRORS = Object.freeze({
  BadPath: "AOD.Simulator.TacticsModule.BadPath",
  NoTactics: "AOD.Simulator.TacticsModule.NoTactics",
  BadName: "AOD.Simulator.TacticsModule.BadName",
  StandardName: "AOD.Simulator.TacticsModule.StandardName",
  BadEntry: "AOD.Simulator.TacticsModule.BadEntry",
  OtherOrigin: "AOD.Simulator.TacticsModule.OtherOrigin",
  LoadFailed: "AOD.Simulator.TacticsModule.LoadFailed",
} as const);

/** The name a table's tactics may have: a letter, then letters, digits, "_" or "-", at most 40 characters. */
export const TACTICS_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** A tactics module refused: the problem, an en.json key and its data, says why. */
export class TacticsModuleError extends Error {
  readonly problem: EncounterProblem;
  constructor(problem: EncounterProblem) {
    super(`${problem.key} ${JSON.stringify(problem.data)}`);
    this.name = "TacticsModuleError";
    this.problem = problem;
  }
}

/** A check's answer: the value, or the problem that refuses it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: EncounterProblem };

/**
 * The setting's path checked: "" (no module) or a path relative to the server's root with no scheme, no "..",
 * no "//", no backslash and no query, ending in .mjs or .js (e.g. `worlds/my-world/tactics.mjs`). A leading "/"
 * is dropped (the route adds the server's own prefix).
 */
export function checkTacticsPath(stored: unknown): Checked<string> {
  const path = typeof stored === "string" ? stored.trim() : "";
  if (path === "") return { ok: true, value: "" };
  const bare = path.replace(/^\/(?!\/)/, "");
  const refused =
    /^[A-Za-z][A-Za-z0-9+.-]*:/.test(bare) ||
    bare.includes("//") ||
    bare.includes("\\") ||
    /[?#]/.test(bare) ||
    bare.split("/").some((part) => part === ".." || part === ".") ||
    !/\.(?:mjs|js)$/.test(bare);
  return refused ? { ok: false, problem: { key: TACTICS_MODULE_ERRORS.BadPath, data: { path } } } : { ok: true, value: bare };
}

const isTactics = (value: unknown): value is Tactics => {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return typeof t.letGo === "function" && typeof t.moves === "function" && typeof t.actions === "function";
};

/**
 * An imported module checked: its `tactics` export is an object whose every entry has `letGo`, `moves` and
 * `actions` functions, under a name that matches TACTICS_NAME and is none of the standard tactics' names.
 */
export function checkTacticsModule(namespace: unknown): Checked<Readonly<Record<string, Tactics>>> {
  const exported = typeof namespace === "object" && namespace !== null ? (namespace as Record<string, unknown>).tactics : undefined;
  if (typeof exported !== "object" || exported === null || Array.isArray(exported)) {
    return { ok: false, problem: { key: TACTICS_MODULE_ERRORS.NoTactics, data: {} } };
  }
  const tactics: Record<string, Tactics> = {};
  for (const [name, entry] of Object.entries(exported as Record<string, unknown>)) {
    if (!TACTICS_NAME.test(name)) return { ok: false, problem: { key: TACTICS_MODULE_ERRORS.BadName, data: { name } } };
    if (TACTIC_NAMES.includes(name)) return { ok: false, problem: { key: TACTICS_MODULE_ERRORS.StandardName, data: { name } } };
    if (!isTactics(entry)) return { ok: false, problem: { key: TACTICS_MODULE_ERRORS.BadEntry, data: { name } } };
    tactics[name] = entry;
  }
  return { ok: true, value: Object.freeze(tactics) };
}

/**
 * The module's absolute URL from the setting's path: `route` gives its path on the server (with any route prefix)
 * and `absolute` makes that an address against the page's (`new URL(path, location.href).href` on the main
 * thread). Null when no module is set or the path is refused.
 */
export function tacticsModuleUrl(stored: unknown, route: (path: string) => string, absolute: (path: string) => string): string | null {
  const checked = checkTacticsPath(stored);
  if (!checked.ok || checked.value === "") return null;
  return absolute(route(checked.value));
}

/** An absolute http(s) address's origin: its scheme and authority, lower case (null for anything else). */
function originOf(url: string): string | null {
  const match = /^(https?:\/\/[^/?#\\]+)(?:[/?#]|$)/i.exec(url);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Whether `url` is an http(s) address of the same origin as `base` (what a worker agrees to import). Both are
 * addresses as `URL` writes them (the main thread builds the module's with it), so any other spelling refuses.
 */
export function sameOrigin(url: string, base: string): boolean {
  const asked = originOf(url);
  return asked !== null && asked === originOf(base);
}

/**
 * A loader for a worker: checks the URL is of the worker's own origin, imports it once (the same promise for the
 * same URL afterwards) and checks what it exports. It rejects with a TacticsModuleError.
 */
export function tacticsLoader(importModule: (url: string) => Promise<unknown>, base: string): (url: string) => Promise<Readonly<Record<string, Tactics>>> {
  const loaded = new Map<string, Promise<Readonly<Record<string, Tactics>>>>();
  return (url) => {
    const known = loaded.get(url);
    if (known) return known;
    const loading = (async () => {
      if (!sameOrigin(url, base)) throw new TacticsModuleError({ key: TACTICS_MODULE_ERRORS.OtherOrigin, data: { url } });
      let namespace: unknown;
      try {
        namespace = await importModule(url);
      } catch (error) {
        throw new TacticsModuleError({ key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url, message: error instanceof Error ? error.message : String(error) } });
      }
      const checked = checkTacticsModule(namespace);
      if (!checked.ok) throw new TacticsModuleError(checked.problem);
      return checked.value;
    })();
    // A failed load is tried again on the next job (the GM may have fixed the file).
    loading.catch(() => loaded.delete(url));
    loaded.set(url, loading);
    return loading;
  };
}
