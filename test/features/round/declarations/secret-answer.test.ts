// How a secret declaration reaches the active GM (src/features/round/declarations/secret-answer.ts): only with the token of an open question.
import { describe, expect, it } from "vitest";
import { AskedQuestions, MAX_TOKENS, OpenQuestions, answerTokens, readAnswerReply } from "../../../../src/features/round/declarations/secret-answer";
import { SECRET_REASONS } from "../../../../src/features/round/declarations/secret-store";

const TOKEN = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";
const OTHER = "ffffffffffffffffffffffffffffffff";
const question = { combatId: "c1", combatantId: "a", round: 2, index: 1 };
const answer = (values: Record<string, unknown> = {}) => ({ ...question, tokens: [TOKEN], choice: { action: "other", text: "Roar" }, ...values });

function opened(): OpenQuestions {
  const open = new OpenQuestions();
  open.open({ ...question, userId: "u1", token: TOKEN });
  return open;
}

describe("OpenQuestions.match: the GM keeps only answers carrying its token", () => {
  it("matches an answer with the token to the question and the user the GM asked", () => {
    const out = opened().match(answer());
    if ("refused" in out) throw new Error(out.refused);
    expect(out.question.userId).toBe("u1");
    expect(out.payload.choice.text).toBe("Roar");
    expect(out.payload.combatantId).toBe("a");
  });
  it("finds the GM's token among others a hostile asker sent the declarer", () => {
    const out = opened().match(answer({ tokens: [OTHER, TOKEN] }));
    expect("refused" in out).toBe(false);
  });
  it.each([
    ["no token", { tokens: undefined }],
    ["a token nobody was sent", { tokens: [OTHER] }],
    ["an empty token list", { tokens: [] }],
    ["a token that is not a string", { tokens: [42] }],
    ["a short token", { tokens: ["abc"] }],
    ["too many tokens", { tokens: Array.from({ length: MAX_TOKENS + 1 }, () => TOKEN) }],
  ])("refuses an answer with %s", (_what, values) => {
    expect(opened().match(answer(values))).toEqual({ refused: SECRET_REASONS.NotAsked });
  });
  it.each([
    ["another combatant", { combatantId: "b" }],
    ["another step", { index: 2 }],
    ["another round", { round: 3 }],
    ["another combat", { combatId: "c2" }],
  ])("refuses a right token on an answer about %s", (_what, values) => {
    expect(opened().match(answer(values))).toEqual({ refused: SECRET_REASONS.WrongStep });
  });
  it("refuses a malformed choice, and never throws on hostile values", () => {
    expect("refused" in opened().match(answer({ choice: { action: "fly" } }))).toBe(true);
    for (const hostile of [null, undefined, 5, "x", [], { tokens: "abc" }, { tokens: [TOKEN] }]) {
      expect("refused" in opened().match(hostile)).toBe(true);
    }
  });
  it("refuses the token once the question is closed (kept, or the query ended)", () => {
    const open = opened();
    open.close(TOKEN);
    expect(open.size).toBe(0);
    expect(open.match(answer())).toEqual({ refused: SECRET_REASONS.NotAsked });
  });
  it("reads the tokens only from a list of well-formed strings", () => {
    expect(answerTokens({ tokens: [TOKEN, OTHER] })).toEqual([TOKEN, OTHER]);
    expect(answerTokens({ tokens: [TOKEN, "bad token!"] })).toBeUndefined();
    expect(answerTokens(null)).toBeUndefined();
  });
});

describe("AskedQuestions: the declarer's client opens one dialog per question and sends every token it got", () => {
  it("opens the dialog for the first asking only and keeps each token once", () => {
    const asked = new AskedQuestions();
    expect(asked.add(question, TOKEN)).toBe(true);
    expect(asked.add(question, OTHER)).toBe(false);
    expect(asked.add(question, OTHER)).toBe(false);
    expect(asked.tokens(question)).toEqual([TOKEN, OTHER]);
    expect(asked.add({ ...question, index: 3 }, OTHER)).toBe(true);
    expect(asked.tokens({ ...question, index: 3 })).toEqual([OTHER]);
  });
  it("keeps the newest tokens when asked more often than an answer carries", () => {
    const asked = new AskedQuestions();
    const tokens = Array.from({ length: MAX_TOKENS + 3 }, (_v, i) => `${String(i).padStart(2, "0")}${TOKEN.slice(2)}`);
    for (const t of tokens) asked.add(question, t);
    expect(asked.tokens(question)).toEqual(tokens.slice(-MAX_TOKENS));
  });
  it("forgets a question once answered, so the next asking opens a dialog again", () => {
    const asked = new AskedQuestions();
    asked.add(question, TOKEN);
    asked.forget(question);
    expect(asked.tokens(question)).toEqual([]);
    expect(asked.add(question, OTHER)).toBe(true);
  });
});

describe("readAnswerReply", () => {
  it("reads kept, a refusal's en.json key, and anything else as not kept", () => {
    expect(readAnswerReply({ ok: true })).toEqual({ ok: true });
    expect(readAnswerReply({ ok: false, reason: "AOD.Declare.Reason.NeedsTarget" })).toEqual({ ok: false, reason: "AOD.Declare.Reason.NeedsTarget" });
    expect(readAnswerReply({ ok: false, reason: "<img src=x>" })).toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(readAnswerReply(null)).toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
    expect(readAnswerReply({ ok: "yes" })).toEqual({ ok: false, reason: SECRET_REASONS.NotAsked });
  });
});
