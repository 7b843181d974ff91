// The GM's surprise dialog (src/features/round/surprise-dialog-context.ts): the roster from the fight, the
// context, and the parse of the submitted form, hostile input included.
import { describe, expect, it } from "vitest";
import { SURPRISE_FORM_REASONS, parseSurpriseForm, surpriseDialogContext, surpriseRoster } from "../../../src/features/round/surprise-dialog-context";
import { SURPRISE_MOMENT_REASONS, surpriseMomentRefusal, surpriseRolled } from "../../../src/data/combat/surprise-round";
import { ENTRIES, format } from "./fight";

const roster = surpriseRoster(ENTRIES);
const agilities = Object.fromEntries(ENTRIES.map((e) => [e.id, e.body?.agility ?? 0]));

describe("surpriseRoster", () => {
  it("lists each side once, in order, with its members' Agility, leaving out combatants without an actor", () => {
    expect(roster.map((s) => [s.side, s.members.map((m) => m.id)])).toEqual([
      ["Dragons", ["sable", "argent", "hunter"]],
      ["Wyvern Host", ["rider", "knight", "bowman"]],
    ]);
    expect(roster[0]?.members[0]?.agility).toBe(agilities.sable);
    const withGhost = surpriseRoster([...ENTRIES, { id: "ghost", name: "Ghost", side: "Shades", body: null }]);
    expect(withGhost.map((s) => s.side)).toEqual(["Dragons", "Wyvern Host"]);
  });
});

describe("parseSurpriseForm", () => {
  it("takes a surprise of one side with the side's average Agility", () => {
    const parsed = parseSurpriseForm({ kind: "surprise", "unaware.0": true, "unaware.1": false, "scout.0": "", "scout.1": "" }, roster);
    expect(parsed).toEqual({ ok: true, choice: { kind: "surprise", unaware: ["Dragons"] } });
  });

  it("takes an ambush with a scout for the unaware side", () => {
    const parsed = parseSurpriseForm({ kind: "ambush", "unaware.1": true, "scout.1": "rider" }, roster);
    expect(parsed).toEqual({ ok: true, choice: { kind: "ambush", unaware: ["Wyvern Host"], scouts: { "Wyvern Host": "rider" } } });
  });

  it("ignores the scout of a side that is not unaware", () => {
    const parsed = parseSurpriseForm({ kind: "surprise", "unaware.0": true, "scout.1": "rider" }, roster);
    expect(parsed).toEqual({ ok: true, choice: { kind: "surprise", unaware: ["Dragons"] } });
  });

  it("takes someone striking from hiding, with or without a side unaware", () => {
    expect(parseSurpriseForm({ kind: "surprise", "hider.bowman": true, "target.bowman": "sable" }, roster)).toEqual({
      ok: true,
      choice: { kind: "surprise", unaware: [], personal: [{ id: "bowman", target: "sable" }] },
    });
    expect(parseSurpriseForm({ kind: "ambush", "unaware.0": "on", "hider.rider": "true", "target.rider": "argent" }, roster)).toEqual({
      ok: true,
      choice: { kind: "ambush", unaware: ["Dragons"], personal: [{ id: "rider", target: "argent" }] },
    });
  });

  it("refuses an unknown kind", () => {
    for (const kind of [undefined, "", "Ambush", "raid", 1, ["ambush"]]) {
      expect(parseSurpriseForm({ kind, "unaware.0": true }, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.Kind });
    }
  });

  it("refuses a form with nobody unaware and nobody hiding", () => {
    expect(parseSurpriseForm({ kind: "surprise", "unaware.0": false, "hider.sable": false }, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.NoOne });
  });

  it("refuses an ambush in which every side is unaware", () => {
    expect(parseSurpriseForm({ kind: "ambush", "unaware.0": true, "unaware.1": true }, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.NoAmbusher });
    expect(parseSurpriseForm({ kind: "surprise", "unaware.0": true, "unaware.1": true }, roster).ok).toBe(true);
  });

  it("refuses a scout who is not of its side or not in the combat", () => {
    for (const scout of ["rider", "nobody", 7, { id: "sable" }]) {
      expect(parseSurpriseForm({ kind: "surprise", "unaware.0": true, "scout.0": scout }, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.Scout });
    }
  });

  it("refuses a hider on an unaware side, and one without a proper target", () => {
    expect(parseSurpriseForm({ kind: "surprise", "unaware.0": true, "hider.sable": true, "target.sable": "rider" }, roster)).toEqual({
      ok: false,
      reason: SURPRISE_FORM_REASONS.HiderUnaware,
    });
    for (const target of [undefined, "", "argent", "nobody", 3]) {
      expect(parseSurpriseForm({ kind: "surprise", "hider.sable": true, "target.sable": target }, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.Target });
    }
  });

  it("refuses fields the dialog never asks for, and anything that is not a plain form", () => {
    const hostile: unknown[] = [
      { kind: "surprise", "unaware.0": true, "unaware.2": true },
      { kind: "surprise", "unaware.0": true, "hider.ghost": true },
      { kind: "surprise", "unaware.0": true, __proto__: { polluted: true }, "system.mode": "sideD10" },
      null,
      "kind=surprise",
      [["kind", "surprise"]],
    ];
    for (const form of hostile) expect(parseSurpriseForm(form, roster)).toEqual({ ok: false, reason: SURPRISE_FORM_REASONS.Unknown });
  });
});

