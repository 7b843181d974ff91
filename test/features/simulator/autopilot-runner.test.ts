// The NPC autopilot's flow (src/features/simulator/autopilot-runner.ts, the logic behind autopilot.ts): a plain
// combat with a write queue, scripted advice, a scripted confirm dialog, a manual clock and the real en.json words.
import { describe, expect, it } from "vitest";
import { Autopilot, SCHEDULE_MS } from "../../../src/features/simulator/autopilot-runner";
import type { AutopilotIO, PilotAnswer, PilotCard, PilotCombat, PilotTactics, TimerHandle } from "../../../src/features/simulator/autopilot-runner";
import { autopilotKey, pilotChoice, pilotDialogContext } from "../../../src/features/simulator/autopilot-context";
import type { PilotCandidate, PilotDialogContext, PilotMoment } from "../../../src/features/simulator/autopilot-context";
import type { CarryOut } from "../../../src/features/simulator/advice-context";
import type { AdviceOutcome } from "../../../src/features/simulator/advice-asks";
import type { Advice, AdviceChoice, AdviceResult, Forecast } from "../../../src/rules/simulator";
import { wilson } from "../../../src/rules/simulator";
import { t } from "../attack/attack-card-states";

const attack = (targetId: string, weapon = "Sword"): AdviceChoice => ({ kind: "attack", targetId, weapon, killerBlow: false, itemId: "w1" });
const option = (choice: AdviceChoice, wins: number, damage: number | null = null): Advice => ({
  choice,
  odds: damage === null ? null : { hit: 0.5, expectedDamage: damage, severelyInjured: 0.1, dead: 0.05 },
  win: wilson(wins, 1000),
  draw: wilson(0, 1000),
  runs: 1000,
  clearlyWorse: false,
});
const adviceFor = (combatantId: string, options: Advice[]): AdviceResult => ({ combatantId, side: "Margrave", phase: "battle", options, baseline: wilson(550, 1000) });
/** Knight's advice: attacking the dragon is best, holding second. */
const knightAdvice = adviceFor("k", [option({ kind: "hold" }, 400), option(attack("s"), 620, 1.25)]);
const done = (advice: AdviceResult): AdviceOutcome => ({ status: "done", advice });
const NAMES = { k: "Knight", s: "Sable Dragon", g: "Gareth", o: "Ogre" };

/** The forecast at the start of the step: Margrave 48%. */
const forecast: Forecast = {
  result: {
    runs: 1000, seed: 1, mode: "descending", roundLimit: 20, cancelled: false,
    sides: [{ name: "Margrave", wins: wilson(480, 1000) }, { name: "Wyrms", wins: wilson(500, 1000) }],
    draws: wilson(20, 1000),
    endings: { sideOut: 980, disengaged: 0, roundLimit: 20 },
    rounds: { mean: 4, median: 4, p90: 6, histogram: [] },
    combatants: [],
  },
  precision: 0.02,
  roundsLeft: 2,
};

/** What the attack card gets for an attack on `targetId`. */
const attackOn = (targetId: string): CarryOut => ({ kind: "attack", options: { attacker: "Actor.k", targets: [targetId] } });

interface PendingAsk {
  combatantId: string;
  tactics: PilotTactics | undefined;
  answer(outcome: AdviceOutcome): void;
}

