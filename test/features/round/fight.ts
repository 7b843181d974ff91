// One fight for the tracker and card tests, built from the shipped bestiary (packs/_source): flyers at several
// altitudes, a grapple, a severely injured and a dead combatant, on two sides.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { load } from "js-yaml";
import { bodyFromActor } from "../../../src/data/combat/actor-body";
import type { CombatantEntry } from "../../../src/data/combat/combat-snapshot";
import { planCombatants, skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultPlace } from "../../../src/data/combat/stored";
import type { StoredSkirmish } from "../../../src/data/combat/stored";
import type { TrackerInput, TrackerTurn } from "../../../src/features/round/tracker-context";
import { planRound } from "../../../src/rules/round-plan";
import type { RoundMode } from "../../../src/rules/round-plan";
import { localizeKey } from "../../templates/foundry-helpers";
import type { Format } from "../../../src/core/format";

interface PackActor {
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  items?: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
}

function pack(file: string): PackActor {
  return load(readFileSync(resolve(__dirname, `../../../packs/_source/bestiary/${file}.yml`), "utf8")) as PackActor;
}

/** The real en.json formatter, as the builders get game.i18n.format in Foundry. */
export const format: Format = (key, data) => localizeKey(key, data ?? {});

interface Member {
  id: string;
  file: string;
  side: string;
  wounds?: number;
  name?: string;
}

const MEMBERS: readonly Member[] = [
  { id: "sable", file: "sable-dragon", side: "Dragons" },
  { id: "argent", file: "argent-dragon", side: "Dragons" },
  { id: "hunter", file: "hunter-dragon", side: "Dragons", wounds: 6 },
  { id: "rider", file: "wyvern-rider", side: "Wyvern Host" },
  { id: "knight", file: "knight", side: "Wyvern Host", wounds: 5 },
  { id: "bowman", file: "longbowman", side: "Wyvern Host", name: "Longbowman of the Northern Marches Company" },
];

/** The fight's combatant entries. */
export const ENTRIES: CombatantEntry[] = MEMBERS.map((m) => {
  const actor = pack(m.file);
  const system = { ...actor.system, life: { ...(actor.system.life as object), wounds: m.wounds ?? 0 } };
  const items = (actor.items ?? []).map((i) => ({ _id: i._id, name: i.name, type: i.type, system: i.system }));
  const body = bodyFromActor(actor.type, system, items);
  if (!body) throw new Error(`no body for ${m.file}`);
  return { id: m.id, name: m.name ?? actor.name, side: m.side, speed: body.speed, body };
});

/** Where everyone is: the Sable at the ceiling, the Hunter high, the Argent and the Rider grappling at mid. */
export const STORED: StoredSkirmish = {
  combatants: {
    sable: { ...defaultPlace(true), altitude: "ceiling", moved: true },
    argent: { ...defaultPlace(true), altitude: "mid", acted: true },
    hunter: { ...defaultPlace(true), altitude: "high", falling: true },
    rider: { ...defaultPlace(true), altitude: "mid", choseToFall: true },
    knight: defaultPlace(false),
    bowman: { ...defaultPlace(false), fullMove: true },
  },
  landmarks: { keep: { name: "The Old Keep", altitude: "grounded" } },
  distances: { "argent|rider": "zero", "bowman|sable": "middle", "hunter|knight": "long" },
  grapples: ["argent|rider"],
  carrying: {},
  surface: "rock",
};

export const STATE = skirmishState(STORED, ENTRIES);

const IMAGES: Readonly<Record<string, string>> = Object.fromEntries(
  MEMBERS.map((m) => [m.id, `systems/age-of-dragons/assets/art/${m.file}.svg`]),
);

/** The tracker's turns in a plan's order. */
export function turnsFor(order: readonly string[], declared: readonly string[] = [], aborted: Readonly<Record<string, string>> = {}): TrackerTurn[] {
  return order.map((id) => {
    const e = ENTRIES.find((x) => x.id === id);
    if (!e) throw new Error(id);
    return { id, name: e.name, img: IMAGES[id] ?? "", side: e.side, speed: e.speed, declared: declared.includes(id), aborted: aborted[id] ?? "", visible: true };
  });
}

/** The Pneuma order of the fight as the engine would settle it with ties broken in this order. */
export const PNEUMA_ORDER = ["sable", "argent", "hunter", "rider", "bowman", "knight"];

/** The tracker input for a mode at a step index of round 2. */
export function inputFor(mode: RoundMode, stepIndex: number, extra: Partial<TrackerInput> = {}): TrackerInput {
  const sides = { order: ["Wyvern Host", "Dragons"], phaseShift: { "Wyvern Host": 0, Dragons: -1 } as Record<string, -1 | 0 | 1> };
  const plan = planRound({
    mode,
    round: 2,
    combatants: planCombatants(STATE, ENTRIES),
    ...(mode === "descending" || mode === "reverseDeclaration" ? { order: PNEUMA_ORDER } : {}),
    ...(mode === "sideD10" ? { sides } : {}),
  });
  return {
    mode,
    round: 2,
    started: true,
    step: plan.steps[stepIndex] ?? null,
    stepIndex,
    stepCount: plan.steps.length,
    endPhaseDone: false,
    ended: false,
    allDisengaged: false,
    isGM: true,
    state: STATE,
    turns: turnsFor(PNEUMA_ORDER),
    sides: mode === "sideD10" ? sides : null,
    plan: plan.steps,
    ...extra,
  };
}
