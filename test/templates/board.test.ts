// The range board's templates rendered with real Handlebars and the real en.json (test/browser/README.md).
import { describe, expect, it } from "vitest";
import { buildBoardContext } from "../../src/features/board/board-context";
import type { BoardInput } from "../../src/features/board/board-context";
import { FIGHT_WEAPONS, LONG_NAME, showcaseFight } from "../features/board/fight";
import { renderTemplate } from "./render";

const BOARD = "systems/age-of-dragons/templates/board/board.hbs";

function render(values: Partial<BoardInput> = {}): string {
  const selectedId = values.selectedId;
  return renderTemplate(
    BOARD,
    buildBoardContext({
      state: showcaseFight(),
      weapons: selectedId === undefined ? [] : (FIGHT_WEAPONS[selectedId] ?? []),
      images: {},
      isGM: false,
      owned: [],
      phase: "movement",
      ...values,
    }),
  );
}

function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

describe("the board template", () => {
  it("draws the five lanes from the ceiling down, with their names", () => {
    const html = render();
    const order = ["Ceiling", "Flying High", "Mid-altitude", "Flying Low", "Grounded"].map((name) => html.indexOf(`>${name}</h2>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
  it("shows every combatant once as a token and once as a table row, and every landmark", () => {
    const html = render({ selectedId: "bow" });
    expect(count(html, 'class="aod-board-token-button"')).toBe(9);
    expect(count(html, 'class="aod-board-row-select"')).toBe(9);
    expect(count(html, "Castle Battlements")).toBeGreaterThanOrEqual(2);
    expect(html).toContain(LONG_NAME);
  });
  it("links every token to its why-not text for screen readers and keyboard users", () => {
    const html = render({ selectedId: "bow" });
    for (const id of ["argent", "sable", "hunter", "wyrm", "ember", "xbow", "griffon", "knight"]) {
      expect(html).toContain(`aria-describedby="aod-board-why-${id}"`);
      expect(html).toContain(`id="aod-board-why-${id}"`);
    }
    expect(html).toContain("Melee: Melee needs close quarters or zero range.");
    expect(html).toContain(">A landmark is a point of reference, not a target.<");
  });
  it("escapes names: a landmark called <script> is text", () => {
    const state = showcaseFight();
    state.landmarks.walls = { id: "walls", name: "<script>alert(1)</script>", altitude: "grounded" };
    const html = render({ state });
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
  it("gives players no GM controls and the GM every one", () => {
    const player = render({ selectedId: "bow", owned: ["bow"] });
    expect(player).not.toContain("GM controls");
    expect(player).not.toContain('data-edit="distance"');
    // Outside a movement phase the GM edits altitude and distance directly.
    const gm = render({ selectedId: "bow", isGM: true, phase: "battle" });
    expect(gm).toContain("GM controls");
    expect(count(gm, 'data-action="editDistance"')).toBe(10);
    expect(count(gm, 'data-edit="distance"')).toBe(1);
    expect(gm).toContain('data-action="addLandmark"');
    // While a move is open, the move form is the GM's one set of move controls.
    const moving = render({ selectedId: "bow", isGM: true });
    expect(moving).toContain('type="submit"');
    expect(count(moving, 'data-action="editDistance"')).toBe(0);
    expect(count(moving, 'data-edit="distance"')).toBe(0);
    expect(moving).toContain('data-action="addLandmark"');
  });
  it("offers the owner a move and says why a pinned dragon cannot move", () => {
    expect(render({ selectedId: "argent", owned: ["argent"] })).toContain('type="submit"');
    const pinned = render({ selectedId: "hunter", owned: ["hunter"] });
    expect(pinned).toContain("A pinned combatant cannot make tactical movement.");
    expect(pinned).not.toContain('type="submit"');
  });
});
