/**
 * The declaration dialog's and the declaration cards' contexts, pure (000 "Reverse Declaration", "Secret
 * Declaration"): which actions, weapons, targets and move intents a combatant may declare in a phase, the form's
 * values read back, and the words of the declared, aborted, revealed and simultaneous result cards. The words come
 * through an injected `format`; the templates render only what these return.
 */
import { ALTITUDES, DISTANCES } from "../../../rules/bands";
import { BOARD_MOVE_KINDS } from "../../../rules/board/board-move";
import { TARGETED_ACTIONS, WEAPON_ACTIONS, actionsForPhase } from "../../../rules/declaration";
import type { DeclarationAction } from "../../../rules/declaration";
import type { LogEntry } from "../../../rules/state";
import { BATTLE_LOG } from "../../../rules/reasons";
import { DECLARATION_TEXT_LIMIT, choiceOf } from "../../../data/combat/declaration";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import type { Format } from "../../../core/format";
import { dieViews } from "../../../core/dice/pool-result";
import type { DieView } from "../../../core/dice/pool-result";

/** One weapon the dialog offers. */
export interface DialogWeapon {
  itemId: string;
  name: string;
  killerBlow: boolean;
  grapple: boolean;
}

/** Everything the declaration dialog is built from. */
export interface DeclarationDialogInput {
  combatant: { id: string; name: string };
  phase: string;
  round: number;
  /** Secret declaration: the answer goes to the GM alone. */
  secret: boolean;
  weapons: readonly DialogWeapon[];
  /** The other combatants of the combat (targets) and the landmarks (move references only). */
  combatants: readonly { id: string; name: string }[];
  landmarks: readonly { id: string; name: string }[];
  /** The choice as the form stands (the first action of the phase when nothing was chosen yet). */
  choice: DeclarationChoice | null;
  /** A refusal to show (an en.json key), e.g. the GM refused the last answer. */
  error: string;
  /**
   * The exact odds of each attack the dialog offers, by `oddsKey(weaponId, targetId, killerBlow)`, against the
   * target's best defence before any roll-time modifier; absent keys show no odds.
   */
  odds?: Readonly<Record<string, DeclarationOdds>>;
  /** A unique prefix for element ids (labels point at inputs). */
  idPrefix: string;
}

/** One attack's odds for the declaration dialog, and the defence they were reckoned against. */
export interface DeclarationOdds {
  hit: number;
  wounded: number;
  severelyInjured: number;
  dead: number;
  defence: { pool: number; tn: number };
}

/** The key of one attack's odds: weapon, target and killer blow. */
export function oddsKey(weaponId: string, targetId: string, killerBlow: boolean): string {
  return `${weaponId}|${targetId}|${killerBlow ? "kb" : "plain"}`;
}

/** The odds table of the chosen attack (attack or killer blow, a weapon and a target chosen), or null. */
function oddsView(input: DeclarationDialogInput, action: DeclarationAction, weaponId: string, targetId: string, format: Format) {
  if (action !== "attack" && action !== "killerBlow") return null;
  const odds = input.odds?.[oddsKey(weaponId, targetId, action === "killerBlow")];
  if (odds === undefined) return null;
  const target = input.combatants.find((c) => c.id === targetId)?.name ?? "";
  return {
    caption: format("AOD.RollDialog.AttackOddsCaption", { target, pool: odds.defence.pool, tn: odds.defence.tn }),
    rows: [
      { label: format("AOD.RollDialog.Hit"), chance: odds.hit },
      { label: format("AOD.RollDialog.Wound"), chance: odds.wounded },
      { label: format("AOD.RollDialog.SevereInjury"), chance: odds.severelyInjured },
      { label: format("AOD.RollDialog.Kill"), chance: odds.dead },
    ],
    note: format("AOD.Declare.Dialog.OddsNote"),
  };
}

/** An option of a select. */
export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

const ACTION_KEYS: Readonly<Record<DeclarationAction, string>> = Object.freeze({
  attack: "AOD.Declare.Action.attack",
  killerBlow: "AOD.Declare.Action.killerBlow",
  grapple: "AOD.Declare.Action.grapple",
  breakOut: "AOD.Declare.Action.breakOut",
  rescue: "AOD.Declare.Action.rescue",
  move: "AOD.Declare.Action.move",
  other: "AOD.Declare.Action.other",
});

const options = (entries: readonly { value: string; label: string }[], selected: string): Option[] =>
  entries.map((e) => ({ ...e, selected: e.value === selected }));

/** The phase's name in words. */
export function phaseName(phase: string, format: Format): string {
  return phase === "movement" || phase === "battle" || phase === "end" ? format(`AOD.Declare.Phase.${phase}`) : phase;
}

