/** Long names shortened for narrow places (tracker rows, menus), keeping apart names that share a beginning. */

/**
 * A long name shortened in the middle, so two names that share a beginning stay apart ("Longbowman of the … Company"
 * and "Longbowman of the … Company II"): up to `max` characters, whole words from the start and the last word or two
 * from the end. The tracker's rows and the board's menus show names so; a tooltip or the full text elsewhere gives them whole.
 */
export function shortName(name: string, max = 24): string {
  const text = name.trim();
  if (text.length <= max) return text;
  const words = text.split(/\s+/);
  // The end: the last word, and the one before it when the last is short (a numeral, "II").
  let tail = words[words.length - 1] ?? "";
  const before = words[words.length - 2];
  if (tail.length <= 3 && before !== undefined && before.length + tail.length + 1 <= 12) tail = `${before} ${tail}`;
  if (tail.length > max / 2) tail = tail.slice(tail.length - Math.floor(max / 2));
  const room = max - tail.length - 3;
  let head = "";
  for (const word of words) {
    const next = head === "" ? word : `${head} ${word}`;
    if (next.length > room) break;
    head = next;
  }
  if (head === "") head = text.slice(0, room);
  return `${head} … ${tail}`;
}

/** A name split for a one-line place: the words that may be cut with an ellipsis, and a short end always shown. */
export interface NameParts {
  /** The name without its tail: the row cuts it with an ellipsis when it does not fit. */
  head: string;
  /** A numeral or number ending the name ("II", "3", "#2"), kept whole after the cut head; "" when none. */
  tail: string;
}

/** A roman numeral, a number or a numbered mark: what keeps two copies of one creature apart. */
const TAIL = /^(?:[IVXLC]{1,6}|\d{1,4}|#\d{1,4}|\(\d{1,4}\))$/;

/**
 * A name as a one-line row shows it: the head cut at its end with an ellipsis when the row is narrow, the numeral
 * that ends it ("Argent Dragon II") always shown, so two copies read apart and the numeral never sits alone on a line.
 */
export function nameParts(name: string): NameParts {
  const text = name.trim();
  const words = text.split(/\s+/);
  const last = words[words.length - 1] ?? "";
  if (words.length < 2 || !TAIL.test(last)) return { head: text, tail: "" };
  return { head: words.slice(0, -1).join(" "), tail: last };
}
