// The tracker context per mode (src/features/round/tracker-context.ts) for one fight of the shipped bestiary.
import { describe, expect, it } from "vitest";
import { fallOffer, markersFor, playerRound, trackerContext, trackerEffects } from "../../../src/features/round/tracker-context";
import type { TrackerInput } from "../../../src/features/round/tracker-context";
import { PNEUMA_ORDER, STATE, format, inputFor, turnsFor } from "./fight";

describe("the banner", () => {
  it("says the mode, round, phase and whose step it is in descending Pneuma", () => {
    const ctx = trackerContext(inputFor("descending", 1), format);
    expect(ctx.banner).toMatchObject({
      mode: "Descending Pneuma",
      round: "Round 2",
      phase: "Tactical Movement",
      step: "Argent Dragon acts",
    });
    expect(ctx.banner.progress).toMatch(/^Step 2 of \d+$/);
  });

  it("shows declarations ascending, then resolutions, in reverse declaration", () => {
    const first = trackerContext(inputFor("reverseDeclaration", 0), format);
    expect(first.banner.step).toBe("Longbowman of the Northern Marches Company declares");
    // Four can fight (the Hunter is severely injured, the Knight dead): four declarations, then the first resolution.
    expect(trackerContext(inputFor("reverseDeclaration", 4), format).banner.step).toBe("Sable Dragon resolves");
  });

  it("says when equal Pneuma resolves together in secret declaration", () => {
    // Everyone declares in one step; then the Pneuma 4 group (Sable, Argent, Wyvern Rider) resolves at once.
    const ctx = trackerContext(inputFor("secretDeclaration", 1), format);
    // The lead counts them, the small line names them: the banner stays compact however many resolve at once.
    expect(ctx.banner.step).toBe("3 resolve together");
    expect(ctx.banner.together).toBe("Equal Pneuma: Sable Dragon, Argent Dragon, Wyvern Rider");
  });

  it("names the speed phase and the acting side in the d10 round", () => {
    const ctx = trackerContext(inputFor("sideD10", 1), format);
    // The Dragons rolled a 10 and act one phase earlier: Fast becomes Very Fast. The severely injured Hunter
    // (Very Fast, so Extremely Fast) has no step, so the first is the Sable's and the Argent's.
    expect(ctx.banner.phase).toBe("Very Fast");
    expect(ctx.banner.step).toBe("Dragons act");
    expect(ctx.banner.together).toBe("Sable Dragon, Argent Dragon");
    expect(trackerContext(inputFor("sideD10", 0), format).banner.phase).toBe("Starting Phase");
  });

  it("names one combatant in the lead, with no line of names beneath", () => {
    const ctx = trackerContext(inputFor("reverseDeclaration", 4), format);
    expect(ctx.banner.together).toBe("");
  });

  it("says the skirmish has not begun before the start", () => {
    const ctx = trackerContext(inputFor("descending", 0, { started: false }), format);
    expect(ctx.banner.step).toBe("The skirmish has not begun.");
    expect(ctx.banner.round).toBe("");
  });
});

