/**
 * Who shares a place on the board: combatants locked in a grapple are at zero range (000 "Grapple Attacks")
 * and a passenger goes where its carrier goes (000 "Catching / Mid air rescues"), so the board treats each
 * connected group of grapples and carries as one position.
 */
import { grapplePartners } from "../state";
import type { SkirmishState } from "../state";

/** The carried and the carrier of this combatant (at most one each). */
function carryLinks(state: SkirmishState, id: string): string[] {
  const links: string[] = [];
  const carried = state.carrying[id];
  if (carried !== undefined) links.push(carried);
  for (const [carrier, passenger] of Object.entries(state.carrying)) if (passenger === id) links.push(carrier);
  return links;
}

/** Everyone linked to this combatant by grapples and carries, directly or through others, itself first. */
export function positionGroup(state: SkirmishState, id: string): string[] {
  const group = [id];
  for (let i = 0; i < group.length; i += 1) {
    const here = group[i] as string;
    for (const next of [...grapplePartners(state, here), ...carryLinks(state, here)]) {
      if (!group.includes(next) && Object.hasOwn(state.combatants, next)) group.push(next);
    }
  }
  return group;
}

/** Whether two combatants are linked directly: a grapple between them, or one carries the other. */
export function directLink(state: SkirmishState, a: string, b: string): "grapple" | "carry" | undefined {
  if (grapplePartners(state, a).includes(b)) return "grapple";
  if (state.carrying[a] === b || state.carrying[b] === a) return "carry";
  return undefined;
}
