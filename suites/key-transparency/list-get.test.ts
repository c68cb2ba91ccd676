/** Area C: listing public namespaces (GET /namespaces) and reading one (GET /namespaces/{name}). */
import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  checkBody,
  currentNamespace,
  disable,
  expectListed,
  expectOk,
  expectRefused,
  freshName,
  getNamespace,
  ktOf,
  listNamespaces,
  type Namespace,
  publishOk,
  registerOk,
  says,
  schemas,
} from "./support.ts";

interface Info {
  keys: { public_key: string; not_before: number }[];
  logs: string[];
}

async function info(kt: Parameters<typeof getNamespace>[0]): Promise<Info> {
  const res = await call(kt, "GET", "/info", undefined, "none");
  expectOk(res, "GET /info", "C.info.logs");
  return checkBody<Info>(res, schemas.info, "GET /info", "C.info.logs");
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const LIST = "GET /namespaces";

describe("list and get", () => {
  clauseTest(
    ["C.list.shape", "C.wire.bare-json", "C.auth.list-open", "C.field.status-values"],
    "GET /namespaces without a certificate answers {namespaces: [...]}, each entry as GET answers it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      const withDir = await registerOk(kt, { log_directory: "https://Dir.example.test/p", signature_version: 2 });
      const res = await call(kt, "GET", "/namespaces", undefined, "none");
      expectOk(res, LIST, "C.auth.list-open");
      const body = checkBody<{ namespaces: Namespace[] }>(res, schemas.list, LIST, "C.list.shape");
      expect(Object.keys(body), says(LIST, "one field, namespaces", "C.list.shape")).toEqual(["namespaces"]);
      expectListed(body.namespaces, ns, LIST);
      expectListed(body.namespaces, withDir.ns, LIST);
    },
  );

  clauseTest(
    ["C.field.status-case", "C.list.shape"],
    "list entries write the state capitalised, as plexi's client reads it (Online, then Disabled)",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const online = await currentNamespace(kt, ns.name);
      expect(online.status, says("GET /namespaces/{name}", "status Online", "C.field.status-case")).toBe("Online");
      expectListed(await listNamespaces(kt), online, `${LIST} with an Online namespace`, "C.field.status-case");
      expectOk(await disable(kt, ns.name), "PATCH /namespaces/{name} Disabled", "C.disable.any-state");
      expectListed(
        await listNamespaces(kt),
        { ...online, status: "Disabled" },
        `${LIST} with a Disabled namespace`,
        "C.field.status-case",
      );
    },
  );

  clauseTest(["C.list.order"], "public namespaces are listed by name, in code-unit order", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const names: string[] = [];
    for (const tag of ["zz", "a9", "m-1", "m0", "b", "a-z", "m"])
      names.push((await registerOk(kt, { name: freshName(tag) })).ns.name);
    const mine = (await listNamespaces(kt)).map((n) => n.name).filter((n) => names.includes(n));
    expect(mine, says(LIST, "names in code-unit order", "C.list.order")).toEqual([...names].sort());
  });

  clauseTest(
    ["C.info.logs", "C.list.public-only"],
    "/info's logs gains one new identifier per public namespace, never a name, none for a namespace that is not public",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const before = await info(kt);
      const hidden = await registerOk(kt, { public: false });
      const afterHidden = await info(kt);
      // However the target derives its identifiers, a namespace that is not public adds none
      // (exact on a target nobody else registers public namespaces on meanwhile).
      expect(
        afterHidden.logs.filter((id) => !before.logs.includes(id)),
        says("GET /info after a non-public registration", "no new log", "C.list.public-only"),
      ).toEqual([]);
      const shown = await registerOk(kt, { public: true });
      const afterOne = await info(kt);
      const second = await registerOk(kt, { public: true });
      const after = await info(kt);
      const added = afterOne.logs.filter((id) => !afterHidden.logs.includes(id));
      const addedAgain = after.logs.filter((id) => !afterOne.logs.includes(id));
      expect(added.length, says("GET /info after a public registration", "one new log identifier", "C.info.logs")).toBe(
        1,
      );
      expect(
        addedAgain.length,
        says("GET /info after another public registration", "one more, another identifier", "C.info.logs"),
      ).toBe(1);
      expect(addedAgain[0], says("GET /info", "each public namespace its own identifier", "C.info.logs")).not.toBe(
        added[0],
      );
      expect(new Set(after.logs).size, says("GET /info", "no identifier twice", "C.info.logs")).toBe(after.logs.length);
      for (const id of after.logs)
        expect(id, says("GET /info", "identifier of 64 hex digits, as the docs show", "C.info.logs")).toMatch(
          /^[0-9a-f]{64}$/,
        );
      for (const n of [hidden.ns.name, shown.ns.name, second.ns.name])
        expect(after.logs, says("GET /info", "logs never hold a name", "C.info.logs")).not.toContain(n);
      expect(
        after.logs,
        says("GET /info", "no identifier of the non-public namespace", "C.list.public-only"),
      ).not.toContain(sha256(hidden.ns.name));
      expect(after.keys.length, says("GET /info", "at least one key", "C.info.auditor-key")).toBeGreaterThan(0);
    },
  );

  clauseTest(
    ["C.list.public-only", "C.field.public"],
    "a namespace registered with public false is not listed, before and after it changes state; GET still answers it",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const hidden = await registerOk(kt, { public: false });
      const shown = await registerOk(kt, { public: true });
      let list = await listNamespaces(kt);
      expectListed(list, shown.ns, `${LIST} (public true)`, "C.field.public");
      expect(
        list.map((n) => n.name),
        says(LIST, "no namespace registered public false", "C.list.public-only"),
      ).not.toContain(hidden.ns.name);
      await publishOk(kt, hidden.ns.name, hidden.sent.rootEpoch, hidden.sent.rootDigest);
      expectOk(await disable(kt, hidden.ns.name), "PATCH /namespaces/{name} Disabled", "C.disable.any-state");
      list = await listNamespaces(kt);
      expect(
        list.map((n) => n.name),
        says(
          `${LIST} after it went Online then Disabled`,
          "still not the public false namespace",
          "C.list.public-only",
        ),
      ).not.toContain(hidden.ns.name);
      expect(
        (await currentNamespace(kt, hidden.ns.name)).status,
        says("GET /namespaces/{name} of a namespace not public", "answered, status Disabled", "C.get.one"),
      ).toBe("Disabled");
    },
  );

  clauseTest(
    ["C.get.one", "C.auth.list-open"],
    "GET /namespaces/{name} answers the whole namespace, without a certificate and to either operator",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt, { public: false });
      for (const as of ["none", "a", "b"] as const) {
        if (!kt.identities.includes(as)) continue;
        const res = await call<Namespace>(kt, "GET", `/namespaces/${ns.name}`, undefined, as);
        expectOk(res, "GET /namespaces/{name}", "C.auth.list-open");
        expect(
          checkBody<Namespace>(res, schemas.namespace, "GET /namespaces/{name}"),
          says(`GET /namespaces/{name} as ${as}`, "the namespace as registered", "C.get.one"),
        ).toEqual(ns);
      }
    },
  );

  clauseTest(["C.get.one"], "GET /namespaces/{name} of an unknown name answers 404", async (ctx) => {
    const { kt } = await ktOf(ctx);
    // The control: the same GET of a name that exists answers it, so the 404 says "unknown", not "not served".
    const { ns } = await registerOk(kt);
    expectOk(await getNamespace(kt, ns.name), "GET /namespaces/{name}", "C.get.one");
    expectRefused(
      await call(kt, "GET", "/namespaces/never-registered.edgeconf.test", undefined, "none"),
      404,
      "GET /namespaces/{unknown}",
      "C.get.one",
    );
  });

  clauseTest(
    ["C.list.shape", "C.info.logs"],
    "the list holds every public namespace, however many: 130 registrations (past any page of 100 or 128) are all listed",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const before = await info(kt);
      const registered: Namespace[] = [];
      // The spec's list is one `namespaces` array (plexi's Namespaces: no page, no cursor); long enough to page.
      // Ten at a time: fast over HTTPS, gentle on a real target.
      for (let i = 0; i < 130; i += 10) {
        const batch = Array.from({ length: 10 }, () => registerOk(kt, { name: freshName("many") }));
        for (const { ns } of await Promise.all(batch)) registered.push(ns);
      }
      const list = await listNamespaces(kt);
      const listed = new Set(list.map((n) => n.name));
      expect(
        registered.filter((ns) => !listed.has(ns.name)).map((ns) => ns.name),
        says(LIST, "every one of 130 public namespaces registered, none left out", "C.list.shape"),
      ).toEqual([]);
      for (const ns of [registered[0]!, registered[99]!, registered[100]!, registered[129]!]) {
        expectListed(list, ns, `${LIST} with 130 more namespaces`);
      }
      const after = await info(kt);
      expect(
        after.logs.filter((id) => !before.logs.includes(id)).length,
        says("GET /info after 130 public registrations", "at least 130 new log identifiers", "C.info.logs"),
      ).toBeGreaterThanOrEqual(130);
    },
  );
});