describe("the turns", () => {
  it("marks the grapple, the severely injured, the dead and the round's flags", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    const marks = Object.fromEntries(ctx.turns.map((t) => [t.id, t.markers.map((m) => m.id)]));
    expect(marks).toEqual({
      sable: ["moved"],
      argent: ["acted", "pinned"],
      hunter: ["falling", "severelyInjured"],
      // The GM's row shows "Fall ✓" on its toggle, so no "Will fall" badge beside it.
      rider: ["pinned"],
      bowman: ["fullMove"],
      knight: ["dead"],
    });
    // A player who cannot toggle the Wyvern Rider's fall sees the badge.
    const player = trackerContext(inputFor("descending", 0, { isGM: false }), format);
    expect(player.turns.find((t) => t.id === "rider")?.markers.map((m) => m.id)).toEqual(["choseToFall", "pinned"]);
    expect(ctx.turns.find((t) => t.id === "knight")?.defeated).toBe(true);
    expect(ctx.turns.find((t) => t.id === "sable")?.altitude).toBe("Ceiling");
  });

  it("marks the active step's combatant only", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    expect(ctx.turns.filter((t) => t.active).map((t) => t.id)).toEqual(["sable"]);
    const end = inputFor("descending", 0);
    const last = trackerContext(inputFor("descending", end.stepCount - 1), format);
    expect(last.turns.some((t) => t.active)).toBe(false);
  });

  it("shows a declaration and an aborted action", () => {
    const turns = turnsFor(["sable", "argent"], ["sable"], { argent: "AOD.Rules.Reason.TargetDead" });
    const [sable] = turns;
    if (!sable) throw new Error("no turn");
    expect(markersFor(STATE, sable, format).map((m) => m.id)).toEqual(["declared", "moved"]);
    const ctx = trackerContext({ ...inputFor("reverseDeclaration", 0), turns }, format);
    expect(ctx.turns[1]?.aborted).toBe("Aborted: The target is already dead.");
  });

  it("hides hidden combatants from players but not from the GM", () => {
    const turns = turnsFor(["sable", "rider"]).map((t) => (t.id === "rider" ? { ...t, visible: false } : t));
    expect(trackerContext({ ...inputFor("descending", 0), turns, isGM: false }, format).turns.map((t) => t.id)).toEqual(["sable"]);
    expect(trackerContext({ ...inputFor("descending", 0), turns, isGM: true }, format).turns.map((t) => t.id)).toEqual(["sable", "rider"]);
  });
});

describe("the d10 grouping", () => {
  it("groups by shifted speed phase and by side in initiative order", () => {
    const ctx = trackerContext(inputFor("sideD10", 1), format);
    expect(ctx.grouped).toBe(true);
    expect(ctx.groups.map((g) => [g.phase, g.sides.map((s) => `${s.side}: ${s.members.map((m) => m.id).join(",")}`)])).toEqual([
      ["Extremely Fast", ["Dragons: hunter"]],
      ["Very Fast", ["Dragons: sable,argent"]],
      ["Fast", ["Wyvern Host: rider"]],
      ["Average", ["Wyvern Host: bowman,knight"]],
    ]);
    expect(ctx.groups.map((g) => g.active)).toEqual([false, true, false, false]);
  });

  it("says why a severely injured combatant's speed phase has no step for it, in the rules' words", () => {
    const ctx = trackerContext(inputFor("sideD10", 1), format);
    const member = (id: string) => ctx.groups.flatMap((g) => g.sides.flatMap((s) => s.members)).find((m) => m.id === id);
    // The Hunter (six wounds) is severely injured: the Extremely Fast phase plans no step for it.
    expect(member("hunter")?.noStep).toEqual({
      text: "No step: A severely injured combatant takes no battle actions.",
      tooltip: "Hunter Dragon has no step in the Extremely Fast phase. A severely injured combatant takes no battle actions.",
    });
    // Those with a step, and the dead Knight (its row struck through), get no hint.
    expect(member("sable")?.noStep).toBeNull();
    expect(member("knight")?.noStep).toBeNull();
    // Before the round is planned nothing is said.
    const before = trackerContext(inputFor("sideD10", 0, { started: false }), format);
    expect(before.groups.flatMap((g) => g.sides.flatMap((s) => s.members)).every((m) => m.noStep === null)).toBe(true);
  });

  it("lists the round's order without groups in the other modes", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    expect(ctx.grouped).toBe(false);
    expect(ctx.groups).toEqual([]);
  });
});

describe("the GM controls", () => {
  it("are for the GM only", () => {
    expect(trackerContext(inputFor("descending", 0, { isGM: false }), format).gm).toBeNull();
    expect(trackerContext(inputFor("descending", 0), format).gm?.canStep).toBe(true);
  });

  it("offer the End Phase at its step until it is resolved", () => {
    const at = inputFor("descending", 0).stepCount - 1;
    expect(trackerContext(inputFor("descending", at), format).gm?.endPhasePending).toBe(true);
    expect(trackerContext(inputFor("descending", at, { endPhaseDone: true }), format).gm?.endPhasePending).toBe(false);
  });

  it("offer ending the skirmish only when everyone has disengaged", () => {
    expect(trackerContext(inputFor("descending", 0), format).gm?.canEndSkirmish).toBe(false);
    expect(trackerContext(inputFor("descending", 0, { allDisengaged: true }), format).gm?.canEndSkirmish).toBe(true);
  });

  it("offer the combat's surface, every surface labelled", () => {
    const gm = trackerContext(inputFor("descending", 0), format).gm;
    expect(gm?.surface).toBe("rock");
    expect(gm?.surfaces.water).toBe("Water (crash TN 6)");
  });
});

