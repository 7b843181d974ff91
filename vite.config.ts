import { defineConfig } from "vite";
import { SYSTEM_MODULE } from "./src/constants/system-id";

// Foundry loads one ES module; class names must survive (Foundry derives ids from them), so no minifying. The
// doc comments stay in the sources and the source maps, not in the bundle (the 150 KB gzipped budget in README "Benchmarks").
const output = { comments: { jsdoc: false, legal: true, annotation: true } };
export default defineConfig({
  publicDir: false,
  // Relative URLs: the simulator's worker is found beside the module under systems/age-of-dragons/, not at "/".
  base: "./",
  // The simulator's Web Worker (src/features/simulator/simulator.worker.ts) is its own file in dist/.
  worker: { format: "es", rolldownOptions: { output: { ...output, entryFileNames: "simulator-worker.mjs" } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    rolldownOptions: { output },
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => SYSTEM_MODULE,
    },
  },
});