/** A combat as the documents hold it, with a write queue that runs one operation at a time. */
class Combat implements PilotCombat {
  id: string | null = "c1";
  round = 2;
  cursor = { round: 2, index: 5 };
  step: PilotMoment["step"] = { kind: "act", combatants: ["k"] };
  running = true;
  mode = "descending";
  people: PilotCandidate[] = [
    { id: "k", playerOwned: false, out: false },
    { id: "s", playerOwned: false, out: false },
    { id: "g", playerOwned: true, out: false },
    { id: "o", playerOwned: false, out: false },
  ];
  flag: unknown = undefined;
  writes: string[][] = [];
  shown: Forecast | null = forecast;
  /** The advice each combatant gets at once; a combatant not listed waits for `answer` (the worker still computing). */
  outcomes: Record<string, AdviceOutcome> = { k: done(knightAdvice) };
  asks: PendingAsk[] = [];
  /** The targets the rules refuse now, with the reason. */
  refusedTargets: Record<string, string> = {};
  opened: string[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  candidates(): PilotCandidate[] {
    return this.people.map((p) => ({ ...p }));
  }
  name(id: string): string {
    return (NAMES as Record<string, string>)[id] ?? "";
  }
  names(): Record<string, string> {
    return { ...NAMES };
  }
  adversary(id: string): boolean {
    const p = this.people.find((x) => x.id === id);
    return p !== undefined && !p.playerOwned;
  }
  claims(): unknown {
    return this.flag;
  }
  writeClaims(keys: string[]): Promise<unknown> {
    // The document update: every client sees it once the server has it (here, on the next turn of the event loop).
    return new Promise((resolve) => {
      setTimeout(() => {
        this.writes.push(keys);
        this.flag = keys;
        resolve(undefined);
      }, 0);
    });
  }
  serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
  forecast(): Forecast | null {
    return this.shown;
  }
  advise(combatantId: string, tactics: PilotTactics | undefined): Promise<AdviceOutcome> {
    return new Promise((resolve) => {
      this.asks.push({ combatantId, tactics, answer: resolve });
      const outcome = this.outcomes[combatantId];
      if (outcome !== undefined) resolve(outcome);
    });
  }
  carryOut(_combatantId: string, choice: AdviceChoice): CarryOut {
    if (choice.kind !== "attack") return { kind: "none" };
    const refused = this.refusedTargets[choice.targetId];
    return refused === undefined ? attackOn(choice.targetId) : { kind: "none", refused };
  }
  openAdvice(combatantId: string): void {
    this.opened.push(combatantId);
  }
  /** The tracker moves on to the next step. */
  next(): void {
    this.cursor = { ...this.cursor, index: this.cursor.index + 1 };
  }
}

/** One GM's client: the settings, its dialogs, what it carried out and posted, its notices and a manual clock. */
class Client implements AutopilotIO {
  readonly autopilot = new Autopilot(this);
  settings: { mode: unknown; tactics: unknown; forecastForPlayers: boolean } = { mode: "automatic", tactics: "", forecastForPlayers: false };
  activeGM = true;
  /** What the GM presses in the confirm dialog; null closes it; undefined leaves it open (see `dialogs`). */
  press: PilotAnswer | null | undefined = "confirm";
  dialogs: { context: PilotDialogContext; key: string; answer(a: PilotAnswer | null): void }[] = [];
  closed: [string, string][] = [];
  carried: { action: CarryOut; ask: boolean }[] = [];
  /** What the feature answers when asked to carry an action out (a refusal key), or undefined. */
  refusal: string | undefined = undefined;
  cards: PilotCard[] = [];
  notices: [string, string][] = [];
  logs: string[] = [];
  format = t;
  #timers = new Map<number, () => void>();
  #next = 0;

