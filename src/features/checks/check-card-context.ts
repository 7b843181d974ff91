/**
 * What a check card shows (README "Rolling checks"): the card header (a small portrait, the check's name, the actor
 * named once beside its skill, rank and attribute), the pool and TN with any modifiers, every die, and the result in
 * words. Pure: built from the card's data and the roll's faces; the successes are counted again from the faces by
 * the rules, never trusted from the data alone.
 */
import { signed } from "../../core/handlebars/helpers";
import { poolResult } from "../../core/dice/pool-result";
import type { Format } from "../../core/format";
import type { CheckCardData } from "../../data/message/check-data";

/** The roll modes a card names: who sees it, beyond everyone (a public roll names none). */
const MODE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  gmroll: "AOD.Check.Mode.gmroll",
  blindroll: "AOD.Check.Mode.blindroll",
  selfroll: "AOD.Check.Mode.selfroll",
});

/**
 * Builds the card's context; `notices` are already-localised lines (warnings from the roll); `rollMode` is core's
 * roll mode the card was made in: a private, blind or self roll says on the card who sees it.
 */
export function checkCardContext(data: CheckCardData, faces: readonly number[], format: Format, notices: readonly string[] = [], rollMode = "publicroll") {
  const result = poolResult(faces, data.tn);
  const attribute = format(`AOD.Choices.attribute.${data.attribute}`);
  const checkName = data.weapon !== "" ? data.weapon : data.skillName !== "" ? data.skillName : attribute;
  const details = [
    ...(data.weapon !== "" && data.skillName !== "" ? [data.skillName] : []),
    format(`AOD.Choices.rank.${data.rank}`),
    attribute,
  ].join(" \u00b7 ");
  const modifiers = [
    ...(data.extraDice !== 0 ? [format("AOD.Check.ExtraDice", { value: signed(data.extraDice) })] : []),
    ...(data.tnShift !== 0 ? [format("AOD.Check.TNShift", { value: signed(data.tnShift) })] : []),
    ...(data.killerBlow ? [format("AOD.Item.weapon.FIELDS.killerBlow.label")] : []),
  ];
  return {
    label: format("AOD.Check.CardLabel", { actor: data.actorName, check: checkName }),
    actorName: data.actorName,
    actorImg: data.actorImg,
    checkName,
    details,
    subtitle: [data.actorName, details].join(" \u00b7 "),
    pool: format("AOD.RollDialog.PoolValue", { pool: data.pool }),
    tn: format("AOD.RollDialog.TNValue", { tn: data.tn }),
    modifiers,
    result,
    verdict: format(result.succeeded ? "AOD.Check.Success" : "AOD.Check.Failure"),
    notices,
    mode: { key: rollMode, label: MODE_KEYS[rollMode] === undefined ? "" : format(MODE_KEYS[rollMode]) },
  };
}

/** The card context type. */
export type CheckCardContext = ReturnType<typeof checkCardContext>;
