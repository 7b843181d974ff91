/**
 * How a secret declaration travels from its declarer to the active GM, pure (docs/COMBAT.md "Secret declaration").
 *
 * A query handler cannot tell who sent the query (docs/COMBAT.md "Requests"), and a query's answer goes
 * back to whoever sent it. So if the declarer's client answered the "declare" query with the choice itself, any
 * user allowed to query (players are, by default) could ask the declarer the same question and read its secret.
 * Instead the GM's question carries a one-time token that only the asked user receives; the declarer's client
 * returns nothing secret to the asker and sends the choice, with the tokens it was given, to the active GM (a user
 * its own client picks). The GM keeps an answer only when it carries the token of a question the GM has open for
 * exactly that combat, combatant, round and step; the token proves the sender is the user the GM asked.
 */
import type { DeclarePayload } from "./declare-request";
import type { Refusal } from "../../../core/requests/registry";
import { SECRET_REASONS, parseSecretAnswer } from "./secret-store";
import type { SecretQuestion } from "./secret-store";

/** A question the GM has open: what it asked, whom, and the token that user alone received. */
export interface OpenQuestion extends SecretQuestion {
  userId: string;
  token: string;
}

/** A token: letters and digits, long enough that nobody guesses it. */
export const TOKEN_PATTERN = /^[A-Za-z0-9]{16,64}$/;

/** The most tokens one answer carries (a declarer asked again keeps the newest). */
export const MAX_TOKENS = 16;

/** The tokens an answer carries; undefined when the field is malformed. */
export function answerTokens(answer: unknown): string[] | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  const tokens = (answer as Record<string, unknown>).tokens;
  if (!Array.isArray(tokens) || tokens.length === 0 || tokens.length > MAX_TOKENS) return undefined;
  return tokens.every((t): t is string => typeof t === "string" && TOKEN_PATTERN.test(t)) ? tokens : undefined;
}

/** The questions the active GM has open, by token (its own client only). */
export class OpenQuestions {
  readonly #byToken = new Map<string, OpenQuestion>();

  /** Opens a question (the GM is about to send it). */
  open(question: OpenQuestion): void {
    this.#byToken.set(question.token, { ...question });
  }

  /** Closes a question: kept, or the query ended. Its token is refused from then on. */
  close(token: string): void {
    this.#byToken.delete(token);
  }

  /** How many questions are open. */
  get size(): number {
    return this.#byToken.size;
  }

  /**
   * Which open question an untrusted answer answers: one of its tokens must be an open question's, and the answer
   * must be about exactly that question (combat, combatant, round, step) with a well-formed choice. Returns the
   * question (whom the GM asked) and the parsed payload, or a refusal.
   */
  match(answer: unknown): { question: OpenQuestion; payload: DeclarePayload } | Refusal {
    const tokens = answerTokens(answer);
    if (tokens === undefined) return { refused: SECRET_REASONS.NotAsked };
    for (const token of tokens) {
      const question = this.#byToken.get(token);
      if (!question) continue;
      const parsed = parseSecretAnswer(answer, question);
      return "refused" in parsed ? parsed : { question, payload: parsed };
    }
    return { refused: SECRET_REASONS.NotAsked };
  }
}

const questionKey = (q: SecretQuestion): string => `${q.combatId}|${q.combatantId}|${q.round}|${q.index}`;

/**
 * The declarer's side: the tokens it was sent per question. One question opens one dialog however many times it is
 * asked (a hostile user may ask it too: its token is simply sent to the GM with the others and refused there).
 */
export class AskedQuestions {
  readonly #tokens = new Map<string, string[]>();

  /** Records a token for a question; true when the question was not open yet (the caller opens the dialog). */
  add(question: SecretQuestion, token: string): boolean {
    const key = questionKey(question);
    const held = this.#tokens.get(key);
    if (held) {
      if (!held.includes(token)) this.#tokens.set(key, [...held, token].slice(-MAX_TOKENS));
      return false;
    }
    this.#tokens.set(key, [token]);
    return true;
  }

  /** The tokens held for a question (sent with the answer). */
  tokens(question: SecretQuestion): string[] {
    return [...(this.#tokens.get(questionKey(question)) ?? [])];
  }

  /** Forgets a question (answered, cancelled, or its step has passed). */
  forget(question: SecretQuestion): void {
    this.#tokens.delete(questionKey(question));
  }
}

/** What the GM's answer handler replies: kept, or why not (an en.json key). Nothing secret is in it. */
export type AnswerReply = { ok: true } | { ok: false; reason: string };

/** Reads the GM's reply on the declarer's client (anything malformed counts as "not kept"). */
export function readAnswerReply(reply: unknown): AnswerReply {
  if (typeof reply !== "object" || reply === null) return { ok: false, reason: SECRET_REASONS.NotAsked };
  const { ok, reason } = reply as Record<string, unknown>;
  if (ok === true) return { ok: true };
  return { ok: false, reason: typeof reason === "string" && /^AOD\.[A-Za-z0-9.]+$/.test(reason) ? reason : SECRET_REASONS.NotAsked };
}
