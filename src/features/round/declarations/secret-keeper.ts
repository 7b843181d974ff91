/**
 * Secret declaration's flow, with every Foundry call behind a small injected interface (docs/COMBAT.md "Secret
 * declaration"); secret-flow.ts is the Foundry side and hands this the documents, the users' queries, the browser's
 * localStorage and the notifications. At the secret declare step the active GM asks each combatant's connected
 * player owner with a one-time token; the player's client opens the declaration dialog and sends the choice to the
 * active GM by query (never back to whoever asked: any user may send the "declare" query). The GM keeps an answer
 * only with the token of the question it asked that user (secret-answer.ts), checks it against the rules, and keeps
 * it on its own client: in memory and in this browser's storage (a reload does not lose it), never on a document or
 * setting that other clients receive. The combat carries only a sealed mark (who has declared). NPCs and offline
 * owners: the GM declares from the tracker. A GM who becomes the active GM asks again for every declaration it
 * does not hold. Pure: no Foundry, DOM or browser globals.
 */
import { SYSTEM_ID } from "../../../constants/system-id";
import { sealedDeclaration } from "../../../data/combat/declaration";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import type { StoredDeclaration } from "../../../data/combat/stored";
import { payloadId } from "../../../core/requests/registry";
import type { RoundStep } from "../../../rules/round-plan";
import { SECRET_REASONS, declarerFor, forgetCombat, heldSecret, keepSecret, readSecretStore, revealInOrder } from "./secret-store";
import type { SecretQuestion, SecretStore } from "./secret-store";
import { AskedQuestions, OpenQuestions, readAnswerReply } from "./secret-answer";
import type { AnswerReply } from "./secret-answer";

/** The query a GM sends a declarer's owner. */
export const DECLARE_QUERY = `${SYSTEM_ID}.declare`;

/** The query the declarer's client sends the active GM with its choice (secret-answer.ts). */
export const DECLARE_ANSWER_QUERY = `${SYSTEM_ID}.declareAnswer`;

/** How long an owner has to declare (declaring takes thought): five minutes. */
export const DECLARE_TIMEOUT = 300_000;

/** How long the declarer's client waits for the active GM to take its answer. */
export const ANSWER_TIMEOUT = 30_000;

/** The browser storage key of a GM's kept declarations: per world and per user, so two GMs on one browser keep apart. */
export function secretStorageKey(worldId: string, userId: string): string {
  return `${SYSTEM_ID}.secretDeclarations.${worldId}.${userId}`;
}

/** A user as the flow needs it. */
export interface SecretUser {
  id: string;
  name: string;
  active: boolean;
  isGM: boolean;
}

/** The rules' ruling on a choice (data/combat/declaration.ts `ruleOnChoice`). */
export type SecretRuling = { ok: true; declaration: StoredDeclaration } | { ok: false; reason: string };

/** The step a combat is at, as far as the flow reads it. */
export type SecretStep = Pick<RoundStep, "kind" | "phase" | "combatants">;