describe("the fall toggle", () => {
  const owned = (ids: readonly string[]) => turnsFor(PNEUMA_ORDER).map((t) => ({ ...t, owner: ids.includes(t.id) }));
  const fallOf = (ctx: ReturnType<typeof trackerContext>, id: string) => ctx.turns.find((t) => t.id === id)?.fall ?? null;

  it("is offered to a player for its own flyers only, and to the GM for every flyer", () => {
    const player = trackerContext(inputFor("descending", 0, { isGM: false, turns: owned(["sable"]) }), format);
    expect(player.turns.filter((t) => t.fall).map((t) => t.id)).toEqual(["sable"]);
    expect(fallOf(player, "sable")).toEqual({ marked: false, label: "Mark Sable Dragon to fall one band in this round's End Phase", text: "Fall" });
    const gm = trackerContext(inputFor("descending", 0, { turns: owned([]) }), format);
    // The grounded Knight and Longbowman cannot fall; the Wyvern Rider has already chosen to.
    expect(gm.turns.filter((t) => t.fall).map((t) => t.id)).toEqual(["sable", "argent", "hunter", "rider"]);
  });

  it("shows a mark already made, and lets its owner take it back", () => {
    const ctx = trackerContext(inputFor("descending", 0, { isGM: false, turns: owned(["rider"]) }), format);
    expect(fallOf(ctx, "rider")).toEqual({ marked: true, label: "Wyvern Rider will fall in the End Phase: take the choice back", text: "Fall ✓" });
  });

  it("is not offered before the start, once the End Phase is resolved, or when the skirmish is over", () => {
    for (const extra of [{ started: false }, { endPhaseDone: true }, { ended: true }]) {
      const ctx = trackerContext(inputFor("descending", 0, { ...extra, turns: owned(["sable"]) }), format);
      expect(ctx.turns.some((t) => t.fall !== null)).toBe(false);
    }
  });

  it("is not offered for a grounded combatant even to its owner", () => {
    const ctx = trackerContext(inputFor("descending", 0, { isGM: false, turns: owned(["bowman", "knight"]) }), format);
    expect(ctx.turns.some((t) => t.fall !== null)).toBe(false);
  });
});

