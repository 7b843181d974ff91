// The interleaving harness (docs/COMBAT.md "One write path"): thousands of seeded schedules per flow, each choosing
// the order of every await on the document store, with GM reloads and changes of active GM at random points, drive
// the system's own operations (harness/world.ts) and check after every schedule that each change landed exactly
// once. AOD_SCHEDULES=100000 runs more; AOD_SEED=<n> replays one schedule (a failure names its flow and seed).
import { describe, expect, it } from "vitest";
import { ABORT_REASON, COMBAT, DECLARED, World } from "./harness/world";
import type { UserId } from "./harness/world";
import { applyCard } from "../../../src/rules/attack-card";
import { applyChanges } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { OPS_KEPT, readOps } from "../../../src/core/writes/op-record";
import { PENDING_FLAG } from "../../../src/features/round/end-phase-op";
import { PENDING_WRITES_FLAG } from "../../../src/core/writes/write-once";
import type { EndPhaseCardData } from "../../../src/core/cards/combat-card-context";

const SCHEDULES = Number(process.env.AOD_SCHEDULES ?? 1000);
/** The declaration flows' schedules. */
const STEP_SCHEDULES = SCHEDULES;
const ONLY_SEED = process.env.AOD_SEED === undefined ? null : Number(process.env.AOD_SEED);

