import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    reporters: ["default"],
    // Resolves the npm-shipped Chromium once per run for the browser tests (test/browser/README.md).
    globalSetup: ["test/browser/global-setup.ts"],
    // Browser tests start a Chromium per file; on a busy 2-core machine that can take several seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
