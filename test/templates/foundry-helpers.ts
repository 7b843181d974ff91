/**
 * TEST DOUBLE of the Foundry v13 Handlebars helpers our templates use: `localize`, `selectOptions`,
 * `numberFormat`, `eq`, `ne`, `and`, `or`, `not`, `concat` (test/browser/README.md). Each follows Foundry's documented
 * behaviour (foundryvtt.com/api, `foundry.applications.handlebars`), written here from that description:
 * - `localize key` reads the real lang/en.json; with hash arguments it formats `{name}` placeholders like
 *   `game.i18n.format`. STRICTER than Foundry: a missing key throws (Foundry would print the key), so a
 *   template cannot show a raw key to a player without a test failing.
 * - `selectOptions choices selected= blank= localize= valueAttr= labelAttr= inverted=`: `choices` is an object
 *   (value -> label) or an array of strings or of objects (`value`/`label` by default); `selected` is a value
 *   or an array of values; returns the `<option>` elements, labels escaped.
 * - `numberFormat value decimals= sign=`: fixed decimals when given, "+" before positives when `sign`.
 * - `eq`/`ne` compare with ===/!==, `and`/`or` over all positional arguments, `not` negates.
 * - `concat a b ...` joins its arguments as strings and, like Foundry, returns a SafeString (not escaped): use
 *   it for keys and ids, never to print user text.
 * The system's own helpers are registered from the module Foundry registers (src/applications/handlebars-helpers).
 */
import type Handlebars from "handlebars";
import { SYSTEM_HELPERS } from "../../src/core/handlebars/helpers";
import { translation } from "../data/lang";

type HandlebarsEnv = typeof Handlebars;

interface Options {
  readonly hash: Readonly<Record<string, unknown>>;
}

function split(args: unknown[]): { values: unknown[]; hash: Readonly<Record<string, unknown>> } {
  const options = args.at(-1) as Options | undefined;
  return { values: args.slice(0, -1), hash: options?.hash ?? {} };
}

/** en.json at `key`, formatted with `data` like game.i18n.format; throws on a missing key. */
export function localizeKey(key: string, data: Readonly<Record<string, unknown>> = {}): string {
  const found = translation(key);
  if (found === undefined) throw new Error(`localize: en.json has no key "${key}"`);
  return found.replace(/\{([^{}]+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

interface Choice {
  value: string;
  label: string;
}

function choicesOf(choices: unknown, hash: Readonly<Record<string, unknown>>): Choice[] {
  const valueAttr = typeof hash.valueAttr === "string" ? hash.valueAttr : "value";
  const labelAttr = typeof hash.labelAttr === "string" ? hash.labelAttr : "label";
  if (Array.isArray(choices)) {
    return choices.map((entry: unknown) => {
      if (typeof entry === "object" && entry !== null) {
        const record = entry as Record<string, unknown>;
        return { value: text(record[valueAttr]), label: text(record[labelAttr]) };
      }
      return { value: text(entry), label: text(entry) };
    });
  }
  if (typeof choices === "object" && choices !== null) {
    return Object.entries(choices as Record<string, unknown>).map(([value, label]) =>
      hash.inverted === true ? { value: text(label), label: value } : { value, label: text(label) },
    );
  }
  return [];
}

/** Registers the double of Foundry's helpers and the system's own helpers on a Handlebars environment. */
export function registerFoundryHelpers(hb: HandlebarsEnv): void {
  const escape = (value: string): string => hb.Utils.escapeExpression(value);
  hb.registerHelper({
    localize(key: unknown, options: Options) {
      return localizeKey(text(key), options.hash);
    },
    selectOptions(choices: unknown, options: Options) {
      const hash = options.hash;
      const selected = Array.isArray(hash.selected) ? hash.selected.map(text) : [text(hash.selected)];
      const localize = hash.localize === true;
      const label = (value: string): string => (localize ? localizeKey(value) : value);
      const html: string[] = [];
      if (typeof hash.blank === "string") {
        html.push(`<option value="">${escape(hash.blank === "" ? "" : label(hash.blank))}</option>`);
      }
      for (const choice of choicesOf(choices, hash)) {
        const isSelected = selected.includes(choice.value) ? " selected" : "";
        html.push(`<option value="${escape(choice.value)}"${isSelected}>${escape(label(choice.label))}</option>`);
      }
      return new hb.SafeString(html.join(""));
    },
    numberFormat(value: unknown, options: Options) {
      const n = Number(value);
      const decimals = typeof options.hash.decimals === "number" ? options.hash.decimals : undefined;
      const body = decimals === undefined ? String(n) : n.toFixed(decimals);
      return new hb.SafeString(options.hash.sign === true && n > 0 ? `+${body}` : body);
    },
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    and: (...args: unknown[]) => split(args).values.every(Boolean),
    or: (...args: unknown[]) => split(args).values.some(Boolean),
    not: (value: unknown) => !value,
    concat: (...args: unknown[]) => new hb.SafeString(split(args).values.map(text).join("")),
  });
  hb.registerHelper(SYSTEM_HELPERS);
}