describe("core's per-combatant controls", () => {
  const flagged = turnsFor(PNEUMA_ORDER).map((t) =>
    t.id === "rider" ? { ...t, hidden: true, canPing: true, effects: [{ img: "icons/svg/blind.svg", name: "Blind" }] } : { ...t, canPing: t.id === "sable" },
  );

  it("gives the GM hide and defeat toggles, ping where the token is on the scene", () => {
    const ctx = trackerContext(inputFor("descending", 0, { turns: flagged }), format);
    const rider = ctx.turns.find((t) => t.id === "rider");
    expect(rider?.controls.map((c) => [c.action, c.active, c.pressed])).toEqual([
      ["toggleHidden", true, "true"],
      ["toggleDefeated", false, "false"],
      ["pingCombatant", false, null],
    ]);
    expect(rider?.controls[0]?.label).toBe("Show Wyvern Rider to players");
    expect(rider?.css).toBe("hide");
    expect(rider?.effects).toEqual([{ img: "icons/svg/blind.svg", name: "Blind" }]);
    const knight = ctx.turns.find((t) => t.id === "knight");
    expect(knight?.controls.map((c) => c.action)).toEqual(["toggleHidden", "toggleDefeated"]);
    expect(knight?.controls[1]?.active).toBe(true);
    expect(knight?.css).toBe("defeated");
  });

  it("puts a row's buttons in a menu behind one button when there is more than one, so the name keeps the width", () => {
    const gm = trackerContext(inputFor("descending", 0, { turns: flagged }), format);
    expect(gm.turns.find((t) => t.id === "rider")?.controlsMenu).toEqual({ id: "aod-row-menu-rider", label: "Token controls for Wyvern Rider" });
    const player = trackerContext(inputFor("descending", 0, { isGM: false, turns: flagged }), format);
    expect(player.turns.find((t) => t.id === "sable")?.controlsMenu?.id).toBe("aod-row-menu-sable");
    // One button (pan): shown as itself, no menu.
    expect(player.turns.find((t) => t.id === "argent")?.controlsMenu).toBeNull();
  });

  it("gives players ping where allowed and pan, never the GM's toggles", () => {
    const ctx = trackerContext(inputFor("descending", 0, { isGM: false, turns: flagged }), format);
    expect(ctx.turns.find((t) => t.id === "sable")?.controls.map((c) => c.action)).toEqual(["pingCombatant", "panToCombatant"]);
    expect(ctx.turns.find((t) => t.id === "argent")?.controls.map((c) => c.action)).toEqual(["panToCombatant"]);
  });

  it("marks the current step's row active and core's defeated flag defeated", () => {
    const turns = turnsFor(PNEUMA_ORDER).map((t) => (t.id === "bowman" ? { ...t, defeated: true } : t));
    const ctx = trackerContext(inputFor("descending", 0, { turns }), format);
    expect(ctx.turns.find((t) => t.id === "sable")?.css).toBe("active");
    expect(ctx.turns.find((t) => t.id === "bowman")?.defeated).toBe(true);
  });
});

describe("the banner's surprise and mode controls", () => {
  it("offer the surprise dialog before round 1 only", () => {
    expect(trackerContext(inputFor("descending", 0, { started: false }), format).gm?.canSurprise).toBe(true);
    expect(trackerContext(inputFor("descending", 0), format).gm?.canSurprise).toBe(false);
  });

  it("offer a mode change before the start and between rounds, not mid-round", () => {
    const before = trackerContext(inputFor("sideD10", 0, { started: false }), format).gm?.mode;
    expect(before?.value).toBe("sideD10");
    expect(before?.modes.reverseDeclaration).toBe("Reverse Declaration");
    expect(before?.hint).toBe("");
    expect(trackerContext(inputFor("descending", 2), format).gm?.mode).toBeNull();
    const between = trackerContext(inputFor("descending", 2, { endPhaseDone: true }), format).gm?.mode;
    expect(between?.hint).toBe("A new mode takes effect when the next round begins.");
    expect(trackerContext(inputFor("descending", 2, { endPhaseDone: true, ended: true }), format).gm?.mode).toBeNull();
  });
});

describe("a side set after the round's roll", () => {
  it("is grouped after the rolled sides, at its unshifted speed", () => {
    const turns = turnsFor(PNEUMA_ORDER).map((t) => (t.id === "bowman" ? { ...t, side: "Mercenaries", speed: "slow" as const } : t));
    const ctx = trackerContext(inputFor("sideD10", 1, { turns }), format);
    const slow = ctx.groups.find((g) => g.phase === "Slow");
    expect(slow?.sides.map((s) => [s.side, s.members.map((m) => m.id)])).toEqual([["Mercenaries", ["bowman"]]]);
  });
});

describe("fallOffer", () => {
  it("says whether a flyer may choose to fall, has chosen, or cannot", () => {
    expect(fallOffer(STATE, "sable", true)).toBe(false);
    expect(fallOffer(STATE, "rider", true)).toBe(true);
    expect(fallOffer(STATE, "bowman", true)).toBeNull();
    expect(fallOffer(STATE, "knight", true)).toBeNull();
    expect(fallOffer(STATE, "nobody", true)).toBeNull();
    expect(fallOffer(STATE, "sable", false)).toBeNull();
    expect(fallOffer(STATE, "rider", false)).toBeNull();
  });
});

