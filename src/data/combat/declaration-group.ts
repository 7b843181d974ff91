/**
 * A simultaneous resolve step (000 "Secret Declaration": equal Pneuma resolves together), pure: each revealed
 * declaration becomes one action of `resolveSimultaneous` with the pools its procedure rolls, read from the actors'
 * snapshots; and the group's outcome is split into what each action did and what only the group together caused,
 * for the card. Defences in the group: each defender rolls its best defence against the weapon (RULES.md
 * "Declaration modes"), as the automatic NPC defence does. Pure: no Foundry globals.
 */
import type { DeclaredAction } from "../../rules/procedures/declared";
import { breakOutDefenders } from "../../rules/procedures/grapple";
import type { SimultaneousAction, SimultaneousOutcome } from "../../rules/procedures/simultaneous";
import type { SkillLadder } from "../../rules/skills";
import { BATTLE_LOG } from "../../rules/reasons";
import type { LogEntry, SkirmishState } from "../../rules/state";
import { combatantChecks } from "../message/attack-actors";
import { attackPools, breakOutPools, grapplePools } from "../actor/actor-snapshot";
import type { ActorSnapshot } from "../actor/actor-snapshot";
import type { DeclarationChoice } from "./declaration";

/**
 * The group action for a declared action, with its pools from the actors (by combatant id): an attack rolls the
 * weapon's attack check against the target's best defence; a grapple and a break-out their marked skills; a
 * rescue Soma less encumbrance. A target or grappler without an actor snapshot does not defend. null when the
 * acting combatant's actor or declared weapon is gone.
 */
export function groupActionFor(
  action: DeclaredAction,
  choice: DeclarationChoice,
  actors: Readonly<Record<string, ActorSnapshot>>,
  state: SkirmishState,
  ladder?: SkillLadder,
): SimultaneousAction | null {
  switch (action.action) {
    case "attack": {
      const attacker = actors[action.attack.attackerId];
      const weapon = attacker?.weapons.find((w) => w.itemId === choice.weaponId);
      if (!weapon) return null;
      return { ...action, pools: attackPools(weapon, actors[action.attack.targetId] ?? null, ladder) };
    }
    case "grapple": {
      const attacker = actors[action.grapple.attackerId];
      if (!attacker) return null;
      return { ...action, pools: grapplePools(attacker, actors[action.grapple.targetId] ?? null) };
    }
    case "breakOut": {
      const breaker = actors[action.breakOut.breakerId];
      if (!breaker) return null;
      const grapplers = Object.fromEntries(
        (Object.hasOwn(state.combatants, action.breakOut.breakerId) ? breakOutDefenders(state, action.breakOut.breakerId) : []).map((id) => [
          id,
          actors[id] ?? null,
        ]),
      );
      return { ...action, pools: breakOutPools(breaker, grapplers) };
    }
    case "rescue": {
      const rescuer = actors[action.rescue.rescuerId];
      if (!rescuer) return null;
      return { ...action, pool: combatantChecks(rescuer).rescuePool };
    }
    case "move":
    case "other":
      return action;
  }
}

/** What each action of a group did (by its place in the group) and what only the group together caused. */
export function splitGroupLog(outcome: SimultaneousOutcome): { each: LogEntry[][]; together: LogEntry[] } {
  const each = outcome.results.map((r) => (r.stands ? [...r.outcome.log] : []));
  const own = new Set(each.flat());
  // Aborted actions log their loss in the merge too; the card gives their reason on their own line instead.
  const aborted = new Set(outcome.results.flatMap((r, i) => (r.stands ? [] : [i])));
  const together = outcome.log.filter((entry) => !own.has(entry) && !(aborted.size > 0 && entry.key === BATTLE_LOG.ActionAborted));
  return { each, together };
}
