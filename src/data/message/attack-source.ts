/**
 * What an `attack` chat message stores (docs/ATTACK.md "Stored data"): the card's whole state, where its
 * participants live as documents, and who has been asked to defend. Pure: `parseAttackSource` checks stored or
 * incoming data field by field (a RangeError names the bad field), so the data model refuses a malformed card
 * and the GM never acts on one.
 */
import { ANSWER_SOURCES, CARD_STAGES } from "../../rules/attack-card";
import type { AttackCard, CardTarget, DefenceAnswer } from "../../rules/attack-card";
import { CARD_ACTIONS, checkCardCheck, checkModifiers } from "../../rules/attack-card-checks";
import type { CardWeapon } from "../../rules/attack-card-checks";
import { checkWeapon } from "../../rules/procedures/weapon";
import type { StateChange } from "../../rules/state";
import { applyChange } from "../../rules/state";
import { assertFaces, assertNonNegativeInteger, assertOneOf, fail } from "../../rules/validate";

/** Where a participant of the card lives: its actor, and its token when it has one on a scene. */
export interface ParticipantRef {
  actorUuid: string;
  tokenUuid: string | null;
}

/** Who was asked to answer a target's defence, and whether the time ran out. */
export interface DefencePrompt {
  who: "owner" | "gm" | "auto" | "noGM";
  userName: string;
  timedOut: boolean;
  /**
   * For an owner asked by query: the SHA-256 hash of the token the GM sent with it (core/requests/query-token.ts),
   * so the owner's client can tell the GM's query from one another user sent. Absent otherwise.
   */
  tokenHash?: string;
}

/** An `attack` message's system data. */
export interface AttackSource {
  card: AttackCard;
  /** Participant id (as on the card) -> its documents. */
  refs: Record<string, ParticipantRef>;
  /** The combat the card was made in ("" outside combat: quick play). */
  combatId: string;
  /** Target id -> who was asked to defend. */
  prompts: Record<string, DefencePrompt>;
}

const PROMPT_WHO: readonly DefencePrompt["who"][] = ["owner", "gm", "auto", "noGM"];

function obj(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(name, "an object", value);
  return value as Record<string, unknown>;
}

function str(value: unknown, name: string): string {
  if (typeof value !== "string") fail(name, "a string", value);
  return value;
}

function bool(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") fail(name, "true or false", value);
  return value;
}

function dice(value: unknown, name: string): number[] {
  return [...assertFaces(name, value, 6)];
}

function participant(value: unknown, name: string): { id: string; name: string } {
  const p = obj(value, name);
  const id = str(p.id, `${name}.id`);
  if (id === "") fail(`${name}.id`, "a non-empty id", id);
  return { id, name: str(p.name, `${name}.name`) };
}

function weapon(value: unknown): CardWeapon | null {
  if (value === null) return null;
  const w = obj(value, "card.weapon");
  const defenceSkills = w.defenceSkills;
  if (!Array.isArray(defenceSkills)) fail("card.weapon.defenceSkills", "an array of skill identifiers", defenceSkills);
  const snapshot = checkWeapon(w as unknown as CardWeapon, "card.weapon");
  return {
    ...snapshot,
    id: str(w.id, "card.weapon.id"),
    attackSkill: str(w.attackSkill, "card.weapon.attackSkill"),
    defenceSkills: defenceSkills.map((s, i) => str(s, `card.weapon.defenceSkills[${i}]`)),
  };
}

function defence(value: unknown, name: string): DefenceAnswer | null {
  if (value === null) return null;
  const d = obj(value, name);
  const check = d.check === null ? null : checkCardCheck(d.check, `${name}.check`);
  const rolled = d.dice === null ? null : dice(d.dice, `${name}.dice`);
  if ((check === null) !== (rolled === null)) fail(`${name}.dice`, "dice exactly when a check was rolled", d.dice);
  return { check, dice: rolled, by: assertOneOf(`${name}.by`, d.by, ANSWER_SOURCES) };
}

function target(value: unknown, i: number): CardTarget {
  const name = `card.targets[${i}]`;
  const t = obj(value, name);
  const damage =
    t.damage === null
      ? null
      : (() => {
          const d = obj(t.damage, `${name}.damage`);
          return {
            pool: assertNonNegativeInteger(`${name}.damage.pool`, d.pool),
            tn: assertNonNegativeInteger(`${name}.damage.tn`, d.tn),
            dice: dice(d.dice, `${name}.damage.dice`),
          };
        })();
  return { ...participant(t, name), defence: defence(t.defence, `${name}.defence`), damage };
}

