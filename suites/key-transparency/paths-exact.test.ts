/**
 * Area C: the service's paths are matched exactly, as plexi's client writes them (`/namespaces/{name}`,
 * `/namespaces/{name}/audits/{epoch}`, `/namespaces/{name}/last-verified-epoch`): another spelling or case of
 * the `namespaces` segment is a path the service does not serve (404), even when the same request on the real
 * path answers 200.
 */
import { describe } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { call, expectOk, expectRefused, ktOf, publishOk, registerOk } from "./support.ts";

describe("paths", () => {
  clauseTest(
    ["C.error.status", "C.get.case-sensitive"],
    "a namespace's routes under another first segment (/namespace, /Namespaces, /NAMESPACES, /v1/namespaces) answer 404",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const e = sent.rootEpoch;
      for (const rest of [`/${ns.name}`, `/${ns.name}/audits/${e}`, `/${ns.name}/last-verified-epoch`]) {
        const route = rest.replace(ns.name, "{name}").replace(`/${e}`, "/{epoch}");
        // The control: the real path answers 200, so a 404 below means "not this path".
        expectOk(
          await call(kt, "GET", `/namespaces${rest}`, undefined, "none"),
          `GET /namespaces${route}`,
          "C.get.one",
        );
        for (const first of ["/namespace", "/Namespaces", "/NAMESPACES", "/namespaces-x", "/x", "/v1/namespaces"]) {
          expectRefused(
            await call(kt, "GET", `${first}${rest}`, undefined, "none"),
            404,
            `GET ${first}${route} (not the service's path)`,
            "C.error.status",
          );
        }
      }
    },
  );
});
