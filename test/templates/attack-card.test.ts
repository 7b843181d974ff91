import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/features/attack/attack-card-context";
import { PARTIALS } from "../../src/constants/template-paths";
import { cardStates, inputFor, t } from "../features/attack/attack-card-states";
import { renderTemplate } from "./render";

const CARD = "systems/age-of-dragons/templates/attack/card.hbs";
const states = cardStates();
function html(name: string, values: Parameters<typeof inputFor>[2] = {}): string {
  const entry = states[name];
  if (entry === undefined) throw new Error(`no state ${name}`);
  return renderTemplate(CARD, attackCardContext(t, inputFor(entry.card, entry.state, values)));
}

describe("the attack card template", () => {
  it("lists its partials for preloading", () => {
    for (const partial of ["target", "button"]) expect(PARTIALS).toContain(`systems/age-of-dragons/templates/attack/${partial}.hbs`);
    for (const shared of ["core/cards/card-header", "core/dice/dice-faces"]) expect(PARTIALS).toContain(`systems/age-of-dragons/templates/${shared}.hbs`);
  });
  it.each(Object.keys(states))("renders %s", (name) => {
    expect(html(name)).toContain('class="age-of-dragons aod-attack-card');
  });
  it("buttons carry their action and the card's ids only", () => {
    const out = html("awaiting-defence");
    expect(out).toContain('data-action="defend" data-target-id="b" data-skill="aerobatics"');
    expect(out).toContain('data-action="defend" data-target-id="b" data-skill="none"');
    expect(out).not.toMatch(/data-(dice|pool|tn|successes)=/);
  });
  it("marks successful dice for players and screen readers", () => {
    const out = html("awaiting-defence");
    expect(out.match(/aod-die--success/g)).toHaveLength(3);
    expect(out.match(/aod-die-mark/g)).toHaveLength(3);
    expect(out).toContain("6: a success");
    expect(out).toContain("1: no success");
  });
  it("escapes names typed by users", () => {
    const entry = states.miss;
    if (entry === undefined) throw new Error("missing");
    const card = { ...entry.card, attacker: { ...entry.card.attacker, name: "<b>Sable</b>" } };
    expect(renderTemplate(CARD, attackCardContext(t, inputFor(card, entry.state)))).toContain("&lt;b&gt;Sable&lt;/b&gt; attacks");
  });
  it("puts each defence's chance inside its button", () => {
    expect(html("awaiting-defence")).toMatch(/data-skill="toothAndClaw"><span class="aod-attack-card__button-label">Tooth and Claw \(5 dice at 4\+\)<\/span><span class="aod-attack-card__chance">50% to stop it<\/span><\/button>/);
  });
  it("folds the log away after Apply and keeps the wound story on the target", () => {
    const out = html("damage-applied");
    expect(out).toMatch(/<details class="aod-attack-card__log">\s*<summary>What happened \(\d+\)<\/summary>/);
    expect(out).toContain('class="aod-attack-card__wounds aod-attack-card__wounds--fit">5 − armour 3 &#x3D; 2 wounds → life 6/12</p>');
  });
  it("heads the card with the attacker's small portrait and names the attacker once", () => {
    const out = html("hit");
    expect(out).toContain('<img class="aod-card-portrait" src="systems/age-of-dragons/assets/art/sable-dragon.svg" alt="" width="32" height="32">');
    expect(out.replace(/<[^>]*>/g, "").match(/Sable Dragon/g)).toHaveLength(1);
  });
  it("shows the roll dialog's modifiers under the roll, and nothing when there were none", () => {
    const entry = states["awaiting-defence"];
    if (entry === undefined) throw new Error("missing");
    const card = { ...entry.card, modifiers: { dice: 3, tn: -1 } };
    const out = renderTemplate(CARD, attackCardContext(t, inputFor(card, entry.state)));
    expect(out).toContain('<p class="aod-attack-card__roll-modifiers">Roll dialog modifiers: +3 dice, TN\u00a0−1 (counted in this roll)</p>');
    expect(html("awaiting-defence")).not.toContain("aod-attack-card__roll-modifiers");
  });
  it("shows the wait for a GM as a status", () => {
    expect(html("awaiting-defence", { gmOnline: false })).toMatch(/role="status">Waiting for a GM/);
  });
});
