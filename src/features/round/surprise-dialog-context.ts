/**
 * The GM's surprise and ambush dialog (pure): the roster it shows (each side with its members' Agility), the
 * dialog's context, and the parse of the submitted form into the choice `combat.rollSurprise` takes. The form
 * names sides and combatants by index and id only, so a side name never becomes a field name; anything the
 * roster does not know, or a choice the rules do not allow, is refused with an en.json key and the dialog opens
 * again with what the GM entered.
 */
import { shortName } from "../../core/short-name";
import { sideAgility } from "../../rules/surprise";
import type { SurpriseChoice } from "../../data/combat/surprise-round";
import type { Format } from "../../core/format";

/** One combatant as the dialog lists it. */
export interface RosterMember {
  id: string;
  name: string;
  agility: number;
}

/** One side as the dialog lists it. */
export interface RosterSide {
  side: string;
  members: readonly RosterMember[];
}

/** The sides of the combat, in the order they first appear, from its plain entries (combatants with an actor). */
export function surpriseRoster(entries: readonly { id: string; name: string; side: string; body: { agility: number } | null }[]): RosterSide[] {
  const sides = new Map<string, RosterMember[]>();
  for (const e of entries) {
    if (!e.body) continue;
    const members = sides.get(e.side) ?? [];
    members.push({ id: e.id, name: e.name, agility: e.body.agility });
    sides.set(e.side, members);
  }
  return [...sides.entries()].map(([side, members]) => ({ side, members }));
}

/** The en.json keys of the refusals. */
export const SURPRISE_FORM_REASONS = Object.freeze({
  Kind: "AOD.Combat.SurpriseDialog.Errors.Kind",
  NoOne: "AOD.Combat.SurpriseDialog.Errors.NoOne",
  NoAmbusher: "AOD.Combat.SurpriseDialog.Errors.NoAmbusher",
  Scout: "AOD.Combat.SurpriseDialog.Errors.Scout",
  HiderUnaware: "AOD.Combat.SurpriseDialog.Errors.HiderUnaware",
  Target: "AOD.Combat.SurpriseDialog.Errors.Target",
  Unknown: "AOD.Combat.SurpriseDialog.Errors.Unknown",
});

/** The parse's answer. */
export type SurpriseParse = { ok: true; choice: SurpriseChoice } | { ok: false; reason: string };

const isOn = (value: unknown): boolean => value === true || value === "true" || value === "on";
const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The field names the dialog uses (and the parse reads): nothing else is accepted. */
export const fieldNames = {
  kind: "kind",
  unaware: (index: number) => `unaware.${index}`,
  scout: (index: number) => `scout.${index}`,
  hider: (id: string) => `hider.${id}`,
  target: (id: string) => `target.${id}`,
};

/** Every field name the roster's form may carry. */
function knownFields(roster: readonly RosterSide[]): Set<string> {
  const known = new Set([fieldNames.kind]);
  roster.forEach((s, i) => {
    known.add(fieldNames.unaware(i));
    known.add(fieldNames.scout(i));
    for (const m of s.members) {
      known.add(fieldNames.hider(m.id));
      known.add(fieldNames.target(m.id));
    }
  });
  return known;
}

/**
 * Parses the submitted form (flat field names to values, as FormDataExtended gives them) against the roster.
 * Refuses: an unknown kind or field, no side unaware and nobody hiding, an ambush with every side unaware, a scout
 * who is not of its side, a hider on an unaware side, a hider without a target or with one of its own side.
 */
export function parseSurpriseForm(form: unknown, roster: readonly RosterSide[]): SurpriseParse {
  if (!isPlain(form)) return { ok: false, reason: SURPRISE_FORM_REASONS.Unknown };
  const known = knownFields(roster);
  if (Object.keys(form).some((k) => !known.has(k))) return { ok: false, reason: SURPRISE_FORM_REASONS.Unknown };
  const kind = form[fieldNames.kind];
  if (kind !== "surprise" && kind !== "ambush") return { ok: false, reason: SURPRISE_FORM_REASONS.Kind };
  const unaware: string[] = [];
  const scouts: Record<string, string> = {};
  const sideOfMember = new Map<string, number>();
  roster.forEach((s, i) => {
    for (const m of s.members) sideOfMember.set(m.id, i);
  });
  for (const [i, s] of roster.entries()) {
    if (!isOn(form[fieldNames.unaware(i)])) continue;
    unaware.push(s.side);
    const scout = form[fieldNames.scout(i)];
    if (scout === undefined || scout === "") continue;
    if (typeof scout !== "string" || !s.members.some((m) => m.id === scout)) return { ok: false, reason: SURPRISE_FORM_REASONS.Scout };
    scouts[s.side] = scout;
  }
  const personal: { id: string; target: string }[] = [];
  for (const [i, s] of roster.entries()) {
    for (const m of s.members) {
      if (!isOn(form[fieldNames.hider(m.id)])) continue;
      if (unaware.includes(s.side)) return { ok: false, reason: SURPRISE_FORM_REASONS.HiderUnaware };
      const target = form[fieldNames.target(m.id)];
      const targetSide = typeof target === "string" ? sideOfMember.get(target) : undefined;
      if (typeof target !== "string" || targetSide === undefined || targetSide === i) return { ok: false, reason: SURPRISE_FORM_REASONS.Target };
      personal.push({ id: m.id, target });
    }
  }
  if (unaware.length === 0 && personal.length === 0) return { ok: false, reason: SURPRISE_FORM_REASONS.NoOne };
  if (kind === "ambush" && unaware.length > 0 && unaware.length === roster.length) return { ok: false, reason: SURPRISE_FORM_REASONS.NoAmbusher };
  const choice: SurpriseChoice = {
    kind,
    unaware,
    ...(Object.keys(scouts).length > 0 ? { scouts } : {}),
    ...(personal.length > 0 ? { personal } : {}),
  };
  return { ok: true, choice };
}

