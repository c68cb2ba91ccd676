/** Area C: listing public namespaces (GET /namespaces) and reading one (GET /namespaces/{name}). */
import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  expectOk,
  getNamespace,
  ktOf,
  listNamespaces,
  type Namespace,
  publish,
  registerOk,
  schemas,
} from "./support.ts";

interface Info {
  keys: { public_key: string }[];
  logs: string[];
}

async function info(kt: Parameters<typeof getNamespace>[0]): Promise<Info> {
  const res = await call(kt, "GET", "/info", undefined, "none");
  expectOk(res);
  return checkBody<Info>(res, schemas.info);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("list and get", () => {
  clauseTest(
    ["C.list.shape", "C.wire.bare-json", "C.auth.list-open", "C.field.status-values"],
    "GET /namespaces without a certificate answers {namespaces: [...]} with name, uris and status",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      const list = await listNamespaces(kt);
      const entry = list.find((n) => n.name === ns.name);
      expect(entry, `${ns.name} is public and must be listed`).toBeDefined();
      expect(entry!.reports_uri).toBe(`/namespaces/${ns.name}/reports`);
      expect(entry!.audits_uri).toBe(`/namespaces/${ns.name}/audits`);
      expect(entry!.status).toBe("Initialization");
      if (entry!.root !== undefined) expect(entry!.root).toBe(ns.root);
      if (entry!.log_directory !== undefined) expect(entry!.log_directory).toBe(ns.log_directory);
    },
  );

  clauseTest(
    ["C.field.status-case", "C.list.shape"],
    "list entries write the state capitalised, as plexi's client reads it (Online, then Disabled)",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectOk(await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest));
      expect((await listNamespaces(kt)).find((n) => n.name === ns.name)?.status).toBe("Online");
      expectOk(await call(kt, "PATCH", `/namespaces/${ns.name}`, { status: "Disabled" }));
      expect((await listNamespaces(kt)).find((n) => n.name === ns.name)?.status).toBe("Disabled");
    },
  );

  clauseTest(
    ["C.info.logs", "C.list.public-only"],
    "/info's logs holds identifiers, never a namespace name, and never reveals a namespace that is not public",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const before = await info(kt);
      const hidden = await registerOk(kt, { public: false });
      const afterHidden = await info(kt);
      // However the target derives its identifiers, a namespace that is not public adds none
      // (exact on a target nobody else registers public namespaces on meanwhile).
      expect(
        afterHidden.logs.filter((id) => !before.logs.includes(id)),
        "the non-public namespace added a log",
      ).toEqual([]);
      const shown = await registerOk(kt, { public: true });
      const after = await info(kt);
      for (const id of after.logs)
        expect(id, "an identifier of 64 hex digits, as the docs show").toMatch(/^[0-9a-f]{64}$/);
      for (const n of [hidden.ns.name, shown.ns.name]) expect(after.logs, `${n} appears by name`).not.toContain(n);
      expect(after.logs).not.toContain(sha256(hidden.ns.name));
    },
  );

  clauseTest(
    ["C.list.public-only", "C.field.public"],
    "a namespace registered with public false is not listed",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const hidden = await registerOk(kt, { public: false });
      const shown = await registerOk(kt, { public: true });
      const names = (await listNamespaces(kt)).map((n) => n.name);
      expect(names).toContain(shown.ns.name);
      expect(names).not.toContain(hidden.ns.name);
    },
  );

  clauseTest(
    ["C.get.one", "C.auth.list-open"],
    "GET /namespaces/{name} answers the namespace, without a certificate",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { public: false });
      const res = await getNamespace(kt, ns.name);
      expectOk(res);
      expect(checkBody<Namespace>(res, schemas.namespace)).toEqual(ns);
    },
  );

  clauseTest(["C.get.one"], "GET /namespaces/{name} of an unknown name answers 404", async (ctx) => {
    const { kt } = await ktOf(ctx);
    // The control: the same GET of a name that exists answers it, so the 404 says "unknown", not "not served".
    const { ns } = await registerOk(kt);
    expectOk(await getNamespace(kt, ns.name));
    const res = await call(kt, "GET", "/namespaces/never-registered.edgeconf.test", undefined, "none");
    expect(res.status, res.text.slice(0, 300)).toBe(404);
  });
});
