// A world of plain objects for the attack card's flow (src/features/attack/attack-steps.ts, the logic behind
// attack-flow.ts): users, actors read from the shipped bestiary, the chat log, and one client per user implementing
// the flow's Foundry calls. A player's request goes to the active GM's registry with the player as its author, as
// core's request messages do (core/requests/requests.ts); a query goes to the asked user's handler, as Foundry's
// server routes `User#query` (client/documents/user.mjs), and rejects when that user is not connected.
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { actorSnapshot, combatantState } from "../../../src/data/actor/actor-snapshot";
import type { ActorData } from "../../../src/data/actor/actor-data";
import { combatantChecks } from "../../../src/data/message/attack-actors";
import { parseAttackSource } from "../../../src/data/message/attack-source";
import type { AttackSource } from "../../../src/data/message/attack-source";
import type { DocumentUpdates } from "../../../src/data/combat/updates";
import { RequestRegistry } from "../../../src/core/requests/registry";
import type { Requester, Verdict } from "../../../src/core/requests/registry";
import { WriteQueue } from "../../../src/core/writes/write-queue";
import type { OpTargets } from "../../../src/core/writes/write-once";
import { quickPlayState } from "../../../src/rules/attack-card-legality";
import { defenceChecks } from "../../../src/rules/attack-card-checks";
import { mayDefend } from "../../../src/rules/procedures/readiness";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { StateChange } from "../../../src/rules/state";
import type { AttackCard } from "../../../src/rules/attack-card";
import { DEFENCE_CLAIM_FLAG, readDefenceClaim } from "../../../src/features/attack/card-writes";
import { AttackSteps } from "../../../src/features/attack/attack-steps";
import type { AttackIO, AttackUser, AttackSituation, CardDoc, DeclareSituation, DefenceDialog, PoolRolled } from "../../../src/features/attack/attack-io";
import type { DeclarePayload } from "../../../src/features/attack/attack-requests";
import { applyUpdate, copyJSON } from "../../data/combat/foundry-update";
import { bestiary } from "../../data/check/bestiary";
import { translation } from "../../data/lang";

type Plain = Record<string, unknown>;

/** The Sable Dragon's Tooth and Claw item (packs/_source/bestiary/sable-dragon.yml). */
export const CLAWS = "K6IPXsi9uoCKBDp0";

/** The Argent Dragon's Tooth and Claw item (packs/_source/bestiary/argent-dragon.yml). */
export const ARGENT_CLAWS = "ksrcgluL7KEAZQXG";

/** The Knight's Sword item (packs/_source/bestiary/knight.yml). */
export const SWORD = "P4JqPVy1oWcKGc8z";

/** The bestiary entries, read once for the file. */
const BESTIARY = new Map<string, ActorData>();

/** A card's world in these tests: quick play, the participants present and the skirmish they make. */
export interface TestWorld extends AttackSituation {
  ids: string[];
}

/** One chat message as the server holds it. */
export interface Message {
  id: string;
  type: "attack" | "claim";
  author: string;
  system: unknown;
  flags: Plain;
  rolls: unknown[];
  speaker?: unknown;
}

/** One actor: its data (bestiary), its player owners, and every update written to it. */
export interface ActorDoc {
  id: string;
  source: Plain;
  owners: string[];
  updates: Plain[];
  /** Its snapshot as last read (null once an update lands). */
  snapshot: ReturnType<typeof actorSnapshot> | null;
}

/** A query as the asked user's client receives it. */
export interface Asked {
  from: string;
  to: string;
  name: string;
  data: Plain;
  timeout: number;
}

/** A request message a player posted, with the verdict the active GM wrote on it. */
export interface Sent {
  from: string;
  kind: string;
  payload: Plain;
  summary: string;
  verdict: Verdict | "waiting";
}

/** en.json's text for a key, with its values put in; a missing key shows as such, so a test sees it. */
export function english(key: string, data?: Readonly<Record<string, unknown>>): string {
  const text = translation(key);
  if (text === undefined) return `MISSING ${key}`;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (data && name in data ? String(data[name]) : whole));
}

