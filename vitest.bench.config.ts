import { defineConfig } from "vitest/config";

// `npm run bench`: vitest bench (tinybench) over bench/*.bench.ts. Benchmarks inform and never gate.
export default defineConfig({
  test: {
    environment: "node",
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});
