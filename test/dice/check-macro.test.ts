// Hotbar macros call rollCheck with the actor's uuid and what to roll (issue 7 "Hotbar and API").
import { describe, expect, it } from "vitest";
import { checkMacroCommand } from "../../src/dice/check-macro";

describe("a check macro's command", () => {
  it("rolls a skill for the actor by uuid, with the dialog unless Shift is held", () => {
    expect(checkMacroCommand("Actor.rL5dSGUwvS02DhaG", { skill: "toothAndClaw" })).toBe(
      'await game.system.api.rollCheck("Actor.rL5dSGUwvS02DhaG", {"skill":"toothAndClaw", "configure": !(event?.shiftKey ?? false)});');
  });
  it("rolls a weapon's attack or a bare attribute", () => {
    expect(checkMacroCommand("Actor.a", { weapon: "K6IPXsi9uoCKBDp0" })).toContain('{"weapon":"K6IPXsi9uoCKBDp0", "configure"');
    expect(checkMacroCommand("Actor.a", { attribute: "pneuma" })).toContain('{"attribute":"pneuma", "configure"');
    expect(checkMacroCommand("Actor.a", {})).toContain('("Actor.a", {"configure"');
  });
  it("quotes what it embeds, so a strange id cannot break out of the string", () => {
    const command = checkMacroCommand('Actor.x"); alert(1); ("', { skill: 'a"b' });
    expect(command).toContain('"Actor.x\\"); alert(1); (\\""');
    expect(command).toContain('"skill":"a\\"b"');
  });
});
