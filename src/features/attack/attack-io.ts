/**
 * What the attack card's steps (attack-steps.ts) ask of Foundry: the documents, users, queries, rolls, posting and
 * the write queue, each behind one method of `AttackIO`, which attack-flow.ts implements. Pure: types and one
 * constant.
 */
import type { ActorSnapshot } from "../../data/actor/actor-snapshot";
import type { AttackSource } from "../../data/message/attack-source";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { AttackCard } from "../../rules/attack-card";
import type { CardCheck } from "../../rules/attack-card-checks";
import type { RoundContext } from "../../rules/attack-card-legality";
import type { StateChange } from "../../rules/state";
import type { DeclarePayload } from "./attack-requests";
import type { CardRead, CardSkirmish } from "./card-writes";
import type { OpContext } from "../../core/writes/write-queue";
import type { OpTargets } from "../../core/writes/write-once";

/** The situation a card acts in, as the steps read it (card-situation.ts `CardSituation` on Foundry's side). */
export interface AttackSituation extends CardSkirmish {
  round: RoundContext;
}

/** A user as the steps need it. */
export interface AttackUser {
  id: string;
  name: string;
  active: boolean;
  isGM: boolean;
}

/** An attack card's message (the `attack` subtype), read when asked. */
export interface CardDoc {
  readonly id: string;
  /** Whether a GM authored it: only those are cards. */
  readonly authoredByGM: boolean;
  /** Whether its stored state reads (the model's `readable`). */
  readonly readable: boolean;
  /** Its stored state; throws when it does not read (a forged or damaged card). */
  source(): AttackSource;
  /** One of its flags in the system's scope. */
  flag(key: string): unknown;
  /** Updates it; a roll (a roll or its stored JSON) is added to its rolls and shown once on every client. */
  update(update: Record<string, unknown>, roll?: unknown): Promise<void>;
}

/** A roll for the card, through the roll pipeline: the roll (null for an empty pool) and faces, or why there is none. */
export type PoolRolled = { ok: true; roll: unknown; faces: number[] } | { ok: false; reason: string; data?: Readonly<Record<string, string | number>> };

/** A participant of a card being declared, as found from the payload's UUIDs. */
export interface DeclaredParticipant {
  /** Its name outside the skirmish: its token's, else its actor's. */
  name: string;
  snapshot: ActorSnapshot;
}

/** What a declaration finds in the documents (the Foundry side reads them; nothing is taken from the payload). */
export interface DeclareSituation<S extends AttackSituation> {
  /** The attacker's participant id: its combatant's in the running combat it is in, else its token's (or actor's). */
  attackerId: string;
  /** The ids of the users who own the attacker's actor. */
  attackerOwners: readonly string[];
  /** Every participant found, by participant id: the attacker, the payload's targets, for a break-out its grapplers. */
  participants: Readonly<Record<string, DeclaredParticipant>>;
  refs: AttackSource["refs"];
  /** The combat the card is made in ("" for quick play). */
  combatId: string;
  /** The target UUIDs not found (or not in that combat). */
  missing: readonly string[];
  situation: S;
  /** The card's speaker (the attacker), as the posted message takes it. */
  speaker: unknown;
}

/** The defence prompt a defender's owner is shown: its title, its one paragraph, and a button per choice. */
export interface DefenceDialog {
  title: string;
  body: string;
  buttons: { action: string; label: string; default: boolean }[];
}

/** How long the owner's client waits for the card's prompt to arrive when the GM's query overtakes it (ms). */
export const PROMPT_GRACE_MS = 1000;

/** The Foundry calls the steps make. */
export interface AttackIO<S extends AttackSituation> {
  /** This client's user. */
  user(): AttackUser;
  /** Whether this client is the active GM (`Users#activeGM`): the one client that runs the steps. */
  isActiveGM(): boolean;
  /** The running combat's id, or null outside one. */
  runningCombatId(): string | null;
  /** The attack card message with this id, or null when there is none (or it is not an attack card). */
  card(id: string): CardDoc | null;
  /** The attack card messages of the chat log, oldest first; among the last `recent` messages only, when given. */
  cards(recent?: number): CardDoc[];
  /** Every defence claim message (card-writes.ts): its id, whether a GM authored it, and its record as stored. */
  claims(): { id: string; authoredByGM: boolean; record: unknown }[];
  /** Whether any chat message has this id. */
  messageExists(id: string): boolean;
  /** Deletes a chat message (nothing when there is none). */
  deleteMessage(id: string): Promise<void>;
  /** Posts a new card through core's postCard; its id, or null. */
  post(data: Record<string, unknown>): Promise<string | null>;
  /** Posts a defence claim under `id` (core's `keepId` create), whispered to the GMs; throws when the server refuses. */
  postClaim(id: string, targetName: string, flags: Record<string, unknown>): Promise<void>;
  /** A roll as a card's `rolls` store it (null for none). */
  rollJSON(roll: unknown): object | null;
  /** What a declaration finds in the documents; null when the attacker is gone. */
  declareSituation(payload: DeclarePayload): Promise<DeclareSituation<S> | null>;
  /** The world of an existing card, read from documents now. */
  situation(source: AttackSource): Promise<S>;
  /** The users who own each participant's actor, by participant id (a participant that is gone has no entry). */
  owners(situation: S): Record<string, AttackUser[]>;
  /** The checks a target may defend with now. */
  options(card: AttackCard, situation: S, targetId: string): CardCheck[];
  /** The document updates of engine changes against the world as it is now. */
  updatesFor(situation: S, changes: readonly StateChange[]): DocumentUpdates;
  /** The documents those updates land on. */
  targets(situation: S): OpTargets;
  /** The attack roll (a hook may cancel it). */
  rollAttack(pool: number, tn: number): Promise<PoolRolled>;
  /** A defence roll (never cancelled). */
  rollDefence(pool: number, tn: number): Promise<PoolRolled>;
  /** The damage roll (a hook may cancel it). */
  rollDamage(pool: number, tn: number): Promise<PoolRolled>;
  /** World settings: whether NPC defences are rolled at once; how long an owner has to answer (ms); a player's modifier cap. */
  autoNpcDefence(): boolean;
  defenceTimeout(): number;
  modifierCap(): { dice: number; tn: number };
  /** `User#query` of that user: it rejects when the user is not active, or when the time ran out or the handler threw. */
  query(userId: string, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown>;
  /** A fresh one-time token only the asked user receives (core/requests/query-token.ts `queryToken`). */
  token(): string;
  /** The defence prompt's dialog on the defender's owner's client: the button chosen, or null when it was closed. */
  dialog(prompt: DefenceDialog): Promise<string | null>;
  /** Waits this long (ms). */
  wait(ms: number): Promise<void>;
  /** The write queue every step on a card runs on (core/writes/write-queue.ts). */
  queue: { run<T>(key: string, task: (op: OpContext) => Promise<T>, within?: OpContext | null): Promise<T> };
  /** Posts a request message this user authors, for the active GM (core/requests/requests.ts `sendRequest`). */
  sendRequest(kind: string, payload: Record<string, unknown>, summary: string): Promise<void>;
  /** An en.json key, formatted with `data` (core/i18n.ts `i18nFormat`). */
  format(key: string, data?: Readonly<Record<string, unknown>>): string;
  /** A warning for this user. */
  warn(text: string): void;
  /** A line for the console. */
  log(level: "warn" | "error", message: string, detail?: unknown): void;
}

/** A card and its world, re-read inside an operation. */
export interface CardGathered<S extends AttackSituation> extends CardRead<S> {
  doc: CardDoc;
}
