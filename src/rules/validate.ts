/** Argument checks shared by every rule: bad input is a RangeError naming the argument and the value. */

/** Renders a value for an error message, so NaN, strings and objects read clearly. */
function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
    return String(value);
  }
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Throws a RangeError that names the argument, the expectation and the value received. */
export function fail(name: string, expected: string, value: unknown): never {
  throw new RangeError(`${name} must be ${expected}, got ${show(value)}`);
}

/** Asserts a finite number. */
export function assertFinite(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) fail(name, "a finite number", value);
  return value;
}

/** Asserts a whole number (no NaN, infinity or fraction). */
export function assertInteger(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value)) fail(name, "an integer", value);
  return value;
}

/** Asserts a whole number of zero or more. */
export function assertNonNegativeInteger(name: string, value: unknown): number {
  assertInteger(name, value);
  if ((value as number) < 0) fail(name, "an integer of 0 or more", value);
  return value as number;
}

/** Asserts a finite number above zero (weights). */
export function assertPositive(name: string, value: unknown): number {
  assertFinite(name, value);
  if ((value as number) <= 0) fail(name, "a number above 0", value);
  return value as number;
}

/** Asserts that a value is one of a fixed list of names. */
export function assertOneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    fail(name, `one of ${allowed.join(", ")}`, value);
  }
  return value as T;
}

/** Asserts that every entry is a natural face of a die with `faces` sides. */
export function assertFaces(name: string, dice: unknown, faces: number): readonly number[] {
  if (!Array.isArray(dice)) fail(name, `an array of d${faces} faces`, dice);
  const list = dice as readonly unknown[];
  const checked = new Array<number>(list.length);
  // The entry's name is built only when it fails: this runs for every die the simulator rolls.
  for (let i = 0; i < list.length; i += 1) {
    const face = list[i];
    if (!isFace(face, faces)) assertFace(`${name}[${i}]`, face, faces);
    checked[i] = face as number;
  }
  return checked;
}

/**
 * `assertFaces` for a caller that only reads the faces at once and keeps nothing (counting successes): the same
 * checks and messages, and the list itself back instead of a copy.
 */
export function checkFaces(name: string, dice: unknown, faces: number): readonly number[] {
  if (!Array.isArray(dice)) fail(name, `an array of d${faces} faces`, dice);
  const list = dice as readonly unknown[];
  for (let i = 0; i < list.length; i += 1) {
    const face = list[i];
    if (!isFace(face, faces)) assertFace(`${name}[${i}]`, face, faces);
  }
  return list as readonly number[];
}

/** Whether a value is a natural face of a die with `faces` sides: the one die-face check of the rules. */
export function isFace(value: unknown, faces: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= faces;
}

/** Asserts one natural face of a die with `faces` sides. */
export function assertFace(name: string, value: unknown, faces: number): number {
  if (!isFace(value, faces)) fail(name, `a d${faces} face from 1 to ${faces}`, value);
  return value as number;
}

/** Asserts true or false. */
export function assertBoolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") fail(name, "true or false", value);
  return value;
}

/** Asserts true, false or absent; absent reads as false. */
export function optionalBoolean(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") fail(name, "true, false or absent", value);
  return value;
}

/** Asserts a non-empty string (an id). */
export function assertId(name: string, value: unknown): string {
  if (typeof value !== "string" || value.length === 0) fail(name, "a non-empty string", value);
  return value;
}

/** Asserts a string. */
export function assertString(name: string, value: unknown): string {
  if (typeof value !== "string") fail(name, "a string", value);
  return value;
}

/** Asserts an object (not null, not an array) and gives its fields for parsing. */
export function assertRecord(name: string, value: unknown, expected = "an object"): Readonly<Record<string, unknown>> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(name, expected, value);
  return value as Readonly<Record<string, unknown>>;
}

/** Asserts an array and gives its entries for parsing. */
export function assertList(name: string, value: unknown, expected = "an array"): readonly unknown[] {
  if (!Array.isArray(value)) fail(name, expected, value);
  return value as readonly unknown[];
}

/** Asserts that a list of ids has no empty and no repeated entry; `at(i)` names entry i in messages. */
export function assertUniqueIds(ids: readonly unknown[], at: (i: number) => string): string[] {
  const seen = new Set<string>();
  return ids.map((id, i) => {
    const checked = assertId(at(i), id);
    if (seen.has(checked)) fail(at(i), "an id that appears once", id);
    seen.add(checked);
    return checked;
  });
}
