/**
 * What the advice window and the NPC autopilot share (docs/SIMULATOR.md "Advice in Foundry", "NPC autopilot"):
 * asking a Web Worker for a combatant's advice at the combat's current step, what carrying an option out needs to
 * know of the combat, and carrying it out through the other features' actions (the attack card, the board move,
 * the declaration).
 */
import { combatEncounter } from "./combat-encounter";
import { featureAction } from "../../core/actions";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import { snapshotOf } from "../../documents/lookups";
import type { Encounter } from "../../rules/simulator";
import { DECLARING, playingTactics } from "./advice-context";
import type { CarryContext, CarryOut } from "./advice-context";
import { askWorker, carryOutWith } from "./advice-asks";
import type { AdviceAsk } from "./advice-asks";
import { withTableTactics } from "./tactics-url";

export type { AdviceAsk, AdviceOutcome } from "./advice-asks";
export { DECLARING };

let nextJob = 0;

/**
 * The combat as it stands as an encounter, with `tactics` (a tactics name the worker knows) for every combatant
 * `plays` picks (the autopilot's adversaries), each other combatant with its own.
 */
export function adviceEncounter(combat: AgeOfDragonsCombat, tactics?: { name: string; plays: (combatantId: string) => boolean }): Encounter {
  // A player's advice leaves out the combatants hidden from players, as the forecast does (combat-encounter.ts).
  const encounter = combatEncounter(combat, { leaveOutHidden: !game.user.isGM });
  return tactics ? playingTactics(encounter, tactics.name, tactics.plays) : encounter;
}

/** Asks a worker of its own for one combatant's advice at the combat's current step (seed 1: the same state, the same advice). */
export function askAdvice(combat: AgeOfDragonsCombat, combatantId: string, encounter: Encounter = adviceEncounter(combat)): AdviceAsk {
  const phase = combat.step?.phase ?? "battle";
  const job = (nextJob += 1);
  const worker = new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-advice" });
  return askWorker(
    {
      postMessage: (message) => {
        worker.postMessage(withTableTactics(message));
      },
      listen: (listener) => {
        worker.addEventListener("message", (event: MessageEvent) => {
          listener(event.data);
        });
      },
      terminate: () => {
        worker.terminate();
      },
    },
    { job, encounter, combatantId, phase },
  );
}

/** What carrying an option out for a combatant needs to know of the combat now. */
export function carryContextOf(combat: AgeOfDragonsCombat, combatantId: string): CarryContext {
  const uuidOf = (id: string): string | null => {
    const c = combat.combatants.get(id);
    return c?.token?.uuid ?? c?.actor?.uuid ?? null;
  };
  const state = combat.skirmish;
  const actor = combat.combatants.get(combatantId)?.actor ?? null;
  const weapons = actor ? snapshotOf(actor).weapons.flatMap((w) => (w.itemId === null ? [] : [{ itemId: w.itemId, weapon: w.weapon }])) : [];
  const phase = combat.step?.phase ?? "battle";
  return {
    combatId: combat.id ?? "",
    combatantId,
    uuidOf,
    canFly: state.combatants[combatantId]?.canFly ?? false,
    situation: { combatantId, phase, state, weapons },
    declaring: DECLARING.includes(combat.stored.mode),
  };
}

/**
 * Carries an option out through the feature that owns it (advice-asks.ts `carryOutWith`): the attack card, the
 * board or the round's declarations (`ask` false declares at once, the autopilot's way). Resolves with a refusal
 * reason (an en.json key), if any.
 */
export function performCarryOut(action: CarryOut, options: { ask: boolean } = { ask: true }): Promise<string | undefined> {
  return carryOutWith((name) => featureAction(name), action, options);
}
