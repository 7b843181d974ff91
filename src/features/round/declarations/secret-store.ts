/**
 * Secret declaration's keeping, pure (000 "Alternative Option: Secret Declaration": declarations are written down
 * in secret and revealed as they resolve). The active GM asks each combatant's owner by query (the answer returns
 * to the GM alone), checks the answer against whom it asked, and keeps it here, on its own client: never on a
 * Combat, Combatant, world setting or user flag, which every client receives. The store is plain JSON the GM's
 * client persists in its own browser storage (secret-flow.ts). docs/COMBAT.md "Secret declaration".
 */
import { DECLARATION_REASONS } from "../../../rules/declaration";
import { readStoredDeclaration } from "../../../data/combat/read";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { DeclarePayload } from "./declare-request";
import { parseDeclare } from "./declare-request";
import type { Refusal } from "../../../core/requests/registry";
import { REQUEST_REASONS } from "../../../core/requests/registry";

/** One kept declaration: whose, made by whom ("" for a GM), for which phase, and what it is. */
export interface SecretEntry {
  combatantId: string;
  answeredBy: string;
  phase: string;
  declaration: StoredDeclaration;
}

/** Everything the GM's client keeps: per combat, the round it is for and each combatant's declaration. */
export interface SecretStore {
  combats: Record<string, { round: number; entries: Record<string, SecretEntry> }>;
}

/** An empty store. */
export function emptySecrets(): SecretStore {
  return { combats: {} };
}

/** Why a secret answer is not kept; each is an en.json key. */
export const SECRET_REASONS = Object.freeze({
  NotAsked: "AOD.Declare.Reason.NotAsked",
  WrongStep: "AOD.Declare.Reason.WrongStep",
} as const);

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");


/** Reads the store back from browser storage; anything malformed is left out. Never throws. */
export function readSecretStore(value: unknown): SecretStore {
  const out = emptySecrets();
  if (!isPlain(value) || !isPlain(value.combats)) return out;
  for (const [combatId, combat] of Object.entries(value.combats)) {
    if (!isPlain(combat) || typeof combat.round !== "number" || !Number.isInteger(combat.round) || !isPlain(combat.entries)) continue;
    const entries: Record<string, SecretEntry> = {};
    for (const [id, entry] of Object.entries(combat.entries)) {
      if (!isPlain(entry)) continue;
      const stored = readStoredDeclaration(entry.declaration);
      // What the GM keeps is the declaration itself, never its public sealed mark.
      const declaration = stored && { ...stored, sealed: false };
      if (!declaration || declaration.choice === "") continue;
      entries[id] = { combatantId: id, answeredBy: text(entry.answeredBy), phase: text(entry.phase), declaration };
    }
    out.combats[combatId] = { round: combat.round, entries };
  }
  return out;
}

/** Who is asked to declare for a combatant: its first connected player owner; null means the GM declares (NPCs, offline owners). */
export function declarerFor(owners: readonly { id: string; active: boolean; isGM: boolean }[]): string | null {
  return owners.find((o) => o.active && !o.isGM)?.id ?? null;
}

/** What the GM expects back from one query: the combat, combatant, round and step it asked about. */
export interface SecretQuestion {
  combatId: string;
  combatantId: string;
  round: number;
  index: number;
}

/**
 * Reads a query's answer. The handler cannot tell who sent a query, but the GM knows whom it asked, so the
 * answer is accepted only for exactly the question asked (same combat, combatant, round and step); the choice is
 * parsed like any untrusted payload. null answers (the player cancelled) are a refusal too.
 */
export function parseSecretAnswer(answer: unknown, asked: SecretQuestion): DeclarePayload | Refusal {
  const parsed = parseDeclare(answer);
  if ("refused" in parsed) return parsed;
  const same =
    parsed.combatId === asked.combatId && parsed.combatantId === asked.combatantId && parsed.round === asked.round && parsed.index === asked.index;
  return same ? parsed : { refused: SECRET_REASONS.WrongStep };
}

/** What keeping one answer needs: the answer, who gave it ("" for the GM) and whom the GM had asked. */
export interface KeepInput {
  combatId: string;
  round: number;
  phase: string;
  combatantId: string;
  /** The user who answered ("" when a GM declared on its own client). */
  answeredBy: string;
  /** The user the GM asked for this combatant, or null when the GM declares for it. */
  asked: string | null;
  /** That user owns the combatant's actor, re-read from documents when the answer came. */
  owns: boolean;
  declaration: StoredDeclaration;
}

