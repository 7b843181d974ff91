/**
 * The range board's context: altitude lanes from the ceiling down to the ground with each combatant's token
 * in its lane, grapples and carries drawn as links, landmarks in their lanes, the selected combatant's view of
 * every other one (distance band, what it could do, why not), and the same content as a table. Pure: the
 * template renders only what this prepared, and the Foundry application only gathers the input.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { shortName } from "../../core/short-name";
import { BOARD_MOVE_KINDS, moveKindBlocked, moveOptions } from "../../rules/board/board-move";
import type { BoardMoveKind } from "../../rules/board/board-move";
import { directLink } from "../../rules/board/groups";
import { targetOptions, weaponActions } from "../../rules/board/target-options";
import type { TargetOption } from "../../rules/board/target-options";
import { SURFACES } from "../../rules/falling";
import { isMovementPhase } from "../../rules/procedures/move";
import { validateRescue } from "../../rules/procedures/rescue";
import type { MovePhase } from "../../rules/procedures/move";
import type { WeaponSnapshot } from "../../rules/procedures/weapon";
import { carrierOf, grapplePartners } from "../../rules/state";
import { breakOutLegality } from "../../rules/procedures/grapple";
import type { CardAction } from "../../rules/attack-card-checks";
import type { CombatantState, SkirmishState } from "../../rules/state";
import { statusesFor } from "../../data/combat/updates";
import type { Altitude, Distance } from "../../rules/types";
import { actionLabel, altitudeLabel, distanceLabel, moveKindLabel, statusLabel, surfaceLabel } from "./board-labels";
import type { TokenStatus } from "./board-labels";

/** What the application gathers for the context: the state, who is selected, and what the user may do. */
export interface BoardInput {
  state: SkirmishState;
  selectedId?: string | undefined;
  /** The selected combatant's weapons (its actor's items as snapshots). */
  weapons: readonly WeaponSnapshot[];
  /** The weapons' item ids, in the same order (null for a weapon without one): the action buttons name them. */
  weaponIds?: readonly (string | null)[] | undefined;
  /** Token image per combatant id. */
  images: Readonly<Record<string, string>>;
  isGM: boolean;
  /** The combatants the user owns. */
  owned: readonly string[];
  /** The round's current phase, or undefined before the combat starts. */
  phase?: MovePhase | undefined;
  /**
   * The combatants whose own step to move it is (`isOwnMoveStep`): a player's move form is offered only to them;
   * the GM's form says when its move is out of turn. Undefined: no round binds the moves (no combat round).
   */
  movers?: readonly string[] | undefined;
  /** The move form's choices, kept by the application between renders. */
  move?: { kind?: BoardMoveKind | undefined; reference?: string | undefined } | undefined;
  /** Why the selected combatant's last move was refused (an en.json key), until the form changes or a move succeeds. */
  moveRefused?: string | undefined;
  /** For the GM: the row whose distance to the selected the shared distance editor edits. */
  distanceTarget?: string | undefined;
  /** en.json's words for a key (Foundry: game.i18n.localize): a why-not line drops its label when its reason names it. */
  localize?: ((key: string) => string) | undefined;
}

/** Why an action is refused: the action's label (none for a landmark, which is never a target) and the reason. */
export interface WhyNot {
  label?: string;
  reason: string;
  /** The label is already words (several actions' labels joined), not an en.json key. */
  plain?: boolean;
}

/** One combatant's token on the board. */
export interface TokenView {
  id: string;
  name: string;
  /** The name as the token shows it: shortened in the middle when long (the full name is its button's label). */
  shortName: string;
  img: string;
  side: string;
  selected: boolean;
  owned: boolean;
  statuses: string[];
  /** Seen from the selected combatant; absent for the selected one itself and when nobody is selected. */
  distance?: string;
  /** Labels of what the selected one could do to it now. */
  can: string[];
  /** Per refused action, its label and reason (shown on hover or focus). */
  whyNot: WhyNot[];
  nothing: boolean;
  /** The id of the element that describes it (the tooltip), for aria-describedby. */
  describedBy: string;
  /** On the selected one's side (it is offered a rescue, never an attack). */
  ally: boolean;
}

/** A link drawn between two tokens. */
export interface LinkView {
  kind: "grapple" | "carry";
  label: string;
  a: string;
  b: string;
}

