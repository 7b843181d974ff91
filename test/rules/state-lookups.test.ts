// pairKey keeps the keys it made, and grapplePartners/isPinned read grapple keys without splitting them
// (state.ts, simulator speed): both must answer exactly as the plain definitions do, for any ids.
import { describe, expect, it } from "vitest";
import { grapplePartners, isPinned, pairKey } from "../../src/rules/state";
import { fighter, skirmishOf } from "./fixtures";

const plainKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The definition grapplePartners had: split each key at "|" and take the other of its first two parts. */
function plainPartners(grapples: readonly string[], id: string): string[] {
  const partners: string[] = [];
  for (const key of grapples) {
    const [a, b] = key.split("|");
    if (a === id && b !== undefined) partners.push(b);
    else if (b === id && a !== undefined) partners.push(a);
  }
  return partners;
}

describe("pairKey", () => {
  it("gives the plain key for every pair, asked again and again, past the number of ids it keeps", () => {
    const ids = Array.from({ length: 600 }, (_, i) => `id${(i * 7919) % 1000}`);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < ids.length; i += 37) {
        for (let j = 0; j < ids.length; j += 1) {
          const a = ids[i] ?? "";
          const b = ids[j] ?? "";
          if (a !== b) expect(pairKey(a, b)).toBe(plainKey(a, b));
        }
      }
    }
  });
  it("still refuses a pair of one id with itself, even after other pairs of it were made", () => {
    expect(pairKey("x", "y")).toBe("x|y");
    expect(() => pairKey("x", "x")).toThrow(/two different ids/);
  });
});

describe("grapplePartners and isPinned", () => {
  const ids = ["a", "b", "ab", "a|b", "", "b|", "|a", "bb"];
  const keys = ["a|b", "ab|b", "a|b|c", "b|a", "|a", "a|", "ab", "bb|a|b", "||", "b|bb"];
  it("answer as splitting each key would, for ids that contain the separator or are empty", () => {
    const state = skirmishOf([fighter("a"), fighter("b")], { grapples: keys });
    for (const id of ids) {
      expect(grapplePartners(state, id)).toEqual(plainPartners(keys, id));
      expect(isPinned(state, id)).toBe(plainPartners(keys, id).length > 0);
    }
  });
  it("see a grapple whichever place the combatant has in its key", () => {
    for (const grapples of [[pairKey("a", "b")], [pairKey("b", "c")], []]) {
      const state = skirmishOf([fighter("a"), fighter("b"), fighter("c")], { grapples });
      for (const id of ["a", "b", "c"]) {
        expect(grapplePartners(state, id)).toEqual(plainPartners(grapples, id));
        expect(isPinned(state, id)).toBe(grapples.some((k) => k.split("|").includes(id)));
      }
    }
  });
});