/**
 * Keeps an answer: a player's only when the GM asked that very user for this combatant and the user owns it; the
 * GM's own always. A store kept for an older round of this combat is replaced (its declarations are spent). A
 * second answer for the same combatant and phase replaces the first (the declarer changed its mind before the
 * step moved on).
 */
export function keepSecret(store: SecretStore, input: KeepInput): { ok: true; store: SecretStore } | { ok: false; reason: string } {
  if (input.answeredBy !== "") {
    if (input.asked !== input.answeredBy) return { ok: false, reason: SECRET_REASONS.NotAsked };
    if (!input.owns) return { ok: false, reason: REQUEST_REASONS.NotOwner };
  }
  if (input.declaration.choice === "") return { ok: false, reason: DECLARATION_REASONS.NothingDeclared };
  const kept = store.combats[input.combatId];
  const entries = kept?.round === input.round ? { ...kept.entries } : {};
  entries[input.combatantId] = {
    combatantId: input.combatantId,
    answeredBy: input.answeredBy,
    phase: input.phase,
    declaration: { ...input.declaration, sealed: false },
  };
  return { ok: true, store: { combats: { ...store.combats, [input.combatId]: { round: input.round, entries } } } };
}

/** The declaration kept for a combatant in this round and phase, if any. */
export function heldSecret(store: SecretStore, combatId: string, round: number, phase: string, combatantId: string): SecretEntry | undefined {
  const kept = store.combats[combatId];
  if (kept?.round !== round) return undefined;
  const entry = kept.entries[combatantId];
  return entry?.phase === phase ? entry : undefined;
}

/**
 * Takes the declarations of these combatants out of the store to reveal them (000: "revealed as they are
 * resolved"). Returns what is revealed, who had nothing kept (they declared nothing, or another GM's client holds
 * it), and the store without them.
 */
export function revealSecrets(
  store: SecretStore,
  combatId: string,
  round: number,
  phase: string,
  ids: readonly string[],
): { store: SecretStore; revealed: Record<string, StoredDeclaration>; missing: string[] } {
  const revealed: Record<string, StoredDeclaration> = {};
  const missing: string[] = [];
  const kept = store.combats[combatId];
  const entries = kept?.round === round ? { ...kept.entries } : {};
  for (const id of ids) {
    const entry = entries[id];
    if (entry?.phase !== phase) {
      missing.push(id);
      continue;
    }
    revealed[id] = entry.declaration;
    Reflect.deleteProperty(entries, id);
  }
  const combats = { ...store.combats };
  if (kept?.round === round) combats[combatId] = { round, entries };
  return { store: { combats }, revealed, missing };
}

/** The store without a combat (it ended or was deleted). */
export function forgetCombat(store: SecretStore, combatId: string): SecretStore {
  const combats = { ...store.combats };
  Reflect.deleteProperty(combats, combatId);
  return { combats };
}

/** What revealing a step's kept declarations reads and writes (the GM's store, and the combat). */
export interface RevealIO {
  load(): SecretStore;
  save(store: SecretStore): void;
  /** Writes the revealed declarations to the combat (every client then sees them); rejects when it fails. */
  write(revealed: Readonly<Record<string, StoredDeclaration>>): Promise<void>;
}

/**
 * Reveals the step's kept declarations in the only safe order: written to the combat first, and taken out of the
 * GM's store only once the combat holds them, so a reload or a failed update in between leaves each secret kept
 * (the next try reveals it again), never lost. Returns what was revealed and who had nothing kept here.
 */
export async function revealInOrder(
  io: RevealIO,
  combatId: string,
  round: number,
  phase: string,
  ids: readonly string[],
): Promise<{ revealed: Record<string, StoredDeclaration>; missing: string[] }> {
  const { revealed, missing } = revealSecrets(io.load(), combatId, round, phase, ids);
  if (Object.keys(revealed).length === 0) return { revealed, missing };
  await io.write(revealed);
  // Read the store again: an answer kept while the update was on its way stays.
  io.save(revealSecrets(io.load(), combatId, round, phase, Object.keys(revealed)).store);
  return { revealed, missing };
}