/** A promise the test settles by hand (a player still thinking). */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The server and every client. */
export class Net {
  readonly users = new Map<string, AttackUser>();
  readonly actors = new Map<string, ActorDoc>();
  readonly messages = new Map<string, Message>();
  readonly clients = new Map<string, Client>();
  /** Each user's answer to the defence query (none: the query times out). */
  readonly handlers = new Map<string, (data: Plain) => Promise<unknown>>();
  readonly asked: Asked[] = [];
  readonly sent: Sent[] = [];
  activeGM: string | null = null;
  autoNpc = false;
  /** Who grapples whom (pairs of actor ids), at zero distance. */
  grapples: [string, string][] = [];
  /** Every die of each kind of roll shows this face. */
  faces = { attack: 6, defence: 1, damage: 6 };
  #ids = 0;

  newId(): string {
    this.#ids += 1;
    return `msg${String(this.#ids)}`;
  }

  user(id: string, name: string, isGM = false, active = true): Client {
    this.users.set(id, { id, name, isGM, active });
    const client = new Client(this, id);
    this.clients.set(id, client);
    return client;
  }

  actor(id: string, file: string, owners: string[]): ActorDoc {
    const data = BESTIARY.get(file) ?? bestiary(file);
    BESTIARY.set(file, data);
    const source = { ...(copyJSON(data) as unknown as Plain), _id: id, flags: {} };
    const doc: ActorDoc = { id, source, owners, updates: [], snapshot: null };
    this.actors.set(id, doc);
    return doc;
  }

  /** The users who own an actor now (a GM owns every actor). */
  ownersOf(actorId: string): AttackUser[] {
    const actor = this.actors.get(actorId);
    if (!actor) return [];
    return [...this.users.values()].filter((u) => u.isGM || actor.owners.includes(u.id)).map((u) => ({ ...u }));
  }

  snapshot(actorId: string): ReturnType<typeof actorSnapshot> {
    const actor = this.actors.get(actorId);
    if (!actor) throw new Error(`no actor ${actorId}`);
    actor.snapshot ??= actorSnapshot(actor.source as unknown as ActorData);
    return actor.snapshot;
  }

  /** The world of these participants: those present, at close quarters (quick play). */
  world(ids: readonly string[], names: Readonly<Record<string, string>> = {}): TestWorld {
    const present = ids.filter((id) => this.actors.has(id));
    const fresh = quickPlayState(present.map((id) => combatantState(this.snapshot(id), { id, side: "", altitude: "mid", name: this.snapshot(id).name })));
    const held = this.grapples.filter(([x, y]) => present.includes(x) && present.includes(y)).map(([x, y]) => pairKey(x, y));
    const state = { ...fresh, grapples: held, distances: { ...fresh.distances, ...Object.fromEntries(held.map((key) => [key, "zero" as const])) } };
    return { state, round: { inCombat: false }, missing: ids.filter((id) => !this.actors.has(id)).map((id) => names[id] ?? id), ids: present };
  }

  /** The card a message holds. */
  card(id: string): AttackCard {
    return parseAttackSource(this.messages.get(id)?.system).card;
  }

  source(id: string): AttackSource {
    return parseAttackSource(this.messages.get(id)?.system);
  }

  /** The attack card messages, oldest first. */
  cards(): Message[] {
    return [...this.messages.values()].filter((m) => m.type === "attack");
  }

  query(from: string, to: string, name: string, data: Plain, timeout: number): Promise<unknown> {
    this.asked.push({ from, to, name, data, timeout });
    if (this.users.get(to)?.active !== true) return Promise.reject(new Error(`${to} is not connected`));
    const handler = this.handlers.get(to);
    return handler ? handler(data) : Promise.reject(new Error("the query timed out"));
  }