describe("trackerEffects", () => {
  it("keeps effects with an icon, leaving out the defeated status and the statuses the markers already say", () => {
    const effects = [
      { img: "a.svg", name: "Blessed", statuses: [] },
      { img: "b.svg", name: "Pinned", statuses: ["pinned"] },
      { img: "c.svg", name: "Dead", statuses: ["dead"] },
      { img: "d.svg", name: "Poisoned and pinned", statuses: ["poison", "pinned"] },
      { img: null, name: "No icon", statuses: [] },
      { img: "", name: "Empty icon", statuses: ["blind"] },
    ];
    expect(trackerEffects(effects, ["pinned", "dead", "falling"], "dead")).toEqual([
      { img: "a.svg", name: "Blessed" },
      { img: "d.svg", name: "Poisoned and pinned" },
    ]);
    expect(trackerEffects(effects, [], "dead").map((e) => e.name)).toEqual(["Blessed", "Pinned", "Poisoned and pinned"]);
  });
});

describe("the compact tracker", () => {
  const plan = inputFor("descending", 0).plan ?? [];
  const battle = plan.findIndex((s) => s.phase === "battle");

  it("leads the banner with the phase and whose step it is, and lists the round's phases with the past ones past", () => {
    const ctx = trackerContext(inputFor("descending", battle), format);
    expect(ctx.banner.phase).toBe("Battle");
    expect(ctx.banner.phases).toEqual([
      { label: "Tactical Movement", state: "past" },
      { label: "Battle", state: "current" },
      { label: "End Phase", state: "next" },
    ]);
    expect(trackerContext(inputFor("descending", 0), format).banner.phases.map((p) => p.state)).toEqual(["current", "next", "next"]);
    expect(trackerContext(inputFor("descending", 0, { started: false }), format).banner.phases).toEqual([]);
  });

  it("gives the GM one main button that follows the round", () => {
    const end = plan.length - 1;
    const main = (extra: Parameters<typeof inputFor>[2], at = 1) => trackerContext(inputFor("descending", at, extra), format).gm?.primary ?? null;
    expect(main({ started: false })).toEqual({ action: "aodBegin", text: "Begin" });
    expect(main({})).toEqual({ action: "aodNextStep", text: "Next step" });
    expect(main({}, end)).toEqual({ action: "aodNextStep", text: "Resolve End Phase" });
    expect(main({ endPhaseDone: true }, end)).toEqual({ action: "aodNextRound", text: "Begin round 3" });
    expect(main({ ended: true })).toBeNull();
    expect(trackerContext(inputFor("descending", end, { endPhaseDone: true }), format).gm?.offersNextRound).toBe(false);
    expect(trackerContext(inputFor("descending", 1), format).gm?.offersNextRound).toBe(true);
  });

  it("says the End Phase is resolved and which round is next, not that it is being processed", () => {
    const end = plan.length - 1;
    expect(trackerContext(inputFor("descending", end), format).banner.step).toBe("falls, crashes and the round's effects");
    expect(trackerContext(inputFor("descending", end, { endPhaseDone: true }), format).banner.step).toBe("resolved; round 3 is next");
  });

  it("numbers the rows in the round's order and marks a player's own combatants, never the GM's", () => {
    const owned = turnsFor(PNEUMA_ORDER).map((t) => ({ ...t, owner: t.id === "hunter" }));
    const player = trackerContext(inputFor("descending", 1, { isGM: false, turns: owned }), format);
    expect(player.turns.map((t) => t.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(player.turns.filter((t) => t.yours !== "").map((t) => [t.id, t.yours])).toEqual([["hunter", "Yours"]]);
    expect(trackerContext(inputFor("descending", 1, { turns: owned }), format).turns.every((t) => t.yours === "")).toBe(true);
  });

  it("dims who has had its step in the current phase, and nobody once a new phase begins", () => {
    const at = (i: number) => trackerContext(inputFor("descending", i), format).turns.filter((t) => t.done).map((t) => t.id);
    expect(at(0)).toEqual([]);
    expect(at(2)).toEqual(["sable", "argent"]);
    expect(at(battle)).toEqual([]);
  });

  it("repeats the current combatant's Declare on the banner, for that combatant", () => {
    const turns = turnsFor(PNEUMA_ORDER).map((t) => ({ ...t, declaration: t.id === "bowman" ? ("declare" as const) : null }));
    const ctx = trackerContext(inputFor("reverseDeclaration", 0, { turns }), format);
    expect(ctx.banner.action).toEqual({ action: "aodDeclare", icon: "fa-solid fa-scroll", label: "Declare for Longbowman of the Northern Marches Company", id: "bowman" });
    expect(trackerContext(inputFor("reverseDeclaration", 1, { turns }), format).banner.action).toBeNull();
  });

  it("dims the d10 round's speed phases already past", () => {
    const d10 = inputFor("sideD10", 0);
    const later = (d10.plan ?? []).findIndex((s) => s.phase === "fast");
    const groups = trackerContext(inputFor("sideD10", later), format).groups;
    expect(groups.filter((g) => g.past).map((g) => g.phase)).toEqual(["Very Fast"]);
    expect(trackerContext(inputFor("sideD10", 1), format).groups.some((g) => g.past)).toBe(false);
  });
});

describe("a player's view of combatants hidden from players", () => {
  const hideRider = (input: TrackerInput): TrackerInput => ({ ...input, isGM: false, turns: input.turns.map((t) => (t.id === "rider" ? { ...t, visible: false } : t)) });

  it("leaves out a step of hidden combatants only, so the count and the phases give nothing away", () => {
    const gm = inputFor("sideD10", 1);
    const player = playerRound(hideRider(gm));
    const riderOnly = (gm.plan ?? []).filter((s) => s.combatants.length === 1 && s.combatants[0] === "rider").length;
    expect(riderOnly).toBeGreaterThan(0);
    expect(player.stepCount).toBe(gm.stepCount - riderOnly);
    expect(player.plan?.some((s) => s.combatants.includes("rider"))).toBe(false);
    const ctx = trackerContext(hideRider(gm), format);
    expect(ctx.banner.progress).toBe(`Step 2 of ${gm.stepCount - riderOnly}`);
    const gmPhases = trackerContext(gm, format).banner.phases.map((p) => p.label);
    expect(gmPhases).toContain("Fast");
    expect(ctx.banner.phases.map((p) => p.label)).not.toContain("Fast");
    expect(JSON.stringify(ctx)).not.toContain("Wyvern Rider");
  });

  it("while a hidden combatant's step is the current one, says the GM's combatants act and names nobody", () => {
    const plan = inputFor("descending", 0).plan ?? [];
    const at = plan.findIndex((s) => s.kind === "act" && s.combatants.length === 1 && s.combatants[0] === "rider");
    expect(trackerContext(inputFor("descending", at), format).banner.step).toBe("Wyvern Rider acts");
    const ctx = trackerContext(hideRider(inputFor("descending", at)), format);
    expect(ctx.banner).toMatchObject({ step: "The GM's combatants act.", progress: "", phase: "" });
    expect(JSON.stringify(ctx)).not.toContain("Wyvern Rider");
    expect(ctx.turns.some((t) => t.active)).toBe(false);
  });

  it("names only the combatants it may see in a group that resolves together", () => {
    const ctx = trackerContext(hideRider(inputFor("secretDeclaration", 1)), format);
    expect(ctx.banner.step).toBe("2 resolve together");
    expect(ctx.banner.together).toBe("Equal Pneuma: Sable Dragon, Argent Dragon");
  });

  it("leaves the GM's view whole", () => {
    const gm = inputFor("sideD10", 1);
    expect(playerRound(gm)).toEqual({ ...gm, hiddenStep: false });
  });
});

describe("after the skirmish", () => {
  it("marks nobody's row as the current step once it is over, whatever step the cursor still names", () => {
    expect(trackerContext(inputFor("descending", 1), format).turns.some((t) => t.active)).toBe(true);
    const over = trackerContext(inputFor("descending", 1, { ended: true }), format);
    expect(over.turns.some((t) => t.active)).toBe(false);
    expect(over.banner.action).toBeNull();
  });
});
