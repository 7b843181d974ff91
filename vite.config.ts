import { defineConfig } from "vite";
import { SYSTEM_MODULE } from "./src/config/system-id";

// Foundry loads one ES module; class names must survive (Foundry derives ids from them), so no minifying.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => SYSTEM_MODULE,
    },
  },
});
