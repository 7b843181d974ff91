// A check through the roll pipeline (src/features/checks/check-roll.ts with src/core/rolls/pipeline.ts), with the
// stand-ins for Foundry's side (test/core/rolls/roll-stand-ins.ts): the plan turns the request into the pool and
// TN, a preRoll hook may change the request or cancel, and an impossible check is refused before any dice.
import { describe, expect, it } from "vitest";
import { checkResolveStep, checkRollConfig } from "../../../src/features/checks/check-roll";
import type { CheckRollData } from "../../../src/features/checks/check-roll";
import { ROLL_HOOKS, runRoll } from "../../../src/core/rolls/pipeline";
import type { RollConfig } from "../../../src/core/rolls/pipeline";
import type { CheckRequest } from "../../../src/data/check/prepare-check";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules";
import { bestiary } from "../../data/check/bestiary";
import { standInEnv } from "../../core/rolls/roll-stand-ins";

const sable = bestiary("sable-dragon");
const ask = (request: Partial<CheckRequest>): Required<CheckRequest> => ({
  choice: { skill: "toothAndClaw" }, extraDice: 0, tnShift: 0, weapon: null, killerBlow: false, ...request,
});

describe("a check through the roll pipeline", () => {
  it("rolls the planned pool at the planned TN (Tooth and Claw, expert: 6 dice at TN 4), keeping the plan for the card", async () => {
    const { env, posted } = standInEnv([6, 5, 4, 3, 2, 1]);
    const result = await runRoll(checkRollConfig("Actor.sable", ask({}), "publicroll"), { configure: false, resolve: checkResolveStep(sable, DEFAULT_SKILL_LADDER) }, null, env);
    if (!result.ok) throw new Error("expected a roll");
    expect(result.config.terms).toEqual({ type: "pool", pool: 6, tn: 4 });
    expect(result.faces).toEqual([6, 5, 4, 3, 2, 1]);
    expect(result.config.data.prepared?.check).toMatchObject({ pool: 6, tn: 4, basePool: 6, baseTN: 4 });
    expect(posted).toEqual([]);
  });

  it("lets a preRoll hook change the request: its extra dice and TN shift are planned and rolled", async () => {
    const { env, hooks } = standInEnv([6, 6, 6, 6, 6, 6, 6, 6]);
    hooks.on(ROLL_HOOKS.preRoll, (config) => {
      const data = (config as RollConfig<CheckRollData>).data;
      data.request = { ...data.request, extraDice: data.request.extraDice + 2, tnShift: data.request.tnShift + 1 };
    });
    const result = await runRoll(checkRollConfig("Actor.sable", ask({}), "publicroll"), { configure: false, resolve: checkResolveStep(sable, DEFAULT_SKILL_LADDER) }, null, env);
    expect(result).toMatchObject({ ok: true, config: { terms: { type: "pool", pool: 8, tn: 5 } } });
  });

  it("is cancelled by a preRoll hook: nothing is planned or rolled", async () => {
    const { env, hooks, log } = standInEnv([]);
    hooks.on(ROLL_HOOKS.preRoll, () => false);
    const config = checkRollConfig("Actor.sable", ask({}), "publicroll");
    const result = await runRoll(config, { configure: false, resolve: checkResolveStep(sable, DEFAULT_SKILL_LADDER) }, null, env);
    expect(result).toMatchObject({ ok: false, stopped: "cancelled" });
    expect(config.data.prepared).toBeNull();
    expect(log).toEqual([`hook:${ROLL_HOOKS.preRoll}`]);
  });

  it("refuses an impossible check with the plan's own message, before any dice", async () => {
    const { env, log, refusals } = standInEnv([]);
    const result = await runRoll(
      checkRollConfig("Actor.sable", ask({ choice: { attribute: "soma" }, tnShift: 6 }), "publicroll"),
      { configure: false, resolve: checkResolveStep(sable, DEFAULT_SKILL_LADDER) },
      null,
      env,
    );
    expect(result).toMatchObject({ ok: false, stopped: "refused", refusal: { key: "AOD.Roll.Refusal.TNImpossible" } });
    expect(refusals.map((r) => r.key)).toEqual(["AOD.Roll.Refusal.TNImpossible"]);
    expect(log).not.toContain("evaluate");
  });
});