/** The choice the dialog starts with when nothing was chosen: the phase's first action, its first weapon and target. */
export function defaultChoice(input: Pick<DeclarationDialogInput, "phase" | "weapons" | "combatants">): DeclarationChoice {
  const action = actionsForPhase(input.phase)[0] ?? "other";
  return {
    action,
    weaponId: WEAPON_ACTIONS.includes(action) ? (input.weapons[0]?.itemId ?? "") : "",
    targetId: TARGETED_ACTIONS.includes(action) ? (input.combatants[0]?.id ?? "") : "",
    move: action === "move" ? { kind: "standard", altitude: "", reference: "", distance: "" } : null,
    text: "",
  };
}

/** The declaration dialog's context. */
export function declarationDialogContext(input: DeclarationDialogInput, format: Format) {
  const choice = input.choice ?? defaultChoice(input);
  const actions = actionsForPhase(input.phase);
  const action = actions.includes(choice.action) ? choice.action : (actions[0] ?? "other");
  const usesWeapon = WEAPON_ACTIONS.includes(action);
  const weapons = action === "killerBlow" ? input.weapons.filter((w) => w.killerBlow) : action === "grapple" ? input.weapons.filter((w) => w.grapple) : input.weapons;
  const move = choice.move ?? { kind: "standard", altitude: "", reference: "", distance: "" };
  const id = (name: string): string => `${input.idPrefix}-${name}`;
  const references = [...input.combatants, ...input.landmarks];
  return {
    title: format("AOD.Declare.Dialog.Title", { name: input.combatant.name }),
    name: input.combatant.name,
    intro: format("AOD.Declare.Dialog.Intro", { phase: phaseName(input.phase, format), round: input.round }),
    secretNote: input.secret ? format("AOD.Declare.Dialog.Secret") : "",
    error: input.error === "" ? "" : format(input.error),
    ids: { action: id("action"), weapon: id("weapon"), target: id("target"), kind: id("kind"), altitude: id("altitude"), reference: id("reference"), distance: id("distance"), text: id("text"), error: id("error") },
    actions: options(actions.map((a) => ({ value: a, label: format(ACTION_KEYS[a]) })), action),
    weapon: usesWeapon
      ? {
          options: options(weapons.map((w) => ({ value: w.itemId, label: w.name })), choice.weaponId),
          none: weapons.length === 0 ? format("AOD.Declare.Dialog.NoWeapon") : "",
        }
      : null,
    target: TARGETED_ACTIONS.includes(action)
      ? {
          options: options(input.combatants.map((c) => ({ value: c.id, label: c.name })), choice.targetId),
          none: input.combatants.length === 0 ? format("AOD.Declare.Dialog.NoTarget") : "",
        }
      : null,
    // The chosen attack's exact odds, as the roll dialog shows them (before any modifier at the roll).
    odds: oddsView(
      input,
      action,
      weapons.some((w) => w.itemId === choice.weaponId) ? choice.weaponId : (weapons[0]?.itemId ?? ""),
      input.combatants.some((c) => c.id === choice.targetId) ? choice.targetId : (input.combatants[0]?.id ?? ""),
      format,
    ),
    // A full move is a choice with a cost, said as a note (not a refusal): it leaves no battle action this round.
    moveNote: action === "move" && move.kind !== "standard" ? format("AOD.Declare.Dialog.FullMoveNote") : "",
    move:
      action === "move"
        ? {
            kinds: options(BOARD_MOVE_KINDS.map((k) => ({ value: k, label: format(`AOD.Declare.MoveKind.${k}`) })), move.kind),
            altitudes: options([{ value: "", label: format("AOD.Declare.Dialog.KeepAltitude") }, ...ALTITUDES.map((a) => ({ value: a, label: format(`AOD.Choices.altitude.${a}`) }))], move.altitude),
            references: options([{ value: "", label: format("AOD.Declare.Dialog.NoReference") }, ...references.map((r) => ({ value: r.id, label: r.name }))], move.reference),
            distances: options([{ value: "", label: format("AOD.Declare.Dialog.KeepDistance") }, ...DISTANCES.filter((d) => d !== "zero").map((d) => ({ value: d, label: format(`AOD.Choices.distance.${d}`) }))], move.distance),
          }
        : null,
    text: choice.text,
    textLimit: DECLARATION_TEXT_LIMIT,
    canDeclare: !(usesWeapon && weapons.length === 0) && !(TARGETED_ACTIONS.includes(action) && input.combatants.length === 0),
    labels: {
      action: format("AOD.Declare.Dialog.Action"),
      weapon: format("AOD.Declare.Dialog.Weapon"),
      target: format("AOD.Declare.Dialog.Target"),
      kind: format("AOD.Declare.Dialog.MoveKind"),
      altitude: format("AOD.Declare.Dialog.Altitude"),
      reference: format("AOD.Declare.Dialog.Reference"),
      distance: format("AOD.Declare.Dialog.Distance"),
      text: format("AOD.Declare.Dialog.Text"),
      textHint: format("AOD.Declare.Dialog.TextHint", { limit: DECLARATION_TEXT_LIMIT }),
      declare: format("AOD.Declare.Dialog.Declare"),
      cancel: format("AOD.Declare.Dialog.Cancel"),
      move: format("AOD.Declare.Dialog.MoveIntent"),
      chance: format("AOD.RollDialog.Chance"),
      outcome: format("AOD.RollDialog.Outcome"),
    },
  };
}