/** What the flow reads of a combat and does with it. Read live: every property says how the combat stands now. */
export interface SecretCombat {
  readonly id: string;
  readonly round: number;
  readonly cursor: { readonly round: number; readonly index: number };
  readonly step: SecretStep | null | undefined;
  readonly mode: string;
  readonly started: boolean;
  /** A combatant's name; null when it is gone or has none. */
  name(combatantId: string): string | null;
  /** The users who own the combatant's actor; null when the combatant or its actor is gone. */
  owners(combatantId: string): readonly SecretUser[] | null;
  /** Whether that user owns the combatant's actor now. */
  owns(userId: string, combatantId: string): boolean;
  /** Whether this client's own user owns the combatant's actor. */
  mine(combatantId: string): boolean;
  /** The rules' ruling on a choice for this combatant in this phase, as the combat stands now. */
  rule(choice: DeclarationChoice, combatantId: string, phase: SecretStep["phase"]): SecretRuling;
  /** The declaration dialog (with a refusal reason to show, or ""): the choice, or null when it was closed. */
  choose(combatantId: string, error: string): Promise<DeclarationChoice | null>;
  /** Runs an operation in the combat's write queue. */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** Updates the combat document (every client receives what is written). */
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The Foundry calls the flow makes. */
export interface SecretIO {
  /** A combat by id, or null when it is gone. */
  combat(id: string): SecretCombat | null;
  /** Every combat of the world. */
  combats(): SecretCombat[];
  /**
   * Whether this client is the active GM: `Users#activeGM` (client/documents/collections/users.mjs) names one
   * connected GM for every client, or none; a change of active GM is a hand-over (core/writes/hand-over.ts).
   */
  isActiveGM(): boolean;
  /** The active GM's user id (`Users#activeGM`), or null when no GM is connected. */
  activeGM(): string | null;
  /**
   * `User#query` of that user (client/documents/user.mjs): it rejects when the user is not active and when the
   * server reports the query rejected (its timeout passed, or the handler threw).
   */
  query(userId: string, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown>;
  /** A fresh one-time token only the asked user receives (secret-answer.ts): core/requests/query-token.ts `queryToken`. */
  token(): string;
  /** This GM's browser storage for its kept declarations (localStorage under `secretStorageKey`); either may throw. */
  storage: { read(): string | null; write(text: string): void };
  /** Shows a notification: `key` formatted with `data`, or localized when there is none. */
  notify(level: "info" | "warn", key: string, data?: Record<string, string>): void;
  /** Localizes an en.json key. */
  localize(key: string): string;
  /** Logs a warning for the console. */
  log(message: string, error: unknown): void;
}

/** The question a combat's current step asks of a combatant. */
function questionFor(combat: SecretCombat, combatantId: string): SecretQuestion {
  return { combatId: combat.id, combatantId, round: combat.cursor.round, index: combat.cursor.index };
}

/** Whether the combat is still at the question's declare step. */
function sameStep(combat: SecretCombat, question: SecretQuestion): boolean {
  const step = combat.step;
  const { cursor } = combat;
  return step?.kind === "declare" && step.combatants.includes(question.combatantId) && cursor.round === question.round && cursor.index === question.index;
}

/** Secret declarations on one client: the active GM's store and open questions, and the declarer's open dialogs. */
export class SecretDeclarations {
  readonly #io: SecretIO;
  #memory: SecretStore | null = null;
  /** The owners being asked now, by combat, round, phase and combatant (never asked twice at once). */
  readonly #asking = new Set<string>();
  /** The questions this (active GM's) client has sent and not yet closed, by token. */
  readonly #open = new OpenQuestions();
  /** The questions this (declarer's) client was asked, with their tokens. */
  readonly #asked = new AskedQuestions();
  /** The questions whose dialog is open on this client, each with the flow that ends it. */
  readonly #dialogs = new Map<string, Promise<{ done: boolean }>>();

  constructor(io: SecretIO) {
    this.#io = io;
  }

  /** The store: from memory, else read back from browser storage (after a reload). */
  #load(): SecretStore {
    if (this.#memory) return this.#memory;
    let raw: unknown = null;
    try {
      raw = JSON.parse(this.#io.storage.read() ?? "null");
    } catch {
      raw = null;
    }
    this.#memory = readSecretStore(raw);
    return this.#memory;
  }

  #save(store: SecretStore): void {
    this.#memory = store;
    try {
      this.#io.storage.write(JSON.stringify(store));
    } catch (error) {
      this.#io.log("secret declarations kept in memory only", error);
    }
  }

  /**
   * Keeps a ruled declaration and marks the combatant as having declared (the mark says nothing of what), as an
   * operation of the combat's write queue: asked there again whether the combat is still at the question's declare
   * step, so a mark never lands after the walk moved on to the resolve step and revealed (it would seal the revealed
   * declaration again, and the store would no longer hold it).
   */
  #keep(combat: SecretCombat, question: SecretQuestion, phase: string, answeredBy: string, asked: string | null, owns: boolean, declaration: StoredDeclaration): Promise<string | null> {
    return combat.serially(async () => {
      if (!sameStep(combat, question) || combat.step?.phase !== phase) return SECRET_REASONS.WrongStep;
      const { combatantId } = question;
      const kept = keepSecret(this.#load(), { combatId: combat.id, round: combat.round, phase, combatantId, answeredBy, asked, owns, declaration });
      if (!kept.ok) return kept.reason;
      this.#save(kept.store);
      await combat.update({ [`system.declarations.${combatantId}`]: sealedDeclaration(phase) });
      return null;
    });
  }

  /**
   * Asks one owner: the question goes with a fresh token, and the owner's client sends its choice to the active GM's
   * answer handler (`receiveAnswer`). The query's own reply carries nothing; it only says the owner is done.
   */
  async #askOwner(combat: SecretCombat, combatantId: string, user: SecretUser): Promise<void> {
    const io = this.#io;
    const question = questionFor(combat, combatantId);
    const name = combat.name(combatantId) ?? "";
    const token = io.token();
    this.#open.open({ ...question, userId: user.id, token });
    try {
      await io.query(user.id, DECLARE_QUERY, { ...question, token }, DECLARE_TIMEOUT);
    } catch (failure) {
      io.log(`${user.name} did not declare for ${name}`, failure);
    } finally {
      this.#open.close(token);
    }
    const fresh = io.combat(question.combatId);
    const phase = fresh?.step?.phase;
    if (!fresh || phase === undefined || !sameStep(fresh, question)) return;
    if (!heldSecret(this.#load(), question.combatId, fresh.round, phase, combatantId)) {
      io.notify("warn", "AOD.Declare.Notify.NoAnswer", { user: user.name, name });
    }
  }

