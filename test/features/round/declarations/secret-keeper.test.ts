// Secret declaration's flow (src/features/round/declarations/secret-keeper.ts, the logic behind secret-flow.ts):
// clients with plain fake documents, users, queries and browser storage; a query goes straight to the asked
// client's handler, as Foundry's server routes `User#query` (client/documents/user.mjs).
import { describe, expect, it } from "vitest";
import { sealedDeclaration } from "../../../../src/data/combat/declaration";
import type { DeclarationChoice } from "../../../../src/data/combat/declaration";
import type { StoredDeclaration } from "../../../../src/data/combat/stored";
import { REQUEST_REASONS } from "../../../../src/core/requests/registry";
import { SECRET_REASONS, emptySecrets, keepSecret } from "../../../../src/features/round/declarations/secret-store";
import { TOKEN_PATTERN } from "../../../../src/features/round/declarations/secret-answer";
import { queryToken } from "../../../../src/core/requests/query-token";
import {
  ANSWER_TIMEOUT,
  DECLARE_ANSWER_QUERY,
  DECLARE_QUERY,
  DECLARE_TIMEOUT,
  SecretDeclarations,
  secretStorageKey,
} from "../../../../src/features/round/declarations/secret-keeper";
import type { SecretCombat, SecretIO, SecretStep, SecretUser } from "../../../../src/features/round/declarations/secret-keeper";

const SECRET = "Roar at dawn, then dive on the archers";
const IMPOSSIBLE = "AOD.Declaration.Reason.TestImpossible";
const choice = (text: string = SECRET): DeclarationChoice => ({ action: "other", weaponId: "", targetId: "", move: null, text });
const declared = (phase: string, text: string): StoredDeclaration => ({
  phase, text, target: "", action: "", aborted: "", choice: JSON.stringify(choice(text)), sealed: false, resolved: false,
});

const user = (id: string, values: Partial<SecretUser> = {}): SecretUser => ({ id, name: id.toUpperCase(), active: true, isGM: false, ...values });

/** The combat document as the server holds it: what every client receives. */
class CombatDoc {
  id = "c1";
  round = 2;
  cursor = { round: 2, index: 1 };
  step: SecretStep | null = { kind: "declare", phase: "battle", combatants: ["a", "b", "n"] };
  mode = "secretDeclaration";
  started = true;
  names: Record<string, string> = { a: "Ash", b: "Briar", n: "Wyrm" };
  owners: Record<string, SecretUser[]> = { a: [user("gm", { isGM: true }), user("p1")], b: [user("p2")], n: [user("gm", { isGM: true })] };
  /** Every update written: what every client receives. */
  updates: Record<string, unknown>[] = [];
  /** The write queue's operations wait for this (a test holds it to move the combat meanwhile). */
  gate: Promise<void> = Promise.resolve();

  moveOn(): void {
    this.cursor = { round: 2, index: 2 };
    this.step = { kind: "resolve", phase: "battle", combatants: ["a", "b", "n"] };
  }
}

/** A client of one user: its view of the documents, its queries, its notifications, its browser's storage. */
class Client implements SecretIO {
  readonly secrets: SecretDeclarations;
  readonly notes: { level: string; key: string; data?: Record<string, string> }[] = [];
  readonly logs: string[] = [];
  /** What the declaration dialog answers, in order (null: closed); each opening records the error it shows. */
  dialog: (DeclarationChoice | null)[] = [];
  readonly dialogErrors: string[] = [];
  /** The dialog answers once this settles (a player still thinking). */
  dialogWait: Promise<void> = Promise.resolve();
  #tokens = 0;

  constructor(
    readonly net: Net,
    readonly userId: string,
    readonly browser: { text: string | null; failing?: boolean } = { text: null },
  ) {
    this.secrets = new SecretDeclarations(this);
    net.clients.set(userId, this);
  }

