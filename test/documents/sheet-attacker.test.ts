import { describe, expect, it } from "vitest";
import { sheetAttacker } from "../../src/documents/sheet-attacker";
import type { SheetAttackerInput } from "../../src/documents/sheet-attacker";

const world: SheetAttackerInput = {
  actorUuid: "Actor.smaug",
  actorId: "smaug",
  syntheticTokenUuid: null,
  controlled: [],
  sceneTokens: [],
};

describe("sheetAttacker", () => {
  it("uses the token of an unlinked actor's sheet, whatever else is controlled", () => {
    const uuid = sheetAttacker({
      ...world,
      actorUuid: "Scene.s.Token.t1.Actor.smaug",
      syntheticTokenUuid: "Scene.s.Token.t1",
      controlled: [{ uuid: "Scene.s.Token.t9", actorId: "smaug" }],
      sceneTokens: ["Scene.s.Token.t8"],
    });
    expect(uuid).toBe("Scene.s.Token.t1");
  });

  it("prefers a controlled token of the sheet's actor over its other tokens on the scene", () => {
    const uuid = sheetAttacker({
      ...world,
      controlled: [
        { uuid: "Scene.s.Token.other", actorId: "glaurung" },
        { uuid: "Scene.s.Token.mine", actorId: "smaug" },
      ],
      sceneTokens: ["Scene.s.Token.first", "Scene.s.Token.mine"],
    });
    expect(uuid).toBe("Scene.s.Token.mine");
  });

  it("never attacks with another actor's controlled token: falls back to the actor's first token on the scene", () => {
    const uuid = sheetAttacker({
      ...world,
      controlled: [{ uuid: "Scene.s.Token.other", actorId: "glaurung" }],
      sceneTokens: ["Scene.s.Token.first", "Scene.s.Token.second"],
    });
    expect(uuid).toBe("Scene.s.Token.first");
  });

  it("attacks with the actor itself when it has no token on the scene", () => {
    expect(sheetAttacker({ ...world, controlled: [{ uuid: "Scene.s.Token.other", actorId: "glaurung" }] })).toBe("Actor.smaug");
  });

  it("matches no controlled token when the actor has no id", () => {
    const uuid = sheetAttacker({ ...world, actorId: null, controlled: [{ uuid: "Scene.s.Token.x", actorId: null }] });
    expect(uuid).toBe("Actor.smaug");
  });
});
