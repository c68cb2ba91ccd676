/**
 * Credentials one character away from the tenant's own are someone else's: a token compared without case, a
 * prefix of a token accepted, an email + key pair of which only one half is compared, or a caller cached by
 * email alone all let a near miss in. The test never sees the secret: it derives each near miss from the
 * target's own headers (harness/targets/api.ts, `{ derive }`), and the unaltered headers on the same route are
 * its positive control. Well-formed near misses are 403 / 10000 (the platform's unknown credentials); a token
 * of another length may also be refused as malformed (400 / 6003).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ApiAuth, ApiResult } from "../../harness/targets/api.ts";
import { apiOf, expectFailure, expectSuccess, rules } from "./support.ts";

/** The last letter's case swapped (or, in a secret without letters, the last digit moved by one). */
function caseOrDigitMiss(s: string): string {
  const at = (test: (c: string) => boolean) => [...s].findLastIndex(test);
  const letter = at((c) => c.toLowerCase() !== c.toUpperCase());
  if (letter >= 0) {
    const c = s[letter] as string;
    const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    return s.slice(0, letter) + swapped + s.slice(letter + 1);
  }
  const digit = at((c) => c >= "0" && c <= "9");
  return digit < 0 ? `${s}0` : s.slice(0, digit) + String((Number(s[digit]) + 1) % 10) + s.slice(digit + 1);
}

/** The last letter or digit replaced by another of the same case ("a" by "b", "Z" by "Y", "3" by "4"). */
function otherCharMiss(s: string): string {
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s[i] as string;
    const other = /[a-yA-Y0-8]/.test(c)
      ? String.fromCharCode(c.charCodeAt(0) + 1)
      : /[zZ9]/.test(c)
        ? String.fromCharCode(c.charCodeAt(0) - 1)
        : undefined;
    if (other !== undefined) return s.slice(0, i) + other + s.slice(i + 1);
  }
  return `${s}0`;
}

const bearer = (change: (token: string) => string): ApiAuth => ({
  scheme: "token",
  derive: (h) => ({ authorization: `Bearer ${change((h.authorization ?? "").replace(/^Bearer /, ""))}` }),
});

const emailKey = (change: { email?: (e: string) => string; key?: (k: string) => string }): ApiAuth => ({
  scheme: "key",
  derive: (h) => ({
    "x-auth-email": (change.email ?? ((e) => e))(h["x-auth-email"] ?? ""),
    "x-auth-key": (change.key ?? ((k) => k))(h["x-auth-key"] ?? ""),
  }),
});

/** Refused as unknown credentials: 403 / 10000. */
function expectUnknown(res: ApiResult<unknown>, what: string): void {
  expect(res.status, `${res.call} with ${what}: 403, unknown credentials; body ${res.text.slice(0, 200)}`).toBe(403);
  expectFailure(res, 403, 10000);
}

/** Refused as unknown (403 / 10000), or, for a token of another length, as malformed (400 / 6003). */
function expectUnknownOrMalformed(res: ApiResult<unknown>, what: string): void {
  const malformed = res.status === 400;
  expect([400, 403], `${res.call} with ${what}: refused (403 unknown, or 400 malformed)`).toContain(res.status);
  expectFailure(res, res.status, malformed ? 6003 : 10000);
}

describe("credentials one character away from the tenant's own are refused", () => {
  clauseTest(
    ["A.auth.unknown", "A.auth.bearer"],
    "bearer token: one letter's case swapped, one character changed: 403 / 10000; a prefix or one more character refused",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      if (!api.schemes.has("token"))
        ctx.skip("This target has no API token (CLOUDFLARE_API_TOKEN), so bearer near misses cannot be made.");
      expectSuccess(await rules(api, { auth: bearer((t) => t) }).list("?per_page=10&page=1"));
      for (const [what, change] of [
        ["the token with one letter's case swapped", caseOrDigitMiss],
        ["the token with one character changed", otherCharMiss],
      ] as const)
        expectUnknown(await rules(api, { auth: bearer(change) }).list("?per_page=10&page=1"), what);
      for (const [what, change] of [
        ["the token less its last character", (t: string) => t.slice(0, -1)],
        ["the token and one more character", (t: string) => `${t}A`],
      ] as const)
        expectUnknownOrMalformed(await rules(api, { auth: bearer(change) }).list("?per_page=10&page=1"), what);
    },
  );

  clauseTest(
    ["A.auth.unknown", "A.auth.key-accepted"],
    "email + key: the right email with a key one character off, the right key with another email: 403 / 10000, also after a right call",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      if (!api.schemes.has("key"))
        ctx.skip(
          "This target has no email + key (CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY), so key near misses cannot be made.",
        );
      const r = (auth: ApiAuth) => rules(api, { auth }).list("?per_page=10&page=1");
      // The right pair first: a target that caches the caller by email must not let the wrong key in after it.
      expectSuccess(await r(emailKey({})));
      expectUnknown(
        await r(emailKey({ key: caseOrDigitMiss })),
        "the right email, the key with one letter's case swapped",
      );
      expectUnknown(await r(emailKey({ key: otherCharMiss })), "the right email, the key with one character changed");
      expectUnknown(await r(emailKey({ email: (e) => `x${e}` })), "the right key with another email");
      expectSuccess(await r(emailKey({})));
    },
  );
});