  mode(): unknown {
    return this.settings.mode;
  }
  tactics(): unknown {
    return this.settings.tactics;
  }
  forecastForPlayers(): boolean {
    return this.settings.forecastForPlayers;
  }
  isActiveGM(): boolean {
    return this.activeGM;
  }
  confirm(context: PilotDialogContext, key: string): Promise<PilotAnswer | null> {
    return new Promise((resolve) => {
      this.dialogs.push({ context, key, answer: resolve });
      if (this.press !== undefined) resolve(this.press);
    });
  }
  closeDialogs(combatId: string, step: string): void {
    this.closed.push([combatId, step]);
  }
  carry(action: CarryOut, options: { ask: boolean }): Promise<string | undefined> {
    this.carried.push({ action, ask: options.ask });
    return Promise.resolve(this.refusal);
  }
  postPilotCard(card: PilotCard): Promise<unknown> {
    this.cards.push(structuredClone(card));
    return Promise.resolve();
  }
  notify(level: "info" | "warn", key: string, data?: Readonly<Record<string, string>>): void {
    this.notices.push([level, t(key, data)]);
  }
  setTimer(run: () => void, ms: number): TimerHandle {
    expect(ms).toBe(SCHEDULE_MS);
    this.#next += 1;
    this.#timers.set(this.#next, run);
    return this.#next;
  }
  clearTimer(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }
  log(message: string): void {
    this.logs.push(message);
  }
  /** How many waits are set. */
  get waiting(): number {
    return this.#timers.size;
  }
  /** The wait ends: every timer still set runs. */
  elapse(): void {
    const due = [...this.#timers.values()];
    this.#timers.clear();
    for (const run of due) run();
  }
  /** Everything it did that others see or that changes the combat. */
  acted(): unknown[] {
    return [...this.carried, ...this.cards];
  }
}

/** Lets every pending promise and zero-delay timer (the claim's write) run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const KEY = autopilotKey("c1", 2, 5, "k");
const WORKING = ["info", "Autopilot: weighing Knight's options…"];
/** Knight's choice in words, as the dialog and the card show it. */
const knightChoice = pilotChoice(knightAdvice, 1, NAMES, wilson(480, 1000), t);

describe("the setting", () => {
  it("off (or an unknown value) does nothing: no advice asked, no claim, no notice", async () => {
    for (const mode of ["off", "sometimes", undefined]) {
      const combat = new Combat();
      const client = new Client();
      client.settings.mode = mode;
      await client.autopilot.run(combat);
      expect(combat.asks).toEqual([]);
      expect(combat.writes).toEqual([]);
      expect(client.notices).toEqual([]);
      expect(client.closed).toEqual([]);
      expect(client.acted()).toEqual([]);
    }
  });

  it("is read when the wait ends, so turning it off before then stops the autopilot", async () => {
    const combat = new Combat();
    const client = new Client();
    client.autopilot.schedule(combat);
    client.settings.mode = "off";
    client.elapse();
    await settle();
    expect(combat.asks).toEqual([]);
  });
});

describe("automatic: acts and posts one card saying what and why", () => {
  it("carries the best option out at once (no dialog) and posts one card with the choice and its reasons", async () => {
    const combat = new Combat();
    const client = new Client();
    await client.autopilot.run(combat);
    expect(client.notices).toEqual([WORKING]);
    expect(client.dialogs).toEqual([]);
    expect(client.carried).toEqual([{ action: attackOn("s"), ask: false }]);
    expect(combat.writes).toEqual([[KEY]]);
    expect(client.cards).toEqual([{ combatId: "c1", round: 2, data: { choice: knightChoice, declaring: false, refused: "" }, open: false }]);
    const said = client.cards[0]?.data.choice;
    expect(said?.option).toBe("Attack Sable Dragon with Sword");
    expect(said?.why).toBe("With it Margrave wins 62.0% (59.0\u201165.0%); when Knight plays its own tactics, 55.0% (51.9\u201158.1%).");
    expect(said?.before).toBe("Forecast at the start of this step: Margrave 48.0% (44.9\u201151.1%).");
    expect(said?.next).toBe("Next best: Hold: no action now, 40.0%.");
  });

  it("shows the card to players only when they are shown the forecast and nothing is secret", async () => {
    const open = new Client();
    open.settings.forecastForPlayers = true;
    await open.autopilot.run(new Combat());
    expect(open.cards.map((c) => c.open)).toEqual([true]);
    const secret = new Client();
    secret.settings.forecastForPlayers = true;
    const combat = new Combat();
    combat.mode = "secretDeclaration";
    combat.step = { kind: "declare", combatants: ["k"] };
    await secret.autopilot.run(combat);
    expect(secret.cards.map((c) => [c.open, c.data.declaring])).toEqual([[false, true]]);
  });

  it("declares at once in a declaration mode", async () => {
    const combat = new Combat();
    combat.mode = "reverseDeclaration";
    combat.step = { kind: "declare", combatants: ["k"] };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(client.carried).toEqual([{ action: attackOn("s"), ask: false }]);
    expect(client.cards[0]?.data.declaring).toBe(true);
  });

  it("says on the card why nothing was done when the feature refused it when it came to it", async () => {
    const client = new Client();
    client.refusal = "AOD.Request.Reason.NotNow";
    await client.autopilot.run(new Combat());
    expect(client.cards.map((c) => c.data.refused)).toEqual(["AOD.Request.Reason.NotNow"]);
  });

  it("holds when holding is best: nothing carried out, the card says so", async () => {
    const combat = new Combat();
    combat.outcomes = { k: done(adviceFor("k", [option({ kind: "hold" }, 700), option(attack("s"), 500, 1)])) };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(client.carried).toEqual([]);
    expect(client.cards.map((c) => c.data.choice.option)).toEqual(["Hold: no action now"]);
  });

  it("acts for each adversary of the step in turn, each asked once the one before is done", async () => {
    const combat = new Combat();
    combat.step = { kind: "act", combatants: ["k", "o"] };
    combat.outcomes = { k: done(knightAdvice), o: done(adviceFor("o", [option(attack("g", "Club"), 700, 2)])) };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(combat.asks.map((a) => a.combatantId)).toEqual(["k", "o"]);
    expect(client.carried.map((c) => c.action)).toEqual([attackOn("s"), attackOn("g")]);
    expect(client.cards).toHaveLength(2);
    expect(combat.flag).toEqual([KEY, autopilotKey("c1", 2, 5, "o")]);
  });
});

describe("confirm: the GM sees the choice and it is carried out only on Confirm", () => {
  it("shows the choice, then carries it out with its dialog (the GM may still change a declaration), and posts no card", async () => {
    const combat = new Combat();
    const client = new Client();
    client.settings.mode = "confirm";
    await client.autopilot.run(combat);
    expect(client.dialogs.map((d) => [d.context, d.key])).toEqual([[pilotDialogContext(knightChoice, false, t), KEY]]);
    expect(client.dialogs[0]?.context.heading).toBe("Knight would:");
    expect(client.carried).toEqual([{ action: attackOn("s"), ask: true }]);
    expect(client.cards).toEqual([]);
    expect(combat.writes).toEqual([[KEY]]);
  });

  it("does nothing until the GM answers", async () => {
    const combat = new Combat();
    const client = new Client();
    client.settings.mode = "confirm";
    client.press = undefined;
    const running = client.autopilot.run(combat);
    await settle();
    expect(client.dialogs).toHaveLength(1);
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
    client.dialogs[0]?.answer("confirm");
    await running;
    expect(client.carried).toHaveLength(1);
  });

  it("closing the dialog does nothing and claims nothing (the step is the GM's; a new look asks again)", async () => {
    const combat = new Combat();
    const client = new Client();
    client.settings.mode = "confirm";
    client.press = null;
    await client.autopilot.run(combat);
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
    await client.autopilot.run(combat);
    expect(client.dialogs).toHaveLength(2);
  });

  it("Skip claims the step and carries nothing out; Choose another opens the advice window", async () => {
    const skipped = new Combat();
    const skip = new Client();
    skip.settings.mode = "confirm";
    skip.press = "skip";
    await skip.autopilot.run(skipped);
    expect(skip.acted()).toEqual([]);
    expect(skipped.opened).toEqual([]);
    expect(skipped.writes).toEqual([[KEY]]);
    const other = new Combat();
    const another = new Client();
    another.settings.mode = "confirm";
    another.press = "another";
    await another.autopilot.run(other);
    expect(another.acted()).toEqual([]);
    expect(other.opened).toEqual(["k"]);
  });

  it("warns with the localised reason when the feature refuses the confirmed option", async () => {
    const client = new Client();
    client.settings.mode = "confirm";
    client.refusal = "AOD.Request.Reason.NotNow";
    await client.autopilot.run(new Combat());
    expect(client.notices).toEqual([WORKING, ["warn", "That cannot be done at this point of the round."]]);
  });

  it("does nothing when the combat moved on while the dialog was open, and closes the dialogs of other steps", async () => {
    const combat = new Combat();
    const client = new Client();
    client.settings.mode = "confirm";
    client.press = undefined;
    const running = client.autopilot.run(combat);
    await settle();
    expect(client.closed).toEqual([["c1", autopilotKey("c1", 2, 5, "")]]);
    combat.next();
    client.dialogs[0]?.answer("confirm");
    await running;
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
    combat.step = { kind: "act", combatants: ["g"] };
    await client.autopilot.run(combat);
    expect(client.closed.at(-1)).toEqual(["c1", autopilotKey("c1", 2, 6, "")]);
  });
});

describe("who it acts for, and on which client", () => {
  it("runs only on the active GM's client", async () => {
    const combat = new Combat();
    const client = new Client();
    client.activeGM = false;
    client.autopilot.schedule(combat);
    expect(client.waiting).toBe(0);
    client.elapse();
    await client.autopilot.run(combat);
    await settle();
    expect(combat.asks).toEqual([]);
    expect(client.acted()).toEqual([]);
  });

  it("does not act when this client stopped being the active GM while the advice was worked out", async () => {
    const combat = new Combat();
    combat.outcomes = {};
    const client = new Client();
    const running = client.autopilot.run(combat);
    await settle();
    client.activeGM = false;
    combat.asks[0]?.answer(done(knightAdvice));
    await running;
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
  });

  it("never acts for a combatant a player owns, nor one out of the fight, nor at a step where nobody chooses", async () => {
    const combat = new Combat();
    combat.step = { kind: "act", combatants: ["g"] };
    const client = new Client();
    await client.autopilot.run(combat);
    const out = new Combat();
    out.people = out.people.map((p) => (p.id === "k" ? { ...p, out: true } : p));
    await client.autopilot.run(out);
    const resolve = new Combat();
    resolve.step = { kind: "resolve", combatants: ["k"] };
    await client.autopilot.run(resolve);
    const ended = new Combat();
    ended.running = false;
    await client.autopilot.run(ended);
    for (const c of [combat, out, resolve, ended]) expect(c.asks).toEqual([]);
    expect(client.acted()).toEqual([]);
  });

  it("at a step shared with a player's combatant, acts for the adversary alone", async () => {
    const combat = new Combat();
    combat.step = { kind: "act", combatants: ["g", "k"] };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(combat.asks.map((a) => a.combatantId)).toEqual(["k"]);
  });
});

describe("a step that moved on is not acted on", () => {
  it("drops the advice that comes after the tracker moved to the next step", async () => {
    const combat = new Combat();
    combat.outcomes = {};
    const client = new Client();
    const running = client.autopilot.run(combat);
    await settle();
    combat.next();
    combat.asks[0]?.answer(done(knightAdvice));
    await running;
    expect(client.notices).toEqual([WORKING]);
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
  });

  it("drops it too when the round changed", async () => {
    const combat = new Combat();
    combat.outcomes = {};
    const client = new Client();
    const running = client.autopilot.run(combat);
    await settle();
    combat.cursor = { round: 3, index: 5 };
    combat.asks[0]?.answer(done(knightAdvice));
    await running;
    expect(client.acted()).toEqual([]);
  });

  it("stops acting for the step's next adversary once the combat moved on", async () => {
    const combat = new Combat();
    combat.step = { kind: "act", combatants: ["k", "o"] };
    const client = new Client();
    client.carry = (action) => {
      client.carried.push({ action, ask: false });
      combat.next();
      return Promise.resolve(undefined);
    };
    await client.autopilot.run(combat);
    expect(combat.asks.map((a) => a.combatantId)).toEqual(["k"]);
  });
});

describe("once per combatant and step: the claim", () => {
  it("two GMs' clients at once (a hand-over): one acts, the other's claim fails and it does nothing", async () => {
    const combat = new Combat();
    const first = new Client();
    const second = new Client();
    await Promise.all([first.autopilot.run(combat), second.autopilot.run(combat)]);
    expect(combat.asks).toHaveLength(2);
    expect([...first.carried, ...second.carried]).toHaveLength(1);
    expect([...first.cards, ...second.cards]).toHaveLength(1);
    expect(combat.writes).toEqual([[KEY]]);
  });

  it("a reload (a new client) does not act again at a claimed step", async () => {
    const combat = new Combat();
    await new Client().autopilot.run(combat);
    const reloaded = new Client();
    await reloaded.autopilot.run(combat);
    expect(combat.asks).toHaveLength(1);
    expect(reloaded.acted()).toEqual([]);
    expect(reloaded.notices).toEqual([]);
  });

  it("a repeated hook acts once: calls in one wait make one look, and a look while one is weighing starts no second", async () => {
    const combat = new Combat();
    combat.outcomes = {};
    const client = new Client();
    client.autopilot.schedule(combat);
    client.autopilot.schedule(combat);
    expect(client.waiting).toBe(1);
    client.elapse();
    await settle();
    expect(combat.asks).toHaveLength(1);
    client.autopilot.schedule(combat);
    client.elapse();
    await settle();
    expect(combat.asks).toHaveLength(1);
    combat.asks[0]?.answer(done(knightAdvice));
    await settle();
    client.autopilot.schedule(combat);
    client.elapse();
    await settle();
    expect(combat.asks).toHaveLength(1);
    expect(client.carried).toHaveLength(1);
    expect(client.cards).toHaveLength(1);
  });

  it("in confirm, a second GM's Confirm after the first's does nothing", async () => {
    const combat = new Combat();
    const first = new Client();
    const second = new Client();
    for (const c of [first, second]) {
      c.settings.mode = "confirm";
      c.press = undefined;
    }
    const running = [first.autopilot.run(combat), second.autopilot.run(combat)];
    await settle();
    first.dialogs[0]?.answer("confirm");
    second.dialogs[0]?.answer("confirm");
    await Promise.all(running);
    expect([...first.carried, ...second.carried]).toHaveLength(1);
  });

  it("acts again at the next step", async () => {
    const combat = new Combat();
    const client = new Client();
    await client.autopilot.run(combat);
    combat.next();
    await client.autopilot.run(combat);
    expect(client.carried).toHaveLength(2);
    // The claims of earlier steps are dropped as the next is claimed.
    expect(combat.flag).toEqual([autopilotKey("c1", 2, 6, "k")]);
  });

  it("logs a failure of the look rather than throwing it", async () => {
    const combat = new Combat();
    combat.writeClaims = () => Promise.reject(new Error("offline"));
    const client = new Client();
    client.autopilot.schedule(combat);
    client.elapse();
    await settle();
    expect(client.logs).toEqual(["the NPC autopilot failed"]);
    expect(client.acted()).toEqual([]);
  });
});

describe("the step is left to the GM, with a localised notice", () => {
  it("when the advice fails: says why, claims nothing, carries nothing out", async () => {
    const combat = new Combat();
    combat.outcomes = { k: { status: "failed", problem: { key: "AOD.Simulator.Error.DuplicateSide", data: { side: "Margrave" } } } };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(client.notices).toEqual([WORKING, ["warn", 'Autopilot: Knight\'s options could not be weighed: Two sides share the name "Margrave".']]);
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([]);
  });

  it("when it may do nothing (every action refused, holding all that is left): says so once and claims the step", async () => {
    const combat = new Combat();
    combat.refusedTargets = { s: "AOD.Rules.Reason.TooFarForMelee" };
    const client = new Client();
    client.settings.mode = "confirm";
    await client.autopilot.run(combat);
    expect(client.notices).toEqual([WORKING, ["info", "Autopilot: Knight has nothing it may do now."]]);
    expect(client.dialogs).toEqual([]);
    expect(client.acted()).toEqual([]);
    expect(combat.writes).toEqual([[KEY]]);
    await client.autopilot.run(combat);
    expect(client.notices).toHaveLength(2);
  });

  it("never takes an option the rules refuse now, however good", async () => {
    const combat = new Combat();
    combat.outcomes = { k: done(adviceFor("k", [option(attack("s"), 900, 2), option(attack("o", "Axe"), 600, 1), option({ kind: "hold" }, 400)])) };
    combat.refusedTargets = { s: "AOD.Rules.Reason.TooFarForMelee" };
    const client = new Client();
    await client.autopilot.run(combat);
    expect(client.carried.map((c) => c.action)).toEqual([attackOn("o")]);
  });
});

describe("the tactics setting reaches the advice", () => {
  // A standard tactic by its name; "table": the table's module's "adversaries".
  it.each([
    ["brawler", "brawler"],
    ["table", "adversaries"],
  ])("with the setting %s, asks with the tactics %s for every adversary no player owns", async (setting, name) => {
    const combat = new Combat();
    const client = new Client();
    client.settings.tactics = setting;
    await client.autopilot.run(combat);
    const tactics = combat.asks[0]?.tactics;
    expect(tactics?.name).toBe(name);
    expect(["k", "s", "o", "g", "gone"].map((id) => tactics?.plays(id))).toEqual([true, true, true, false, false]);
  });

  it("asks with each combatant's own tactics when the setting is the default or names no standard tactics", async () => {
    for (const setting of ["", "berserker", undefined]) {
      const combat = new Combat();
      const client = new Client();
      client.settings.tactics = setting;
      await client.autopilot.run(combat);
      expect(combat.asks.map((a) => a.tactics)).toEqual([undefined]);
    }
  });
});