/** One entry in a lane: a token, or the link drawn before the next token of its group. */
export interface ClusterItem {
  token?: TokenView;
  link?: LinkView;
}

/** Tokens held together by grapples and carries in one lane, drawn side by side with their links. */
export interface ClusterView {
  linked: boolean;
  /** The group's frame: held by grapples, by a carry, or both (each drawn in its own style). */
  frame: "grapple" | "carry" | "both" | "";
  items: ClusterItem[];
}

/** A landmark shown in its lane. */
export interface LandmarkView {
  id: string;
  name: string;
  distance?: string;
  reason: string;
  describedBy: string;
}

/** One distance column of the board: a distance band from the selected, or the one column of all. */
export interface ColumnView {
  key: string;
  /** Its heading's en.json key; "" for the one column shown when nobody is selected. */
  label: string;
}

/** What one lane holds in one column. */
export interface CellView {
  key: string;
  /** Its column's heading key ("" in the one column of all). */
  label: string;
  clusters: ClusterView[];
  landmarks: LandmarkView[];
}

/** One altitude lane. */
export interface LaneView {
  altitude: Altitude;
  label: string;
  clusters: ClusterView[];
  landmarks: LandmarkView[];
  /** The same clusters and landmarks by distance column (BoardContext.columns), in the columns' order. */
  cells: CellView[];
  empty: boolean;
}

/** A row of the accessible table. */
export interface TableRow {
  id: string;
  name: string;
  isLandmark: boolean;
  isSelected: boolean;
  altitude: Altitude;
  altitudeLabel: string;
  distance?: Distance;
  distanceLabel?: string;
  can: string[];
  whyNot: WhyNot[];
  nothing: boolean;
  statuses: string[];
  links: { label: string; name: string }[];
  /** For the GM: the row's distance opens the shared distance editor (one editor, not a select per row). */
  editable: boolean;
}

/** An option of a select: value, label key, whether it is the current one. */
export interface SelectOption {
  value: string;
  label: string;
  selected: boolean;
  /** A name to show as it is (combatant and landmark names), instead of a label key. */
  plain?: boolean;
}

/** The move controls for the selected combatant. */
export interface MoveForm {
  kinds: { value: BoardMoveKind; label: string; checked: boolean; disabled: boolean; reason?: string }[];
  kind: BoardMoveKind;
  altitudes: SelectOption[];
  references: SelectOption[];
  distances: SelectOption[];
  /** Why no move of the chosen kind is open, if none is. */
  blocked?: string;
  /** Why the last move made from this form was refused (an en.json key), shown at the top of the form. */
  refused?: string;
  /** The refusal says the same as `blocked` (a move refused as already made, the board now showing it made): the
   *  form says it once, in the refusal. */
  blockedSaid?: true;
}

/**
 * A battle action the selected combatant's owner can start from its panel: the attack card's action, at whom
 * (none for a break-out, whose defenders the card names), with which weapon, and its words (`label` formatted
 * with `weapon` and `target`).
 */
export interface ActionButton {
  action: CardAction;
  label: string;
  targetId?: string;
  target?: string;
  weaponId?: string;
  weapon?: string;
}

/** The selected combatant's panel. */
export interface SelectedView {
  id: string;
  name: string;
  img: string;
  altitudeLabel: string;
  statuses: string[];
  links: { label: string; name: string }[];
  canMove: boolean;
  move?: MoveForm;
  /** Why the move controls are absent (not the movement phase), when they are. */
  moveNote?: string;
  altitudeOptions?: SelectOption[];
  /** For the GM: the one distance editor, set to the row being edited. */
  distanceEditor?: DistanceEditor;
  /** For its owner (and the GM): the battle actions the board finds open now, each a button. */
  actions?: ActionButton[];
}

/** The GM's shared distance editor: which row it edits (names shown as they are) and that row's bands. */
export interface DistanceEditor {
  target: string;
  targetName: string;
  targets: SelectOption[];
  bands: SelectOption[];
}

/** Everything the board template renders. */
export interface BoardContext {
  isGM: boolean;
  /** The lanes' columns: with a selection each distance band someone stands at from it (its own group at zero). */
  columns: ColumnView[];
  lanes: LaneView[];
  links: LinkView[];
  selected?: SelectedView;
  rows: TableRow[];
  surfaceOptions: SelectOption[];
  surfaceLabel: string;
  landmarks: { id: string; name: string; altitudeOptions: SelectOption[] }[];
  newLandmarkAltitudes: SelectOption[];
  empty: boolean;
}

