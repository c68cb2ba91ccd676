/** Bad input on area A's paths: routing, content type, JSON, size, and "never a 5xx". */
import fc from "fast-check";
import { afterEach, describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { clauseTest } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, checkEnvelope, expectFailure, expectSuccess, rules, rulesPath, validRule } from "./support.ts";

describe("bad input", () => {
  afterEach(deleteOwnRules);

  clauseTest(["A.route.unknown"], "unknown paths and unsupported methods: 400 / 7003 + 7000", async (ctx) => {
    const { api } = await apiOf(ctx);
    const base = rulesPath(api.credentials.account_id);
    for (const [method, path] of [
      ["GET", "/no/such/route"],
      ["GET", `${base}/x/y/z`],
      ["PUT", base],
      ["POST", `${base}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const env = expectFailure(await api.request(method, path), 400, 7003);
      expect(
        env.errors.map((e) => e.code),
        `${method} ${path}: no such route, error codes include 7000 besides 7003`,
      ).toContain(7000);
    }
  });

  clauseTest(["A.route.malformed-id"], "malformed account or rule ids: 400 / 7003", async (ctx) => {
    const { api } = await apiOf(ctx);
    expectFailure(await api.request("GET", rulesPath("not-an-account")), 400, 7003);
    expectFailure(await api.request("GET", `${rulesPath(api.credentials.account_id)}/not-a-uuid`), 400, 7003);
    expectFailure(
      await api.request("PATCH", `${rulesPath(api.credentials.account_id)}/123`, { mode: "enabled" }),
      400,
      7003,
    );
  });

  clauseTest(
    ["A.body.malformed-json", "A.errors.no-change"],
    "malformed JSON: 400 / 6007, nothing created",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      for (const body of ["{", '{"scope": "global",}', "", "\u00ff\u00fe", '{"a":1}{"b":2}']) {
        const res = await api.request("POST", r.base, undefined, {
          body,
          headers: { "content-type": "application/json" },
        });
        expectFailure(res, 400, 6007);
      }
      const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]);
      const res = await api.request("POST", r.base, undefined, {
        body: invalidUtf8,
        headers: { "content-type": "application/json" },
      });
      expectFailure(res, 400, 6007);
      expect(
        await r.listAll(),
        "GET rules after the refused requests: the same rules as before [A.errors.no-change]",
      ).toEqual(before);
    },
  );

  clauseTest(
    ["A.body.content-type", "A.errors.no-change"],
    "a body without Content-Type application/json: 400 / 6003 + 6105",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"]) {
        const res = await api.request("POST", r.base, validRule, { headers: { "content-type": contentType } });
        const env = expectFailure(res, 400, 6003);
        expect(
          env.errors.flatMap((e) => (e.error_chain ?? []).map((c) => c.code)),
          `POST rules with Content-Type ${contentType}: error_chain includes 6105 [A.body.content-type]`,
        ).toContain(6105);
      }
      // No Content-Type at all (a byte body gets none from fetch).
      const bytes = new TextEncoder().encode(JSON.stringify(validRule));
      const bare = await api.fetch(r.base, { method: "POST", body: bytes });
      const text = await bare.text();
      const call = `POST ${r.base} (bytes, no Content-Type)`;
      expectFailure({ call, status: bare.status, headers: bare.headers, text, json: JSON.parse(text) }, 400, 6003);
      expect(
        await r.listAll(),
        "GET rules after the refused requests: the same rules as before [A.errors.no-change]",
      ).toEqual(before);
      // Parameters of the media type are fine.
      expectSuccess(
        await api.request("POST", r.base, validRule, {
          headers: { "content-type": "application/json; charset=utf-8" },
        }),
      );
    },
  );

  clauseTest(
    ["A.body.too-large", "A.errors.no-change"],
    "a body over the size cap: 413 with the envelope",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      const huge = JSON.stringify({ ...validRule, pad: "x".repeat(2 * 1024 * 1024) });
      const res = await api.request("POST", r.base, undefined, {
        body: huge,
        headers: { "content-type": "application/json" },
      });
      expectFailure(res, 413);
      expect(
        await r.listAll(),
        "GET rules after the refused requests: the same rules as before [A.errors.no-change]",
      ).toEqual(before);
    },
  );

  clauseTest(
    ["A.create.not-object", "A.errors.no-change"],
    "JSON that is not an object is refused with 400",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      for (const body of [[], [validRule], "global", 42, null, true]) {
        expectFailure(await r.create(body), 400);
      }
      expect(
        await r.listAll(),
        "GET rules after POSTs of JSON that is not an object: the same rules as before [A.errors.no-change]",
      ).toEqual(before);
      const created = await r.made();
      expectFailure(await r.patch(created.id, ["mode", "disabled"]), 400);
      expect(
        expectSuccess(await r.get(created.id)).result,
        "GET rules/{id} after the refused PATCH: the rule unchanged [A.errors.no-change]",
      ).toEqual(created);
    },
  );

  clauseTest(["A.body.no-5xx"], "odd unicode in values and keys is refused cleanly", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = rules(api);
    await ownRules(api).made(); // the control: the same body with plain values and keys is accepted
    for (const odd of ["\u0000", "\ud800", "\u202e global", "glob\u0430l", "🌍", "global\n"]) {
      checkEnvelope(await r.create({ ...validRule, name: odd }));
      expectFailure(await r.create({ ...validRule, [odd]: 1 }), 400);
    }
  });

  clauseProperty(
    ["A.body.no-5xx"],
    "random methods, paths, headers and bytes never get a 5xx",
    () =>
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS", "HEAD", "patch", "PROPFIND"),
        fc.oneof(
          fc.constant(""),
          fc.constant("/rules"),
          fc.constant("/rules/00000000-0000-4000-8000-000000000000"),
          fc.webPath(),
          fc.string({ maxLength: 30 }).map((s) => `/${encodeURIComponent(s)}`),
        ),
        fc.constantFrom("token", "key", "none", "garbage"),
        fc.option(fc.constantFrom<string>("application/json", "text/plain", "application/json; charset=utf-8", "")),
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.json().map((j) => new TextEncoder().encode(j)),
        ),
        async (method, suffix, auth, contentType, bytes) => {
          const target = await getTarget();
          const api = target.api!;
          const base = rulesPath(api.credentials.account_id).replace(/\/rules$/, "");
          const headers: Record<string, string> = {};
          if (typeof contentType === "string") headers["content-type"] = contentType;
          const init = {
            method,
            headers,
            auth:
              auth === "garbage"
                ? { headers: { authorization: "Bearer \u00e9\u00e9" } }
                : (auth as "token" | "key" | "none"),
            ...(method === "GET" || method === "HEAD" ? {} : { body: bytes }),
          };
          let res: Response;
          try {
            res = await api.fetch(`${base}${suffix}`, init);
          } catch (error) {
            // A header value fetch itself refuses never reaches the target.
            if (error instanceof TypeError && auth === "garbage") return true;
            throw error;
          }
          const text = await res.text();
          expect(res.status, `${method} ${suffix}: status below 500 (never a server error)`).toBeLessThan(500);
          if (method !== "HEAD") {
            // Every answer below the base URL is the v4 envelope (schema-checked).
            const call = `${method} ${base}${suffix} (auth ${String(auth)})`;
            checkEnvelope({ call, status: res.status, headers: res.headers, text, json: JSON.parse(text) as unknown });
          }
          return true;
        },
      ),
    { numRuns: 60 },
  );
});
