// The roll pipeline (src/core/rolls/pipeline.ts): configure (preRoll hook, dialog, resolve, rollConfigured hook) →
// evaluate (the Roll, rollEvaluated hook) → post (preRollMessage hook) or hand back, with stand-ins for Foundry's
// Hooks, Roll and ChatMessage (roll-stand-ins.ts).
import { describe, expect, it } from "vitest";
import { PipelineDice, ROLL_HOOKS, rollTerms, runRoll } from "../../../src/core/rolls/pipeline";
import type { RollConfig, RollDialogStage, RollMessageStage } from "../../../src/core/rolls/pipeline";
import type { RollTerms } from "../../../src/core/rolls/roll-config";
import { standInEnv } from "./roll-stand-ins";
import type { StandInRoll } from "./roll-stand-ins";

/** A check-like roll: its data holds extra dice that its resolve step turns into a pool of 3 + extra at TN 4. */
interface Asked {
  extra: number;
}

function checkConfig(): RollConfig<Asked> {
  return { kind: "check", terms: null, rollMode: "publicroll", cancellable: true, data: { extra: 0 } };
}

function stages(log: string[], options: { open?: boolean } = {}) {
  const dialog: RollDialogStage<Asked> = {
    open: (config) => {
      log.push("dialog");
      if (options.open === false) return Promise.resolve(null);
      config.data.extra += 1;
      config.rollMode = "gmroll";
      return Promise.resolve(config);
    },
    resolve: (config) => {
      log.push("resolve");
      if (config.data.extra < 0) return { key: "AOD.Roll.Refusal.NoDice", data: { pool: 3 + config.data.extra } };
      config.terms = { type: "pool", pool: 3 + config.data.extra, tn: 4 };
      return null;
    },
  };
  const message: RollMessageStage<Asked, StandInRoll> = {
    data: (roll, faces, config) => {
      log.push("message");
      return Promise.resolve({ faces: [...faces], pool: roll.terms.type === "pool" ? roll.terms.pool : 0, kind: config.kind });
    },
  };
  return { dialog, message };
}

