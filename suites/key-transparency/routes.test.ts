/** Area C: the routes of the service, the methods each serves (405 with Allow) and paths it does not serve (404). */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { call, currentNamespace, expectRefused, ktOf, publishOk, randomDigest, registerOk, says } from "./support.ts";

/**
 * The methods an Allow header names, as a sorted list. HEAD is left out where GET is named: a server that serves
 * GET serves HEAD too (RFC 9110 9.1, 9.3.2), and frameworks name it in Allow (axum writes "GET,HEAD"), so a target
 * is not failed for naming it.
 */
function allowOf(value: string | null): string[] {
  const methods = (value ?? "")
    .split(",")
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== "");
  return methods.filter((m) => m !== "HEAD" || !methods.includes("GET")).sort();
}

describe("routes", () => {
  clauseTest(
    ["C.error.method-not-allowed", "C.error.status"],
    "a method a route does not serve answers 405 with Allow naming the ones it does, and changes nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const before = await currentNamespace(kt, ns.name);
      const n = `/namespaces/${ns.name}`;
      const cases: [string, string, string[], string][] = [
        ["DELETE", "/namespaces", ["GET", "POST"], "DELETE /namespaces"],
        ["PUT", "/namespaces", ["GET", "POST"], "PUT /namespaces"],
        ["DELETE", n, ["GET", "PATCH"], "DELETE /namespaces/{name}"],
        ["POST", n, ["GET", "PATCH"], "POST /namespaces/{name}"],
        ["PUT", n, ["GET", "PATCH"], "PUT /namespaces/{name}"],
        ["GET", `${n}/audits`, ["POST"], "GET /namespaces/{name}/audits"],
        ["POST", `${n}/audits/${sent.rootEpoch}`, ["GET"], "POST /namespaces/{name}/audits/{epoch}"],
        ["DELETE", `${n}/audits/${sent.rootEpoch}`, ["GET"], "DELETE /namespaces/{name}/audits/{epoch}"],
        ["POST", `${n}/last-verified-epoch`, ["GET"], "POST /namespaces/{name}/last-verified-epoch"],
        ["POST", "/info", ["GET"], "POST /info"],
      ];
      for (const [method, path, allow, what] of cases) {
        const body =
          method === "GET" ? undefined : { status: "Disabled", epoch: sent.rootEpoch + 1, digest: randomDigest() };
        const res = await call(kt, method, path, body);
        expectRefused(res, 405, what, "C.error.method-not-allowed");
        // A 405 must name what the route serves (RFC 9110 15.5.6); another 4xx is not fixed by any source.
        if (res.status === 405) {
          expect(
            allowOf(res.headers.get("allow")),
            says(what, `Allow ${allow.join(", ")}`, "C.error.method-not-allowed"),
          ).toEqual(allow);
        }
      }
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after refused methods", "unchanged", "C.error.method-not-allowed"),
      ).toEqual(before);
      const audit = await call(kt, "GET", `${n}/audits/${sent.rootEpoch + 1}`, undefined, "none");
      expectRefused(
        audit,
        404,
        "GET /namespaces/{name}/audits/{epoch} after refused methods: nothing published",
        "C.error.method-not-allowed",
      );
    },
  );

  clauseTest(["C.error.status"], "a path the service does not serve answers 404", async (ctx) => {
    const { kt } = await ktOf(ctx);
    // A namespace with a published epoch: a path taken for its audit or last verified epoch would answer 200.
    const { sent, ns } = await registerOk(kt);
    await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
    const n = `/namespaces/${ns.name}`;
    const e = sent.rootEpoch;
    for (const path of [
      "/",
      "/namespace",
      "/namespacesx",
      "/namespaces//audits",
      `${n}/audit`,
      `${n}/last-verified`,
      `${n}/audits/${e}/x`,
      `${n}/audit/${e}`,
      `${n}/last-verified-epoch/${e}`,
      `${n}/audits/`,
      `${n}/x/y`,
      "/info/x",
      "/v1/namespaces",
    ]) {
      expectRefused(
        await call(kt, "GET", path, undefined, "none"),
        404,
        "GET a path the service does not serve",
        "C.error.status",
      );
    }
  });
});
