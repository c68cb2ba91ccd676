/**
 * Area C: request bodies are JSON exactly as serde_json reads them (plexi's types are serde types). Every JSON
 * value may sit in an unknown field and is ignored (empty objects and arrays, fractions of many digits,
 * exponents, escapes, non-ASCII text); a body a lenient parser would read but serde_json refuses (a missing
 * colon, a wrong closing bracket, a trailing comma, a bad escape, a raw control character, nesting past
 * serde_json's 128 levels, bytes that are not UTF-8) registers nothing. The status of such a refusal is not
 * fixed by any source: any 4xx (docs/choices/key-transparency-statuses.md).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  currentNamespace,
  expect4xx,
  expectNoNamespace,
  expectOk,
  expectRegistrationRefused,
  ktOf,
  type Namespace,
  registration,
  says,
  schemas,
} from "./support.ts";

const POST = "POST /namespaces";

/** The body as JSON text with `extra` (raw JSON text) as the value of an unknown field "x", placed first. */
function withUnknown(body: object, extra: string): string {
  return JSON.stringify(body).replace("{", `{"x":${extra},`);
}

describe("JSON bodies as serde_json reads them", () => {
  clauseTest(
    ["C.register.unknown-fields", "C.register.content-type", "C.register.creates"],
    "an unknown field may hold any JSON value (empty object, empty array, long fractions, exponents, escapes): it is ignored",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const values: [string, string][] = [
        ["an empty object", "{}"],
        ["an empty array", "[]"],
        ["an empty object and array inside an array", '[{}, [], {"a": {}}, [[]]]'],
        ["fractions of several digits", "[1.25, -0.125, 3.14159, 10.50]"],
        ["exponents", "[1E2, -2e-3, 1.5e+10, 0e0]"],
        ["escapes and non-ASCII text", '"\\u00e9\\ud83d\\ude00\\n\\t\\\\ \\" \\/ caf\u00e9"'],
        ["literals and zero", "[true, false, null, 0, -0]"],
      ];
      for (const [what, extra] of values) {
        const body = registration();
        const res = await call(kt, "POST", "/namespaces", withUnknown(body, extra));
        expectOk(res, `${POST} with an unknown field holding ${what}`, "C.register.unknown-fields");
        const ns = checkBody<Namespace>(res, schemas.namespace, POST, "C.register.creates");
        expect(
          [ns.name, ns.root, ns.signature_version, ns.status],
          says(
            `${POST} with an unknown field holding ${what}`,
            "name, root, signature_version as sent, status Initialization",
            "C.register.unknown-fields",
          ),
        ).toEqual([body.name, body.root, body.signature_version, "Initialization"]);
        expect(
          await currentNamespace(kt, body.name),
          says(`GET /namespaces/{name} after a body with ${what}`, "the namespace as registered", "C.get.one"),
        ).toEqual(ns);
      }
    },
  );

  clauseTest(
    ["C.register.content-type", "C.error.status"],
    "a body a lenient parser would read but serde_json refuses registers nothing (a 4xx), and the corrected body registers",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const cases: [string, (b: object) => string][] = [
        ["a member without its colon", (b) => JSON.stringify(b).replace("{", '{"x" 12,')],
        ["an object closed by ]", (b) => JSON.stringify(b).replace(/}$/, "]")],
        ["an array closed by }", (b) => withUnknown(b, "[1}")],
        ["an array with a missing comma", (b) => withUnknown(b, "[1 2]")],
        ["a trailing comma in the object", (b) => JSON.stringify(b).replace(/}$/, ",}")],
        ["a trailing comma in an array", (b) => withUnknown(b, "[1,]")],
        ["a bad escape in a string", (b) => withUnknown(b, '"\\q"')],
        ["a raw control character in a string", (b) => withUnknown(b, '"a\tb"')],
        ["a number ending in a dot", (b) => withUnknown(b, "1.")],
        ["a number starting with a dot", (b) => withUnknown(b, ".5")],
        ["an exponent without digits", (b) => withUnknown(b, "1e")],
        ["a key that is not a string", (b) => JSON.stringify(b).replace("{", "{x:1,")],
        ["NaN", (b) => withUnknown(b, "NaN")],
        // serde_json's recursion limit is 128 levels (100 are read: bodies.test.ts).
        ["an unknown field nested 200 levels", (b) => withUnknown(b, `${"[".repeat(200)}${"]".repeat(200)}`)],
        // The limit counts objects as well as arrays (serde_json's recursion limit counts both).
        [
          "an unknown field nested 200 levels of objects",
          (b) => withUnknown(b, `${'{"y":'.repeat(200)}1${"}".repeat(200)}`),
        ],
      ];
      for (const [what, shape] of cases) {
        const body = registration();
        await expectRegistrationRefused(kt, shape(body), body, {
          status: 400,
          what: `with ${what}`,
          rule: "C.register.content-type",
        });
      }
    },
  );

  clauseTest(
    ["C.register.content-type", "C.error.status"],
    "bytes that are not UTF-8, even in an unknown field, register nothing (a 4xx), and the same body in UTF-8 registers",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const body = registration();
      const text = withUnknown(body, '"caf??"');
      const at = text.indexOf("??");
      // 0xc3 0x28: a lead byte and no continuation; 0xff: never in UTF-8.
      for (const [what, bad] of [
        ["a truncated sequence", [0xc3, 0x28]],
        ["the byte 0xff", [0xff, 0x41]],
      ] as [string, number[]][]) {
        const bytes = new Uint8Array([...Buffer.from(text.slice(0, at)), ...bad, ...Buffer.from(text.slice(at + 2))]);
        const res = await kt.fetch("/namespaces", {
          method: "POST",
          body: bytes,
          headers: { "content-type": "application/json" },
        });
        const answer = await res.text();
        expect(res.status, says(`${POST} with ${what} in an unknown field`, "no 5xx", "C.error.status")).toBeLessThan(
          500,
        );
        expect4xx(
          { status: res.status, text: answer, json: undefined, headers: res.headers },
          400,
          `${POST} with ${what} (not UTF-8) in an unknown field`,
          "C.register.content-type",
        );
        await expectNoNamespace(kt, body.name, `a body that is not UTF-8 (${what})`);
      }
      const res = await call(kt, "POST", "/namespaces", text.replace("??", "\u00e9s"));
      expectOk(res, `${POST} the same body in UTF-8`, "C.register.content-type");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST).name,
        says(`${POST} the same body in UTF-8`, "name as sent", "C.register.creates"),
      ).toBe(body.name);
    },
  );
});
