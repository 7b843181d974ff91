/**
 * What the macro compendium's macros decide before they touch Foundry: which token acts (exactly one selected,
 * with an actor the user owns), and which weapon is the best one to attack with now. Each refusal is an en.json
 * key with its data, so a player is told clearly what is wrong. Pure: no Foundry globals.
 */

/** A selected token as the macros see it. */
export interface TokenChoice {
  readonly id: string;
  readonly name: string;
  /** Whether it has an actor at all. */
  readonly hasActor: boolean;
  /** Whether the user owns that actor. */
  readonly isOwner: boolean;
}

/** Why a macro did nothing: an en.json key and its data. */
export interface MacroRefusal {
  readonly key: string;
  readonly data?: Readonly<Record<string, string>>;
}

/** The one token the macro acts for, or why there is none. */
export function actingToken(selected: readonly TokenChoice[]): { token: TokenChoice } | { refusal: MacroRefusal } {
  const [token, ...others] = selected;
  if (token === undefined) return { refusal: { key: "AOD.Macros.Refusal.NoToken" } };
  if (others.length > 0) return { refusal: { key: "AOD.Macros.Refusal.OneToken", data: { count: String(selected.length) } } };
  if (!token.hasActor) return { refusal: { key: "AOD.Macros.Refusal.NoActor", data: { name: token.name } } };
  if (!token.isOwner) return { refusal: { key: "AOD.Macros.Refusal.NotOwner", data: { name: token.name } } };
  return { token };
}

/** A weapon the acting actor could attack with, as the best-weapon choice weighs it. */
export interface WeaponOption {
  readonly id: string;
  readonly name: string;
  /** The attack check's dice and TN. */
  readonly pool: number;
  readonly tn: number;
  readonly damageTN: number;
  readonly magicCost: number;
  /** The board's answer for this weapon against the target now: undefined outside a combat (the card decides). */
  readonly refusal?: string;
}

/** The expected successes of a pool at a TN: a die succeeds on TN..6, a 1 never does (000 "Checks"). */
function expectedSuccesses(pool: number, tn: number): number {
  const faces = Math.max(0, Math.min(5, 7 - Math.max(2, tn)));
  return (Math.max(0, pool) * faces) / 6;
}

/**
 * The best weapon to attack with now: among those the actor can pay for (Magic Points) and the board allows
 * against the target, the one with the most expected attack successes, then the lowest damage TN, then by
 * name. Without any, the refusal says why: no weapons, not enough Magic Points, or the board's first reason.
 */
export function bestWeapon(weapons: readonly WeaponOption[], magic: number): { weapon: WeaponOption } | { refusal: MacroRefusal } {
  if (weapons.length === 0) return { refusal: { key: "AOD.Macros.Refusal.NoWeapon" } };
  const affordable = weapons.filter((w) => w.magicCost <= magic);
  if (affordable.length === 0) return { refusal: { key: "AOD.Macros.Refusal.NoMagic" } };
  const legal = affordable.filter((w) => w.refusal === undefined);
  const [best] = [...legal].sort(
    (a, b) => expectedSuccesses(b.pool, b.tn) - expectedSuccesses(a.pool, a.tn) || a.damageTN - b.damageTN || a.name.localeCompare(b.name),
  );
  if (best !== undefined) return { weapon: best };
  const reason = affordable[0]?.refusal ?? "";
  return { refusal: { key: "AOD.Macros.Refusal.NoLegalWeapon", data: { reason } } };
}