/** The raw values of the dialog's form (a select or input's value, undefined when absent). */
export interface DeclarationFormValues {
  action?: string;
  weaponId?: string;
  targetId?: string;
  kind?: string;
  altitude?: string;
  reference?: string;
  distance?: string;
  text?: string;
}

/** The form's values as the untrusted choice object parseDeclarationChoice reads. */
export function choiceFromForm(values: DeclarationFormValues): Record<string, unknown> {
  return {
    action: values.action,
    weaponId: values.weaponId ?? "",
    targetId: values.targetId ?? "",
    move: values.action === "move" ? { kind: values.kind, altitude: values.altitude ?? "", reference: values.reference ?? "", distance: values.distance ?? "" } : null,
    text: values.text ?? "",
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cards

/** A declaration as a card keeps it: the choice with every id already turned into a name. */
export interface DeclarationSummary {
  action: DeclarationAction;
  target: string;
  weapon: string;
  move: { kind: string; altitude: string; reference: string; distance: string } | null;
}

/** The summary of a choice, with names from the combat (unknown ids stay as they are). */
export function summaryOf(
  choice: DeclarationChoice,
  names: Readonly<Record<string, string>>,
  weapons: readonly { itemId: string; name: string }[],
): DeclarationSummary {
  return {
    action: choice.action,
    target: choice.targetId === "" ? "" : (names[choice.targetId] ?? choice.targetId),
    weapon: choice.weaponId === "" ? "" : (weapons.find((w) => w.itemId === choice.weaponId)?.name ?? choice.weaponId),
    move: choice.move
      ? {
          kind: choice.move.kind,
          altitude: choice.move.altitude,
          reference: choice.move.reference === "" ? "" : (names[choice.move.reference] ?? choice.move.reference),
          distance: choice.move.distance,
        }
      : null,
  };
}

/** A declaration in one sentence ("Attacks the Argent Dragon with Tooth and Claw"). */
export function describeDeclaration(summary: DeclarationSummary, format: Format): string {
  const { action, target, weapon, move } = summary;
  if (action === "move" && move) {
    const parts: string[] = [];
    if (move.altitude !== "") parts.push(format("AOD.Declare.Say.ToAltitude", { altitude: format(`AOD.Choices.altitude.${move.altitude}`) }));
    if (move.reference !== "" && move.distance !== "") {
      parts.push(format("AOD.Declare.Say.ToDistance", { distance: format(`AOD.Choices.distance.${move.distance}`), reference: move.reference }));
    }
    const kind = format(`AOD.Declare.MoveKind.${move.kind}`);
    return parts.length === 0 ? format("AOD.Declare.Say.MoveNowhere", { kind }) : format("AOD.Declare.Say.Move", { kind, intent: parts.join(", ") });
  }
  return format(`AOD.Declare.Say.${action}`, { target, weapon });
}

/** The kinds of declaration card. */
export type DeclarationCardKind = "declared" | "aborted" | "revealed";

/** What a declaration card stores. */
export interface DeclarationCardData {
  kind: DeclarationCardKind;
  round: number;
  phase: string;
  combatantId: string;
  name: string;
  summary: DeclarationSummary;
  text: string;
  /** The aborted card: why (an en.json key). */
  reason: string;
}

/** A declaration card's context: who declared what, and for an aborted one, why it was lost. */
export function declarationCardContext(data: DeclarationCardData, format: Format, view: { canResolve: boolean }) {
  return {
    kind: data.kind,
    title: format(`AOD.Declare.Card.${data.kind}`, { name: data.name }),
    phase: format("AOD.Declare.Card.Phase", { phase: phaseName(data.phase, format), round: data.round }),
    what: describeDeclaration(data.summary, format),
    text: data.text,
    textLabel: format("AOD.Declare.Card.Text"),
    reason: data.kind === "aborted" ? format("AOD.Declare.Card.Reason", { reason: format(data.reason) }) : "",
    lost: data.kind === "aborted" ? format("AOD.Declare.Card.Lost") : "",
    canResolve: view.canResolve && data.kind !== "aborted",
    resolveLabel: format("AOD.Declare.Card.Resolve"),
    combatantId: data.combatantId,
  };
}

/** One action of a simultaneous group on its card. */
export interface SimultaneousEntry {
  combatantId: string;
  name: string;
  summary: DeclarationSummary;
  text: string;
  /** Aborted at the start of the group: why (an en.json key); "" when it stood. */
  reason: string;
  /** What its own procedure did (rolls and hits), as the engine logged it. */
  log: LogEntry[];
}

/** What the simultaneous result card stores. */
export interface SimultaneousCardData {
  round: number;
  phase: string;
  entries: SimultaneousEntry[];
  /** What only the group together caused (a death from the added wounds, a catch already taken). */
  merged: LogEntry[];
}

const line = (entry: LogEntry, format: Format): string => {
  const data = Object.fromEntries(Object.entries(entry.data ?? {}).map(([k, v]) => [k, typeof v === "string" && v.startsWith("AOD.") ? format(v) : v]));
  return format(entry.key, data);
};

/** A row of dice on the card: its words ("Attack: 4 of 6 dice at 4+") and its dice, drawn by the dice partial. */
interface DiceRow {
  label: string;
  dice: DieView[];
}

/** One attack of a simultaneous group drawn as the attack card draws a target: its contest, dice and wounds. */
interface SimultaneousBlock {
  target: string;
  status: string;
  tone: "hit" | "miss";
  contest: string;
  /** The attack's and the defence's dice (none when the log predates dice in it; no defence row without a defence roll). */
  rolls: DiceRow[];
  /** The damage roll's dice row, labelled as the others ("Damage: 4 of 7 dice at 4+"); null without its dice. */
  damageRoll: DiceRow | null;
  /** The wounds it dealt ("4 successes − armour 1 = 3 wounds (now 5)"; "Damage: ..." without a dice row above). */
  damage: string;
}

/** Faces a log line wrote as one string ("6 5 2"), or null when the line has none (an older card). */
function facesOf(value: string | number | undefined): number[] | null {
  if (typeof value !== "string") return null;
  const faces = value.split(" ").filter((f) => f !== "").map(Number);
  return faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6) ? faces : null;
}

/** The attack's and the defence's dice rows of an attack log line (AttackHit or AttackMiss). */
function contestRolls(data: Record<string, string | number>, format: Format): DiceRow[] {
  const rows: DiceRow[] = [];
  const attack = facesOf(data.attackDice);
  const attackTN = Number(data.attackTN ?? 0);
  if (attack !== null && attack.length > 0) {
    const dice = dieViews(attack, attackTN);
    rows.push({ label: format("AOD.Attack.Roll.attack", { successes: Number(data.attackSuccesses ?? 0), pool: attack.length, tn: attackTN }), dice });
  }
  const defence = facesOf(data.defenceDice);
  const defenceTN = Number(data.defenceTN ?? 0);
  if (defence !== null && defence.length > 0) {
    rows.push({ label: format("AOD.Declare.Card.DefenceDice", { successes: Number(data.defenceSuccesses ?? 0), pool: defence.length, tn: defenceTN }), dice: dieViews(defence, defenceTN) });
  }
  return rows;
}

/**
 * An action's log as the attack card's per-target blocks: each hit or miss with its contest ("Attack 4 vs Defence 1
 * → hit by 3"), a hit with its damage line; the lines that are not an attack (a fall, a catch, a death) stay lines.
 */
function blocksOf(log: readonly LogEntry[], format: Format): { blocks: SimultaneousBlock[]; rest: LogEntry[] } {
  const blocks: SimultaneousBlock[] = [];
  const rest: LogEntry[] = [];
  for (const entry of log) {
    const data = entry.data ?? {};
    if (entry.key === BATTLE_LOG.AttackHit || entry.key === BATTLE_LOG.AttackMiss) {
      const hit = entry.key === BATTLE_LOG.AttackHit;
      const margin = Number(data.margin ?? 0);
      blocks.push({
        target: String(data.target ?? ""),
        status: format(`AOD.Attack.Status.${hit ? "damageRolled" : "miss"}`, { margin }),
        tone: hit ? "hit" : "miss",
        contest: format("AOD.Attack.Contest.attack", {
          attack: Number(data.attackSuccesses ?? 0),
          defence: Number(data.defenceSuccesses ?? 0),
          result: format(`AOD.Attack.Outcome.${hit ? "damageRolled" : "miss"}`, { margin }),
        }),
        rolls: contestRolls(data, format),
        damageRoll: null,
        damage: "",
      });
      continue;
    }
    const last = blocks[blocks.length - 1];
    if (entry.key === BATTLE_LOG.Damage && last !== undefined && last.damage === "" && last.target === data.target) {
      const successes = Number(data.successes ?? 0);
      const faces = facesOf(data.dice);
      const tn = Number(data.tn ?? 0);
      if (faces !== null && faces.length > 0) {
        last.damageRoll = { label: format("AOD.Declare.Card.DamageDice", { successes, pool: faces.length, tn }), dice: dieViews(faces, tn) };
      }
      // Below its labelled dice row the line is the wounds only; an older log without dice names the damage itself.
      const key = `AOD.Declare.Card.${last.damageRoll === null ? "Damage" : "Wounds"}${Number(data.damage ?? 0) === 1 ? "One" : ""}`;
      last.damage = format(key, { successes, armour: Number(data.armour ?? 0), damage: Number(data.damage ?? 0), wounds: Number(data.wounds ?? 0) });
      continue;
    }
    rest.push(entry);
  }
  return { blocks, rest };
}

/** The log lines a simultaneous card makes its headlines. */
const HEADLINED: ReadonlySet<string> = new Set([BATTLE_LOG.Killed, BATTLE_LOG.SeverelyInjured]);

/** The simultaneous result card's context (000 "Secret Declaration": equal Pneuma resolves at once). */
export function simultaneousCardContext(data: SimultaneousCardData, format: Format) {
  return {
    title: format("AOD.Declare.Card.Simultaneous", { count: data.entries.length }),
    phase: format("AOD.Declare.Card.Phase", { phase: phaseName(data.phase, format), round: data.round }),
    note: format("AOD.Declare.Card.SimultaneousNote"),
    entries: data.entries.map((e) => {
      const { blocks, rest } = blocksOf(e.log, format);
      return {
        name: e.name,
        what: describeDeclaration(e.summary, format),
        text: e.text,
        aborted: e.reason === "" ? "" : format("AOD.Declare.Card.Reason", { reason: format(e.reason) }),
        blocks,
        log: rest.map((entry) => line(entry, format)),
      };
    }),
    merged: data.merged.map((entry) => line(entry, format)),
    // A death or a severe injury, by any action of the group or by the group together, is the card's headline.
    headlines: [...data.entries.flatMap((e) => e.log), ...data.merged]
      .filter((entry) => HEADLINED.has(entry.key))
      .map((entry) => ({ text: line(entry, format), dead: entry.key === BATTLE_LOG.Killed })),
    mergedLabel: format("AOD.Declare.Card.Together"),
    textLabel: format("AOD.Declare.Card.Text"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The tracker's button

/** What the tracker offers a viewer for one combatant at the current step. */
export interface DeclarationButtonInput {
  mode: string;
  step: { kind: string; phase: string; combatants: readonly string[] } | null;
  combatantId: string;
  /** The viewer owns the combatant or is a GM. */
  mayAct: boolean;
  isGM: boolean;
  /** The viewer is the active GM (secret declarations are kept on its client only). */
  isActiveGM: boolean;
  /** The combatant's public declaration, if any. */
  declaration: StoredDeclaration | undefined;
}

/**
 * The declaration button of a tracker row: "declare" at the combatant's declare step (reverse: its owner or a GM;
 * secret: the active GM, who declares for NPCs and offline owners, since players answer the GM's question),
 * "resolve" at its resolve step while its declared action stands (not "other", which the GM takes as the step
 * begins), otherwise none.
 */
export function declarationButton(input: DeclarationButtonInput): "declare" | "resolve" | null {
  const { step, declaration } = input;
  if ((input.mode !== "reverseDeclaration" && input.mode !== "secretDeclaration") || step === null || !input.mayAct) return null;
  if (!step.combatants.includes(input.combatantId)) return null;
  if (step.kind === "declare") {
    if (input.mode === "secretDeclaration") return input.isActiveGM ? "declare" : null;
    return "declare";
  }
  if (step.kind !== "resolve" || !declaration || declaration.phase !== step.phase) return null;
  if (declaration.aborted !== "" || declaration.resolved) return null;
  const choice = choiceOf(declaration);
  return choice === null || choice.action === "other" ? null : "resolve";
}