  /** Lets every answer and operation under way finish. */
  async settle(): Promise<void> {
    for (let i = 0; i < 30; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One user's client: the flow's Foundry calls against the net. */
export class Client implements AttackIO<TestWorld> {
  readonly queue = new WriteQueue();
  readonly registry = new RequestRegistry(this.queue);
  readonly steps: AttackSteps<TestWorld>;
  readonly warnings: string[] = [];
  readonly logs: string[] = [];
  /** The defence prompts this client showed, and what its user chooses in each, in order (null: closed). */
  readonly dialogs: DefenceDialog[] = [];
  choices: (string | null)[] = [];
  /** Every wait this client made (ms); `whileWaiting` runs during one (the card's prompt arriving meanwhile). */
  readonly waits: number[] = [];
  whileWaiting: () => void = () => undefined;
  #tokens = 0;

  constructor(
    readonly net: Net,
    readonly userId: string,
  ) {
    this.steps = new AttackSteps(this, this.registry);
    this.steps.registerKinds();
  }

  user(): AttackUser {
    const user = this.net.users.get(this.userId);
    if (!user) throw new Error(`no user ${this.userId}`);
    return user;
  }
  isActiveGM(): boolean {
    return this.net.activeGM === this.userId;
  }
  runningCombatId(): string | null {
    return null;
  }
  #doc(message: Message): CardDoc {
    const net = this.net;
    return {
      id: message.id,
      authoredByGM: net.users.get(message.author)?.isGM === true,
      get readable() {
        try {
          parseAttackSource(message.system);
          return true;
        } catch {
          return false;
        }
      },
      source: () => parseAttackSource(message.system),
      flag: (key) => (message.flags[SYSTEM_ID] as Plain | undefined)?.[key],
      update: (update, roll = null) => {
        if (!net.messages.has(message.id)) return Promise.reject(new Error(`message ${message.id} is gone`));
        applyUpdate(message as unknown as Plain, copyJSON(update));
        if (roll !== null) message.rolls.push(copyJSON(roll));
        return Promise.resolve();
      },
    };
  }
  card(id: string): CardDoc | null {
    const message = this.net.messages.get(id);
    return message?.type === "attack" ? this.#doc(message) : null;
  }
  cards(recent?: number): CardDoc[] {
    const all = [...this.net.messages.values()];
    return (recent === undefined ? all : all.slice(-recent)).filter((m) => m.type === "attack").map((m) => this.#doc(m));
  }
  claims(): { id: string; authoredByGM: boolean; record: unknown }[] {
    return [...this.net.messages.values()].flatMap((m) => {
      const record = (m.flags[SYSTEM_ID] as Plain | undefined)?.[DEFENCE_CLAIM_FLAG];
      return readDefenceClaim(record) === null ? [] : [{ id: m.id, authoredByGM: this.net.users.get(m.author)?.isGM === true, record }];
    });
  }
  messageExists(id: string): boolean {
    return this.net.messages.has(id);
  }
  deleteMessage(id: string): Promise<void> {
    this.net.messages.delete(id);
    return Promise.resolve();
  }
  post(data: Plain): Promise<string | null> {
    const id = this.net.newId();
    this.net.messages.set(id, {
      id,
      type: "attack",
      author: this.userId,
      system: copyJSON(data.system),
      flags: {},
      rolls: copyJSON(data.rolls as unknown[]),
      speaker: data.speaker,
    });
    return Promise.resolve(id);
  }
  postClaim(id: string, _targetName: string, flags: Plain): Promise<void> {
    if (this.net.messages.has(id)) return Promise.reject(new Error(`a document with id ${id} exists`));
    this.net.messages.set(id, { id, type: "claim", author: this.userId, system: {}, flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: copyJSON(flags) } }, rolls: [] });
    return Promise.resolve();
  }
  rollJSON(roll: unknown): object | null {
    return typeof roll === "object" && roll !== null ? roll : null;
  }
  declareSituation(payload: DeclarePayload): Promise<DeclareSituation<TestWorld> | null> {
    const idOf = (uuid: string) => uuid.replace(/^Actor\./, "");
    const attackerId = idOf(payload.attacker);
    if (!this.net.actors.has(attackerId)) return Promise.resolve(null);
    const found = [attackerId, ...payload.targets.map(idOf).filter((id) => this.net.actors.has(id))];
    const participants = Object.fromEntries(found.map((id) => [id, { name: this.net.snapshot(id).name, snapshot: this.net.snapshot(id) }]));
    const refs = Object.fromEntries(found.map((id) => [id, { actorUuid: `Actor.${id}`, tokenUuid: null }]));
    return Promise.resolve({
      attackerId,
      attackerOwners: this.net.ownersOf(attackerId).map((u) => u.id),
      participants,
      refs,
      combatId: "",
      missing: payload.targets.filter((uuid) => !this.net.actors.has(idOf(uuid))),
      situation: this.net.world(found),
      speaker: { actor: attackerId },
    });
  }
  situation(source: AttackSource): Promise<TestWorld> {
    const names = Object.fromEntries([source.card.attacker, ...source.card.targets].map((p) => [p.id, p.name]));
    return Promise.resolve(this.net.world(Object.keys(source.refs), names));
  }
  owners(situation: TestWorld): Record<string, AttackUser[]> {
    return Object.fromEntries(situation.ids.map((id) => [id, this.net.ownersOf(id)]));
  }
  options(card: AttackCard, situation: TestWorld, targetId: string): ReturnType<typeof defenceChecks> {
    if (!situation.ids.includes(targetId)) return [];
    const may = situation.state.combatants[targetId] !== undefined && mayDefend(situation.state, targetId).allowed;
    return defenceChecks(card.action, card.weapon, combatantChecks(this.net.snapshot(targetId)), may);
  }
  updatesFor(situation: TestWorld, changes: readonly StateChange[]): DocumentUpdates {
    const updates: DocumentUpdates = { combat: {}, actors: {}, items: {}, statuses: {} };
    const after = applyChanges(situation.state, changes);
    for (const id of situation.ids) {
      const before = situation.state.combatants[id];
      const now = after.combatants[id];
      if (before && now && now.life.wounds !== before.life.wounds) updates.actors[id] = { "system.life.wounds": now.life.wounds };
    }
    return updates;
  }
  targets(): OpTargets {
    const net = this.net;
    return {
      combat: null,
      actor: (id) => {
        const actor = net.actors.get(id);
        if (!actor) return null;
        return {
          ops: () => ((actor.source.flags as Plain)[SYSTEM_ID] as Plain | undefined)?.ops,
          update: (data) => {
            actor.updates.push(copyJSON(data));
            applyUpdate(actor.source, copyJSON(data));
            actor.snapshot = null;
            return Promise.resolve();
          },
          updateItems: () => Promise.resolve(),
          setStatus: () => Promise.resolve(),
        };
      },
    };
  }
  #roll(kind: "attack" | "defence" | "damage", pool: number): Promise<PoolRolled> {
    const faces = Array.from({ length: pool }, () => this.net.faces[kind]);
    return Promise.resolve({ ok: true, roll: pool === 0 ? null : { kind, faces }, faces });
  }
  rollAttack(pool: number): Promise<PoolRolled> {
    return this.#roll("attack", pool);
  }
  rollDefence(pool: number): Promise<PoolRolled> {
    return this.#roll("defence", pool);
  }
  rollDamage(pool: number): Promise<PoolRolled> {
    return this.#roll("damage", pool);
  }
  autoNpcDefence(): boolean {
    return this.net.autoNpc;
  }
  defenceTimeout(): number {
    return 60_000;
  }
  modifierCap(): { dice: number; tn: number } {
    return { dice: 2, tn: 1 };
  }
  query(userId: string, name: string, data: Plain, timeout: number): Promise<unknown> {
    return this.net.query(this.userId, userId, name, data, timeout);
  }
  token(): string {
    this.#tokens += 1;
    return `${this.userId.length.toString(16)}${this.#tokens.toString(16)}`.padEnd(32, "a");
  }
  dialog(prompt: DefenceDialog): Promise<string | null> {
    this.dialogs.push(prompt);
    return Promise.resolve(this.choices.shift() ?? null);
  }
  wait(ms: number): Promise<void> {
    this.waits.push(ms);
    this.whileWaiting();
    return Promise.resolve();
  }
  /** This user answers the GM's defence queries on this client, as its registered query handler does. */
  answersQueries(): void {
    this.net.handlers.set(this.userId, (data) => this.steps.answerQuery(data));
  }
  async sendRequest(kind: string, payload: Plain, summary: string): Promise<void> {
    const sent: Sent = { from: this.userId, kind, payload, summary, verdict: "waiting" };
    this.net.sent.push(sent);
    const gm = this.net.activeGM === null ? undefined : this.net.clients.get(this.net.activeGM);
    if (!gm) return;
    const user = this.user();
    const author: Requester = { id: user.id, name: user.name, isGM: user.isGM };
    sent.verdict = await gm.registry.process(kind, payload, author);
  }
  format(key: string, data?: Readonly<Record<string, unknown>>): string {
    return english(key, data);
  }
  warn(text: string): void {
    this.warnings.push(text);
  }
  log(_level: "warn" | "error", message: string): void {
    this.logs.push(message);
  }
}
