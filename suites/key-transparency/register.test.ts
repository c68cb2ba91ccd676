/** Area C: registering a namespace (POST /namespaces). */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  currentNamespace,
  expectKeyOrder,
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
  schemas,
} from "./support.ts";

const SPEC_ORDER = ["name", "log_directory", "root", "status", "reports_uri", "audits_uri", "signature_version"];

function without(body: object, key: string): object {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
}

describe("register", () => {
  clauseTest(
    ["C.register.creates", "C.register.initialization", "C.wire.bare-json", "C.field.status-case"],
    "a valid registration answers the bare namespace, status Initialization",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { log_directory: "https://logs.example.test/dir" });
      expect(ns.name).toBe(sent.name);
      expect(ns.root).toBe(sent.root);
      expect(ns.log_directory).toBe("https://logs.example.test/dir");
      expect(ns.signature_version).toBe(1);
      expect(ns.status).toBe("Initialization");
      for (const k of SPEC_ORDER) expect(ns).toHaveProperty(k);
    },
  );

  clauseTest(
    ["C.wire.field-order", "C.field.log-directory-optional"],
    "fields come in the platform's order; log_directory is null when not given",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { signature_version: 2 });
      expectKeyOrder(ns, [...SPEC_ORDER, "ciphersuite"]);
      expect(ns.log_directory).toBeNull();
      if ("ciphersuite" in ns) expect(ns.ciphersuite).toBe(ns.signature_version);
      const again = await getNamespace(kt, ns.name);
      expectOk(again);
      expect(checkBody<Namespace>(again, schemas.namespace)).toEqual(ns);
    },
  );

  clauseTest(
    ["C.field.reports-uri", "C.field.audits-uri"],
    "reports_uri and audits_uri are relative paths of the name",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      expect(ns.reports_uri).toBe(`/namespaces/${ns.name}/reports`);
      expect(ns.audits_uri).toBe(`/namespaces/${ns.name}/audits`);
    },
  );

  clauseTest(
    ["C.field.signature-version", "C.signature.v2-bincode"],
    "signature_version 2 is accepted and kept",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { signature_version: 2 });
      expect(ns.signature_version).toBe(2);
    },
  );

  clauseTest(
    ["C.register.required-fields"],
    "a body missing name, root or signature_version is refused and creates nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const key of ["root", "signature_version"]) {
        const body = registration();
        await expectRegistrationRefused(kt, without(body, key), body);
      }
      const body = registration();
      // The refusals mean something only if the complete body is accepted.
      await expectRegistrationRefused(kt, without(body, "name"), body);
    },
  );

  clauseTest(
    ["C.register.content-type"],
    "a body that is not JSON, or not sent as application/json, is refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      // Each refusal is followed by its control: the same body, as JSON, registers.
      const plain = registration();
      await expectRegistrationRefused(kt, JSON.stringify(plain), plain, { contentType: "text/plain" });
      const broken = registration();
      await expectRegistrationRefused(kt, `${JSON.stringify(broken).slice(0, -1)},`, broken);
      const array = registration();
      await expectRegistrationRefused(kt, JSON.stringify([array]), array);
      // A body far over any sensible size: a 4xx, never a 5xx (call() checks that).
      const big = registration();
      await expectRegistrationRefused(kt, JSON.stringify({ ...big, pad: "x".repeat(2_000_000) }), big);
    },
  );

  clauseTest(
    ["C.register.name-unique"],
    "a second registration of a name is refused and changes nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { signature_version: 1 });
      const res = await call(kt, "POST", "/namespaces", {
        name: ns.name,
        public: false,
        root: `7/${randomDigest()}`,
        signature_version: 2,
      });
      expectRefused(res);
      const after = await getNamespace(kt, ns.name);
      expect(checkBody<Namespace>(after, schemas.namespace)).toEqual(ns);
    },
  );

  clauseTest(["C.register.status-set-by-service"], "a creation body cannot set status", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
    const res = await call(kt, "POST", "/namespaces", { ...body, status: "Online" });
    if (res.status < 300) {
      // A target that ignores the field must still start in Initialization.
      expect(checkBody<Namespace>(res, schemas.namespace).status).toBe("Initialization");
    } else {
      expectRefused(res);
      // Refused for the status, not for anything else: nothing was created, and the same body without it registers.
      await expectNoNamespace(kt, body.name, "a refused registration creates nothing");
      expectOk(await call(kt, "POST", "/namespaces", body));
      expectOk(await getNamespace(kt, body.name));
    }
  });

  clauseTest(["C.field.root-format"], "a root that is not <number>/<64 hex digits> is refused", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const d = randomDigest();
    for (const root of [d, `x/${d}`, `1/${d.slice(0, 63)}z`, `1/${d.slice(2)}`, `1-${d}`, "", `/${d}`, `1/`, 1]) {
      const body = registration();
      await expectRegistrationRefused(kt, { ...body, root }, body);
    }
  });

  clauseTest(
    ["C.field.signature-version"],
    "signature_version other than the integers 1 and 2 is refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const v of [0, 3, -1, 1.5, "1", "2", "0x0001", null, true]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, signature_version: v }, body);
      }
    },
  );

  clauseTest(
    ["C.field.log-directory-optional"],
    "a log_directory that is not an absolute URL is refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const v of ["not a url", "/relative/path", "logs.example.test", 42]) {
        const body = registration();
        await expectRegistrationRefused(kt, { ...body, log_directory: v }, body);
      }
      // An absolute URL is accepted (the control above registers without one).
      const body = registration({ log_directory: "https://logs.example.test/dir" });
      expect(checkBody<Namespace>(await call(kt, "POST", "/namespaces", body), schemas.namespace).log_directory).toBe(
        body.log_directory,
      );
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
      expectOk(res);
      const ns = checkBody<Namespace>(res, schemas.namespace);
      expect(ns).toMatchObject({
        name,
        log_directory: logDirectory,
        root,
        status: "Initialization",
        reports_uri: `/namespaces/${name}/reports`,
        audits_uri: `/namespaces/${name}/audits`,
        signature_version: 1,
      });
      expect((await listNamespaces(kt)).map((n) => n.name)).toContain(name);
    },
  );

  clauseTest(
    ["C.register.ciphersuite-alias", "C.field.signature-version"],
    "plexi's alias ciphersuite stands for signature_version",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { rootEpoch: _e, rootDigest: _d, signature_version: _v, ...body } = registerBody();
      const res = await call(kt, "POST", "/namespaces", { ...body, ciphersuite: 2 });
      expectOk(res);
      const ns = checkBody<Namespace>(res, schemas.namespace);
      expect(ns.signature_version ?? ns.ciphersuite).toBe(2);
      if (ns.ciphersuite !== undefined) expect(ns.ciphersuite).toBe(2);
    },
  );

  clauseTest(
    ["C.register.unknown-fields"],
    "a field the auditor's types do not know is ignored: the registration succeeds as without it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
      const res = await call(kt, "POST", "/namespaces", { ...body, comment: "not a field of the auditor", epoch: 9 });
      expectOk(res);
      const ns = checkBody<Namespace>(res, schemas.namespace);
      expect(ns).toMatchObject({ name: body.name, root: body.root, status: "Initialization" });
      expect(ns).not.toHaveProperty("comment");
    },
  );

  clauseTest(
    ["C.register.name-unique", "C.auth.owner-only"],
    "operator B cannot register a name operator A holds; A keeps it",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b"]);
      const { sent, ns } = await registerOk(kt, {}, "a");
      const { rootEpoch: _e, rootDigest: _d, ...other } = registerBody({ name: ns.name });
      expectRefused(await call(kt, "POST", "/namespaces", other, "b"));
      expect(await currentNamespace(kt, ns.name)).toEqual(ns);
      expectRefused(await publish(kt, ns.name, 1, sent.rootDigest, "b"));
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest, "a"));
    },
  );

  clauseTest(["C.register.required-fields"], "an empty name is refused", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const body = registration();
    await expectRegistrationRefused(kt, { ...body, name: "" }, body);
  });
});