describe("surpriseDialogContext", () => {
  it("offers each side's average and each member as scout, and only opponents as targets", () => {
    const ctx = surpriseDialogContext(roster, format);
    const dragons = ctx.sides[0];
    const dragonIds = ["sable", "argent", "hunter"];
    const average = Math.floor(dragonIds.reduce((sum, id) => sum + (agilities[id] ?? 0), 0) / 3);
    expect(dragons?.scout.options[0]).toEqual({ value: "", label: `Agility ${String(average)}: the side's average`, selected: true });
    expect(dragons?.scout.options.map((o) => o.value)).toEqual(["", "sable", "argent", "hunter"]);
    expect(dragons?.unaware).toMatchObject({ name: "unaware.0", label: "Dragons are unaware", checked: false });
    // The hiders are grouped by side, and each one's targets by the other sides.
    expect(ctx.hiderSides.map((s) => s.side)).toEqual(roster.map((s) => s.side));
    const sable = ctx.hiderSides.flatMap((s) => s.hiders).find((h) => h.hider.name === "hider.sable");
    expect(sable?.target.none.value).toBe("");
    expect(sable?.target.groups.map((g) => [g.side, g.options.map((o) => o.value)])).toEqual([[roster[1]?.side, ["rider", "knight", "bowman"]]]);
    expect(ctx.kinds.map((k) => [k.value, k.checked])).toEqual([["surprise", true], ["ambush", false]]);
  });

  it("refills what the GM entered before a refusal", () => {
    const ctx = surpriseDialogContext(roster, format, { kind: "ambush", "unaware.1": true, "scout.1": "knight", "hider.sable": true, "target.sable": "bowman" });
    expect(ctx.kinds.find((k) => k.checked)?.value).toBe("ambush");
    expect(ctx.sides[1]?.unaware.checked).toBe(true);
    expect(ctx.sides[1]?.scout.options.find((o) => o.selected)?.value).toBe("knight");
    const sable = ctx.hiderSides.flatMap((s) => s.hiders).find((h) => h.hider.name === "hider.sable");
    expect(sable?.hider.checked).toBe(true);
    expect(sable?.target.groups.flatMap((g) => g.options).find((o) => o.selected)?.value).toBe("bowman");
  });
});

describe("surpriseMomentRefusal: when the surprise step may be rolled (asked as the dialog opens and again as it closes)", () => {
  const open = { isGM: true, exists: true, started: false, rolled: false };
  it("lets a GM roll before round 1 on a combat that still exists, once", () => {
    expect(surpriseMomentRefusal(open)).toBeNull();
  });
  it.each([
    ["a player", { isGM: false }, SURPRISE_MOMENT_REASONS.GMOnly],
    ["a combat deleted while the dialog was open", { exists: false }, SURPRISE_MOMENT_REASONS.Gone],
    ["a combat started while the dialog was open", { started: true }, SURPRISE_MOMENT_REASONS.Started],
    ["a second roll (another GM's dialog, or this one twice)", { rolled: true }, SURPRISE_MOMENT_REASONS.Rolled],
  ])("refuses %s", (_what, change, reason) => {
    expect(surpriseMomentRefusal({ ...open, ...change })).toBe(reason);
  });
});

describe("surpriseRolled: a surprise card counts only when a GM wrote it", () => {
  const gmCard = { card: "surprise", combatId: "c1", authoredByGM: true };
  it("finds the GM's surprise card for this combat", () => {
    expect(surpriseRolled([gmCard], "c1")).toBe(true);
  });
  it("ignores another combat's card and other kinds of card", () => {
    expect(surpriseRolled([{ ...gmCard, combatId: "c2" }, { ...gmCard, card: "initiative" }], "c1")).toBe(false);
  });
  it("ignores a surprise card a player made, so it cannot block the GM's roll", () => {
    expect(surpriseRolled([{ ...gmCard, authoredByGM: false }], "c1")).toBe(false);
    expect(surpriseRolled([{ ...gmCard, authoredByGM: false }, gmCard], "c1")).toBe(true);
  });
});
