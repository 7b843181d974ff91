/**
 * What a check card keeps beyond its data (check-data.ts) so it can be drawn again (check-card.ts): the roll's
 * notices as en.json keys and values (localised when drawn, so a language change shows) and the roll mode it was
 * made in. Pure: written and read back here, checked on the way back in.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { CheckMessage } from "../../data/check/check-plan";

/** The flag (flags["age-of-dragons"].checkCard) with what the card shows beyond its data. */
export const CHECK_CARD_FLAG = "checkCard";

/** What the check card flag keeps: the roll's notices (keys and values, localised when drawn) and its roll mode. */
export interface CheckCardFlag {
  notices: CheckMessage[];
  rollMode: string;
}

/** The flags of a check card's message. */
export function checkCardFlags(notices: readonly CheckMessage[], rollMode: string): Record<string, unknown> {
  const flag: CheckCardFlag = { notices: notices.map((n) => ({ key: n.key, data: { ...n.data } })), rollMode };
  return { [SYSTEM_ID]: { [CHECK_CARD_FLAG]: flag } };
}

function isNotice(value: unknown): value is CheckMessage {
  if (typeof value !== "object" || value === null) return false;
  const { key, data } = value as { key?: unknown; data?: unknown };
  return (
    typeof key === "string" &&
    typeof data === "object" &&
    data !== null &&
    Object.values(data).every((v: unknown) => typeof v === "string" || typeof v === "number")
  );
}

/** The flag read back; null when absent (an older card); throws when it does not read. */
export function readCheckCardFlag(value: unknown): CheckCardFlag | null {
  if (value === undefined || value === null) return null;
  const flag = value as Partial<CheckCardFlag>;
  const notices = flag.notices;
  const ok = typeof flag.rollMode === "string" && Array.isArray(notices) && notices.every((n: unknown) => isNotice(n));
  if (!ok) throw new Error("the check card flag does not read");
  return flag as CheckCardFlag;
}
