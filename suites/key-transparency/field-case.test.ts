/**
 * Area C: field names are matched exactly, as the auditor's types read them (plexi_core: serde derives, no
 * `rename_all`, no aliases but `ciphersuite`). A field written in another case is an unknown field, ignored: a
 * body that gives a required field only in another case misses it and is refused, on every write route. (A
 * reader that folds case, as Go's encoding/json does, would accept them.) Each refusal has its control: the
 * same body with the field names as the platform writes them succeeds.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  currentNamespace,
  expectOk,
  expectRefused,
  expectRegistrationRefused,
  ktOf,
  publishOk,
  registerOk,
  registration,
  says,
} from "./support.ts";

const PUBLISH = "POST /namespaces/{name}/audits";
const PATCH = "PATCH /namespaces/{name}";

describe("field names", () => {
  clauseTest(
    ["C.register.required-fields", "C.register.content-type"],
    "a registration that gives name, root or signature_version only in another case misses it: refused, nothing registered",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      for (const field of ["name", "root", "signature_version"] as const) {
        for (const spelled of [field[0]!.toUpperCase() + field.slice(1), field.toUpperCase()]) {
          const body = registration();
          const { [field]: value, ...rest } = body;
          await expectRegistrationRefused(kt, { ...rest, [spelled]: value }, body, {
            status: 400,
            what: `with "${spelled}" for "${field}"`,
            rule: "C.register.required-fields",
          });
        }
      }
    },
  );

  clauseTest(
    ["C.publish.consecutive", "C.publish.digest", "C.register.content-type"],
    "a publication that gives epoch or digest only in another case misses it: refused, nothing published",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      const path = `/namespaces/${ns.name}/audits`;
      for (const body of [
        { Epoch: sent.rootEpoch, digest: sent.rootDigest },
        { epoch: sent.rootEpoch, Digest: sent.rootDigest },
        { EPOCH: sent.rootEpoch, DIGEST: sent.rootDigest },
      ]) {
        expectRefused(
          await call(kt, "POST", path, body),
          400,
          `${PUBLISH} with ${Object.keys(body).join(", ")}`,
          "C.publish.consecutive",
        );
      }
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after refused publications", "unchanged, Initialization", "C.publish.consecutive"),
      ).toEqual(ns);
      // The control: the same epoch and digest under their own names are the first epoch.
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest, "C.publish.first-matches-root");
    },
  );

  clauseTest(
    ["C.disable.any-state", "C.register.content-type"],
    'PATCH {"Status": "Disabled"} (or STATUS) misses status: refused, the namespace not Disabled',
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      const path = `/namespaces/${ns.name}`;
      for (const body of [{ Status: "Disabled" }, { STATUS: "Disabled" }]) {
        expectRefused(
          await call(kt, "PATCH", path, body),
          400,
          `${PATCH} with ${Object.keys(body)[0]}`,
          "C.disable.any-state",
        );
      }
      expect(
        await currentNamespace(kt, ns.name),
        says(`GET /namespaces/{name} after refused PATCHes`, "unchanged, Initialization", "C.disable.any-state"),
      ).toEqual(ns);
      const res = await call(kt, "PATCH", path, { status: "Disabled" });
      expectOk(res, `${PATCH} {"status": "Disabled"} (the control)`, "C.disable.any-state");
      expect(
        (await currentNamespace(kt, ns.name)).status,
        says("GET /namespaces/{name} after the control", "status Disabled", "C.disable.any-state"),
      ).toBe("Disabled");
    },
  );
});
