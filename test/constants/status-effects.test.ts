import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFEATED_STATUS, STATUS_EFFECTS, STATUS_IDS } from "../../src/constants/status-effects";
import { ROOT, translation } from "../data/lang";

const iconFile = (img: string): string => resolve(ROOT, img.replace(/^systems\/age-of-dragons\//, ""));

describe("status effects (000 Grapple Attacks, Severe injury and Death, Falling out of the Sky; 001 Surprise)", () => {
  it("lists the nine statuses the rules need, each once", () => {
    expect([...STATUS_IDS].sort()).toEqual(
      ["ambushed", "carried", "carrying", "dead", "falling", "fullMove", "pinned", "severelyInjured", "surprised"],
    );
    expect(new Set(STATUS_EFFECTS.map((s) => s.id)).size).toBe(STATUS_EFFECTS.length);
  });
  it("marks dead as the defeated status", () => {
    expect(DEFEATED_STATUS).toBe("dead");
  });
  it.each(STATUS_EFFECTS.map((s) => [s.id, s]))("%s has a name key that exists in en.json", (_id, status) => {
    expect(status.name).toMatch(/^AOD\.Status\.[A-Z]\w*$/);
    expect(translation(status.name)).toBeTruthy();
  });
  it("labels the full move status as the rules word it", () => {
    expect(translation("AOD.Status.FullMove")).toBe("Full move taken");
  });
  it.each(STATUS_EFFECTS.map((s) => [s.id, s]))("%s has an icon file inside the system", (id, status) => {
    expect(status.img).toBe(`systems/age-of-dragons/assets/icons/status/${id}.svg`);
    expect(existsSync(iconFile(status.img))).toBe(true);
  });
  it.each(STATUS_EFFECTS.map((s) => [s.id, s]))("%s icon is a self-contained white SVG", (_id, status) => {
    const svg = readFileSync(iconFile(status.img), "utf8");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (24 24|100 100)"/);
    expect(svg).toMatch(/#ffffff|#fff\b|white/i);
    expect(svg).not.toMatch(/href|url\(|<image|<script/i);
  });
});
