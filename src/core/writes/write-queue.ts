/**
 * The one write path (docs/COMBAT.md "One write path"): every change to a combat, its chat cards and the actors
 * they touch runs as an operation on one ordered queue per key on the active GM's client. A combat's key is
 * `combat.<id>`; a card outside a combat has its own (`card.<id>`). Each operation runs alone on its key: it
 * starts only when the one before it has finished (whether it succeeded or failed), so it reads its documents as
 * the last operation left them.
 *
 * Waiting on a person never happens inside an operation: an operation that needs an answer ends in a waiting
 * stage, and the answer is a new operation.
 *
 * Re-entrancy: an operation that calls something which itself runs on the same key passes its own `OpContext`
 * down (`run(key, task, op)`), and the inner work then runs at once as part of that operation instead of waiting
 * behind it (which would wait forever). Pure: no Foundry globals.
 */

/** The operation running now: its id (what its documents record) and the key whose queue it holds. */
export interface OpContext {
  readonly id: string;
  readonly key: string;
}

/** The write key of a combat. */
export function combatKey(combatId: string): string {
  return `combat.${combatId}`;
}

/** The write key of a card outside any combat. */
export function cardKey(cardId: string): string {
  return `card.${cardId}`;
}

/** The key of an attack card: its combat's, or its own outside a combat. */
export function keyOfCard(cardId: string, combatId: string): string {
  return combatId === "" ? cardKey(cardId) : combatKey(combatId);
}

let counter = 0;

/** A new operation id: random enough to be unique across clients and reloads, short enough to keep many. */
export function newOpId(random: () => number = Math.random): string {
  counter = (counter + 1) % 1296;
  const part = (n: number): string => Math.floor(n).toString(36).padStart(2, "0");
  let id = part(counter);
  for (let i = 0; i < 6; i += 1) id += part(random() * 1296);
  return `op${id}`;
}

/** One ordered queue per key. */
export class WriteQueue {
  readonly #tails = new Map<string, Promise<unknown>>();
  readonly #running = new Map<string, OpContext>();
  readonly #newId: () => string;

  constructor(newId: () => string = () => newOpId()) {
    this.#newId = newId;
  }

  /**
   * Runs `task` as an operation on `key`, after every operation queued on it before; resolves (or rejects) with
   * the task's result. A failure does not block the next operation. Called with the context of an operation
   * already holding `key`, the task runs at once within it (same id).
   */
  run<T>(key: string, task: (op: OpContext) => Promise<T>, within?: OpContext | null): Promise<T> {
    if (within?.key === key) return task(within);
    const op: OpContext = { id: this.#newId(), key };
    const before = this.#tails.get(key) ?? Promise.resolve();
    const start = (): Promise<T> => {
      this.#running.set(key, op);
      return task(op);
    };
    const result = before.then(start, start);
    const tail = result.then(
      () => { this.#finish(key, op); },
      () => { this.#finish(key, op); },
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  #finish(key: string, op: OpContext): void {
    if (this.#running.get(key) === op) this.#running.delete(key);
  }

  /** The operation holding `key` now, if any. */
  running(key: string): OpContext | undefined {
    return this.#running.get(key);
  }

  /** Whether anything is running or queued on `key`. */
  busy(key: string): boolean {
    return this.#tails.has(key);
  }
}

/** The system's write queue (the active GM's client runs every operation through it). */
export const WRITES = new WriteQueue();
