/** Area C: listing public namespaces (GET /namespaces) and reading one (GET /namespaces/{name}). */
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
  sameStatus,
  schemas,
} from "./support.ts";

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
      expect(sameStatus(entry!.status, "Initialization")).toBe(true);
      if (entry!.root !== undefined) expect(entry!.root).toBe(ns.root);
      if (entry!.log_directory !== undefined) expect(entry!.log_directory).toBe(ns.log_directory);
    },
  );

  clauseTest(
    ["C.field.status-case", "C.list.shape"],
    "list entries carry the state in either case (Online after a publication)",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectOk(await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest));
      const entry = (await listNamespaces(kt)).find((n) => n.name === ns.name);
      expect(entry?.status).toMatch(/^(Online|online)$/);
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
    const res = await call(kt, "GET", "/namespaces/never-registered.edgeconf.test", undefined, "none");
    expect(res.status).toBe(404);
  });
});