function changes(value: unknown, name: string): StateChange[] {
  if (!Array.isArray(value)) fail(name, "an array of changes", value);
  return value.map((c, i) => {
    const change = obj(c, `${name}[${i}]`);
    str(change.type, `${name}[${i}].type`);
    return change as unknown as StateChange;
  });
}

/** Checks a stored card field by field and returns it. */
export function parseCard(value: unknown): AttackCard {
  const c = obj(value, "card");
  const targets = c.targets;
  if (!Array.isArray(targets)) fail("card.targets", "an array", targets);
  const application =
    c.application === null
      ? null
      : (() => {
          const a = obj(c.application, "card.application");
          const log = a.log;
          if (!Array.isArray(log)) fail("card.application.log", "an array", log);
          return {
            changes: changes(a.changes, "card.application.changes"),
            undo: changes(a.undo, "card.application.undo"),
            log: log.map((l, i) => {
              const entry = obj(l, `card.application.log[${i}]`);
              const data = entry.data === undefined ? undefined : (obj(entry.data, `card.application.log[${i}].data`) as Record<string, string | number>);
              return data === undefined ? { key: str(entry.key, "log.key") } : { key: str(entry.key, "log.key"), data };
            }),
          };
        })();
  return {
    action: assertOneOf("card.action", c.action, CARD_ACTIONS),
    attacker: participant(c.attacker, "card.attacker"),
    weapon: weapon(c.weapon),
    killerBlow: bool(c.killerBlow, "card.killerBlow"),
    modifiers: checkModifiers(c.modifiers),
    check: c.check === null ? null : checkCardCheck(c.check, "card.check"),
    attackDice: c.attackDice === null ? null : dice(c.attackDice, "card.attackDice"),
    targets: targets.map(target),
    stage: assertOneOf("card.stage", c.stage, CARD_STAGES),
    refusal: c.refusal === null ? null : str(c.refusal, "card.refusal"),
    application,
  };
}

/** Checks an `attack` message's whole system data and returns it. */
export function parseAttackSource(value: unknown): AttackSource {
  const s = obj(value, "system");
  const card = parseCard(s.card);
  const refs = obj(s.refs, "system.refs");
  const ids = [card.attacker.id, ...card.targets.map((t) => t.id)];
  const parsedRefs: Record<string, ParticipantRef> = {};
  for (const id of ids) {
    const ref = obj(refs[id], `system.refs.${id}`);
    parsedRefs[id] = {
      actorUuid: str(ref.actorUuid, `system.refs.${id}.actorUuid`),
      tokenUuid: ref.tokenUuid === null ? null : str(ref.tokenUuid, `system.refs.${id}.tokenUuid`),
    };
  }
  const prompts: Record<string, DefencePrompt> = {};
  for (const [id, value] of Object.entries(obj(s.prompts, "system.prompts"))) {
    if (!card.targets.some((t) => t.id === id)) fail("system.prompts", "prompts only for the card's targets", id);
    const p = obj(value, `system.prompts.${id}`);
    const prompt: DefencePrompt = {
      who: assertOneOf(`system.prompts.${id}.who`, p.who, PROMPT_WHO),
      userName: str(p.userName, `system.prompts.${id}.userName`),
      timedOut: bool(p.timedOut, `system.prompts.${id}.timedOut`),
    };
    if (p.tokenHash !== undefined) {
      const hash = str(p.tokenHash, `system.prompts.${id}.tokenHash`);
      if (!/^[0-9a-f]{64}$/.test(hash)) fail(`system.prompts.${id}.tokenHash`, "a SHA-256 hash in hex", hash);
      prompt.tokenHash = hash;
    }
    prompts[id] = prompt;
  }
  return { card, refs: parsedRefs, combatId: str(s.combatId, "system.combatId"), prompts };
}

/** Whether a stored card reads cleanly; the data model's validator uses it. */
export function isAttackSource(value: unknown): boolean {
  try {
    parseAttackSource(value);
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/** Checks that a list of changes can be applied to a state (each one's ids and values), for the GM before writing. */
export function changesApply(state: Parameters<typeof applyChange>[0], list: readonly StateChange[]): boolean {
  try {
    list.reduce(applyChange, state);
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}
