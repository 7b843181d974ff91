import { localizeKey } from "../../templates/foundry-helpers";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOKEN_IMAGE, buildBoardContext } from "../../../src/features/board/board-context";
import type { BoardContext, BoardInput, TokenView } from "../../../src/features/board/board-context";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { MOVE_REASONS } from "../../../src/rules/procedures/move";
import { FIGHT_WEAPONS, LONG_NAME, showcaseFight } from "./fight";

function context(values: Partial<BoardInput> = {}): BoardContext {
  const selectedId = values.selectedId;
  return buildBoardContext({
    state: showcaseFight(),
    weapons: selectedId === undefined ? [] : (FIGHT_WEAPONS[selectedId] ?? []),
    images: { argent: "systems/age-of-dragons/assets/argent.webp" },
    isGM: false,
    owned: [],
    phase: "movement",
    ...values,
  });
}

function tokens(ctx: BoardContext): TokenView[] {
  return ctx.lanes.flatMap((lane) => lane.clusters.flatMap((c) => c.items.flatMap((i) => (i.token ? [i.token] : []))));
}

function token(ctx: BoardContext, id: string): TokenView {
  const found = tokens(ctx).find((t) => t.id === id);
  if (!found) throw new Error(`no token ${id}`);
  return found;
}

describe("the board context: distance columns", () => {
  /** Each column's contents, lane by lane: token ids and landmark names. */
  function columnsOf(ctx: BoardContext): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const lane of ctx.lanes) {
      for (const cell of lane.cells) {
        const ids = [...cell.landmarks.map((l) => l.name), ...cell.clusters.flatMap((c) => c.items.flatMap((i) => (i.token ? [i.token.id] : [])))];
        out[cell.key] = [...(out[cell.key] ?? []), ...ids];
      }
    }
    return out;
  }

  it("puts everyone in the column of its distance from the selected, its own group at zero range", () => {
    const ctx = context({ selectedId: "argent" });
    expect(ctx.columns).toEqual([
      { key: "zero", label: "AOD.Choices.distance.zero" },
      { key: "close", label: "AOD.Choices.distance.close" },
      { key: "middle", label: "AOD.Choices.distance.middle" },
      { key: "long", label: "AOD.Choices.distance.long" },
    ]);
    const cols = columnsOf(ctx);
    expect(cols.zero).toEqual(["argent"]);
    expect(cols.close).toEqual(["Thunderhead", "sable"]);
    expect(cols.middle).toEqual(["hunter", "wyrm"]);
    expect(cols.long).toContain("knight");
    // Every lane has a cell per column, in the columns' order, so the columns line up from lane to lane.
    for (const lane of ctx.lanes) expect(lane.cells.map((c) => c.key)).toEqual(["zero", "close", "middle", "long"]);
  });

  it("keeps one column of all when nobody is selected", () => {
    const ctx = context();
    expect(ctx.columns).toEqual([{ key: "all", label: "" }]);
    expect(ctx.lanes.every((lane) => lane.cells.length === 1)).toBe(true);
  });
});

