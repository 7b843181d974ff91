// One bench file bundled by rolldown (Vite's bundler), as Foundry's worker and `npm run simulate` run the
// simulator: one module, no per-file transform. Used by bench/bundled.mjs and bench/instructions.mjs; the bundle
// goes to node_modules/.cache/aod-bench/ and is built again on every call.
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

/** The repository's root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Bundles `bench/<name>.ts` and answers the bundle's path. */
export async function bundleBench(name) {
  const out = join(root, `node_modules/.cache/aod-bench/${name}.mjs`);
  const bundle = await rolldown({
    input: join(root, `bench/${name}.ts`),
    platform: "node",
    external: (id) => id.startsWith("node:") || builtinModules.includes(id),
    logLevel: "warn",
  });
  await bundle.write({ file: out, format: "esm" });
  await bundle.close();
  return out;
}
