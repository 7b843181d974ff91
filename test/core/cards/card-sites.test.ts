// One chat-card pattern (README "Chat cards"): read from the sources, every message the system posts goes through the
// one posting helper (src/core/cards/post-card.ts), one render hook draws every card (src/core/cards/card-hook.ts),
// no card is drawn from a template at post time by its feature, and every card kind the system posts is registered.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const src = join(root, "src");
const read = (file: string): string => readFileSync(join(src, file), "utf8");
/** The code of a file without its comments, so a comment that names a call is not a call. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");

const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => relative(src, join(src, name)).split("\\").join("/"));

function count(file: string, pattern: RegExp): number {
  return code(read(file)).match(new RegExp(pattern.source, "g"))?.length ?? 0;
}

function filesMatching(pattern: RegExp): string[] {
  return files.filter((file) => count(file, pattern) > 0).sort();
}

/** Every kind registered with `registerCard("<kind>", ...)` (a request card by its subtype's constant). */
function registeredKinds(): string[] {
  return files.flatMap((file) =>
    [...code(read(file)).matchAll(/registerCard\(\s*(?:"([^"]+)"|(REQUEST_TYPE))/g)].map((m) => m[1] ?? (m[2] === "REQUEST_TYPE" ? "request" : "")),
  );
}

describe("every chat message goes through the one posting helper", () => {
  it("reads the system's sources", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("core/cards/post-card.ts");
  });

  it("calls ChatMessage.create only in the posting helper, once", () => {
    expect(filesMatching(/ChatMessage(\.implementation)?\.create(Documents)?\s*\(/)).toEqual(["core/cards/post-card.ts"]);
    expect(count("core/cards/post-card.ts", /ChatMessage\.create\s*\(/)).toBe(1);
  });

  it("posts through postCard from every place that posts a message", () => {
    expect(filesMatching(/\bpostCard\s*\(/)).toEqual([
      "core/cards/post-card.ts",
      "core/requests/requests.ts",
      "core/rolls/foundry-rolls.ts",
      "features/attack/attack-flow.ts",
      "features/board/combat-board-source.ts",
      "features/round/declarations/declaration-flow.ts",
      "features/round/round-driver.ts",
      "features/simulator/autopilot.ts",
    ]);
  });

  it("renders no card from a template where it is posted: only the card hook, a dice roll and a dialog render templates", () => {
    expect(filesMatching(/renderTemplate\s*\(/)).toEqual(["core/cards/card-hook.ts", "core/dice/pool-roll.ts", "features/round/surprise-dialog.ts"]);
  });
});

describe("one render hook draws every card", () => {
  it("is registered in one place, once", () => {
    expect(filesMatching(/Hooks\.(on|once)\(\s*"renderChatMessage(HTML)?"/)).toEqual(["core/cards/card-hook.ts"]);
    expect(count("core/cards/card-hook.ts", /Hooks\.on\(\s*"renderChatMessageHTML"/)).toBe(1);
    expect(code(read("config/register.ts"))).toMatch(/registerCardHook\(\);/);
  });

  it("has a registered kind for every card the system posts, each registered once", () => {
    const model = read("data/message/combat-card-model.ts");
    const combatCards = JSON.parse(/COMBAT_CARDS = (\[[^\]]*\])/.exec(model)?.[1] ?? "[]") as string[];
    expect(combatCards).toEqual(["initiative", "event", "endPhase", "surprise", "declaration", "simultaneous", "autopilot", "override"]);
    const subtypes = Object.keys((JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as { documentTypes: { ChatMessage: object } }).documentTypes.ChatMessage);
    const expected = subtypes.flatMap((type) => (type === "combatCard" ? combatCards.map((card) => `combatCard.${card}`) : [type]));
    const kinds = registeredKinds();
    expect([...kinds].sort()).toEqual([...expected].sort());
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it("registers each feature's kinds from the feature itself", () => {
    const byFile = files
      .filter((file) => /registerCard\(/.test(code(read(file))) && file !== "core/cards/card-hook.ts")
      .map((file) => file.split("/").slice(0, 2).join("/"));
    expect([...new Set(byFile)].sort()).toEqual(["core/requests", "features/attack", "features/board", "features/checks", "features/round", "features/simulator"]);
  });
});