/** The most characters of a name a menu of the selected panel shows (about the width of its closed menu). */
const MENU_NAME = 30;

/** The most characters of a name a token on the lanes shows (two short lines in a distance column). */
const TOKEN_NAME = 26;

/** A token image for a combatant without one. */
export const DEFAULT_TOKEN_IMAGE = "icons/svg/mystery-man.svg";

/** The token statuses the board shows, in its order (the state's reading is data/combat/updates.ts `statusesFor`). */
const BOARD_STATUSES = ["severelyInjured", "dead", "pinned", "carrying", "carried", "falling", "fullMove"] as const;

function statusesOf(state: SkirmishState, c: CombatantState): TokenStatus[] {
  const on = statusesFor(state, c.id);
  const list: TokenStatus[] = BOARD_STATUSES.filter((status) => on.has(status));
  if (c.moved && !c.fullMove) list.push("moved");
  if (c.acted) list.push("acted");
  return list;
}

function nameOf(state: SkirmishState, id: string): string {
  return state.combatants[id]?.name ?? state.landmarks[id]?.name ?? id;
}

function linksOf(state: SkirmishState, id: string): { label: string; name: string }[] {
  const links = grapplePartners(state, id).map((p) => ({ label: "AOD.Board.Link.grapples", name: nameOf(state, p) }));
  const carried = state.carrying[id];
  if (carried !== undefined) links.push({ label: "AOD.Status.Carrying", name: nameOf(state, carried) });
  const carrier = carrierOf(state, id);
  if (carrier !== undefined) links.push({ label: "AOD.Board.Link.carriedBy", name: nameOf(state, carrier) });
  return links;
}

/** The en.json key of the label on an ally's why-not lines. */
const ALLY_LABEL = "AOD.Board.AllyLabel";

/** Attacks are offered against enemies only, a rescue to allies only: an ally is never a target. */
function offered(action: string, ally: boolean): boolean {
  return ally ? action === "rescue" : action !== "rescue";
}

/**
 * The refused actions' lines, one per reason: the actions sharing a reason on one line, and no label when the reason
 * already names the action ("Melee needs close quarters", not "Melee: Melee needs close quarters").
 */
function whyNotOf(input: BoardInput, option: TargetOption | undefined, ally: boolean): WhyNot[] {
  const localize = input.localize;
  if (!option) return [];
  if (option.kind === "landmark") return option.reasons.map((reason) => ({ reason }));
  const byReason = new Map<string, string[]>();
  for (const a of option.actions) {
    if (a.allowed || a.reason === undefined || !offered(a.action, ally)) continue;
    byReason.set(a.reason, [...(byReason.get(a.reason) ?? []), actionLabel(a.action)]);
  }
  // An ally is only ever rescued: when the selected has no rescue to offer at all (no wings), the rules say why, so
  // the row's "Nothing" is never left unexplained.
  if (ally && input.selectedId !== undefined && !option.actions.some((a) => a.action === "rescue")) {
    const rescue = validateRescue(input.state, { rescuerId: input.selectedId, targetId: option.id });
    if (!rescue.allowed) byReason.set(rescue.reason, [actionLabel("rescue")]);
  }
  // An ally's line says it is an ally's (only a rescue is ever offered to one), so its reason is not read as an
  // enemy's: "Ally: only a flying combatant can make a mid-air rescue."
  if (ally) return [...byReason.keys()].map((reason) => ({ label: ALLY_LABEL, reason }));
  return [...byReason].map(([reason, labels]) => {
    const text = localize?.(reason).toLowerCase();
    const named = text !== undefined && labels.length === 1 && labels.every((l) => text.includes((localize?.(l) ?? l).toLowerCase()));
    if (named || labels.length === 0) return { reason };
    return localize ? { label: labels.map((l) => localize(l)).join(", "), reason, plain: true } : { label: labels[0] ?? "", reason };
  });
}

/** What the selected combatant could do to another now, enemies attacked and allies rescued. */
function availableTo(option: TargetOption | undefined, ally: boolean): string[] {
  return option ? option.available.filter((a) => offered(a, ally)).map(actionLabel) : [];
}

