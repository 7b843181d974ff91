// The token bars the validator allows must be the ones the system registers; register.ts needs Foundry's
// globals, so its source text is read instead of importing it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TOKEN_BARS } from "../../tools/lib/document-check";

const register = readFileSync(resolve(import.meta.dirname, "../../src/config/register.ts"), "utf8");

describe("token bars (src/config/register.ts)", () => {
  it("allows exactly the bars every actor subtype registers", () => {
    const lists = [...register.matchAll(/\bbar:\s*\[([^\]]*)\]/g)].map((m) => [...(m[1] ?? "").matchAll(/"([^"]*)"/g)].map((q) => q[1]));
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toEqual(TOKEN_BARS);
  });
});
