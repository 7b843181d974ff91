// Browser views of the declaration modes (test/browser/README.md): the declaration dialog (with a very long name),
// the declared, aborted and revealed cards and the simultaneous result card, in both themes, axe clean.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fieldShowsWhole, renderView, THEMES } from "../../../browser/harness";
import { declarationCardContext, declarationDialogContext, oddsKey, simultaneousCardContext, summaryOf } from "../../../../src/features/round/declarations/declaration-context";
import type { DeclarationCardData, DeclarationDialogInput, DialogWeapon } from "../../../../src/features/round/declarations/declaration-context";
import type { DeclarationChoice } from "../../../../src/data/combat/declaration";
import { BATTLE_LOG, RULE_REASONS } from "../../../../src/rules/reasons";
import { trackerContext } from "../../../../src/features/round/tracker-context";
import { ENTRIES, STATE, format, inputFor } from "../fight";
import { validateMove } from "../../../../src/rules/procedures/move";

const LONG = "Argentheart the Unyielding Storm of the Northern Peaks, Warden of the High Passes";
const names: Record<string, string> = { ...Object.fromEntries(ENTRIES.map((e) => [e.id, e.name])), keep: "The Old Keep" };
const weapons: DialogWeapon[] = [
  { itemId: "claws1", name: "Tooth and Claw", killerBlow: true, grapple: true },
  { itemId: "breath1", name: "Dragonsbreath", killerBlow: false, grapple: false },
];
const others = ENTRIES.filter((e) => e.id !== "argent").map((e) => ({ id: e.id, name: e.name }));

const dialog = (values: Partial<DeclarationDialogInput>): DeclarationDialogInput => ({
  combatant: { id: "argent", name: LONG },
  phase: "battle",
  round: 2,
  secret: false,
  weapons,
  combatants: others,
  landmarks: [{ id: "keep", name: "The Old Keep" }],
  choice: null,
  error: "",
  idPrefix: "aod-declare",
  ...values,
});

const choice = (values: Partial<DeclarationChoice> = {}): DeclarationChoice => ({ action: "attack", weaponId: "claws1", targetId: "rider", move: null, text: "", ...values });
const frame = (title: string) => ({ kind: "window" as const, title, classes: ["age-of-dragons", "aod-declaration-dialog"], tag: "form" as const });
const chat = { kind: "chat" as const, speaker: "Skirmish" };

describe("the declaration dialog", () => {
  it.each(THEMES)("a killer blow in the Battle Phase, for a combatant with a very long name (%s)", async (theme) => {
    // The chosen killer blow's odds (as declaredAttackOdds reckons them in the game) are shown; a plain attack's are not.
    const odds = {
      [oddsKey("claws1", "rider", true)]: { hit: 0.58, wounded: 0.41, severelyInjured: 0.12, dead: 0.03, defence: { pool: 3, tn: 4 } },
      [oddsKey("claws1", "rider", false)]: { hit: 0.7, wounded: 0.3, severelyInjured: 0.05, dead: 0.01, defence: { pool: 3, tn: 4 } },
    };
    const context = declarationDialogContext(dialog({ choice: choice({ action: "killerBlow", text: "For the high passes!" }), odds }), format);
    const { html } = await renderView({ template: "templates/round/declarations/declaration-dialog.hbs", context, theme, name: "declaration-dialog-battle", width: 460, frame: frame(context.title) });
    expect(html).toContain("Against Wyvern Rider: defence 3 dice at TN\u00a04+");
    expect(html).toMatch(/Hit<\/th><td class="aod-number">58%/);
    expect(html).toMatch(/Kill<\/th><td class="aod-number">3%/);
    expect(html).toContain(LONG);
    expect(html).toContain("Killer blow");
    expect(html).toContain("Wyvern Rider");
  });

  it.each(THEMES)("a full move with its intent in Tactical Movement, in secret (%s)", async (theme) => {
    const context = declarationDialogContext(
      dialog({ phase: "movement", secret: true, choice: choice({ action: "move", move: { kind: "full", altitude: "high", reference: "keep", distance: "middle" } }) }),
      format,
    );
    const { html } = await renderView({ template: "templates/round/declarations/declaration-dialog.hbs", context, theme, name: "declaration-dialog-move", width: 460, frame: frame(context.title) });
    expect(html).toContain("only the GM sees this");
    expect(html).toContain("Full aerial move");
    expect(html).toContain("The Old Keep");
    // The full move's cost is a note, not a refusal; a move the rules allow carries no refusal.
    expect(html).toContain('<p class="aod-notice aod-declaration-move-note">A full move leaves this combatant no battle action this round.</p>');
    expect(html).not.toContain("aod-refusal");
  });

  it.each(THEMES)("a move the GM's check refused, refilled as declared with the rules' reason for it (%s)", async (theme) => {
    // The refused move as the player declared it: a standard move from mid-altitude to the ceiling, two bands. The
    // reason is the one the rules give for that very move (the Argent free of its grapple, at the start of a round),
    // so the refusal shown always matches the form refilled under it.
    const move = { kind: "standard" as const, altitude: "ceiling" as const, reference: "", distance: "" as const };
    const argent = STATE.combatants.argent;
    if (!argent) throw new Error("the fight has the Argent");
    const free = { ...STATE, grapples: [], combatants: { ...STATE.combatants, argent: { ...argent, acted: false, moved: false } } };
    const ruling = validateMove(free, { id: "argent", kind: move.kind, altitude: move.altitude }, "movement");
    if (ruling.allowed) throw new Error("a standard move of two bands should be refused");
    const context = declarationDialogContext(dialog({ phase: "movement", secret: true, error: ruling.reason, choice: choice({ action: "move", move }) }), format);
    let referenceFits = false;
    const inspect = async (page: Page) => {
      // The "Relative to" menu shows its chosen option whole ("Nobody (no change)"), not cut.
      referenceFits = await fieldShowsWhole(page, 'select[name="reference"]');
    };
    const { html } = await renderView({ template: "templates/round/declarations/declaration-dialog.hbs", context, theme, name: "declaration-dialog-move-refused", width: 460, frame: frame(context.title), inspect });
    expect(ruling.reason).toBe(RULE_REASONS.TooManyAltitudeSteps);
    expect(referenceFits).toBe(true);
    // The refusal sits in the move's fieldset, by the fields it is about, and the fieldset names it.
    expect(html).toMatch(/<fieldset class="aod-declaration-move" aria-describedby="([^"]+)">\s*<legend>Where to<\/legend>\s*<p id="\1" class="aod-notice aod-refusal" role="alert">That is more altitude steps than this move allows.<\/p>/);
    expect(html.match(/aod-refusal/g)).toHaveLength(1);
    expect(html).toMatch(/<option value="standard" selected>Standard move<\/option>/);
    expect(html).toMatch(/<option value="ceiling" selected>Ceiling<\/option>/);
    expect(html).not.toContain("aod-declaration-move-note");
  });
});