describe("the board context: lanes, links, landmarks", () => {
  it("draws one lane per altitude band from the ceiling down to the ground", () => {
    expect(context().lanes.map((l) => l.altitude)).toEqual(["ceiling", "high", "mid", "low", "grounded"]);
  });
  it("puts each combatant's token in its lane", () => {
    const lanes = context().lanes.map((l) => [l.altitude, l.clusters.flatMap((c) => c.items.flatMap((i) => (i.token ? [i.token.id] : [])))]);
    expect(lanes).toEqual([
      ["ceiling", ["argent"]],
      ["high", ["sable"]],
      ["mid", ["hunter", "wyrm"]],
      ["low", ["ember", "xbow", "griffon"]],
      ["grounded", ["bow", "knight"]],
    ]);
  });
  it("draws a grapple and a carry as links inside one group", () => {
    const mid = context().lanes[2]?.clusters[0];
    expect(mid?.linked).toBe(true);
    expect(mid?.items.map((i) => i.token?.id ?? i.link?.kind)).toEqual(["hunter", "grapple", "wyrm"]);
    const low = context().lanes[3]?.clusters;
    expect(low?.map((c) => c.items.map((i) => i.token?.id ?? i.link?.kind))).toEqual([["ember", "carry", "xbow"], ["griffon"]]);
    expect(context().links.map((l) => [l.kind, l.a, l.b])).toEqual([
      ["grapple", "Hunter Dragon", "Storm Wyrm"],
      ["carry", "Ember Drake", "Crossbowman"],
    ]);
  });
  it("shows landmarks in their lanes", () => {
    const ctx = context();
    expect(ctx.lanes[1]?.landmarks.map((l) => l.name)).toEqual(["Thunderhead"]);
    expect(ctx.lanes[4]?.landmarks.map((l) => l.name)).toEqual(["Castle Battlements"]);
  });
  it("marks statuses: pinned grapplers, carrier and carried, a falling and severely injured griffon, a moved knight", () => {
    const ctx = context();
    expect(token(ctx, "hunter").statuses).toEqual(["AOD.Status.Pinned"]);
    expect(token(ctx, "ember").statuses).toEqual(["AOD.Status.Carrying"]);
    expect(token(ctx, "xbow").statuses).toEqual(["AOD.Status.Carried"]);
    expect(token(ctx, "griffon").statuses).toEqual(["AOD.Status.SeverelyInjured", "AOD.Status.Falling"]);
    expect(token(ctx, "knight").statuses).toEqual(["AOD.Status.Moved"]);
  });
  it("uses the token image, or the default one", () => {
    expect(token(context(), "argent").img).toBe("systems/age-of-dragons/assets/argent.webp");
    expect(token(context(), "sable").img).toBe(DEFAULT_TOKEN_IMAGE);
  });
  it("without a selection shows no distances and no actions", () => {
    const ctx = context();
    expect(ctx.selected).toBeUndefined();
    expect(tokens(ctx).some((t) => t.distance !== undefined || t.can.length > 0 || t.whyNot.length > 0)).toBe(false);
  });
});