  /** A reload: the same browser storage, nothing in memory. */
  reload(): Client {
    return new Client(this.net, this.userId, this.browser);
  }

  combat(id: string): SecretCombat | null {
    const doc = this.net.combats.get(id);
    return doc ? this.view(doc) : null;
  }
  combats(): SecretCombat[] {
    return [...this.net.combats.values()].map((d) => this.view(d));
  }
  isActiveGM(): boolean {
    return this.net.activeGM === this.userId;
  }
  activeGM(): string | null {
    return this.net.activeGM;
  }
  query(userId: string, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown> {
    return this.net.query(this.userId, userId, name, data, timeout);
  }
  token(): string {
    this.#tokens += 1;
    return `${this.userId}${String(this.#tokens)}`.padEnd(32, "0");
  }
  readonly storage = {
    read: (): string | null => this.browser.text,
    write: (text: string): void => {
      if (this.browser.failing === true) throw new Error("quota");
      this.browser.text = text;
    },
  };
  notify(level: "info" | "warn", key: string, data?: Record<string, string>): void {
    this.notes.push(data === undefined ? { level, key } : { level, key, data });
  }
  localize(key: string): string {
    return `<${key}>`;
  }
  log(message: string): void {
    this.logs.push(message);
  }

  /** The combat as this client's user sees it, read live from the document. */
  view(doc: CombatDoc): SecretCombat {
    const owners = (id: string) => doc.owners[id] ?? [];
    return {
      get id() { return doc.id; },
      get round() { return doc.round; },
      get cursor() { return doc.cursor; },
      get step() { return doc.step; },
      get mode() { return doc.mode; },
      get started() { return doc.started; },
      name: (id) => doc.names[id] ?? null,
      owners: (id) => doc.owners[id] ?? null,
      owns: (userId, id) => owners(id).some((u) => u.id === userId),
      mine: (id) => owners(id).some((u) => u.id === this.userId),
      rule: (c, _id, phase) => (c.text === "impossible" ? { ok: false, reason: IMPOSSIBLE } : { ok: true, declaration: declared(phase, c.text) }),
      choose: async (_id, error) => {
        this.dialogErrors.push(error);
        await this.dialogWait;
        return this.dialog.shift() ?? null;
      },
      serially: async (task) => {
        await doc.gate;
        return task();
      },
      update: (data) => {
        doc.updates.push(structuredClone(data));
        return Promise.resolve();
      },
    };
  }
}

interface Sent {
  from: string;
  to: string;
  name: string;
  data: Record<string, unknown>;
  timeout: number;
  reply?: unknown;
}

/** The server: routes each query to the asked client's handler; `hold` keeps the declare queries waiting. */
class Net {
  readonly clients = new Map<string, Client>();
  readonly combats = new Map<string, CombatDoc>([["c1", new CombatDoc()]]);
  activeGM: string | null = "gm";
  readonly sent: Sent[] = [];
  /** Declare queries not passed on yet (a player slow to open its dialog); `release` passes them, `timeOut` fails them. */
  readonly held: { sent: Sent; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  hold = false;

  get doc(): CombatDoc {
    const doc = this.combats.get("c1");
    if (!doc) throw new Error("no combat");
    return doc;
  }

  async query(from: string, to: string, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown> {
    const sent: Sent = { from, to, name, data: structuredClone(data), timeout };
    this.sent.push(sent);
    if (this.hold && name === DECLARE_QUERY) {
      return new Promise((resolve, reject) => this.held.push({ sent, resolve, reject }));
    }
    return this.deliver(sent);
  }

  async deliver(sent: Sent): Promise<unknown> {
    const client = this.clients.get(sent.to);
    if (!client) throw new Error(`User [${sent.to}] is not active`);
    const handler = sent.name === DECLARE_QUERY ? client.secrets.answerQuery(sent.data) : client.secrets.receiveAnswer(sent.data);
    sent.reply = await handler;
    return sent.reply;
  }

  async release(): Promise<void> {
    for (const h of this.held.splice(0)) h.resolve(await this.deliver(h.sent));
  }

  timeOut(): void {
    for (const h of this.held.splice(0)) h.reject(new Error("query timed out"));
  }

  asked(name: string = DECLARE_QUERY): Sent[] {
    return this.sent.filter((s) => s.name === name);
  }
}

/** Lets every pending promise of the fakes settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function table() {
  const net = new Net();
  const gm = new Client(net, "gm");
  const p1 = new Client(net, "p1");
  const p2 = new Client(net, "p2");
  return { net, gm, p1, p2, doc: net.doc };
}

async function askStep(gm: Client): Promise<void> {
  const combat = gm.combat("c1");
  if (!combat?.step) throw new Error("no step");
  await gm.secrets.ask(combat, combat.step);
  await settle();
}

/** The GM's open question to p1 for a, with its token, held unanswered; and an answer to it. */
async function openQuestion() {
  const t = table();
  t.net.hold = true;
  await askStep(t.gm);
  const sent = t.net.asked().find((s) => s.to === "p1");
  if (!sent) throw new Error("p1 was not asked");
  const token = String(sent.data.token);
  const answer = (values: Record<string, unknown> = {}) => ({ combatId: "c1", combatantId: "a", round: 2, index: 1, tokens: [token], choice: choice(), ...values });
  return { ...t, token, answer };
}

describe("the active GM asks each owner with a one-time token", () => {
  it("asks a combatant's connected player owner, with a fresh token and the question, for five minutes", async () => {
    const { net, gm } = await openQuestion();
    const asked = net.asked();
    expect(asked.map((s) => [s.from, s.to, s.data.combatantId])).toEqual([["gm", "p1", "a"], ["gm", "p2", "b"]]);
    const [toP1, toP2] = asked;
    expect(toP1?.data).toMatchObject({ combatId: "c1", combatantId: "a", round: 2, index: 1 });
    expect(toP1?.timeout).toBe(DECLARE_TIMEOUT);
    expect(String(toP1?.data.token)).toMatch(TOKEN_PATTERN);
    expect(toP1?.data.token).not.toBe(toP2?.data.token);
    expect(gm.notes).toContainEqual({ level: "info", key: "AOD.Declare.Notify.Asked", data: { user: "P1", name: "Ash" } });
  });

  it("asks nobody for an NPC or an offline owner's combatant: the GM is told to declare for them", async () => {
    const { net, gm, doc } = table();
    doc.owners.b = [user("p2", { active: false })];
    await askStep(gm);
    expect(net.asked().map((s) => s.to)).toEqual(["p1"]);
    expect(gm.notes).toContainEqual({ level: "info", key: "AOD.Declare.Notify.GMDeclares", data: { names: "Briar, Wyrm" } });
  });

  it("does not ask an owner twice while the first question is open, and asks with a new token once it ended", async () => {
    const { net, gm } = await openQuestion();
    await askStep(gm);
    expect(net.asked()).toHaveLength(2);
    net.timeOut();
    await settle();
    await askStep(gm);
    const asked = net.asked();
    expect(asked).toHaveLength(4);
    expect(asked[2]?.to).toBe("p1");
    expect(asked[2]?.data.token).not.toBe(asked[0]?.data.token);
  });

  it("tells the GM when an owner's question ended without an answer at that step", async () => {
    const { net, gm } = await openQuestion();
    net.timeOut();
    await settle();
    expect(gm.notes).toContainEqual({ level: "warn", key: "AOD.Declare.Notify.NoAnswer", data: { user: "P1", name: "Ash" } });
    expect(gm.logs).toContain("P1 did not declare for Ash");
  });
});

describe("the round trip: the player's choice reaches the active GM alone", () => {
  it("keeps the owner's choice on the GM's client and writes only the sealed mark to the combat", async () => {
    const { gm, p1, p2, doc } = table();
    p1.dialog = [choice()];
    p2.dialog = [choice("Hold")];
    await askStep(gm);
    expect(gm.secrets.held("c1", 2)).toEqual({ a: declared("battle", SECRET), b: declared("battle", "Hold") });
    expect(doc.updates).toEqual([{ "system.declarations.a": sealedDeclaration("battle") }, { "system.declarations.b": sealedDeclaration("battle") }]);
    expect(JSON.stringify(doc.updates)).not.toContain("Roar");
    expect(p1.browser.text).toBeNull();
    expect(p1.notes).toContainEqual({ level: "info", key: "AOD.Declare.Notify.Kept", data: { name: "Ash" } });
  });

  it("sends the choice to the active GM only, and replies to the asker nothing but done", async () => {
    const { net, gm, p1 } = table();
    p1.dialog = [choice()];
    await askStep(gm);
    const answers = net.asked(DECLARE_ANSWER_QUERY);
    expect(answers.map((s) => [s.from, s.to, s.timeout])).toEqual([["p1", "gm", ANSWER_TIMEOUT]]);
    const toP1 = net.asked().find((s) => s.to === "p1");
    expect(toP1?.reply).toEqual({ done: true });
    expect(answers[0]?.data.tokens).toEqual([toP1?.data.token]);
  });

  it("gives another player who asks the declarer nothing of the secret: the choice still goes to the GM, and is refused there", async () => {
    const { net, gm, p1, p2 } = table();
    p1.dialog = [choice()];
    const reply = await p2.query("p1", DECLARE_QUERY, { combatId: "c1", combatantId: "a", round: 2, index: 1, token: "f".repeat(32) }, 1000);
    expect(reply).toEqual({ done: false });
    expect(JSON.stringify(reply)).not.toContain("Roar");
    expect(net.asked(DECLARE_ANSWER_QUERY).map((s) => [s.from, s.to, s.reply])).toEqual([["p1", "gm", { ok: false, reason: SECRET_REASONS.NotAsked }]]);
    expect(gm.secrets.held("c1", 2)).toEqual({});
  });

  it("opens the declarer's dialog once however often it is asked, and sends the GM every token it got", async () => {
    const { net, p1, p2 } = table();
    let answer: () => void = () => undefined;
    p1.dialogWait = new Promise((resolve) => (answer = resolve));
    p1.dialog = [choice()];
    const question = { combatId: "c1", combatantId: "a", round: 2, index: 1 };
    const first = p1.secrets.answerQuery({ ...question, token: "a".repeat(32) });
    const second = p2.query("p1", DECLARE_QUERY, { ...question, token: "b".repeat(32) }, 1000);
    await settle();
    expect(p1.dialogErrors).toEqual([""]);
    answer();
    await expect(first).resolves.toEqual({ done: false });
    await expect(second).resolves.toEqual({ done: false });
    expect(net.asked(DECLARE_ANSWER_QUERY).map((s) => s.data.tokens)).toEqual([["a".repeat(32), "b".repeat(32)]]);
  });

  it("opens no dialog when the combat is not at that step or the combatant is not the user's", async () => {
    const { p1, doc } = table();
    const question = { combatId: "c1", combatantId: "a", round: 2, index: 1, token: "a".repeat(32) };
    p1.dialog = [choice(), choice(), choice(), choice()];
    await expect(p1.secrets.answerQuery({ ...question, combatantId: "b" })).resolves.toEqual({ done: false });
    await expect(p1.secrets.answerQuery({ ...question, index: 0 })).resolves.toEqual({ done: false });
    await expect(p1.secrets.answerQuery({ ...question, token: 5 })).resolves.toEqual({ done: false });
    doc.mode = "reverseDeclaration";
    await expect(p1.secrets.answerQuery(question)).resolves.toEqual({ done: false });
    expect(p1.dialogErrors).toEqual([]);
  });

  it("opens the dialog again with the GM's reason when the choice is refused, up to five times", async () => {
    const { gm, p1 } = table();
    p1.dialog = [choice("impossible"), choice()];
    await askStep(gm);
    expect(p1.dialogErrors).toEqual(["", IMPOSSIBLE]);
    expect(gm.secrets.held("c1", 2).a?.text).toBe(SECRET);

    const again = table();
    again.p1.dialog = Array.from({ length: 6 }, () => choice("impossible"));
    await askStep(again.gm);
    expect(again.p1.dialogErrors).toHaveLength(5);
    expect(again.p1.notes).toContainEqual({ level: "warn", key: "AOD.Declare.Notify.Refused", data: { name: "Ash", reason: `<${IMPOSSIBLE}>` } });
    expect(again.gm.secrets.held("c1", 2)).toEqual({});
  });

  it("tells the declarer when there is no active GM to take the choice", async () => {
    const { net, p1 } = table();
    net.activeGM = null;
    p1.dialog = [choice()];
    await expect(p1.secrets.answerQuery({ combatId: "c1", combatantId: "a", round: 2, index: 1, token: "a".repeat(32) })).resolves.toEqual({ done: false });
    expect(p1.notes).toContainEqual({ level: "warn", key: "AOD.Declare.Notify.NoGM" });
    expect(net.asked(DECLARE_ANSWER_QUERY)).toEqual([]);
  });
});

describe("the GM keeps an answer only with the token of its own open question", () => {
  it("keeps the answer carrying the token", async () => {
    const { gm, answer } = await openQuestion();
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: true });
    expect(gm.secrets.held("c1", 2).a?.text).toBe(SECRET);
  });

  it("refuses a wrong token", async () => {
    const { gm, doc, answer } = await openQuestion();
    await expect(gm.secrets.receiveAnswer(answer({ tokens: ["e".repeat(32)] }))).resolves.toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(gm.secrets.held("c1", 2)).toEqual({});
    expect(doc.updates).toEqual([]);
  });

  it("refuses a token used once already", async () => {
    const { gm, doc, answer } = await openQuestion();
    await gm.secrets.receiveAnswer(answer());
    await expect(gm.secrets.receiveAnswer(answer({ choice: choice("Flee") }))).resolves.toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(gm.secrets.held("c1", 2).a?.text).toBe(SECRET);
    expect(doc.updates).toHaveLength(1);
  });

  it("refuses a token whose question has ended (timed out)", async () => {
    const { gm, net, answer } = await openQuestion();
    net.timeOut();
    await settle();
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
  });

  it("refuses p2's token on an answer about p1's combatant", async () => {
    const { gm, net, answer } = await openQuestion();
    const toP2 = net.asked().find((s) => s.to === "p2");
    await expect(gm.secrets.receiveAnswer(answer({ tokens: [String(toP2?.data.token)] }))).resolves.toEqual({ ok: false, reason: SECRET_REASONS.WrongStep });
    expect(gm.secrets.held("c1", 2)).toEqual({});
  });

  it("refuses an answer from a user who no longer owns the combatant", async () => {
    const { gm, doc, answer } = await openQuestion();
    doc.owners.a = [user("gm", { isGM: true })];
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: false, reason: REQUEST_REASONS.NotOwner });
    expect(gm.secrets.held("c1", 2)).toEqual({});
    expect(doc.updates).toEqual([]);
  });

