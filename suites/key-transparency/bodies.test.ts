/**
 * Area C: what a body and a name may be. JSON as serde_json reads it (whitespace, escapes, nesting),
 * bytes that are not UTF-8, the body size limit, the namespace name rule and the log_directory length
 * (edgeconf's strict choices where the platform publishes none: docs/choices/key-transparency.md).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  expect4xx,
  expectOk,
  expectRefused,
  expectRegistrationRefused,
  freshName,
  ktOf,
  type Namespace,
  randomDigest,
  registration,
  says,
  schemas,
} from "./support.ts";

const POST = "POST /namespaces";

describe("bodies and names", () => {
  clauseTest(
    ["C.register.content-type", "C.register.creates"],
    "JSON with any whitespace, escapes and duplicate keys (the last wins) is read as serde_json reads it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const body = registration();
      const escaped = body.name.replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      const text = `\r\n{ "name" :\t"${escaped}"\r\n,"root":"1/${randomDigest()}" , "root": "${body.root}",\n"signature_version":${body.signature_version},"public":true,"x":[{"y":[null,false,-0.5e-3,"\\"\\/"]}]}\r\n\t `;
      const res = await call(kt, "POST", "/namespaces", text);
      expectOk(res, `${POST} JSON with whitespace, escapes and a duplicate key`, "C.register.content-type");
      const ns = checkBody<Namespace>(res, schemas.namespace, POST);
      expect([ns.name, ns.root], says(POST, "name unescaped, root the last one given", "C.register.creates")).toEqual([
        body.name,
        body.root,
      ]);
      // An unknown field nested 100 levels deep is still JSON serde_json reads (its limit is 128).
      const nested = registration();
      const deepText = JSON.stringify(nested).replace(
        "{",
        `{"x":${"[".repeat(50)}${'{"y":'.repeat(49)}1${"}".repeat(49)}${"]".repeat(50)},`,
      );
      const deep = await call(kt, "POST", "/namespaces", deepText);
      expectOk(deep, `${POST} an unknown field nested 100 levels`, "C.register.unknown-fields");
      expect(
        checkBody<Namespace>(deep, schemas.namespace, POST).name,
        says(POST, "name as sent", "C.register.unknown-fields"),
      ).toBe(nested.name);
    },
  );

  clauseTest(
    ["C.register.content-type", "C.error.status"],
    "a body that is not one JSON value, or nested past any sensible depth, is refused with 400 (never 5xx)",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
      const shapes: [(b: string) => string, string][] = (
        [
          (b) => `${b} x`,
          (b) => `${b}${b}`,
          () => "",
          (b) => b.replace(/"name"/, "name"),
          (b) => b.replace(/"name":/, '"name"'),
          (b) => b.replace(/"name":"/, '"name":\'').replace(/","root"/, '\',"root"'),
          (b) => b.replace("{", `{"pad":${deep(5000)},`),
          (b) => b.replace(/"name":"[^"]*"/, '"name":"a\u0001b.test"'),
          (b) => b.replace(/"name":"/, '"name":"\\x41'),
          (b) => b.replace(/"signature_version":1/, '"signature_version":01'),
          (b) => b.replace(/"signature_version":1/, '"signature_version":+1'),
          (b) => b.replace("true", "True"),
        ] as ((b: string) => string)[]
      ).map((f, i) => [f, `malformed JSON #${i + 1}`]);
      for (const [shape, what] of shapes) {
        const body = registration();
        await expectRegistrationRefused(kt, shape(JSON.stringify(body)), body, {
          status: 400,
          what,
          rule: "C.register.content-type",
        });
      }
    },
  );

  clauseTest(["C.register.content-type"], "a body that is not UTF-8 is refused with 400", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const body = registration();
    const text = JSON.stringify(body);
    const at = text.indexOf(body.name) + 2;
    const bytes = new Uint8Array([...Buffer.from(text.slice(0, at)), 0xc3, 0x28, ...Buffer.from(text.slice(at))]);
    const res = await kt.fetch("/namespaces", {
      method: "POST",
      body: bytes,
      headers: { "content-type": "application/json" },
    });
    const answer = await res.text();
    expect4xx(
      { status: res.status, text: answer, json: undefined, headers: res.headers },
      400,
      `${POST} a body that is not UTF-8`,
      "C.register.content-type",
    );
    expectOk(await call(kt, "POST", "/namespaces", body), `${POST} the same body in UTF-8`, "C.register.content-type");
    // Bytes with no Content-Type at all: not declared JSON.
    const bare = registration();
    const untyped = await kt.fetch("/namespaces", { method: "POST", body: Buffer.from(JSON.stringify(bare)) });
    const untypedText = await untyped.text();
    expect4xx(
      { status: untyped.status, text: untypedText, json: undefined, headers: untyped.headers },
      415,
      `${POST} without Content-Type`,
      "C.register.content-type",
    );
    expectOk(
      await call(kt, "POST", "/namespaces", bare),
      `${POST} the same body as application/json`,
      "C.register.content-type",
    );
  });

  clauseTest(["C.error.status"], "a body up to 64 KiB is read; a byte more is refused with 413", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const sized = (body: object, size: number) => {
      const base = JSON.stringify({ ...body, pad: "" });
      return JSON.stringify({ ...body, pad: "x".repeat(size - base.length) });
    };
    const fits = registration();
    const res = await call(kt, "POST", "/namespaces", sized(fits, 64 * 1024));
    expectOk(res, `${POST} a body of exactly 64 KiB`, "C.error.status");
    const over = registration();
    await expectRegistrationRefused(kt, sized(over, 64 * 1024 + 1), over, {
      status: 413,
      what: "a body of 64 KiB + 1 byte",
      rule: "C.error.status",
    });
  });

  clauseTest(
    ["C.register.required-fields"],
    "a name is 1..253 characters of dot-separated labels of 1..63 lowercase letters, digits and inner hyphens",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const tail = freshName("n");
      const label = (n: number, c = "a") => c.repeat(n);
      // Labels of 63 characters, then what is left, before the fresh tail: exactly `length` characters.
      const fill = (length: number) => {
        const head = Array.from({ length: length - tail.length - 1 }, (_, i) => (i % 64 === 63 ? "." : "q")).join("");
        const name = `${head}.${tail}`;
        expect(name.length === length && !name.includes(".."), `test data: a name of ${length} characters`).toBe(true);
        return name;
      };
      const good = [fill(253), `${label(63, "z")}.${tail}`, `0-9.a--b.${tail}`, `${tail.replace(/^n/, "9")}`];
      for (const name of good) {
        expect(name.length <= 253, "test data: a name within 253 characters").toBe(true);
        const body = registration({ name });
        const res = await call(kt, "POST", "/namespaces", body);
        expectOk(res, `${POST} a name at the bounds of the rule`, "C.register.required-fields");
        expect(
          checkBody<Namespace>(res, schemas.namespace, POST).name,
          says(POST, "name as sent", "C.register.required-fields"),
        ).toBe(name);
      }
      const bad = [
        fill(254),
        `${label(64)}.${tail}`,
        `Upper.${tail}`,
        `-a.${tail}`,
        `a-.${tail}`,
        `a..b.${tail}`,
        `.${tail}`,
        `${tail}.`,
        `a_b.${tail}`,
        `a b.${tail}`,
        `ä.${tail}`,
        `a/b.${tail}`,
        `${tail}\n`,
      ];
      for (const name of bad) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, name }, body, {
          status: 400,
          what: "a name outside the rule",
          rule: "C.register.required-fields",
        });
      }
    },
  );

  clauseTest(["C.field.log-directory-optional"], "a log_directory has at most 2048 characters", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const url = (n: number) => {
      const head = "https://logs.example.test/";
      return `${head}${"d".repeat(n - head.length)}`;
    };
    const body = registration({ log_directory: url(2048) });
    const res = await call(kt, "POST", "/namespaces", body);
    expectOk(res, `${POST} a log_directory of 2048 characters`, "C.field.log-directory-optional");
    const again = registration();
    await expectRegistrationRefused(kt, { ...again, log_directory: url(2049) }, again, {
      status: 400,
      what: "a log_directory of 2049 characters",
      rule: "C.field.log-directory-optional",
    });
  });

  clauseTest(
    ["C.get.one", "C.error.status"],
    "a path segment that is not valid percent-encoding answers 404 or 400, never 5xx",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const res = await call(kt, "GET", "/namespaces/%E0%A4%A", undefined, "none");
      expect(
        [400, 404],
        says("GET /namespaces/{malformed percent-encoding}", "status 400 or 404", "C.error.status"),
      ).toContain(res.status);
      expectRefused(
        await call(kt, "GET", `/namespaces/${encodeURIComponent("never-registered.edgeconf.test")}`, undefined, "none"),
        404,
        "GET /namespaces/{unknown}",
        "C.get.one",
      );
    },
  );
});