describe("the board seen from a selected combatant", () => {
  it("labels every other combatant with its distance band and what the selected one could do", () => {
    const ctx = context({ selectedId: "argent" });
    expect(token(ctx, "sable").distance).toBe("AOD.Choices.distance.close");
    expect(token(ctx, "sable").can).toEqual(["AOD.Board.Action.breath"]);
    expect(token(ctx, "sable").whyNot).toContainEqual({ label: "AOD.Board.Action.melee", reason: RULE_REASONS.NotSameAltitude });
    expect(token(ctx, "bow").nothing).toBe(true);
    expect(token(ctx, "argent").selected).toBe(true);
    expect(token(ctx, "argent").distance).toBeUndefined();
  });
  it("gives a different view from a longbowman on the ground", () => {
    const ctx = context({ selectedId: "bow" });
    // The Knight is on the Longbowman's side: never offered as a target, so dimmed; the Longbowman cannot fly, so
    // cannot rescue it either, and the rules say so, on a line marked as an ally's.
    expect(token(ctx, "knight")).toMatchObject({ can: [], whyNot: [{ label: "AOD.Board.AllyLabel", reason: RULE_REASONS.RescuerCannotFly }], nothing: true, ally: true });
    expect(token(ctx, "hunter").can).toEqual(["AOD.Board.Action.ranged"]);
    expect(token(ctx, "argent").whyNot).toEqual([
      { label: "AOD.Board.Action.melee", reason: RULE_REASONS.TooFarForMelee },
      { label: "AOD.Board.Action.ranged", reason: RULE_REASONS.TooFarForRanged },
    ]);
    expect(ctx.lanes[4]?.landmarks[0]).toMatchObject({ distance: "AOD.Choices.distance.zero", reason: BOARD_REASONS.Landmark });
  });
  it("offers attacks against enemies only and a rescue to allies only", () => {
    const ctx = context({ selectedId: "bow" });
    const allies = ["sable", "wyrm", "griffon", "knight"];
    for (const id of allies) expect(token(ctx, id).can.filter((a) => a !== "AOD.Board.Action.rescue")).toEqual([]);
    expect(ctx.rows.find((r) => r.id === "knight")?.can).toEqual([]);
    const argent = context({ selectedId: "argent" });
    expect(token(argent, "sable").ally).toBe(false);
    expect(token(argent, "hunter").whyNot.length).toBeGreaterThan(0);
    expect(token(argent, "hunter").whyNot.every((w) => w.label === "AOD.Board.AllyLabel")).toBe(true);
  });
  it("drops a why-not line's label when its reason already names the action", () => {
    const ctx = context({ selectedId: "bow", localize: (key) => localizeKey(key, {}) });
    // "Melee needs close quarters..." names its action; "The target is beyond this weapon's reach." does not.
    expect(token(ctx, "argent").whyNot).toEqual([{ reason: RULE_REASONS.TooFarForMelee }, { label: "Ranged", plain: true, reason: RULE_REASONS.TooFarForRanged }]);
  });
  it("orders each lane from the selected's group to the farthest band", () => {
    const ctx = context({ selectedId: "xbow" });
    const groups = ctx.lanes.find((l) => l.altitude === "low")?.clusters.map((c) => c.items.flatMap((i) => (i.token ? [i.token.id] : []))) ?? [];
    expect(groups[0]).toContain("xbow");
    const bands = ["zero", "close", "middle", "long", "disengaged"];
    const rank = (id: string) => bands.indexOf(ctx.rows.find((r) => r.id === id)?.distance ?? "disengaged");
    const others = groups.slice(1).map((g) => Math.min(...g.map(rank)));
    expect(others).toEqual([...others].sort((a, b) => a - b));
  });
  it("frames a grapple and a carry each in its own style", () => {
    const ctx = context({});
    const frames = ctx.lanes.flatMap((l) => l.clusters.filter((c) => c.linked).map((c) => c.frame));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f === "grapple" || f === "carry" || f === "both")).toBe(true);
  });
  it("gives the same content as a table, one row per combatant and landmark", () => {
    const ctx = context({ selectedId: "bow" });
    expect(ctx.rows.map((r) => r.id)).toEqual([
      "argent", "sable", "hunter", "wyrm", "ember", "xbow", "griffon", "bow", "knight", "walls", "cloud",
    ]);
    for (const row of ctx.rows.filter((r) => !r.isLandmark && !r.isSelected)) {
      const t = token(ctx, row.id);
      expect([row.distanceLabel, row.can, row.whyNot, row.statuses]).toEqual([t.distance, t.can, t.whyNot, t.statuses]);
    }
    expect(ctx.rows.find((r) => r.id === "hunter")?.links).toEqual([{ label: "AOD.Board.Link.grapples", name: "Storm Wyrm" }]);
    expect(ctx.rows.find((r) => r.id === "argent")?.name).toBe(LONG_NAME);
  });
  it("gives only the GM distance and altitude editors", () => {
    const player = context({ selectedId: "bow" });
    expect(player.rows.some((r) => r.editable)).toBe(false);
    expect(player.selected?.distanceEditor).toBeUndefined();
    expect(player.selected?.altitudeOptions).toBeUndefined();
    const gm = context({ selectedId: "bow", isGM: true, distanceTarget: "knight", phase: "battle" });
    expect(gm.rows.filter((r) => r.editable).map((r) => r.id)).toEqual(gm.rows.filter((r) => r.distance !== undefined).map((r) => r.id));
    expect(gm.rows.find((r) => r.id === "bow")?.editable).toBe(false);
    const editor = gm.selected?.distanceEditor;
    expect([editor?.target, editor?.targetName]).toEqual(["knight", "Knight"]);
    expect(editor?.bands.find((o) => o.selected)?.value).toBe("close");
    expect(editor?.targets.map((o) => o.value)).toEqual(gm.rows.filter((r) => r.editable).map((r) => r.id));
    expect(editor?.targets.filter((o) => o.selected).map((o) => o.value)).toEqual(["knight"]);
    expect(gm.selected?.altitudeOptions?.find((o) => o.selected)?.value).toBe("grounded");
    expect(gm.landmarks.map((l) => l.name)).toEqual(["Castle Battlements", "Thunderhead"]);
  });
  it("points the GM's one distance editor at the row asked for, else at the first row with a distance", () => {
    const rows = context({ selectedId: "bow", isGM: true, phase: "battle" }).rows.filter((r) => r.editable);
    const other = rows.find((r) => r.distance !== "close");
    expect(other).toBeDefined();
    const editor = context({ selectedId: "bow", isGM: true, distanceTarget: other?.id, phase: "battle" }).selected?.distanceEditor;
    expect([editor?.target, editor?.bands.find((o) => o.selected)?.value]).toEqual([other?.id, other?.distance]);
    for (const wanted of [undefined, "bow", "nobody"]) {
      expect(context({ selectedId: "bow", isGM: true, distanceTarget: wanted, phase: "battle" }).selected?.distanceEditor?.target).toBe(rows[0]?.id);
    }
    expect(context({ isGM: true, distanceTarget: "knight", phase: "battle" }).selected).toBeUndefined();
  });
  it("explains an ally's \"Nothing\" too: a selected that cannot fly rescues nobody, in the rules' words", () => {
    const ctx = context({ selectedId: "bow" });
    const allyIds = new Set(tokens(ctx).filter((t) => t.ally && !t.selected).map((t) => t.id));
    const allies = ctx.rows.filter((r) => allyIds.has(r.id));
    expect(allies.map((r) => r.name)).toEqual(["Sable Dragon", "Storm Wyrm", "Griffon", "Knight"]);
    for (const row of allies) {
      expect(row.nothing).toBe(true);
      expect(row.whyNot).toEqual([{ label: "AOD.Board.AllyLabel", reason: RULE_REASONS.RescuerCannotFly }]);
    }
    // A flyer's ally keeps the rescue's own reason (not falling), once.
    const fromSable = context({ selectedId: "sable" }).rows.find((r) => r.id === "griffon");
    expect(fromSable?.whyNot.map((w) => w.reason)).not.toContain(RULE_REASONS.RescuerCannotFly);
  });
  it("gives the GM one set of move controls: the move form while a move is open, else the direct edits", () => {
    // A movement phase, the Longbowman free to move: the move form only, no direct altitude or distance edits.
    const moving = context({ selectedId: "bow", isGM: true, distanceTarget: "knight" });
    expect(moving.selected?.move?.blocked).toBeUndefined();
    expect(moving.selected?.move?.altitudes.length).toBeGreaterThan(0);
    expect(moving.selected?.altitudeOptions).toBeUndefined();
    expect(moving.selected?.distanceEditor).toBeUndefined();
    expect(moving.rows.some((r) => r.editable)).toBe(false);
    // The pinned Hunter: no move open, so the GM corrects the board directly.
    const pinned = context({ selectedId: "hunter", isGM: true });
    expect(pinned.selected?.move?.blocked).toBeDefined();
    expect(pinned.selected?.altitudeOptions?.find((o) => o.selected)?.value).toBe("mid");
    expect(pinned.selected?.distanceEditor).toBeDefined();
    expect(pinned.rows.some((r) => r.editable)).toBe(true);
  });
});