/** Ids safe to use in element ids (Foundry ids already are; landmark ids are the board's own). */
function domId(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

function isAlly(input: BoardInput, c: CombatantState): boolean {
  const selected = input.selectedId === undefined ? undefined : input.state.combatants[input.selectedId];
  return selected !== undefined && selected.side === c.side;
}

function tokenView(input: BoardInput, c: CombatantState, option: TargetOption | undefined): TokenView {
  const selected = c.id === input.selectedId;
  const ally = isAlly(input, c);
  const whyNot = whyNotOf(input, option, ally);
  const can = availableTo(option, ally);
  return {
    id: c.id,
    name: c.name,
    shortName: shortName(c.name, TOKEN_NAME),
    img: input.images[c.id] ?? DEFAULT_TOKEN_IMAGE,
    side: c.side.replace(/[^A-Za-z0-9_-]/g, ""),
    selected,
    owned: input.owned.includes(c.id),
    statuses: statusesOf(input.state, c).map(statusLabel),
    ...(option ? { distance: distanceLabel(option.distance) } : {}),
    can,
    whyNot,
    nothing: option !== undefined && can.length === 0,
    describedBy: domId("aod-board-why", c.id),
    ally,
  };
}

/** Groups one lane's combatants by grapples and carries, in the state's order, each group in link order. */
function clusters(state: SkirmishState, lane: CombatantState[]): CombatantState[][] {
  const inLane = new Set(lane.map((c) => c.id));
  const placed = new Set<string>();
  const groups: CombatantState[][] = [];
  for (const start of lane) {
    if (placed.has(start.id)) continue;
    const group = [start];
    placed.add(start.id);
    for (let i = 0; i < group.length; i += 1) {
      const here = (group[i] as CombatantState).id;
      const carried = state.carrying[here];
      const next = [...grapplePartners(state, here), ...(carried === undefined ? [] : [carried])];
      const carrier = carrierOf(state, here);
      if (carrier !== undefined) next.push(carrier);
      for (const id of next) {
        const member = state.combatants[id];
        if (member && inLane.has(id) && !placed.has(id)) {
          placed.add(id);
          group.push(member);
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

function linkBetween(state: SkirmishState, a: string, b: string): LinkView | undefined {
  const link = directLink(state, a, b);
  if (link === undefined) return undefined;
  return { kind: link, label: link === "grapple" ? "AOD.Board.Link.grapple" : "AOD.Board.Link.carry", a, b };
}

function clusterView(input: BoardInput, group: CombatantState[], options: Map<string, TargetOption>): ClusterView {
  const items: ClusterItem[] = [];
  group.forEach((c, i) => {
    const previous = group[i - 1];
    if (previous) {
      const link = linkBetween(input.state, previous.id, c.id);
      if (link) items.push({ link });
    }
    items.push({ token: tokenView(input, c, options.get(c.id)) });
  });
  const kinds = new Set(items.flatMap((item) => (item.link ? [item.link.kind] : [])));
  const frame = kinds.size === 2 ? "both" : kinds.has("grapple") ? "grapple" : kinds.has("carry") ? "carry" : "";
  return { linked: group.length > 1, frame, items };
}

/**
 * The column a distance rank (distanceRank) falls in: a band, or "unknown" (no distance). The selected's own group
 * stands with those at zero range from it (the same place), first in that column.
 */
function columnOfRank(rank: number): string {
  if (rank < 0) return "zero";
  return DISTANCES[rank] ?? "unknown";
}

const COLUMN_ORDER: readonly string[] = [...DISTANCES, "unknown"];

function columnLabel(key: string): string {
  if (key === "unknown") return "AOD.Board.Column.unknown";
  const band = DISTANCES.find((d) => d === key);
  return band === undefined ? "" : distanceLabel(band);
}

/** Where a group stands from the selected: the selected's own group first, then by its nearest member's band. */
function distanceRank(group: readonly CombatantState[], input: BoardInput, options: Map<string, TargetOption>): number {
  if (group.some((c) => c.id === input.selectedId)) return -1;
  const ranks = group.map((c) => {
    const band = options.get(c.id)?.distance;
    return band === undefined ? DISTANCES.length : DISTANCES.indexOf(band);
  });
  return Math.min(...ranks);
}

function allLinks(state: SkirmishState): LinkView[] {
  const links: LinkView[] = [];
  for (const key of state.grapples) {
    const [a, b] = key.split("|");
    if (a !== undefined && b !== undefined && state.combatants[a] && state.combatants[b]) {
      links.push({ kind: "grapple", label: "AOD.Board.Link.grapple", a: nameOf(state, a), b: nameOf(state, b) });
    }
  }
  for (const [carrier, carried] of Object.entries(state.carrying)) {
    if (state.combatants[carrier] && state.combatants[carried]) {
      links.push({ kind: "carry", label: "AOD.Board.Link.carry", a: nameOf(state, carrier), b: nameOf(state, carried) });
    }
  }
  return links;
}

function bandOptions<T extends string>(bands: readonly T[], current: T | undefined, label: (band: T) => string): SelectOption[] {
  return bands.map((band) => ({ value: band, label: label(band), selected: band === current }));
}

function moveForm(input: BoardInput, id: string, phase: MovePhase): MoveForm {
  const { state } = input;
  const kinds = BOARD_MOVE_KINDS.map((kind) => ({ kind, reason: moveKindBlocked(state, id, kind, phase) }));
  const wanted = input.move?.kind;
  const open = kinds.find((k) => k.reason === undefined)?.kind;
  const kind = wanted ?? open ?? "standard";
  const blocked = kinds.find((k) => k.kind === kind)?.reason;
  // One reason for every kind (pinned, carried, already moved): say it once instead of under each choice.
  const shared = kinds[0]?.reason;
  if (shared !== undefined && kinds.every((k) => k.reason === shared)) {
    return { kinds: [], kind, altitudes: [], references: [], distances: [], blocked: shared, ...refusedOf(input, shared) };
  }
  const options = moveOptions(state, id, kind, phase, input.move?.reference);
  const reference = options.reference;
  return {
    kinds: kinds.map((k) => ({
      value: k.kind,
      label: moveKindLabel(k.kind),
      checked: k.kind === kind,
      disabled: k.reason !== undefined,
      ...(k.reason === undefined ? {} : { reason: k.reason }),
    })),
    kind,
    altitudes: [
      { value: "", label: "AOD.Board.Move.StayAt", selected: true },
      ...options.altitudes.map((band) => ({ value: band, label: altitudeLabel(band), selected: false })),
    ],
    // A menu shows a long name shortened in the middle, so two that share a beginning stay apart in the closed menu.
    references: options.references.map((ref) => ({ value: ref, label: shortName(nameOf(state, ref), MENU_NAME), selected: ref === reference, plain: true })),
    distances:
      reference === undefined
        ? []
        : [
            { value: "", label: "AOD.Board.Move.KeepDistance", selected: true },
            ...options.distances.map((band) => ({ value: band, label: distanceLabel(band), selected: false })),
          ],
    ...(blocked === undefined ? {} : { blocked }),
    ...refusedOf(input, blocked),
  };
}

/** The last refusal, if any, and whether it already says why the form is closed. */
function refusedOf(input: BoardInput, blocked: string | undefined): { refused?: string; blockedSaid?: true } {
  if (input.moveRefused === undefined) return {};
  return { refused: input.moveRefused, ...(input.moveRefused === blocked ? { blockedSaid: true as const } : {}) };
}

/**
 * The buttons for what the board lists as open to the selected combatant: an attack or a grapple at an enemy with
 * each weapon that allows it, a rescue of a falling ally, a break-out when it is held, setting down whoever it
 * carries. The attack card checks the round again and refuses with its reason.
 */
export function actionButtons(input: BoardInput, c: CombatantState, options: ReadonlyMap<string, TargetOption>): ActionButton[] {
  const { state } = input;
  const buttons: ActionButton[] = [];
  const weaponId = (i: number): string | undefined => input.weaponIds?.[i] ?? undefined;
  for (const other of Object.values(state.combatants)) {
    const option = options.get(other.id);
    if (other.id === c.id || option === undefined) continue;
    const ally = other.side === c.side;
    for (const open of option.actions) {
      if (!open.allowed || !offered(open.action, ally)) continue;
      if (open.action === "rescue") {
        buttons.push({ action: "rescue", label: "AOD.Board.Act.rescue", targetId: other.id, target: other.name });
        continue;
      }
      const action: CardAction = open.action === "grapple" ? "grapple" : "attack";
      input.weapons.forEach((weapon, i) => {
        const id = weaponId(i);
        if (id === undefined || !weaponActions(weapon).includes(open.action) || !open.weapons.includes(weapon.name)) return;
        buttons.push({ action, label: `AOD.Board.Act.${action}`, targetId: other.id, target: other.name, weaponId: id, weapon: weapon.name });
      });
    }
  }
  if (grapplePartners(state, c.id).length > 0 && breakOutLegality(state, { breakerId: c.id }).allowed) {
    buttons.push({ action: "breakOut", label: "AOD.Board.Act.breakOut" });
  }
  const carried = state.carrying[c.id];
  if (carried !== undefined) buttons.push({ action: "setDown", label: "AOD.Board.Act.setDown", target: nameOf(state, carried) });
  return buttons;
}

function selectedView(input: BoardInput, c: CombatantState): SelectedView {
  const phase = input.phase;
  const inPhase = phase !== undefined && isMovementPhase(phase);
  // Like an attack, a move happens at the mover's own step; only the GM may override (and is told it does).
  const ownStep = input.movers === undefined || input.movers.includes(c.id);
  const canMove = input.isGM || (input.owned.includes(c.id) && (ownStep || !inPhase));
  const view: SelectedView = {
    id: c.id,
    name: c.name,
    img: input.images[c.id] ?? DEFAULT_TOKEN_IMAGE,
    altitudeLabel: altitudeLabel(c.altitude),
    statuses: statusesOf(input.state, c).map(statusLabel),
    links: linksOf(input.state, c.id),
    canMove: canMove && inPhase,
  };
  if (canMove && inPhase) {
    view.move = moveForm(input, c.id, phase);
    if (!ownStep) view.moveNote = "AOD.Board.Move.OutOfTurn";
  } else if (canMove) view.moveNote = "AOD.Board.Move.NotNow";
  else if (inPhase && input.owned.includes(c.id)) view.moveNote = "AOD.Board.Move.NotYourStep";
  if (directEdits(input, view)) view.altitudeOptions = bandOptions(ALTITUDES, c.altitude, altitudeLabel);
  return view;
}

/**
 * Whether the GM's direct edits (set the altitude, set a distance, the table's distance buttons) show for the
 * selected: only when its panel offers no open move, so the panel holds one set of move controls. While a move is
 * open the GM moves it through the move form (the rules' checks, out of turn when need be); outside a movement
 * phase, or when the rules block the move (a pinned combatant), the direct edits correct the board.
 */
function directEdits(input: BoardInput, view: SelectedView): boolean {
  return input.isGM && (view.move === undefined || view.move.blocked !== undefined);
}

function rowFor(
  input: BoardInput,
  id: string,
  name: string,
  altitude: Altitude,
  isLandmark: boolean,
  option: TargetOption | undefined,
): TableRow {
  const c = input.state.combatants[id];
  const ally = c !== undefined && isAlly(input, c);
  const can = isLandmark ? [] : availableTo(option, ally);
  const row: TableRow = {
    id,
    name,
    isLandmark,
    isSelected: id === input.selectedId,
    altitude,
    altitudeLabel: altitudeLabel(altitude),
    can,
    whyNot: whyNotOf(input, option, ally),
    nothing: option !== undefined && can.length === 0,
    statuses: c ? statusesOf(input.state, c).map(statusLabel) : [],
    links: c ? linksOf(input.state, id) : [],
    editable: input.isGM && option !== undefined,
  };
  if (option) {
    row.distance = option.distance;
    row.distanceLabel = distanceLabel(option.distance);
  }
  return row;
}

/** The GM's distance editor over the rows that have a distance to the selected; undefined when none has. */
function distanceEditorOf(rows: readonly TableRow[], wanted: string | undefined): DistanceEditor | undefined {
  const open = rows.filter((r) => r.editable);
  const current = open.find((r) => r.id === wanted) ?? open[0];
  if (current?.distance === undefined) return undefined;
  return {
    target: current.id,
    targetName: current.name,
    targets: open.map((r) => ({ value: r.id, label: shortName(r.name, MENU_NAME), selected: r === current, plain: true })),
    bands: bandOptions(DISTANCES, current.distance, distanceLabel),
  };
}

/** Builds the whole board context from the state and what the user may see and do. */
export function buildBoardContext(input: BoardInput): BoardContext {
  const { state } = input;
  const selected = input.selectedId === undefined ? undefined : state.combatants[input.selectedId];
  const options = new Map<string, TargetOption>();
  if (selected) for (const option of targetOptions(state, selected.id, input.weapons)) options.set(option.id, option);

  const byLane = new Map<Altitude, CombatantState[]>(ALTITUDES.map((band) => [band, []]));
  for (const c of Object.values(state.combatants)) byLane.get(c.altitude)?.push(c);
  // Each lane's groups and landmarks with the column they stand in: by distance from the selected, or all in one.
  const placed = [...ALTITUDES].reverse().map((altitude) => {
    const here = byLane.get(altitude) ?? [];
    const landmarks = Object.values(state.landmarks)
      .filter((l) => l.altitude === altitude)
      .map((l) => {
        const option = options.get(l.id);
        const view: LandmarkView = {
          id: l.id,
          name: l.name,
          ...(option ? { distance: distanceLabel(option.distance) } : {}),
          reason: "AOD.Board.Reason.Landmark",
          describedBy: domId("aod-board-why", l.id),
        };
        return { view, column: selected ? (option ? option.distance : "unknown") : "all" };
      });
    // Left to right is distance from the selected: its own group, then close to far (a stable sort keeps the
    // state's order within a band, and everything when nobody is selected).
    const groups = clusters(state, here).map((group) => ({ group, rank: selected ? distanceRank(group, input, options) : 0 }));
    const ordered = selected ? [...groups].sort((a, b) => a.rank - b.rank) : groups;
    const laneClusters = ordered.map(({ group, rank }) => ({ view: clusterView(input, group, options), column: selected ? columnOfRank(rank) : "all" }));
    return { altitude, here, landmarks, laneClusters };
  });
  const used = new Set(placed.flatMap((p) => [...p.landmarks.map((l) => l.column), ...p.laneClusters.map((c) => c.column)]));
  const columns: ColumnView[] = selected
    ? COLUMN_ORDER.filter((key) => used.has(key)).map((key) => ({ key, label: columnLabel(key) }))
    : [{ key: "all", label: "" }];
  const lanes = placed.map(({ altitude, here, landmarks, laneClusters }): LaneView => ({
    altitude,
    label: altitudeLabel(altitude),
    clusters: laneClusters.map((c) => c.view),
    landmarks: landmarks.map((l) => l.view),
    cells: columns.map((column) => ({
      key: column.key,
      label: column.label,
      clusters: laneClusters.filter((c) => c.column === column.key).map((c) => c.view),
      landmarks: landmarks.filter((l) => l.column === column.key).map((l) => l.view),
    })),
    empty: here.length === 0 && landmarks.length === 0,
  }));

  const rows = [
    ...Object.values(state.combatants).map((c) => rowFor(input, c.id, c.name, c.altitude, false, options.get(c.id))),
    ...Object.values(state.landmarks).map((l) => rowFor(input, l.id, l.name, l.altitude, true, options.get(l.id))),
  ];
  const context: BoardContext = {
    isGM: input.isGM,
    columns,
    lanes,
    links: allLinks(state),
    rows,
    surfaceOptions: bandOptions(SURFACES, state.surface, surfaceLabel),
    surfaceLabel: surfaceLabel(state.surface),
    landmarks: input.isGM
      ? Object.values(state.landmarks).map((l) => ({ id: l.id, name: l.name, altitudeOptions: bandOptions(ALTITUDES, l.altitude, altitudeLabel) }))
      : [],
    newLandmarkAltitudes: bandOptions(ALTITUDES, "grounded", altitudeLabel),
    empty: Object.keys(state.combatants).length === 0 && Object.keys(state.landmarks).length === 0,
  };
  if (selected) {
    const view = selectedView(input, selected);
    if (input.isGM || input.owned.includes(selected.id)) view.actions = actionButtons(input, selected, options);
    if (directEdits(input, view)) {
      const editor = distanceEditorOf(rows, input.distanceTarget);
      if (editor) view.distanceEditor = editor;
    } else for (const row of rows) row.editable = false;
    context.selected = view;
  }
  return context;
}