describe("the roll pipeline", () => {
  it("runs its stages in order: preRoll, dialog, resolve, rollConfigured, Roll, rollEvaluated, message, preRollMessage, post", async () => {
    const { env, log, posted } = standInEnv([6, 1, 4, 5]);
    const { dialog, message } = stages(log);
    const result = await runRoll(checkConfig(), dialog, message, env);
    expect(log).toEqual([
      `hook:${ROLL_HOOKS.preRoll}`,
      "dialog",
      "resolve",
      `hook:${ROLL_HOOKS.rollConfigured}`,
      "make:pool",
      "evaluate",
      `hook:${ROLL_HOOKS.rollEvaluated}`,
      "message",
      `hook:${ROLL_HOOKS.preRollMessage}`,
      "post",
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.faces).toEqual([6, 1, 4, 5]);
    expect(result.roll?.evaluated).toBe(true);
    expect(posted).toEqual([{ data: { faces: [6, 1, 4, 5], pool: 4, kind: "check" }, rollMode: "gmroll" }]);
    expect(result.message).toBe(posted[0]);
  });

  it("hands each hook what it documents: the config, the dialog and message stages, the Roll, the message data", async () => {
    const { env, hooks, log } = standInEnv([2, 3, 6, 6]);
    const seen: Record<string, unknown[]> = {};
    for (const hook of Object.values(ROLL_HOOKS)) hooks.on(hook, (...args) => void (seen[hook] = args));
    const { dialog, message } = stages(log);
    const config = checkConfig();
    const result = await runRoll(config, dialog, message, env);
    if (!result.ok) throw new Error("expected a roll");
    expect(seen[ROLL_HOOKS.preRoll]).toEqual([config, dialog, message]);
    expect(seen[ROLL_HOOKS.rollConfigured]).toEqual([config]);
    expect(seen[ROLL_HOOKS.rollEvaluated]).toEqual([result.roll, config]);
    expect(seen[ROLL_HOOKS.preRollMessage]).toEqual([{ faces: [2, 3, 6, 6], pool: 4, kind: "check" }, result.roll, config]);
  });

  it("is cancelled by a preRoll hook returning false: no dialog, no Roll, no message", async () => {
    const { env, hooks, log, posted } = standInEnv([6, 6, 6, 6]);
    hooks.on(ROLL_HOOKS.preRoll, () => false);
    const { dialog, message } = stages(log);
    const result = await runRoll(checkConfig(), dialog, message, env);
    expect(result).toEqual({ ok: false, stopped: "cancelled", refusal: null });
    expect(log).toEqual([`hook:${ROLL_HOOKS.preRoll}`]);
    expect(posted).toEqual([]);
  });

  it("is cancelled by a rollConfigured hook returning false, after the dialog and before the Roll", async () => {
    const { env, hooks, log } = standInEnv([6, 6, 6, 6]);
    hooks.on(ROLL_HOOKS.rollConfigured, () => false);
    const { dialog, message } = stages(log);
    const result = await runRoll(checkConfig(), dialog, message, env);
    expect(result.ok).toBe(false);
    expect(log).not.toContain("make:pool");
    expect(log.at(-1)).toBe(`hook:${ROLL_HOOKS.rollConfigured}`);
  });

  it("is cancelled by the dialog: nothing is resolved or rolled", async () => {
    const { env, log } = standInEnv([6, 6, 6]);
    const { dialog, message } = stages(log, { open: false });
    const result = await runRoll(checkConfig(), dialog, message, env);
    expect(result).toEqual({ ok: false, stopped: "cancelled", refusal: null });
    expect(log).toEqual([`hook:${ROLL_HOOKS.preRoll}`, "dialog"]);
  });

  it("skips the dialog when configure is false, and a preRoll hook may skip it or change the caller's data", async () => {
    const skipped = standInEnv([1, 2, 3]);
    const a = stages(skipped.log);
    await runRoll(checkConfig(), { ...a.dialog, configure: false }, a.message, skipped.env);
    expect(skipped.log).not.toContain("dialog");
    expect(skipped.posted[0]?.data).toMatchObject({ pool: 3 });

    const hooked = standInEnv([1, 2, 3, 4, 5]);
    hooked.hooks.on(ROLL_HOOKS.preRoll, (config, dialog) => {
      (config as RollConfig<Asked>).data.extra = 2;
      (dialog as RollDialogStage<Asked>).configure = false;
    });
    const b = stages(hooked.log);
    await runRoll(checkConfig(), b.dialog, b.message, hooked.env);
    expect(hooked.log).not.toContain("dialog");
    expect(hooked.posted[0]?.data).toMatchObject({ pool: 5, faces: [1, 2, 3, 4, 5] });
  });

  it("rolls the terms it checked: a hook's change to them is not rolled", async () => {
    const { env, hooks } = standInEnv([4, 4, 4]);
    hooks.on(ROLL_HOOKS.preRoll, (config) => void ((config as RollConfig).terms = { type: "pool", pool: 9, tn: 2 }));
    hooks.on(ROLL_HOOKS.rollConfigured, (config) => {
      const terms = (config as RollConfig).terms as RollTerms;
      expect(Object.isFrozen(terms)).toBe(true);
      (config as RollConfig).terms = { type: "pool", pool: 9, tn: 2 };
    });
    const result = await rollTerms("attack", { type: "pool", pool: 3, tn: 5 }, true, env);
    if (!result.ok) throw new Error("expected a roll");
    expect(result.roll?.terms).toEqual({ type: "pool", pool: 3, tn: 5 });
    expect(result.faces).toEqual([4, 4, 4]);
  });

  it("ignores a hook's false on a roll that cannot be cancelled (a defence, the engine's dice)", async () => {
    const { env, hooks } = standInEnv([5, 2]);
    hooks.on(ROLL_HOOKS.preRoll, () => false);
    hooks.on(ROLL_HOOKS.rollConfigured, () => false);
    const result = await rollTerms("defence", { type: "pool", pool: 2, tn: 4 }, false, env);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.faces).toEqual([5, 2]);
  });

  it("refuses bad terms with a localised notice and rolls nothing", async () => {
    const { env, log, refusals } = standInEnv([6]);
    const result = await rollTerms("damage", { type: "pool", pool: 1.5, tn: 4 }, true, env);
    expect(result).toEqual({ ok: false, stopped: "refused", refusal: { key: "AOD.Roll.Refusal.BadPool", data: { pool: "1.5" } } });
    expect(refusals).toEqual([{ key: "AOD.Roll.Refusal.BadPool", data: { pool: "1.5" } }]);
    expect(log).not.toContain("make:pool");
  });

  it("refuses what the resolve step refuses, before rollConfigured", async () => {
    const { env, log } = standInEnv([]);
    const { dialog, message } = stages(log);
    const config = checkConfig();
    config.data.extra = -5;
    const result = await runRoll(config, { ...dialog, configure: false }, message, env);
    expect(result).toMatchObject({ ok: false, stopped: "refused", refusal: { key: "AOD.Roll.Refusal.NoDice" } });
    expect(log).toEqual([`hook:${ROLL_HOOKS.preRoll}`, "resolve", "refuse:AOD.Roll.Refusal.NoDice"]);
  });

  it("makes no Roll for no dice (a pool below 1), and hands back no faces", async () => {
    const { env, log } = standInEnv([]);
    const result = await rollTerms("attack", { type: "pool", pool: -2, tn: 4 }, true, env);
    expect(result).toMatchObject({ ok: true, roll: null, faces: [], message: null });
    expect(log).toEqual([`hook:${ROLL_HOOKS.preRoll}`, `hook:${ROLL_HOOKS.rollConfigured}`]);
  });

  it("lets a preRollMessage hook change the message, or keep it from being posted (the roll stays made)", async () => {
    const changed = standInEnv([3, 3, 3, 3]);
    changed.hooks.on(ROLL_HOOKS.preRollMessage, (data) => void ((data as Record<string, unknown>).flavor = "From a module"));
    const a = stages(changed.log);
    await runRoll(checkConfig(), a.dialog, a.message, changed.env);
    expect(changed.posted[0]?.data).toMatchObject({ flavor: "From a module" });

    const kept = standInEnv([3, 3, 3, 3]);
    kept.hooks.on(ROLL_HOOKS.preRollMessage, () => false);
    const b = stages(kept.log);
    const result = await runRoll(checkConfig(), b.dialog, b.message, kept.env);
    expect(kept.posted).toEqual([]);
    expect(result).toMatchObject({ ok: true, faces: [3, 3, 3, 3], message: null });
  });

  it("hands a roll back without posting when it has no message stage, or create is false", async () => {
    const { env, log, posted } = standInEnv([1, 2, 3, 4, 5, 6, 1, 2]);
    const { message } = stages(log);
    await runRoll(checkConfig(), { configure: false, resolve: stages(log).dialog.resolve }, { ...message, create: false }, env);
    const handed = await rollTerms("damage", { type: "pool", pool: 3, tn: 4 }, true, env);
    expect(posted).toEqual([]);
    expect(log).not.toContain("message");
    expect(handed).toMatchObject({ ok: true, faces: [4, 5, 6], message: null });
  });
});