/** Runs a flow over every seed; the first failing seed is thrown with its flow's name so it can be replayed. */
async function explore(flow: string, schedule: (seed: number) => Promise<void>, schedules = SCHEDULES): Promise<number> {
  const seeds = ONLY_SEED === null ? Array.from({ length: schedules }, (_, i) => i + 1) : [ONLY_SEED];
  for (const seed of seeds) {
    try {
      await schedule(seed);
    } catch (error) {
      throw new Error(`${flow}: schedule seed ${seed} failed (replay with AOD_SEED=${seed}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return seeds.length;
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** The state the card's damage leads to from the world's start. */
function appliedFrom(initial: SkirmishState): SkirmishState {
  const world = new World(0);
  const applied = applyCard(world.card().card, initial);
  if (!applied.ok) throw new Error(`the card does not apply: ${applied.reason}`);
  return applyChanges(initial, applied.card.application?.changes ?? []);
}

function shuffle<T>(world: World, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = world.rng.int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** A reload of the active GM at a random moment and its return a little later, as events. */
function reloads(world: World, user: UserId, chance: number): (() => void)[] {
  if (!world.rng.chance(chance)) return [];
  return [() => { world.clients[user].reload(); world.connected(); }, () => { world.revive(user); }];
}

/** Invariants every flow shares: nothing left half-written, every request answered, records bounded. */
function common(world: World): void {
  const record = world.cardRecord();
  check(record === null || record.done, `the card's write ${record?.op ?? ""} was left half-done`);
  check(world.combatFlag(PENDING_FLAG) === undefined, "an End Phase was left half-written");
  const pending = world.combatFlag(PENDING_WRITES_FLAG) as Record<string, unknown> | undefined;
  check(pending === undefined || Object.keys(pending).length === 0, "a combat write was left half-done");
  for (const r of world.requests()) check(r.system.status !== "pending", `a ${r.system.kind} request from ${r.author} was never answered`);
  for (const id of ["a", "b", "c"]) check(readOps(world.actorOps(id)).length <= OPS_KEPT, `actor ${id} keeps too many operation ids`);
  check(world.defenceClaims().length === 0, "a defence claim was left behind");
}

/** The card's damage landed exactly once (applied) or not at all (open or undone, the state as before). */
function damageOnce(world: World, expected: SkirmishState, options: { actedResets?: boolean } = {}): void {
  const stage = world.card().card.stage;
  const now = world.state();
  const b = now.combatants.b?.life.wounds;
  check(["rolled", "applied", "undone"].includes(stage), `the card ended ${stage}`);
  if (stage === "applied") {
    check(b === expected.combatants.b?.life.wounds, `applied once means ${String(expected.combatants.b?.life.wounds)} wounds, found ${String(b)}`);
    if (options.actedResets !== true) check(now.combatants.a?.acted === true, "the attacker's action was not spent");
  } else {
    check(b === world.initial.combatants.b?.life.wounds, `a card ${stage} left ${String(b)} wounds, not ${String(world.initial.combatants.b?.life.wounds)}`);
    if (options.actedResets !== true) check(now.combatants.a?.acted === false, "the attacker's action stayed spent");
  }
}

describe("one write path under interleavings", () => {
  const expected = appliedFrom(new World(0).initial);

  it(`two players and a GM pressing Apply and Undo on one card, with GM reloads (${ONLY_SEED === null ? SCHEDULES : 1} schedules)`, async () => {
    let applied = 0;
    let undone = 0;
    const count = await explore("apply-undo", async (seed) => {
      const world = new World(seed);
      const events = shuffle(world, [
        () => { world.click("p1", "attack.apply", { cardId: "card1" }); },
        () => { world.click("p2", "attack.apply", { cardId: "card1" }); },
        () => { world.click("gm1", "attack.apply", { cardId: "card1" }); },
        () => { world.click("gm2", "attack.apply", { cardId: "card1" }); },
        () => { world.click("gm1", "attack.undo", { cardId: "card1" }); },
      ]);
      const reload = reloads(world, "gm1", 0.5);
      if (reload.length === 2) {
        events.splice(world.rng.int(events.length + 1), 0, reload[0] as () => void);
        events.push(reload[1] as () => void);
      }
      await world.run(events);
      await world.finish();
      common(world);
      damageOnce(world, expected);
      const stage = world.card().card.stage;
      if (stage === "applied") applied += 1;
      if (stage === "undone") {
        undone += 1;
        check(JSON.stringify(world.statuses()) === JSON.stringify(world.initialStatuses), "undo left statuses behind");
      }
      // A player who is not the attacker's owner is refused, with a message on the request.
      const p2 = world.requests().find((r) => r.author === "p2");
      check(p2?.system.status === "refused", "the non-owner's Apply was not refused");
      if (stage === "rolled") {
        // Nothing landed: Apply is there to press again, and it lands once.
        world.click("gm1", "attack.apply", { cardId: "card1" });
        await world.finish();
        check(world.card().card.stage === "applied", "a card left open could not be applied again");
        damageOnce(world, expected);
      }
    });
    expect(count).toBe(ONLY_SEED === null ? SCHEDULES : 1);
    if (ONLY_SEED === null) expect(applied + undone).toBeGreaterThan(0);
  });

  it(`a GM reload between the card's stage and the actor write (${ONLY_SEED === null ? SCHEDULES : 1} schedules)`, async () => {
    let caughtHalfway = 0;
    const count = await explore("reload-mid-apply", async (seed) => {
      const world = new World(seed);
      const events: (() => void)[] = [
        () => { world.click("gm1", "attack.apply", { cardId: "card1" }); },
        () => {
          if (world.cardRecord()?.done === false) caughtHalfway += 1;
          world.clients.gm1.reload();
          world.connected();
        },
        () => { world.click("p1", "attack.apply", { cardId: "card1" }); },
        () => { world.revive("gm1"); },
      ];
      await world.run(events, 0.15);
      await world.finish();
      common(world);
      damageOnce(world, expected);
    });
    expect(count).toBe(ONLY_SEED === null ? SCHEDULES : 1);
    // The schedules do reach the window this flow is about.
    if (ONLY_SEED === null) expect(caughtHalfway).toBeGreaterThan(0);
  });

  it(`an End Phase while an Apply lands, with reloads and a change of active GM (${ONLY_SEED === null ? SCHEDULES : 1} schedules)`, async () => {
    const count = await explore("end-phase-vs-apply", async (seed) => {
      const world = new World(seed);
      const events = shuffle(world, [
        () => { world.click("gm1", "combat.endPhase", { combatId: COMBAT }); },
        () => { world.click("gm2", "combat.endPhase", { combatId: COMBAT }); },
        () => { world.click("p1", "attack.apply", { cardId: "card1" }); },
        ...reloads(world, "gm1", 0.6).slice(0, 1),
      ]);
      events.push(() => { world.revive("gm1"); });
      await world.run(events);
      await world.finish();
      common(world);
      damageOnce(world, expected, { actedResets: true });
      if (world.endCards().length === 0) {
        // Every press was cut short by a reload (its request refused as interrupted): Next works again, once.
        world.click("gm1", "combat.endPhase", { combatId: COMBAT });
        world.click("gm2", "combat.endPhase", { combatId: COMBAT });
        await world.finish();
      }
      const cards = world.endCards().map((m) => m.id);
      check(cards.length === 1, `the End Phase of round 1 was posted ${cards.length} times`);
      const endPhase = (world.doc(COMBAT).system as { endPhase: { round: number; messageId: string } }).endPhase;
      check(endPhase.round === 1, "round 1's End Phase is not marked done");
      check(endPhase.messageId === cards[0], "the combat does not name the End Phase card");
      const data = world.docs.get(cards[0] ?? "")?.data as EndPhaseCardData;
      const crash = data.falls.find((f) => f.id === "c")?.crash;
      const c = world.state().combatants.c;
      check(c?.life.wounds === (crash?.wounds ?? 0), `the crash did ${String(crash?.wounds)} wounds once, found ${String(c?.life.wounds)}`);
    });
    expect(count).toBe(ONLY_SEED === null ? SCHEDULES : 1);
  });

  it(`defences answered by the owner, the GM and a stranger while the GM presses Apply, with changes of active GM (${ONLY_SEED === null ? SCHEDULES : 1} schedules)`, async () => {
    let overlaps = 0;
    const count = await explore("defences", async (seed) => {
      const world = new World(seed, { awaiting: true });
      const accepted: UserId[] = [];
      const defend = (user: UserId, answer: boolean) => () => {
        world.click(user, "attack.defend", { cardId: "card1", targetId: "b", defend: answer, skill: answer ? "aerobatics" : null });
      };
      const events = shuffle(world, [defend("p2", true), defend("gm1", false), defend("p3", true), defend("gm2", true), () => { world.click("gm1", "attack.apply", { cardId: "card1" }); }, ...reloads(world, "gm1", 0.5)]);
      events.push(() => { world.revive("gm1"); });
      await world.run(events);
      await world.finish();
      const answered = (): UserId[] => [
        ...world.requests().filter((r) => r.system.kind === "attack.defend" && r.system.status === "applied").map((r) => r.author),
        ...(["gm1", "gm2"] as const).flatMap((gm) => world.clients[gm].done.filter((k) => k === "attack.defend").map(() => gm)),
      ];
      if (world.card().card.targets[0]?.defence === null) {
        // Every answer was cut short (and its request refused as interrupted): the defence can still be given, once.
        check(answered().length === 0, "an answer was accepted but the card does not show it");
        defend("gm1", false)();
        await world.finish();
      }
      accepted.push(...answered());
      common(world);
      check(world.card().card.targets[0]?.defence !== null, "the defence was lost");
      // Exactly one answer counts, even when two GMs write at once at a hand-over: at most one is accepted (an answer
      // written just before a reload is on the card and its request was answered "interrupted"), and the accepted
      // one is the one on the card, never replaced by a later one.
      if (world.overlapped) overlaps += 1;
      check(accepted.length <= 1, `${accepted.length} answers were accepted for one defence (${accepted.join(", ")})`);
      const shown = world.card().card.targets[0]?.defence;
      const who = accepted[0];
      if (who !== undefined) {
        const expected = who === "p2" ? { by: "owner", skill: "aerobatics" } : who === "gm2" ? { by: "gm", skill: "aerobatics" } : { by: "gm", skill: null };
        check(shown?.by === expected.by && (shown.check?.skill ?? null) === expected.skill, `${who}'s answer was accepted but the card shows another`);
      }
      check(world.requests().find((r) => r.author === "p3")?.system.status === "refused", "a stranger's defence was not refused");
      const card = world.card().card;
      const now = world.state();
      check(now.combatants.b?.life.wounds === world.initial.combatants.b?.life.wounds, "a defence changed wounds");
      // A miss settles and applies itself once; a hit waits for its damage roll, nothing spent yet.
      check(now.combatants.a?.acted === (card.stage === "applied"), "the battle action does not follow the card");
    });
    expect(count).toBe(ONLY_SEED === null ? SCHEDULES : 1);
    // The overlap at a hand-over (two GMs writing at once) is reached, and exactly one answer counted in it too.
    if (ONLY_SEED === null) expect(overlaps).toBeGreaterThan(0);
  });

  it(`two GMs pressing the surprise Roll, with reloads (${ONLY_SEED === null ? SCHEDULES : 1} schedules)`, async () => {
    const count = await explore("surprise-twice", async (seed) => {
      const world = new World(seed);
      const events = shuffle(world, [
        () => { world.click("gm1", "combat.surprise", { combatId: COMBAT }); },
        () => { world.click("gm2", "combat.surprise", { combatId: COMBAT }); },
        () => { world.click("gm1", "combat.surprise", { combatId: COMBAT }); },
        ...reloads(world, "gm1", 0.5),
      ]);
      await world.run(events);
      await world.finish();
      common(world);
      check(world.surpriseCards().length <= 1, `the surprise was rolled ${world.surpriseCards().length} times`);
      if (world.surpriseCards().length === 0) {
        // Every press was cut short by a reload (and its request refused as interrupted): Roll works again, once.
        world.click("gm2", "combat.surprise", { combatId: COMBAT });
        world.click("gm1", "combat.surprise", { combatId: COMBAT });
        await world.finish();
        check(world.surpriseCards().length === 1, `a retried surprise was rolled ${world.surpriseCards().length} times`);
      }
      check(world.state().combatants.c?.roundEffects.includes("surprised") === true, "the surprise's effect is missing");
      for (const id of world.surpriseCards()) check((world.doc(id).flags as Record<string, Record<string, { done: boolean }>>)["age-of-dragons"]?.surpriseRecord?.done === true, "the surprise's record was left half-done");
    });
    expect(count).toBe(ONLY_SEED === null ? SCHEDULES : 1);
  });

  /** After a resolve step's flow: every card once, in order, every mark once, nothing seen before its reveal. */
  function stepOnce(world: World, secret: boolean): void {
    const cards = world.declarationCards().map((c) => `${c.kind}:${c.combatantId}`);
    const expected = secret ? ["revealed:a", "aborted:a", "revealed:b"] : ["aborted:a"];
    check(JSON.stringify(cards) === JSON.stringify(expected), `the step's cards were ${cards.join(", ") || "none"}, not ${expected.join(", ")}`);
    check(world.declarationCards().find((c) => c.kind === "aborted")?.reason === ABORT_REASON, "the aborted card does not say why");
    const d = world.declarations();
    check(d.a?.aborted === ABORT_REASON && !d.a.sealed && d.a.text === DECLARED.a?.text, "a's declaration is not public and aborted");
    check(d.b?.resolved === true && d.b.aborted === "" && d.b.text === DECLARED.b?.text, "b's action was not taken");
    const now = world.state();
    check(now.combatants.a?.acted === true && now.combatants.b?.acted === true, "an abort or an action did not spend the battle action");
    check(now.combatants.c?.acted === false, "c acted without a declaration");
    if (secret) {
      // c's declaration is held by no GM: it stays sealed, takes no action, and the GM running the step is told.
      check(d.c?.sealed === true && d.c.text === "", "c's sealed declaration was seen");
      check(world.clients.gm1.told.includes("missing:c") || world.clients.gm2.told.includes("missing:c"), "no GM was told that c's declaration is missing");
      // Revealed declarations are gone from the GM's store; what is still kept was never revealed.
      check(Object.keys(world.clients.gm1.secrets.combats[COMBAT]?.entries ?? {}).length === 0, "a revealed declaration stayed in the GM's store");
    }
  }

  for (const secret of [false, true]) {
    const name = secret ? "a change of active GM in the middle of a reveal (secret declaration)" : "a change of active GM in the middle of a resolve step (reverse declaration)";
    it(`${name}, with the old GM coming back (${ONLY_SEED === null ? STEP_SCHEDULES : 1} schedules)`, async () => {
      let handed = 0;
      let toldMissing = 0;
      const count = await explore(secret ? "reveal-hand-over" : "resolve-hand-over", async (seed) => {
        const world = new World(seed, { declarations: secret ? "secret" : "reverse" });
        const events: (() => void)[] = [
          () => { world.runStep(world.clients.gm1); },
          () => {
            // gm1 reloads mid-step: gm2 becomes the active GM and takes over.
            if (world.declarationCards().length < (secret ? 3 : 1)) handed += 1;
            world.clients.gm1.reload();
            world.connected();
          },
          () => { world.revive("gm1"); },
        ];
        await world.run(events, 0.2);
        await world.finish();
        common(world);
        stepOnce(world, secret);
        // gm2 taking over before gm1 revealed holds nothing of a's: a takes no action there, and gm2 is told.
        if (world.clients.gm2.told.includes("missing:a")) toldMissing += 1;
      }, STEP_SCHEDULES);
      expect(count).toBe(ONLY_SEED === null ? STEP_SCHEDULES : 1);
      // The hand-over does come while the step is under way.
      if (ONLY_SEED === null) expect(handed).toBeGreaterThan(0);
      if (ONLY_SEED === null && secret) expect(toldMissing).toBeGreaterThan(0);
    });
  }
});