  /**
   * The answer handler (every client registers it; only the active GM with the question open keeps anything): the
   * answer must carry the token of a question this client asked that user, for the step the combat is at; the user
   * must still own the combatant and the rules must allow the choice. The reply is only kept or the reason.
   */
  async receiveAnswer(data: unknown): Promise<AnswerReply> {
    if (!this.#io.isActiveGM()) return { ok: false, reason: SECRET_REASONS.NotAsked };
    const matched = this.#open.match(data);
    if ("refused" in matched) return { ok: false, reason: matched.refused };
    const { question, payload } = matched;
    const combat = this.#io.combat(question.combatId);
    const step = combat?.step;
    if (!combat || !step || !sameStep(combat, question)) return { ok: false, reason: SECRET_REASONS.WrongStep };
    const ruled = combat.rule(payload.choice, question.combatantId, step.phase);
    if (!ruled.ok) return { ok: false, reason: ruled.reason };
    const owns = combat.owns(question.userId, question.combatantId);
    const reason = await this.#keep(combat, question, step.phase, question.userId, question.userId, owns, ruled.declaration);
    if (reason !== null) return { ok: false, reason };
    this.#open.close(question.token);
    return { ok: true };
  }

  /**
   * The secret declare step on the active GM: each combatant's connected player owner is asked by query; for the
   * others (NPCs, offline owners) the GM is told to declare from the tracker. Those already held are not asked.
   * Resolves once the questions are sent (their answers come later).
   */
  async ask(combat: SecretCombat, step: SecretStep): Promise<void> {
    const byGM: string[] = [];
    for (const id of step.combatants) {
      if (heldSecret(this.#load(), combat.id, combat.round, step.phase, id)) continue;
      const owners = combat.owners(id);
      if (owners === null) continue;
      const userId = declarerFor(owners);
      const user = owners.find((o) => o.id === userId);
      if (userId === null || !user) {
        byGM.push(combat.name(id) ?? id);
        continue;
      }
      const key = `${combat.id}|${combat.round}|${step.phase}|${id}`;
      if (this.#asking.has(key)) continue;
      this.#asking.add(key);
      this.#io.notify("info", "AOD.Declare.Notify.Asked", { user: user.name, name: combat.name(id) ?? "" });
      void this.#askOwner(combat, id, user).finally(() => this.#asking.delete(key));
    }
    if (byGM.length > 0) this.#io.notify("info", "AOD.Declare.Notify.GMDeclares", { names: byGM.join(", ") });
    await Promise.resolve();
  }

  /** The GM declares for a combatant in secret (an NPC, an offline owner, or any combatant: the GM may override). */
  async keepOwn(combat: SecretCombat, combatantId: string): Promise<void> {
    const step = combat.step;
    if (!step) return;
    const name = combat.name(combatantId) ?? "";
    // The step the GM declares for: the dialog may stay open while the walk moves on.
    const question = questionFor(combat, combatantId);
    let error = "";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const choice = await combat.choose(combatantId, error);
      if (choice === null) return;
      const ruled = combat.rule(choice, combatantId, step.phase);
      if (ruled.ok) {
        const reason = await this.#keep(combat, question, step.phase, "", null, true, ruled.declaration);
        if (reason === null) this.#io.notify("info", "AOD.Declare.Notify.Kept", { name });
        else this.#io.notify("warn", reason);
        return;
      }
      error = ruled.reason;
    }
  }

  /**
   * The active GM keeps a declaration chosen for a combatant without its dialog (the NPC autopilot): checked by the
   * rules, then kept as a secret like any other. Resolves with the refusal reason, or null.
   */
  async keepChosen(combat: SecretCombat, combatantId: string, choice: DeclarationChoice): Promise<string | null> {
    const step = combat.step;
    if (!step || !this.#io.isActiveGM()) return "AOD.Declare.Notify.SecretActiveGM";
    const ruled = combat.rule(choice, combatantId, step.phase);
    if (!ruled.ok) return ruled.reason;
    return this.#keep(combat, questionFor(combat, combatantId), step.phase, "", null, true, ruled.declaration);
  }

  /**
   * Reveals the step's kept declarations through `write` (the combat update), in the safe order (`revealInOrder`):
   * the store forgets them only once the combat holds them. `missing` lists those this client does not hold.
   */
  reveal(
    combatId: string,
    round: number,
    phase: string,
    ids: readonly string[],
    write: (revealed: Readonly<Record<string, StoredDeclaration>>) => Promise<void>,
  ): Promise<{ revealed: Record<string, StoredDeclaration>; missing: string[] }> {
    return revealInOrder({ load: () => this.#load(), save: (store) => {
          this.#save(store);
        }, write }, combatId, round, phase, ids);
  }

  /** Forgets every declaration kept for a combat (it was deleted): nothing of it stays in this browser. */
  forget(combatId: string): void {
    const store = this.#load();
    if (store.combats[combatId] === undefined) return;
    this.#save(forgetCombat(store, combatId));
  }

  /** The declarations this client holds for the combat's current round. */
  held(combatId: string, round: number): Record<string, StoredDeclaration> {
    const kept = this.#load().combats[combatId];
    if (kept?.round !== round) return {};
    return Object.fromEntries(Object.entries(kept.entries).map(([id, e]) => [id, e.declaration]));
  }

  /** A GM that has just become the active GM asks again for the current secret declare step (it holds none of them). */
  async sweep(): Promise<void> {
    if (!this.#io.isActiveGM()) return;
    for (const combat of this.#io.combats()) {
      const step = combat.step;
      if (!step || combat.mode !== "secretDeclaration" || step.kind !== "declare" || !combat.started) continue;
      await this.ask(combat, step);
    }
  }

  /**
   * The query handler on the declarer's client: it checks for itself that the combat is at this combatant's secret
   * declare step and that its own user owns the combatant, then opens the dialog (once, however often it is asked).
   * The choice goes to the active GM's answer handler with every token received, never back to the asker: whoever
   * asked, the reply says only that the dialog is done. A refused choice opens the dialog again with the reason.
   */
  async answerQuery(data: unknown): Promise<{ done: boolean }> {
    const combatId = payloadId(data, "combatId");
    const combatantId = payloadId(data, "combatantId");
    const token = payloadId(data, "token");
    if (combatId === undefined || combatantId === undefined || token === undefined) return { done: false };
    const combat = this.#io.combat(combatId);
    const d = data as Record<string, unknown>;
    const question: SecretQuestion = { combatId, combatantId, round: Number(d.round), index: Number(d.index) };
    if (!combat || combat.mode !== "secretDeclaration" || !sameStep(combat, question)) return { done: false };
    if (!combat.mine(combatantId)) return { done: false };
    const key = `${combatId}|${combatantId}|${question.round}|${question.index}`;
    // Asked again while its dialog is open (the GM re-asking, or anyone): the token joins, and this asking waits for
    // the same dialog, so the GM's question stays open until the answer has been sent.
    if (!this.#asked.add(question, token)) return (await this.#dialogs.get(key)) ?? { done: false };
    const running = this.#declareAndSend(combat, question);
    this.#dialogs.set(key, running);
    try {
      return await running;
    } finally {
      this.#dialogs.delete(key);
    }
  }

  /** The declarer's dialog, sent to the active GM with every token received; again with the reason when refused. */
  async #declareAndSend(combat: SecretCombat, question: SecretQuestion): Promise<{ done: boolean }> {
    const io = this.#io;
    const { combatId, combatantId } = question;
    const name = combat.name(combatantId) ?? "";
    try {
      let error = "";
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const choice = await combat.choose(combatantId, error);
        const fresh = io.combat(combatId);
        if (choice === null) return { done: false };
        if (!fresh || !sameStep(fresh, question)) {
          io.notify("warn", "AOD.Declare.Notify.NotYourStep", { name });
          return { done: false };
        }
        const gm = io.activeGM();
        if (gm === null) {
          io.notify("warn", "AOD.Declare.Notify.NoGM");
          return { done: false };
        }
        let reply: AnswerReply;
        try {
          reply = readAnswerReply(await io.query(gm, DECLARE_ANSWER_QUERY, { ...question, tokens: this.#asked.tokens(question), choice }, ANSWER_TIMEOUT));
        } catch (failure) {
          io.log(`the GM did not take the declaration for ${name}`, failure);
          reply = { ok: false, reason: "AOD.Declare.Notify.NoGM" };
        }
        if (reply.ok) {
          io.notify("info", "AOD.Declare.Notify.Kept", { name });
          return { done: true };
        }
        error = reply.reason;
      }
      io.notify("warn", "AOD.Declare.Notify.Refused", { name, reason: io.localize(error) });
      return { done: false };
    } finally {
      this.#asked.forget(question);
    }
  }
}
