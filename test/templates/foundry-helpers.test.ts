// The helper double behaves as Foundry documents its helpers, and the system's own helpers format as promised.
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { percent, signed } from "../../src/core/handlebars/helpers";
import { registerFoundryHelpers } from "./foundry-helpers";

function render(source: string, context: object = {}): string {
  const hb = Handlebars.create();
  registerFoundryHelpers(hb);
  return hb.compile(source)(context);
}

describe("the Foundry helper double", () => {
  it("localize reads the real en.json", () => {
    expect(render('{{localize "AOD.SystemTitle"}}')).toBe("Age of Dragons");
  });
  it("localize fails on a key en.json lacks, so no raw key reaches a player", () => {
    expect(() => render('{{localize "AOD.No.Such.Key"}}')).toThrow(/AOD\.No\.Such\.Key/);
  });
  it("selectOptions marks the selected value and escapes labels", () => {
    const html = render("{{selectOptions choices selected=sel}}", { choices: { a: "A & B", b: "Bee" }, sel: "b" });
    expect(html).toBe('<option value="a">A &amp; B</option><option value="b" selected>Bee</option>');
  });
  it("selectOptions takes arrays of objects, a blank and localised labels", () => {
    const html = render('{{selectOptions choices selected="x" blank="" localize=true}}',
      { choices: [{ value: "x", label: "AOD.SystemTitle" }] });
    expect(html).toBe('<option value=""></option><option value="x" selected>Age of Dragons</option>');
  });
  it("numberFormat fixes decimals and signs positives", () => {
    expect(render("{{numberFormat 5.5}} {{numberFormat 5.5 decimals=2 sign=true}} {{numberFormat -2 sign=true}}"))
      .toBe("5.5 +5.50 -2");
  });
  it("eq, ne, and, or, not follow their names", () => {
    const source = "{{#if (eq a 1)}}eq{{/if}}{{#if (ne a 2)}}ne{{/if}}{{#if (and a b)}}and{{/if}}" +
      "{{#if (or z b)}}or{{/if}}{{#if (not z)}}not{{/if}}";
    expect(render(source, { a: 1, b: true, z: false })).toBe("eqneandornot");
    expect(render(source, { a: 2, b: false, z: true })).toBe("or");
  });
  it("concat joins its arguments", () => {
    expect(render('{{concat "AOD." kind ".Label"}}', { kind: "Roll" })).toBe("AOD.Roll.Label");
  });
});

describe("the system's helpers", () => {
  it("percent rounds to whole percent and never shows a rare chance as 0 or 100", () => {
    expect([percent(0), percent(0.004), percent(0.426), percent(0.996), percent(1)])
      .toEqual(["0%", "<1%", "43%", ">99%", "100%"]);
  });
  it("signed writes a plus, a typographic minus or a bare zero", () => {
    expect([signed(2), signed(0), signed(-1)]).toEqual(["+2", "0", "\u22121"]);
  });
  it("are registered under the names templates use", () => {
    expect(render("{{aodPercent p}} {{aodSigned s}}", { p: 0.5, s: -3 })).toBe("50% \u22123");
  });
});