const card = (kind: DeclarationCardData["kind"], values: Partial<DeclarationCardData> = {}): DeclarationCardData => ({
  kind,
  round: 2,
  phase: "battle",
  combatantId: "bowman",
  name: names.bowman ?? "",
  summary: summaryOf(choice({ targetId: "sable", weaponId: "bow1" }), names, [{ itemId: "bow1", name: "Longbow" }]),
  text: "Loose on the black one while it circles the keep.",
  reason: "",
  ...values,
});

describe("the declaration cards", () => {
  it.each(THEMES)("declared (reverse declaration), with its Resolve button (%s)", async (theme) => {
    const context = declarationCardContext(card("declared"), format, { canResolve: true });
    const { html } = await renderView({ template: "templates/round/declarations/declaration-card.hbs", context, theme, name: "card-declared", frame: chat });
    expect(html).toContain("Attacks Sable Dragon with Longbow.");
    expect(html).toContain("Resolve");
  });

  it.each(THEMES)("aborted: the target died before the action resolved (%s)", async (theme) => {
    const context = declarationCardContext(card("aborted", { reason: RULE_REASONS.TargetDead }), format, { canResolve: true });
    const { html } = await renderView({ template: "templates/round/declarations/declaration-card.hbs", context, theme, name: "card-declaration-aborted", frame: chat });
    expect(html).toContain("Aborted: The target is already dead.");
    expect(html).not.toContain("Resolve");
  });

  it.each(THEMES)("revealed (secret declaration) (%s)", async (theme) => {
    const summary = summaryOf(choice({ action: "move", move: { kind: "standard", altitude: "high", reference: "rider", distance: "close" } }), names, []);
    const context = declarationCardContext(card("revealed", { combatantId: "sable", name: names.sable ?? "", phase: "movement", summary, text: "" }), format, { canResolve: true });
    const { html } = await renderView({ template: "templates/round/declarations/declaration-card.hbs", context, theme, name: "card-declaration-revealed", frame: chat });
    // Revealed, it is no longer secret: the title says so.
    expect(html).toContain("Sable Dragon&#x27;s declaration, revealed");
    expect(html).not.toContain("secret declaration");
    expect(html).toContain("Standard move: to Flying High, to Close quarters from Wyvern Rider.");
  });

  it.each(THEMES)("a simultaneous resolve step: three actions at equal Pneuma (%s)", async (theme) => {
    const context = simultaneousCardContext(
      {
        round: 2,
        phase: "battle",
        entries: [
          {
            combatantId: "sable", name: names.sable ?? "", summary: summaryOf(choice({ targetId: "rider" }), names, weapons), text: "Break the rider's line.",
            reason: "",
            log: [
              { key: BATTLE_LOG.AttackHit, data: { attacker: "Sable Dragon", target: "Wyvern Rider", weapon: "Tooth and Claw", attackSuccesses: 4, defenceSuccesses: 1, margin: 3, attackDice: "2 6 4 5 1 4", attackTN: 4, defenceDice: "3 5", defenceTN: 5 } },
              { key: BATTLE_LOG.Damage, data: { target: "Wyvern Rider", damage: 3, successes: 4, armour: 1, wounds: 5, dice: "5 2 4 6 4 1 3", tn: 4 } },
            ],
          },
          {
            combatantId: "rider", name: names.rider ?? "", summary: summaryOf(choice({ targetId: "sable" }), names, weapons), text: "",
            reason: "",
            log: [
              { key: BATTLE_LOG.AttackHit, data: { attacker: "Wyvern Rider", target: "Sable Dragon", weapon: "Tooth and Claw", attackSuccesses: 2, defenceSuccesses: 1, margin: 1, attackDice: "4 1 5 3", attackTN: 4, defenceDice: "6 2 3", defenceTN: 5 } },
              { key: BATTLE_LOG.Damage, data: { target: "Sable Dragon", damage: 1, successes: 2, armour: 1, wounds: 1, dice: "4 2 5", tn: 4 } },
            ],
          },
          { combatantId: "bowman", name: names.bowman ?? "", summary: summaryOf(choice({ targetId: "hunter", weaponId: "bow1" }), names, [{ itemId: "bow1", name: "Longbow" }]), text: "", reason: RULE_REASONS.TooFarForRanged, log: [] },
        ],
        merged: [{ key: BATTLE_LOG.Killed, data: { name: "Wyvern Rider" } }],
      },
      format,
    );
    const { html } = await renderView({ template: "templates/round/declarations/simultaneous-card.hbs", context, theme, name: "card-simultaneous", frame: chat });
    expect(html).toContain("3 actions resolve at once");
    expect(html).toContain("Together");
    // Each attack is a per-target block as on the attack card: its contest, then its wounds.
    expect(html.match(/class="aod-attack-card__target aod-attack-card__target--hit"/g)).toHaveLength(2);
    expect(html).toContain("Attack 4 vs Defence 1 → hit by 3");
    expect(html).toContain('<p class="aod-attack-card__wounds">4 successes − armour 1 &#x3D; 3 wounds (now 5)</p>');
    expect(html).not.toContain("Sable Dragon hits Wyvern Rider with Tooth and Claw");
    expect(html).toContain('<li class="aod-card-headline aod-card-headline--dead">Wyvern Rider is killed.</li>');
    // Its dice with the one dice partial, as the attack card draws them: attack, defence and damage, successes first.
    expect(html.match(/<ol class="aod-dice"/g)).toHaveLength(6);
    expect(html).toContain("Attack: 4 of 6 dice at 4+");
    expect(html).toContain("Defence: 1 of 2 dice at 5+");
    // The damage dice are labelled as the attack's and the defence's are, above the row and for screen readers.
    expect(html).toContain('<p class="aod-attack-card__line">Damage: 4 of 7 dice at 4+</p>');
    expect(html).toContain('<ol class="aod-dice" aria-label="Damage: 4 of 7 dice at 4+">');
    expect(html.match(/aod-die aod-die--success/g)).toHaveLength(4 + 1 + 4 + 2 + 1 + 2);
  });
});

describe("the tracker's Declare and Resolve buttons", () => {
  it.each(THEMES)("reverse declaration: the Longbowman's declare step, as its owner sees it (%s)", async (theme) => {
    // Reverse declaration declares slowest first: step 0 (Tactical Movement) is the slowest who may move.
    const base = inputFor("reverseDeclaration", 0, { isGM: false });
    const step = base.step;
    const id = step?.combatants[0] ?? "";
    const turns = base.turns.map((t) => (t.id === id ? { ...t, declaration: "declare" as const } : t));
    const { html } = await renderView({
      template: "test/features/round/fixtures/tracker-view.hbs",
      context: trackerContext({ ...base, turns }, format),
      theme,
      name: "tracker-declare-button",
      width: 300,
      height: 760,
      frame: { kind: "window", title: "Combat Tracker", classes: ["sidebar-tab", "combat-sidebar"] },
    });
    expect(step?.kind).toBe("declare");
    expect(html).toContain(`aria-label="Declare for ${names[id] ?? ""}"`);
  });
});
