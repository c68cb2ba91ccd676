import { describe, expect, test } from "vitest";
import { createRouter, splitPath } from "./router.ts";
import type { ApiRoute } from "./types.ts";

const route = (method: ApiRoute["method"], path: string, extra: Partial<ApiRoute> = {}): ApiRoute => ({
  method,
  path,
  handle: () => ({ result: null }),
  ...extra,
});
const acc = "0123456789abcdef0123456789abcdef";

describe("router", () => {
  const list = route("GET", "/accounts/:account_id/rules");
  const one = route("GET", "/accounts/:account_id/rules/:rule_id", { params: { rule_id: /^r\d+$/ } });
  const router = createRouter([list, one]);

  test("matches method and path, with params", () => {
    expect(router.match("GET", `/accounts/${acc}/rules`)).toEqual({ route: list, params: { account_id: acc } });
    expect(router.match("GET", `/accounts/${acc}/rules/r1/`)?.params).toEqual({ account_id: acc, rule_id: "r1" });
  });
  test("wrong method, unknown path and malformed ids do not match", () => {
    expect(router.match("POST", `/accounts/${acc}/rules`)).toBeUndefined();
    expect(router.match("GET", "/accounts/ABC/rules")).toBeUndefined();
    expect(router.match("GET", `/accounts/${acc}/rules/x1`)).toBeUndefined();
    expect(router.match("GET", `/accounts/${acc}/rules/r1/extra`)).toBeUndefined();
    expect(router.match("GET", `/accounts/${acc.toUpperCase()}/rules`)).toBeUndefined();
    expect(router.match("GET", `/accounts//rules`)).toBeUndefined();
  });
  test("32-hex ids: exactly 32 of 0-9a-f, as the regex has it", () => {
    for (const bad of [
      acc.slice(1),
      `${acc}0`,
      `${acc.slice(1)}g`,
      `${acc.slice(1)}G`,
      `${acc.slice(1)}/`,
      `${acc.slice(1)}:`,
    ]) {
      expect(router.match("GET", `/accounts/${encodeURIComponent(bad)}/rules`)).toBeUndefined();
    }
    expect(router.match("GET", `/accounts/${"9".repeat(32)}/rules`)?.params).toEqual({ account_id: "9".repeat(32) });
    const own = route("GET", "/accounts/:account_id/x", { params: { account_id: /^[0-9a-f]{32}$/i } });
    expect(createRouter([own]).match("GET", `/accounts/${acc.toUpperCase()}/x`)?.route).toBe(own);
  });
  test("a path matched again gives the same answer (kept per method)", () => {
    const r = createRouter([list, one]);
    const first = r.match("GET", `/accounts/${acc}/rules/r1`);
    expect(r.match("GET", `/accounts/${acc}/rules/r1`)).toEqual(first);
    expect(r.match("GET", `/accounts/${acc}/rules/r2`)?.params.rule_id).toBe("r2");
    expect(r.match("POST", `/accounts/${acc}/rules/r2`)).toBeUndefined();
    expect(r.match("GET", `/accounts/${acc}/rules/x2`)).toBeUndefined();
    expect(r.match("GET", `/accounts/${acc}/rules/r2`)?.params.rule_id).toBe("r2");
    expect(r.match("GET", `/accounts/${acc}/rules/r1`)).toEqual(first);
  });
  test("percent-decoding; a broken escape matches nothing", () => {
    expect(splitPath("/a/b%20c/")).toEqual(["a", "b c"]);
    expect(splitPath("/a/%E0%A4%A")).toBeUndefined();
    expect(router.match("GET", "/accounts/%zz/rules")).toBeUndefined();
  });
});