/** The most characters of a name a menu of the dialog shows (shortened in the middle, src/core/short-name.ts). */
const MENU_NAME = 28;

/** The dialog's context: what the GM entered before (to refill after a refusal), else nothing chosen. */
export function surpriseDialogContext(
  roster: readonly RosterSide[],
  format: Format,
  previous: Readonly<Record<string, unknown>> = {},
  /** Why the last form was refused (an en.json key), shown at the top of the refilled dialog; "" for none. */
  refusal = "",
) {
  const kind = previous[fieldNames.kind] === "ambush" ? "ambush" : "surprise";
  const everyone = roster.flatMap((s, i) => s.members.map((m) => ({ ...m, sideIndex: i, side: s.side })));
  return {
    intro: format("AOD.Combat.SurpriseDialog.Intro"),
    refusal: refusal === "" ? "" : format(refusal),
    kindLegend: format("AOD.Combat.SurpriseDialog.Kind"),
    kinds: (["surprise", "ambush"] as const).map((k) => ({
      value: k,
      name: fieldNames.kind,
      id: `aod-surprise-kind-${k}`,
      label: format(`AOD.Combat.SurpriseDialog.Kinds.${k}`),
      hint: format(`AOD.Combat.SurpriseDialog.KindHints.${k}`),
      checked: kind === k,
    })),
    sidesLegend: format("AOD.Combat.SurpriseDialog.Sides"),
    sides: roster.map((s, i) => {
      const average = sideAgility(s.members.map((m) => m.agility));
      const scout = previous[fieldNames.scout(i)];
      return {
        side: s.side,
        unaware: {
          name: fieldNames.unaware(i),
          id: `aod-surprise-unaware-${i}`,
          label: format("AOD.Combat.SurpriseDialog.Unaware", { side: s.side }),
          checked: isOn(previous[fieldNames.unaware(i)]),
        },
        scout: {
          name: fieldNames.scout(i),
          id: `aod-surprise-scout-${i}`,
          label: format("AOD.Combat.SurpriseDialog.Scout"),
          options: [
            { value: "", label: format("AOD.Combat.SurpriseDialog.Average", { agility: average }), selected: scout === undefined || scout === "" },
            ...s.members.map((m) => ({
              value: m.id,
              // The Agility first and the name shortened in the middle: the closed menu shows what matters.
              label: format("AOD.Combat.SurpriseDialog.ScoutOption", { name: shortName(m.name, MENU_NAME), agility: m.agility }),
              selected: scout === m.id,
            })),
          ],
        },
      };
    }),
    hidersLegend: format("AOD.Combat.SurpriseDialog.Hiders"),
    hidersHint: format("AOD.Combat.SurpriseDialog.HidersHint"),
    // Who strikes from hiding, side by side; each one's targets are the other sides' members, grouped by side.
    hiderSides: roster.map((s, sideIndex) => ({
      side: s.side,
      hiders: everyone.filter((m) => m.sideIndex === sideIndex).map((m) => {
        const target = previous[fieldNames.target(m.id)];
        return {
          name: m.name,
          side: m.side,
          hider: {
            name: fieldNames.hider(m.id),
            id: `aod-surprise-hider-${m.id}`,
            label: format("AOD.Combat.SurpriseDialog.Hides", { name: m.name }),
            checked: isOn(previous[fieldNames.hider(m.id)]),
          },
          target: {
            name: fieldNames.target(m.id),
            id: `aod-surprise-target-${m.id}`,
            label: format("AOD.Combat.SurpriseDialog.Target", { name: m.name }),
            none: { value: "", label: format("AOD.Combat.SurpriseDialog.NoTarget"), selected: target === undefined || target === "" },
            groups: roster
              .map((other, otherIndex) => ({
                side: other.side,
                options: otherIndex === sideIndex ? [] : other.members.map((o) => ({ value: o.id, label: shortName(o.name, MENU_NAME), selected: target === o.id })),
              }))
              .filter((group) => group.options.length > 0),
          },
        };
      }),
    })),
    roll: format("AOD.Combat.SurpriseDialog.Roll"),
  };
}
