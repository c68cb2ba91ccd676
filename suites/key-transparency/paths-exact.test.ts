/**
 * Area C: the service's paths are matched exactly, as plexi's client writes them (`/namespaces/{name}`,
 * `/namespaces/{name}/audits/{epoch}`, `/namespaces/{name}/last-verified-epoch`): another spelling or case of
 * the `namespaces` segment is a path the service does not serve (404), even when the same request on the real
 * path answers 200.
 */
import { describe } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { call, expectOk, expectRefused, ktOf, publishOk, randomDigest, registerOk } from "./support.ts";

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

  clauseTest(
    ["C.error.status", "C.get.case-sensitive"],
    "the segments after the name, and /info, are matched in their case: /AUDITS, /Last-Verified-Epoch, /INFO answer 404",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const n = `/namespaces/${ns.name}`;
      const e = sent.rootEpoch;
      for (const [real, others] of [
        [`${n}/audits/${e}`, [`${n}/AUDITS/${e}`, `${n}/Audits/${e}`]],
        [`${n}/last-verified-epoch`, [`${n}/LAST-VERIFIED-EPOCH`, `${n}/Last-Verified-Epoch`]],
        ["/info", ["/INFO", "/Info"]],
      ] as [string, string[]][]) {
        const route = real.replace(ns.name, "{name}").replace(`/${e}`, "/{epoch}");
        // The control: the path as the platform writes it answers 200, so a 404 below means "not this path".
        expectOk(await call(kt, "GET", real, undefined, "none"), `GET ${route}`, "C.get.one");
        for (const other of others) {
          expectRefused(
            await call(kt, "GET", other, undefined, "none"),
            404,
            `GET ${other.replace(ns.name, "{name}").replace(`/${e}`, "/{epoch}")} (another case of ${route})`,
            "C.get.case-sensitive",
          );
        }
      }
      // A write under another case of the segment publishes nothing: the next epoch is still free.
      expectRefused(
        await call(kt, "POST", `${n}/AUDITS`, { epoch: e + 1, digest: randomDigest() }),
        404,
        "POST /namespaces/{name}/AUDITS (another case of the audits route)",
        "C.get.case-sensitive",
      );
      expectRefused(
        await call(kt, "GET", `${n}/audits/${e + 1}`, undefined, "none"),
        404,
        "GET /namespaces/{name}/audits/{next epoch} after a write to /AUDITS",
        "C.get.case-sensitive",
      );
    },
  );
});