describe("the engine's dice through the pipeline (PipelineDice, which RollingDice is with Foundry's side)", () => {
  it("answers the engine with the faces of real rolls through every stage, keeping the rolls for the card", async () => {
    const { env, hooks, log } = standInEnv([7, 3, 2, 19]);
    const kinds: unknown[] = [];
    hooks.on(ROLL_HOOKS.rollEvaluated, (_roll, config) => void kinds.push((config as RollConfig).kind));
    const dice = new PipelineDice("sideD10", env);
    expect(await dice.roll(2, 10)).toEqual([7, 3]);
    expect(await dice.roll(1, 6)).toEqual([2]);
    expect(await dice.roll(1, 20)).toEqual([19]);
    expect(dice.rolls.map((r) => r.terms)).toEqual([
      { type: "faces", count: 2, faces: 10 },
      { type: "faces", count: 1, faces: 6 },
      { type: "faces", count: 1, faces: 20 },
    ]);
    expect(kinds).toEqual(["sideD10", "sideD10", "sideD10"]);
    expect(log.filter((l) => l === "evaluate")).toHaveLength(3);
  });

  it("cannot be cancelled by a hook, and throws on dice the engine may not ask for", async () => {
    const { env, hooks } = standInEnv([4]);
    hooks.on(ROLL_HOOKS.preRoll, () => false);
    const dice = new PipelineDice("endPhase", env);
    expect(await dice.roll(1, 6)).toEqual([4]);
    await expect(dice.roll(1, 8 as 6)).rejects.toThrow(/endPhase roll of 1d8 refused: AOD.Roll.Refusal.BadDice/);
  });
});