  it("refuses what the rules refuse, and keeps the question open for a new choice", async () => {
    const { gm, answer } = await openQuestion();
    await expect(gm.secrets.receiveAnswer(answer({ choice: choice("impossible") }))).resolves.toEqual({ ok: false, reason: IMPOSSIBLE });
    expect(gm.secrets.held("c1", 2)).toEqual({});
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: true });
  });

  it("refuses an answer once the combat has moved past the step", async () => {
    const { gm, doc, answer } = await openQuestion();
    doc.moveOn();
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: false, reason: SECRET_REASONS.WrongStep });
    expect(doc.updates).toEqual([]);
  });

  it("writes no mark when the combat moves on while the keeping waits in the write queue", async () => {
    const { gm, doc, answer } = await openQuestion();
    let open: () => void = () => undefined;
    doc.gate = new Promise((resolve) => (open = resolve));
    const reply = gm.secrets.receiveAnswer(answer());
    doc.moveOn();
    open();
    await expect(reply).resolves.toEqual({ ok: false, reason: SECRET_REASONS.WrongStep });
    expect(doc.updates).toEqual([]);
    expect(gm.secrets.held("c1", 2)).toEqual({});
  });

  it("keeps nothing on a client that is not the active GM, even with the token", async () => {
    const { gm, net, answer } = await openQuestion();
    net.activeGM = "gm2";
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(gm.secrets.held("c1", 2)).toEqual({});
  });
});

