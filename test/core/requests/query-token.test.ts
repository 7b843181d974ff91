// The GM's query token (src/core/requests/query-token.ts): a pure SHA-256, and the check of a token against a hash.
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { queryToken, sha256Hex, tokenMatches } from "../../../src/core/requests/query-token";

describe("sha256Hex", () => {
  it("gives the published digests of the FIPS 180-4 examples", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("agrees with Node's own SHA-256 across block boundaries and non-ASCII text", () => {
    for (const text of ["a".repeat(55), "a".repeat(56), "a".repeat(64), "a".repeat(200), "Drachenatem ß 龍 🐉"]) {
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });
});

describe("query tokens", () => {
  const token = queryToken(Uint8Array.from({ length: 16 }, (_, i) => i * 17));

  it("makes a 32-digit hex token from 16 random bytes, and refuses other lengths", () => {
    expect(token).toBe("00112233445566778899aabbccddeeff");
    expect(() => queryToken(new Uint8Array(8))).toThrow(RangeError);
  });

  it("matches only the token whose hash was stored", () => {
    const hash = sha256Hex(token);
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches("ffeeddccbbaa99887766554433221100", hash)).toBe(false);
    expect(tokenMatches(token, undefined)).toBe(false);
    expect(tokenMatches(token, "")).toBe(false);
    expect(tokenMatches(hash, hash)).toBe(false);
    expect(tokenMatches(undefined, hash)).toBe(false);
  });
});