describe("the move controls", () => {
  it("offer the owner the moves open to it, with the reachable bands", () => {
    const ctx = context({ selectedId: "argent", owned: ["argent"] });
    const move = ctx.selected?.move;
    expect(move?.kinds.map((k) => [k.value, k.disabled])).toEqual([["standard", false], ["full", false], ["fullGround", true]]);
    expect(move?.kinds[2]?.reason).toBe(BOARD_REASONS.GroundMoveOnGround);
    expect(move?.altitudes.map((o) => o.value)).toEqual(["", "high"]);
    expect(move?.references[0]?.value).toBe("sable");
    expect(move?.distances.map((o) => o.value)).toEqual(["", "middle"]);
  });
  it("follow the chosen kind and reference", () => {
    const ctx = context({ selectedId: "argent", owned: ["argent"], move: { kind: "full", reference: "hunter" } });
    expect(ctx.selected?.move?.altitudes.map((o) => o.value)).toEqual(["", "mid", "high"]);
    expect(ctx.selected?.move?.references.find((o) => o.selected)?.value).toBe("hunter");
    expect(ctx.selected?.move?.distances.map((o) => o.value)).toEqual(["", "close", "long", "disengaged"]);
  });
  it("carry the refusal of the last move, and none without one", () => {
    expect(context({ selectedId: "argent", owned: ["argent"], moveRefused: RULE_REASONS.AlreadyMoved }).selected?.move?.refused).toBe(RULE_REASONS.AlreadyMoved);
    expect(context({ selectedId: "argent", owned: ["argent"] }).selected?.move?.refused).toBeUndefined();
    // A refusal that differs from what now closes the form leaves the form's own reason to say.
    expect(context({ selectedId: "argent", owned: ["argent"], moveRefused: RULE_REASONS.AlreadyMoved }).selected?.move?.blockedSaid).toBeUndefined();
  });
  it("after a move refused as already made, show the combatant moved and say why once, in the refusal", () => {
    // The board was stale (the mover had moved meanwhile): the GM's check refused, and the board now shows the move.
    const fight = showcaseFight();
    const sable = fight.combatants.sable;
    if (sable === undefined) throw new Error("no Sable");
    fight.combatants.sable = { ...sable, moved: true };
    const ctx = context({ state: fight, selectedId: "sable", owned: ["sable"], moveRefused: RULE_REASONS.AlreadyMoved });
    expect(ctx.selected?.statuses).toContain("AOD.Status.Moved");
    expect(ctx.selected?.move?.kinds).toEqual([]);
    expect(ctx.selected?.move?.blocked).toBe(MOVE_REASONS.AlreadyMoved);
    expect(ctx.selected?.move?.refused).toBe(RULE_REASONS.AlreadyMoved);
    expect(ctx.selected?.move?.blockedSaid).toBe(true);
    // Without a refusal the closed form says why itself.
    expect(context({ state: fight, selectedId: "sable", owned: ["sable"] }).selected?.move?.blockedSaid).toBeUndefined();
  });
  it("say why a pinned combatant cannot move", () => {
    const move = context({ selectedId: "hunter", owned: ["hunter"] }).selected?.move;
    expect(move?.kinds).toEqual([]);
    expect(move?.blocked).toBe(MOVE_REASONS.Pinned);
  });
  it("are absent for a combatant the user does not own, and replaced by a note outside the movement phase", () => {
    expect(context({ selectedId: "argent", owned: ["sable"] }).selected?.move).toBeUndefined();
    const battle = context({ selectedId: "argent", owned: ["argent"], phase: "battle" }).selected;
    expect(battle?.move).toBeUndefined();
    expect(battle?.moveNote).toBe("AOD.Board.Move.NotNow");
  });
  it("are offered to a player only at its own step (000 Initiative: the slow move after the fast)", () => {
    const waiting = context({ selectedId: "argent", owned: ["argent"], movers: ["sable"] }).selected;
    expect(waiting?.move).toBeUndefined();
    expect(waiting?.moveNote).toBe("AOD.Board.Move.NotYourStep");
    const own = context({ selectedId: "argent", owned: ["argent"], movers: ["argent"] }).selected;
    expect(own?.move).toBeDefined();
    expect(own?.moveNote).toBeUndefined();
  });
  it("stay open to the GM out of turn, with a note that it overrides", () => {
    const gm = context({ selectedId: "argent", isGM: true, movers: ["sable"] }).selected;
    expect(gm?.move).toBeDefined();
    expect(gm?.moveNote).toBe("AOD.Board.Move.OutOfTurn");
  });
});
