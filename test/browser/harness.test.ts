// The harness itself refuses views that break its rules (test/browser/README.md), so a passing view means something.
import { describe, expect, it } from "vitest";
import { fieldShowsWhole, renderView, type Theme } from "./harness";

const view = (kind: string, theme: Theme = "light") => renderView({
  template: "test/browser/fixtures/bad-view.hbs", context: { kind }, theme, name: `harness-${kind}`,
  frame: { kind: "window", title: kind, classes: ["age-of-dragons"] },
});

describe("the browser harness", () => {
  it("fails a view that loads a file the system does not have", async () => {
    await expect(view("missing")).rejects.toThrow(/not a file of the system: \/systems\/age-of-dragons\/assets\/no-such-art\.svg/);
  });
  it("fails a view that fetches anything from outside", async () => {
    await expect(view("outside")).rejects.toThrow(/fetched from outside the system: https:\/\/example\.invalid/);
  });
  it("fails content wider than its window", async () => {
    await expect(view("wide")).rejects.toThrow(/wider than its window/);
  });
  it("fails a window taller than the 1280x800 screen", async () => {
    await expect(view("tall")).rejects.toThrow(/larger than the 1280x800 screen/);
  });
  it("fails an axe violation (an input without a label)", async () => {
    await expect(view("unlabelled")).rejects.toThrow(/axe label/);
  });
  it("fails the same axe violation in the other theme after the first (the layout's check is kept only when clean)", async () => {
    await expect(view("unlabelled", "light")).rejects.toThrow(/axe label/);
    await expect(view("unlabelled", "dark")).rejects.toThrow(/axe label/);
  });
  it("still checks colours in the second theme of a view checked whole in the first", async () => {
    await expect(view("dark-ink-on-light", "light")).resolves.toMatchObject({ screenshot: expect.stringMatching(/light\.png$/) as unknown });
    await expect(view("dark-ink-on-light", "dark")).rejects.toThrow(/axe color-contrast/);
  });
  it("tells whether a field shows its chosen text whole", async () => {
    const seen: boolean[] = [];
    await renderView({
      template: "test/browser/fixtures/bad-view.hbs", context: { kind: "selects" }, theme: "light", name: "harness-selects",
      frame: { kind: "window", title: "selects", classes: ["age-of-dragons"] },
      inspect: async (page) => {
        for (const field of ['select[name="narrow"]', 'select[name="wide"]', 'select[name="none"]']) seen.push(await fieldShowsWhole(page, field));
      },
    });
    expect(seen).toEqual([false, true, false]);
  });
  it("passes a clean view", async () => {
    await expect(view("clean")).resolves.toMatchObject({ screenshot: expect.stringMatching(/harness-clean-light\.png$/) as unknown });
  });
});
