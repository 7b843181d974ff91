// The harness itself refuses views that break its rules (test/browser/README.md), so a passing view means something.
import { describe, expect, it } from "vitest";
import { renderView } from "./harness";

const view = (kind: string) => renderView({
  template: "test/browser/fixtures/bad-view.hbs", context: { kind }, theme: "light", name: `harness-${kind}`,
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
  it("passes a clean view", async () => {
    await expect(view("clean")).resolves.toMatchObject({ screenshot: expect.stringMatching(/harness-clean-light\.png$/) as unknown });
  });
});
