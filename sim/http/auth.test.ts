import { describe, expect, test } from "vitest";
import { createCore } from "../core/context.ts";
import { authenticate, checkAccess } from "./auth.ts";
import { ApiError } from "./errors.ts";
import { tenantsOf } from "./tenants.ts";

const tenants = tenantsOf(createCore({ seed: 11 }));
const [me, other] = [tenants[0]!, tenants[1]!];
const h = (o: Record<string, string>) => new Headers(o);
const code = (r: ReturnType<typeof authenticate>) =>
  r instanceof ApiError ? [r.status, r.code, r.errors[0]?.error_chain?.map((c) => c.code)] : r.scheme;

describe("authenticate", () => {
  test("token and key schemes find their tenant", () => {
    const p = authenticate(h({ authorization: `Bearer ${other.api_token}` }), tenants);
    expect(p).toMatchObject({ scheme: "token", tenant: 1 });
    if (!(p instanceof ApiError)) expect([...p.accounts]).toEqual([other.account_id]);
    const k = authenticate(h({ "x-auth-email": me.auth_email.toUpperCase(), "x-auth-key": me.auth_key }), tenants);
    expect(k).toMatchObject({ scheme: "key", tenant: 0 });
  });
  test("missing, malformed, unknown", () => {
    expect(code(authenticate(h({}), tenants))).toEqual([400, 9106, undefined]);
    expect(code(authenticate(h({ authorization: "" }), tenants))).toEqual([400, 6003, [6111]]);
    expect(code(authenticate(h({ authorization: "Bearer" }), tenants))).toEqual([400, 6003, [6111]]);
    expect(code(authenticate(h({ "x-auth-email": me.auth_email }), tenants))).toEqual([400, 6003, [6103]]);
    expect(code(authenticate(h({ "x-auth-key": me.auth_key }), tenants))).toEqual([400, 6003, [6102]]);
    expect(code(authenticate(h({ "x-auth-email": me.auth_email, "x-auth-key": other.auth_key }), tenants))).toEqual([
      403,
      10000,
      undefined,
    ]);
    expect(code(authenticate(h({ authorization: `Bearer ${me.api_token}x` }), tenants))).toEqual([
      403,
      10000,
      undefined,
    ]);
  });
  test("key shape: 1 to 256 ASCII letters and digits (after trimming); principals are shared per tenant and scheme", () => {
    const withKey = (key: string) =>
      code(authenticate(h({ "x-auth-email": me.auth_email, "x-auth-key": key }), tenants));
    for (const bad of ["a".repeat(257), "ab-c", "ab_c", "abé", "a b", "a/", "a:", "a@", "a[", "a`", "a{"]) {
      expect(withKey(bad)).toEqual([400, 6003, [6103]]);
    }
    for (const ok of ["a".repeat(256), "Zz09", ` ${"q".repeat(10)} `])
      expect(withKey(ok)).toEqual([403, 10000, undefined]);
    const k = (t: readonly (typeof tenants)[number][]) =>
      authenticate(h({ "x-auth-email": me.auth_email, "x-auth-key": me.auth_key }), t);
    const t = (p: ReturnType<typeof authenticate>) =>
      authenticate(h({ authorization: `Bearer ${me.api_token}` }), tenants) === p;
    expect(k(tenants)).toBe(k(tenants));
    expect(t(k(tenants))).toBe(false);
    expect(k([...tenants])).not.toBe(k(tenants));
    expect(k([...tenants])).toMatchObject({ scheme: "key", tenant: 0 });
    const copy = tenants.map((x) => ({ ...x }));
    expect(k(copy)).toMatchObject({ scheme: "key", tenant: 0 });
    copy[0]!.auth_key = "changed";
    expect(code(k(copy))).toEqual([403, 10000, undefined]);
  });
  test("Authorization decides when both schemes are sent", () => {
    const both = h({ authorization: `Bearer ${me.api_token}`, "x-auth-email": "x", "x-auth-key": "!" });
    expect(code(authenticate(both, tenants))).toBe("token");
  });
  test("access to accounts and zones", () => {
    const p = authenticate(h({ authorization: `Bearer ${me.api_token}` }), tenants);
    if (p instanceof ApiError) throw p;
    expect(checkAccess(p, { account_id: me.account_id })).toBeUndefined();
    expect(checkAccess(p, { zone_id: me.zone_id })).toBeUndefined();
    expect(checkAccess(p, { account_id: other.account_id })?.code).toBe(9109);
    expect(checkAccess(p, { zone_id: other.zone_id })?.code).toBe(9109);
  });
});
