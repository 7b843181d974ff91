// A seeded scheduler for interleaving tests: every await on the document store parks its task here, and the
// scheduler picks, at random from a seed, which parked task goes on next. A "reload" drops a client's parked tasks
// (a write already sent lands or not, at random) and they never resume. Everything else is plain promises, so one
// seed is one schedule, and a failing seed replays exactly.

/** A small seeded generator (mulberry32). */
export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

interface Parked {
  client: string;
  land: (() => void) | null;
  go: () => void;
}

/** How many microtask turns a resumed task gets to reach its next await on the store. */
const SETTLE_TURNS = 24;

export class Scheduler {
  #parked: Parked[] = [];
  /** Points resumed so far (a schedule's length). */
  steps = 0;

  constructor(readonly rng: Rng) {}

  /** Parks the calling task until the scheduler picks it; `land` is the write that lands at that moment. */
  point(client: string, land: (() => void) | null = null): Promise<void> {
    return new Promise((go) => {
      this.#parked.push({ client, land, go });
    });
  }

  get waiting(): number {
    return this.#parked.length;
  }

  /** How many of a client's tasks are parked. */
  parkedOf(client: string): number {
    return this.#parked.filter((p) => p.client === client).length;
  }

  /** A client reloads: its parked tasks never resume; each write it had sent lands or not, at random. */
  crash(client: string): void {
    this.#parked = this.#parked.filter((p) => {
      if (p.client !== client) return true;
      if (p.land !== null && this.rng.chance(0.5)) p.land();
      return false;
    });
  }

  /** Lets every runnable continuation run to its next park. */
  async settle(): Promise<void> {
    for (let i = 0; i < SETTLE_TURNS; i += 1) await Promise.resolve();
  }

  /** Resumes one parked task chosen at random; false when none is parked. */
  async step(): Promise<boolean> {
    if (this.#parked.length === 0) return false;
    const [picked] = this.#parked.splice(this.rng.int(this.#parked.length), 1);
    if (picked === undefined) return false;
    this.steps += 1;
    picked.land?.();
    picked.go();
    await this.settle();
    return true;
  }
}
