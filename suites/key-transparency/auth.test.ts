/** Area C: mutual TLS on writes, and ownership of namespaces by the operator that registered them. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  call,
  currentNamespace,
  disable,
  expectOk,
  expectRefused,
  expectRegistrationRefused,
  ktOf,
  listNamespaces,
  publish,
  publishOk,
  randomDigest,
  registerOk,
  registration,
  says,
} from "./support.ts";

const PUBLISH = "POST /namespaces/{name}/audits";
const PATCH = "PATCH /namespaces/{name}";

describe("mTLS and ownership", () => {
  clauseTest(
    ["C.auth.mtls-writes", "C.error.status"],
    "POST /namespaces without a client certificate is refused with 401 and registers nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["none"]);
      // The control: the same body, sent with operator A's certificate, registers (and GET then finds it).
      const body = registration();
      await expectRegistrationRefused(kt, body, body, {
        status: 401,
        what: "without a certificate",
        rule: "C.auth.mtls-writes",
        as: "none",
      });
      // Identity comes first: a body that would be refused anyway gets the same 401.
      const bad = registration();
      await expectRegistrationRefused(kt, { ...bad, root: "not a root" }, bad, {
        status: 401,
        what: "a bad body without a certificate",
        rule: "C.auth.mtls-writes",
        as: "none",
      });
    },
  );

  clauseTest(
    ["C.auth.mtls-writes", "C.error.status"],
    "PATCH and epoch publication without a client certificate are refused with 401 and change nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["none"]);
      const { sent, ns } = await registerOk(kt);
      expectRefused(await disable(kt, ns.name, "none"), 401, `${PATCH} without a certificate`, "C.auth.mtls-writes");
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest, "none"),
        401,
        `${PUBLISH} without a certificate`,
        "C.auth.mtls-writes",
      );
      expectRefused(
        await disable(kt, "never-registered.edgeconf.test", "none"),
        401,
        `${PATCH} of an unknown name without a certificate`,
        "C.auth.mtls-writes",
      );
      expectRefused(
        await publish(kt, "never-registered.edgeconf.test", 1, randomDigest(), "none"),
        401,
        `${PUBLISH} to an unknown name without a certificate`,
        "C.auth.mtls-writes",
      );
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after writes without a certificate", "unchanged", "C.auth.mtls-writes"),
      ).toEqual(ns);
      // The control: with the certificate, the same publication and PATCH are accepted.
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest, "C.auth.mtls-writes");
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch + 1, randomDigest(), "none"),
        401,
        `${PUBLISH} to an Online namespace without a certificate`,
        "C.auth.mtls-writes",
      );
      expectOk(await disable(kt, ns.name), `${PATCH} with the certificate`, "C.auth.mtls-writes");
      expectRefused(
        await disable(kt, ns.name, "none"),
        401,
        `${PATCH} of a Disabled namespace without a certificate`,
        "C.auth.mtls-writes",
      );
    },
  );

  clauseTest(
    ["C.auth.owner-only", "C.error.status"],
    "another operator cannot publish to or disable a namespace it did not register (403), in any state",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b"]);
      const { sent, ns } = await registerOk(kt, {}, "a");
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest, "b"),
        403,
        `${PUBLISH} by another operator`,
        "C.auth.owner-only",
      );
      expectRefused(await disable(kt, ns.name, "b"), 403, `${PATCH} by another operator`, "C.auth.owner-only");
      // Ownership before the body: a body that would be refused anyway gets the same 403.
      expectRefused(
        await publish(kt, ns.name, 0, "not hex", "b"),
        403,
        `${PUBLISH} a bad body by another operator`,
        "C.auth.owner-only",
      );
      expectRefused(
        await call(kt, "PATCH", `/namespaces/${ns.name}`, { status: "Online" }, "b"),
        403,
        `${PATCH} a bad status by another operator`,
        "C.auth.owner-only",
      );
      for (const [body, what] of [
        [{}, "no status"],
        ['{"status":', "broken JSON"],
      ] as const) {
        expectRefused(
          await call(kt, "PATCH", `/namespaces/${ns.name}`, body, "b"),
          403,
          `${PATCH} ${what} by another operator`,
          "C.auth.owner-only",
        );
        expectRefused(
          await call(kt, "PATCH", `/namespaces/${ns.name}`, body, "none"),
          401,
          `${PATCH} ${what} without a certificate`,
          "C.auth.mtls-writes",
        );
      }
      expectRefused(
        await call(kt, "POST", `/namespaces/${ns.name}/audits`, '{"epoch":', "b"),
        403,
        `${PUBLISH} broken JSON by another operator`,
        "C.auth.owner-only",
      );
      expectRefused(
        await call(kt, "POST", `/namespaces/${ns.name}/audits`, '{"epoch":', "none"),
        401,
        `${PUBLISH} broken JSON without a certificate`,
        "C.auth.mtls-writes",
      );
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after another operator's writes", "unchanged", "C.auth.owner-only"),
      ).toEqual(ns);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest, "C.auth.owner-only");
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch + 1, randomDigest(), "b"),
        403,
        `${PUBLISH} to an Online namespace by another operator`,
        "C.auth.owner-only",
      );
      const online = await currentNamespace(kt, ns.name);
      expect(online.status, says("GET /namespaces/{name}", "status Online", "C.state.online-on-first-epoch")).toBe(
        "Online",
      );
      expectOk(await disable(kt, ns.name, "a"), `${PATCH} by the owner`, "C.auth.owner-only");
      expectRefused(
        await disable(kt, ns.name, "b"),
        403,
        `${PATCH} of a Disabled namespace by another operator`,
        "C.auth.owner-only",
      );
      expectRefused(
        await disable(kt, "never-registered.edgeconf.test", "b"),
        404,
        `${PATCH} of an unknown name by operator B`,
        "C.error.status",
      );
      expectRefused(
        await publish(kt, "never-registered.edgeconf.test", 1, randomDigest(), "b"),
        404,
        `${PUBLISH} to an unknown name by operator B`,
        "C.error.status",
      );
    },
  );

  clauseTest(["C.auth.owner-only"], "each operator owns what it registered, and only that", async (ctx) => {
    const { kt } = await ktOf(ctx, ["b"]);
    const mine = await registerOk(kt, {}, "b");
    const theirs = await registerOk(kt, {}, "a");
    expectRefused(await disable(kt, mine.ns.name, "a"), 403, `${PATCH} of B's namespace by A`, "C.auth.owner-only");
    expectRefused(
      await publish(kt, mine.ns.name, mine.sent.rootEpoch, mine.sent.rootDigest, "a"),
      403,
      `${PUBLISH} to B's namespace by A`,
      "C.auth.owner-only",
    );
    expect(
      await currentNamespace(kt, mine.ns.name),
      says("GET /namespaces/{name} of B's namespace after A's writes", "unchanged", "C.auth.owner-only"),
    ).toEqual(mine.ns);
    expectOk(
      await publish(kt, mine.ns.name, mine.sent.rootEpoch, mine.sent.rootDigest, "b"),
      `${PUBLISH} by B to its own`,
      "C.auth.owner-only",
    );
    expectOk(await disable(kt, mine.ns.name, "b"), `${PATCH} by B of its own`, "C.auth.owner-only");
    expect(
      (await currentNamespace(kt, mine.ns.name)).status,
      says("GET /namespaces/{name} of B's namespace", "status Disabled", "C.disable.any-state"),
    ).toBe("Disabled");
    expect(
      await currentNamespace(kt, theirs.ns.name),
      says("GET /namespaces/{name} of A's namespace", "unchanged by B's writes to its own", "C.auth.owner-only"),
    ).toEqual(theirs.ns);
    const names = (await listNamespaces(kt)).map((n) => n.name);
    expect(names, says("GET /namespaces", "both operators' public namespaces listed", "C.list.public-only")).toEqual(
      expect.arrayContaining([mine.ns.name, theirs.ns.name]),
    );
  });
});
