/** Area C: registering a namespace (POST /namespaces). */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  currentNamespace,
  expectKeyOrder,
  expectListed,
  expectNoNamespace,
  expectOk,
  expectRefused,
  expectRegistrationRefused,
  freshName,
  getNamespace,
  ktOf,
  listNamespaces,
  type Namespace,
  publish,
  randomDigest,
  registerBody,
  registerOk,
  registration,
  says,
  schemas,
} from "./support.ts";

const SPEC_ORDER = ["name", "log_directory", "root", "status", "reports_uri", "audits_uri", "signature_version"];
const POST = "POST /namespaces";

function without(body: object, key: string): object {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
}

/** The whole namespace a fresh registration of `body` answers (plexi's NamespaceInfo, in its order). */
function registered(body: { name: string; root: string; signature_version: number; log_directory?: string | null }) {
  return {
    name: body.name,
    log_directory: body.log_directory ?? null,
    root: body.root,
    status: "Initialization",
    reports_uri: `/namespaces/${body.name}/reports`,
    audits_uri: `/namespaces/${body.name}/audits`,
    signature_version: body.signature_version,
    ciphersuite: body.signature_version,
  };
}

describe("register", () => {
  clauseTest(
    ["C.register.creates", "C.register.initialization", "C.wire.bare-json", "C.field.status-case"],
    "a valid registration answers the bare namespace, every field as sent, status Initialization",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const dir = "https://Logs.Example.test/Dir/Of/Proofs?x=1";
      const { sent, ns } = await registerOk(kt, { log_directory: dir });
      expect(ns, says(POST, "every field of the namespace", "C.register.creates")).toEqual(registered(sent));
      expect(
        Object.keys(ns),
        says(POST, "the fields plexi's NamespaceInfo has, in its order", "C.wire.field-order"),
      ).toEqual([
        "name",
        "log_directory",
        "root",
        "status",
        "reports_uri",
        "audits_uri",
        "signature_version",
        "ciphersuite",
      ]);
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name}", "the registered namespace", "C.get.one"),
      ).toEqual(ns);
    },
  );

  clauseTest(
    ["C.wire.field-order", "C.field.log-directory-optional"],
    "fields come in the platform's order; log_directory is null when not given, or given null",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { signature_version: 2 });
      expectKeyOrder(ns, [...SPEC_ORDER, "ciphersuite"], POST);
      expect(ns, says(POST, "every field, log_directory null", "C.field.log-directory-optional")).toEqual(
        registered(sent),
      );
      const again = await getNamespace(kt, ns.name);
      expectOk(again, "GET /namespaces/{name}", "C.get.one");
      expect(
        checkBody<Namespace>(again, schemas.namespace, "GET /namespaces/{name}"),
        says("GET /namespaces/{name}", "the namespace as registered", "C.get.one"),
      ).toEqual(ns);
      const body = registration();
      const res = await call(kt, "POST", "/namespaces", { ...body, log_directory: null });
      expectOk(res, `${POST} log_directory null`, "C.field.log-directory-optional");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST),
        says(`${POST} log_directory null`, "every field, log_directory null", "C.field.log-directory-optional"),
      ).toEqual(registered(body));
    },
  );

  clauseTest(
    ["C.field.reports-uri", "C.field.audits-uri"],
    "reports_uri and audits_uri are relative paths of the name",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const tag of ["a", "x-9.y-z"]) {
        const { ns } = await registerOk(kt, { name: freshName(tag) });
        expect(ns.reports_uri, says(POST, "reports_uri /namespaces/<name>/reports", "C.field.reports-uri")).toBe(
          `/namespaces/${ns.name}/reports`,
        );
        expect(ns.audits_uri, says(POST, "audits_uri /namespaces/<name>/audits", "C.field.audits-uri")).toBe(
          `/namespaces/${ns.name}/audits`,
        );
      }
    },
  );

  clauseTest(
    ["C.field.signature-version", "C.signature.v2-bincode"],
    "signature_version 2 is accepted and kept, ciphersuite mirroring it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { signature_version: 2 });
      expect(ns.signature_version, says(POST, "signature_version 2 as sent", "C.field.signature-version")).toBe(2);
      expect(ns.ciphersuite, says(POST, "ciphersuite mirrors signature_version", "C.wire.field-order")).toBe(2);
    },
  );

  clauseTest(
    ["C.register.required-fields"],
    "a body missing name, root or signature_version is refused with 400 and creates nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const key of ["root", "signature_version", "name"]) {
        const body = registration();
        await expectRegistrationRefused(kt, without(body, key), body, {
          status: 400,
          what: `without ${key}`,
          rule: "C.register.required-fields",
        });
      }
    },
  );

  clauseTest(
    ["C.register.content-type", "C.error.status"],
    "a body that is not JSON (400), not sent as application/json (415) or too large (413) is refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      // Each refusal is followed by its control: the same body, as JSON, registers.
      for (const contentType of ["text/plain", "application/jsonx", "application/x-www-form-urlencoded"]) {
        const plain = registration();
        await expectRegistrationRefused(kt, JSON.stringify(plain), plain, {
          status: 415,
          what: "sent as another media type",
          rule: "C.register.content-type",
          contentType,
        });
      }
      const broken = registration();
      await expectRegistrationRefused(kt, `${JSON.stringify(broken).slice(0, -1)},`, broken, {
        status: 400,
        what: "broken JSON",
        rule: "C.register.content-type",
      });
      for (const shape of [(b: object) => [b], () => "a string", () => null, () => 7]) {
        const body = registration();
        await expectRegistrationRefused(kt, JSON.stringify(shape(body)), body, {
          status: 400,
          what: "JSON that is not an object",
          rule: "C.register.content-type",
        });
      }
      // A body far over any sensible size.
      const big = registration();
      await expectRegistrationRefused(kt, JSON.stringify({ ...big, pad: "x".repeat(2_000_000) }), big, {
        status: 413,
        what: "a 2 MB body",
        rule: "C.error.status",
      });
    },
  );

  clauseTest(["C.register.content-type"], "application/json is read whatever its case and parameters", async (ctx) => {
    const { kt } = await ktOf(ctx);
    for (const contentType of [
      "Application/JSON",
      "application/json; charset=utf-8",
      " application/json ;charset=UTF-8",
    ]) {
      const body = registration();
      const res = await call(kt, "POST", "/namespaces", body, "a", contentType);
      expectOk(res, `${POST} as ${contentType.trim()}`, "C.register.content-type");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST),
        says(POST, "the namespace as sent", "C.register.creates"),
      ).toEqual(registered(body));
    }
  });

  clauseTest(
    ["C.register.name-unique", "C.error.status"],
    "a second registration of a name is refused with 409 and changes nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { signature_version: 1 });
      const res = await call(kt, "POST", "/namespaces", {
        name: ns.name,
        public: false,
        root: `7/${randomDigest()}`,
        signature_version: 2,
      });
      expectRefused(res, 409, `${POST} duplicate name`, "C.register.name-unique");
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after a duplicate", "the first namespace, unchanged", "C.register.name-unique"),
      ).toEqual(ns);
      expectListed(
        await listNamespaces(kt),
        ns,
        "GET /namespaces after a duplicate (public false)",
        "C.register.name-unique",
      );
    },
  );

  clauseTest(["C.register.status-set-by-service"], "a creation body cannot set status", async (ctx) => {
    const { kt } = await ktOf(ctx);
    for (const status of ["Online", "Disabled"]) {
      const body = registration();
      const res = await call(kt, "POST", "/namespaces", { ...body, status });
      // An unknown field is ignored (C.register.unknown-fields): the namespace starts in Initialization.
      expectOk(res, `${POST} with status ${status}`, "C.register.status-set-by-service");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST),
        says(`${POST} with status ${status}`, "status Initialization", "C.register.status-set-by-service"),
      ).toEqual(registered(body));
    }
  });

  clauseTest(
    ["C.field.root-format"],
    "a root that is not <number>/<64 hex digits> is refused with 400",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const d = randomDigest();
      const bad = [
        d,
        `x/${d}`,
        `1/${d.slice(0, 63)}z`,
        `1/${d.slice(2)}`,
        `1/${d}ab`,
        `1-${d}`,
        "",
        `/${d}`,
        `1/`,
        `-1/${d}`,
        `1/${d}/`,
        `18446744073709551616/${d}`,
        ` 1/${d}`,
        `1 /${d}`,
        // Not 64 hex digits: a hex reader that skips a 0x prefix is caught.
        `1/0x${d}`,
        `1/0x${d.slice(2)}`,
        1,
        null,
      ];
      for (const root of bad) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, root }, body, {
          status: 400,
          what: "bad root",
          rule: "C.field.root-format",
        });
      }
    },
  );

  clauseTest(
    ["C.field.root-format", "C.publish.epoch-u64"],
    "a root's epoch runs from 1 to 2^64-1 and its hex may be in either case, kept as sent",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const d = randomDigest();
      for (const root of [
        `1/${d}`,
        `18446744073709551615/${d}`,
        `9/${d.toUpperCase()}`,
        `10/${d.slice(0, 32)}${d.slice(32).toUpperCase()}`,
      ]) {
        const body = registration({ root });
        const res = await call(kt, "POST", "/namespaces", body);
        expectOk(res, `${POST} root at the bounds or in mixed case`, "C.field.root-format");
        expect(
          checkBody<Namespace>(res, schemas.namespace, POST).root,
          says(POST, "root as sent, digit for digit", "C.field.root-format"),
        ).toBe(root);
      }
    },
  );

  clauseTest(
    ["C.field.signature-version"],
    "signature_version other than the integers 1 and 2 is refused with 400",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const v of [0, 3, -1, 1.5, "1", "2", "0x0001", null, true, 4294967297, [1], { v: 1 }]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, signature_version: v }, body, {
          status: 400,
          what: "bad signature_version",
          rule: "C.field.signature-version",
        });
      }
      for (const v of ["1.0", "2e0"]) {
        const body = registration();
        const text = JSON.stringify(body).replace(/"signature_version":[0-9]+/, `"signature_version":${v}`);
        await expectRegistrationRefused(kt, text, body, {
          status: 400,
          what: "signature_version written as a float",
          rule: "C.field.signature-version",
        });
      }
    },
  );

  clauseTest(
    ["C.field.log-directory-optional"],
    "a log_directory that is not an absolute http(s) URL is refused with 400",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const v of [
        "not a url",
        "/relative/path",
        "logs.example.test",
        42,
        "",
        "ftp://logs.example.test/",
        "https://",
        "https://user:pw@logs.example.test/",
        "https://user@logs.example.test/",
        "https://:pw@logs.example.test/",
        "https://logs.example.test/a b",
        true,
      ]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, log_directory: v }, body, {
          status: 400,
          what: "bad log_directory",
          rule: "C.field.log-directory-optional",
        });
      }
      // An absolute URL is accepted (the controls above register without one), http and https, kept as sent.
      for (const dir of ["https://logs.example.test/dir", "HTTP://LOGS.example.test:8443/A/b/"]) {
        const body = registration({ log_directory: dir });
        const res = await call(kt, "POST", "/namespaces", body);
        expectOk(res, `${POST} with a log_directory`, "C.field.log-directory-optional");
        expect(
          checkBody<Namespace>(res, schemas.namespace, POST).log_directory,
          says(POST, "log_directory as sent", "C.field.log-directory-optional"),
        ).toBe(dir);
      }
    },
  );

  clauseTest(
    ["C.register.docs-example", "C.field.public", "C.register.creates", "C.list.public-only"],
    "the platform's own registration example, byte for byte (no public), registers and is listed",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      // The docs' name on a fresh simulator; elsewhere a fresh name in the same body.
      const name = target.name === "sim" || target.name === "serve" ? "your.new.log.com" : freshName("docs");
      const root = "1/1111111111111111111111111111111111111111111111111111111111111111";
      const logDirectory = `https://${name}/path/to/proofs`;
      const docsBody = `{\n \t"name": "${name}",\n \t"root": "${root}",\n \t"log_directory": "${logDirectory}",\n\t"signature_version": 1\n  }`;
      const res = await call(kt, "POST", "/namespaces", docsBody);
      expectOk(res, `${POST} the docs' example`, "C.register.docs-example");
      const ns = checkBody<Namespace>(res, schemas.namespace, POST);
      expect(ns, says(`${POST} the docs' example`, "every field", "C.register.docs-example")).toEqual(
        registered({ name, root, log_directory: logDirectory, signature_version: 1 }),
      );
      expectListed(
        await listNamespaces(kt),
        ns,
        "GET /namespaces after the docs' example (no public: listed)",
        "C.field.public",
      );
    },
  );

  clauseTest(
    ["C.register.ciphersuite-alias", "C.field.signature-version"],
    "plexi's alias ciphersuite stands for signature_version; both sent must agree",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const v of [2, 1]) {
        const { rootEpoch: _e, rootDigest: _d, signature_version: _v, ...body } = registerBody();
        const res = await call(kt, "POST", "/namespaces", { ...body, ciphersuite: v });
        expectOk(res, `${POST} with ciphersuite only`, "C.register.ciphersuite-alias");
        expect(
          checkBody<Namespace>(res, schemas.namespace, POST),
          says(
            `${POST} with ciphersuite ${v}`,
            "signature_version and ciphersuite both the alias's value",
            "C.register.ciphersuite-alias",
          ),
        ).toEqual(registered({ ...body, signature_version: v }));
      }
      const same = registration({ signature_version: 2 });
      const res = await call(kt, "POST", "/namespaces", { ...same, ciphersuite: 2 });
      expectOk(res, `${POST} with both, equal`, "C.register.ciphersuite-alias");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST),
        says(`${POST} with both, equal`, "the namespace", "C.register.ciphersuite-alias"),
      ).toEqual(registered(same));
      const { signature_version: _s, ...rest } = registration();
      await expectRegistrationRefused(
        kt,
        { ...rest, signature_version: 1, ciphersuite: 2 },
        { ...rest, signature_version: 1 },
        {
          status: 400,
          what: "signature_version and ciphersuite disagreeing",
          rule: "C.register.ciphersuite-alias",
        },
      );
      const bad = registration();
      await expectRegistrationRefused(kt, { ...without(bad, "signature_version"), ciphersuite: 3 }, bad, {
        status: 400,
        what: "ciphersuite 3",
        rule: "C.field.signature-version",
      });
    },
  );

  clauseTest(
    ["C.register.unknown-fields"],
    "a field the auditor's types do not know is ignored: the registration succeeds as without it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
      const res = await call(kt, "POST", "/namespaces", {
        ...body,
        comment: "not a field of the auditor",
        epoch: 9,
        last_verified_epoch: 3,
        reports_uri: "/elsewhere",
      });
      expectOk(res, `${POST} with unknown fields`, "C.register.unknown-fields");
      expect(
        checkBody<Namespace>(res, schemas.namespace, POST),
        says(`${POST} with unknown fields`, "the namespace as without them", "C.register.unknown-fields"),
      ).toEqual(registered(body));
    },
  );

  clauseTest(
    ["C.register.name-unique", "C.auth.owner-only"],
    "operator B cannot register a name operator A holds (409); A keeps it",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b"]);
      const { sent, ns } = await registerOk(kt, {}, "a");
      const { rootEpoch: _e, rootDigest: _d, ...other } = registerBody({ name: ns.name });
      expectRefused(
        await call(kt, "POST", "/namespaces", other, "b"),
        409,
        `${POST} by B of A's name`,
        "C.register.name-unique",
      );
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after B's attempt", "A's namespace unchanged", "C.register.name-unique"),
      ).toEqual(ns);
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest, "b"),
        403,
        "POST /namespaces/{name}/audits by B",
        "C.auth.owner-only",
      );
      expectOk(
        await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest, "a"),
        "POST /namespaces/{name}/audits by A",
        "C.auth.owner-only",
      );
    },
  );

  clauseTest(
    ["C.register.required-fields"],
    "an empty name, or a name that is not a string, is refused with 400",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const name of ["", 7, null, ["a.test"]]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, name }, body, {
          status: 400,
          what: "bad name",
          rule: "C.register.required-fields",
        });
      }
      for (const pub of ["true", 1, "false"]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, public: pub }, body, {
          status: 400,
          what: "public not a boolean",
          rule: "C.field.public",
        });
      }
    },
  );

  clauseTest(
    ["C.get.case-sensitive", "C.register.name-unique"],
    "a name is matched exactly: another case or spelling is another (absent) namespace",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { name: freshName("case") });
      for (const other of [
        ns.name.toUpperCase(),
        `${ns.name[0]!.toUpperCase()}${ns.name.slice(1)}`,
        `${ns.name}.`,
        ns.name.slice(0, -1),
      ]) {
        await expectNoNamespace(kt, other, "another spelling of a registered name");
      }
      await expectNoNamespace(kt, encodeURIComponent(`${ns.name}/x`), "a name with a slash");
    },
  );
});