describe("the GM's own store: memory and this browser's storage", () => {
  it("restores the held secrets from storage after a reload, and asks nobody again for them", async () => {
    const { net, gm, p1, p2 } = table();
    p1.dialog = [choice()];
    await askStep(gm);
    expect(net.asked()).toHaveLength(2);
    expect(p2.dialogErrors).toEqual([""]);
    const reloaded = gm.reload();
    expect(reloaded.secrets.held("c1", 2).a).toEqual(declared("battle", SECRET));
    await reloaded.secrets.sweep();
    await settle();
    expect(net.asked().slice(2).map((s) => s.to)).toEqual(["p2"]);
  });

  it("keeps a secret in memory when the browser refuses to store it", async () => {
    const { gm, answer } = await openQuestion();
    gm.browser.failing = true;
    await expect(gm.secrets.receiveAnswer(answer())).resolves.toEqual({ ok: true });
    expect(gm.secrets.held("c1", 2).a?.text).toBe(SECRET);
    expect(gm.logs).toContain("secret declarations kept in memory only");
    expect(gm.browser.text).toBeNull();
  });

  it("starts empty from unreadable storage, without throwing", () => {
    const gm = new Client(new Net(), "gm", { text: "{not json" });
    expect(gm.secrets.held("c1", 2)).toEqual({});
  });

  it("reveals in order: written to the combat first, forgotten only once written", async () => {
    const { gm, answer } = await openQuestion();
    await gm.secrets.receiveAnswer(answer());
    await expect(gm.secrets.reveal("c1", 2, "battle", ["a", "b"], () => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(gm.reload().secrets.held("c1", 2).a?.text).toBe(SECRET);
    const written: Record<string, StoredDeclaration>[] = [];
    const out = await gm.secrets.reveal("c1", 2, "battle", ["a", "b"], (revealed) => {
      written.push({ ...revealed });
      return Promise.resolve();
    });
    expect(out).toEqual({ revealed: { a: declared("battle", SECRET) }, missing: ["b"] });
    expect(written).toEqual([{ a: declared("battle", SECRET) }]);
    expect(gm.reload().secrets.held("c1", 2)).toEqual({});
  });

  it("forgets a deleted combat's secrets in memory and in storage", async () => {
    const { gm, answer } = await openQuestion();
    await gm.secrets.receiveAnswer(answer());
    gm.secrets.forget("c1");
    expect(gm.secrets.held("c1", 2)).toEqual({});
    expect(gm.browser.text).not.toContain("Roar");
  });

  it("keys the storage by world and user", () => {
    expect(secretStorageKey("w1", "u1")).toBe("age-of-dragons.secretDeclarations.w1.u1");
  });
});

describe("a new active GM asks again only for what it does not hold", () => {
  it("asks, for the current secret declare step, only the owners whose declaration it does not hold", async () => {
    const { net, p1 } = table();
    const gm2 = new Client(net, "gm2");
    const held = keepSecret(emptySecrets(), { combatId: "c1", round: 2, phase: "battle", combatantId: "a", answeredBy: "", asked: null, owns: true, declaration: declared("battle", SECRET) });
    if (!held.ok) throw new Error(held.reason);
    gm2.browser.text = JSON.stringify(held.store);
    net.activeGM = "gm2";
    await gm2.secrets.sweep();
    await settle();
    expect(net.asked().map((s) => [s.from, s.to])).toEqual([["gm2", "p2"]]);
    expect(p1.dialogErrors).toEqual([]);
  });

  it("asks every owner when it holds nothing, and nothing when it is not the active GM", async () => {
    const { net, gm } = table();
    const gm2 = new Client(net, "gm2");
    await gm2.secrets.sweep();
    expect(net.asked()).toEqual([]);
    net.hold = true;
    net.activeGM = "gm2";
    await gm2.secrets.sweep();
    expect(net.asked().map((s) => s.to)).toEqual(["p1", "p2"]);
    expect(gm.notes).toEqual([]);
  });

  it("asks a player who comes online for the combatant the GM was left to declare for", async () => {
    const { net, gm, doc } = table();
    net.hold = true;
    doc.owners.b = [user("p2", { active: false })];
    await askStep(gm);
    expect(net.asked().map((s) => s.to)).toEqual(["p1"]);
    doc.owners.b = [user("p2")];
    await gm.secrets.sweep();
    await settle();
    expect(net.asked().map((s) => s.to)).toEqual(["p1", "p2"]);
  });

  it("asks nothing for a combat not at a secret declare step", async () => {
    const changes = [
      (d: CombatDoc) => (d.mode = "reverseDeclaration"),
      (d: CombatDoc) => (d.started = false),
      (d: CombatDoc) => {
        d.moveOn();
      },
    ];
    for (const change of changes) {
      const { net, gm, doc } = table();
      change(doc);
      await gm.secrets.sweep();
      expect(net.asked()).toEqual([]);
    }
  });
});

describe("the GM declares for a combatant itself", () => {
  it("keeps the GM's choice from its dialog after a refusal, and marks the combatant sealed", async () => {
    const { gm, doc } = table();
    gm.dialog = [choice("impossible"), choice()];
    const combat = gm.combat("c1");
    if (!combat) throw new Error("no combat");
    await gm.secrets.keepOwn(combat, "n");
    expect(gm.dialogErrors).toEqual(["", IMPOSSIBLE]);
    expect(gm.secrets.held("c1", 2).n?.text).toBe(SECRET);
    expect(doc.updates).toEqual([{ "system.declarations.n": sealedDeclaration("battle") }]);
    expect(gm.notes).toContainEqual({ level: "info", key: "AOD.Declare.Notify.Kept", data: { name: "Wyrm" } });
  });

  it("keeps a chosen declaration only on the active GM", async () => {
    const { net, gm } = table();
    const combat = gm.combat("c1");
    if (!combat) throw new Error("no combat");
    net.activeGM = "gm2";
    await expect(gm.secrets.keepChosen(combat, "n", choice())).resolves.toBe("AOD.Declare.Notify.SecretActiveGM");
    net.activeGM = "gm";
    await expect(gm.secrets.keepChosen(combat, "n", choice("impossible"))).resolves.toBe(IMPOSSIBLE);
    await expect(gm.secrets.keepChosen(combat, "n", choice())).resolves.toBeNull();
    expect(gm.secrets.held("c1", 2).n?.text).toBe(SECRET);
  });
});

describe("the tokens secret-flow.ts makes", () => {
  it("are what an answer may carry: queryToken's 32 hex digits from 16 random bytes", () => {
    const token = queryToken(Uint8Array.from({ length: 16 }, (_, i) => 255 - i));
    expect(token).toMatch(TOKEN_PATTERN);
  });
});
