/**
 * Area C: epochs as plexi reads them (u64, the root compared as text), what a republication
 * answers, when an epoch counts as verified (last_verified_epoch, last-verified-epoch, log
 * directories) and the unit of audit timestamps.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  exactNow,
  expectKeyOrder,
  expectOk,
  expectRefused,
  type KtResult,
  ktOf,
  moveClock,
  publish,
  publishOk,
  randomDigest,
  registerOk,
  says,
  schemas,
  targetNow,
} from "./support.ts";

const U64_MAX = "18446744073709551615";
const PUBLISH = "POST /namespaces/{name}/audits";
const LVE = "GET /namespaces/{name}/last-verified-epoch";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LastVerified {
  job_id: string;
  epoch: number;
  start_hash: string;
  end_hash: string;
  timestamp: number;
}

/** The integer literal a JSON body gives `key` (exact, whatever its size). */
function integerText(res: KtResult<unknown>, key: string): string | undefined {
  return new RegExp(`"${key}"\\s*:\\s*(-?[0-9]+)(?![0-9.eE])`).exec(res.text)?.[1];
}

async function lastVerified(kt: Awaited<ReturnType<typeof ktOf>>["kt"], name: string): Promise<KtResult<unknown>> {
  return call(kt, "GET", `/namespaces/${name}/last-verified-epoch`, undefined, "none");
}

async function lastVerifiedOk(kt: Awaited<ReturnType<typeof ktOf>>["kt"], name: string): Promise<LastVerified> {
  const res = await lastVerified(kt, name);
  expectOk(res, LVE, "C.audit.last-verified");
  const body = checkBody<LastVerified>(res, schemas.lastVerified, LVE, "C.audit.last-verified-body");
  expect(
    Object.keys(body),
    says(LVE, "the fields of plexi's LastVerifiedEpoch, in order", "C.audit.last-verified-body"),
  ).toEqual(["job_id", "epoch", "start_hash", "end_hash", "timestamp"]);
  expect(body.job_id, says(LVE, "job_id a UUID", "C.audit.last-verified-body")).toMatch(UUID);
  return body;
}

describe("epochs", () => {
  clauseTest(
    ["C.publish.consecutive", "C.error.status"],
    "republishing an epoch with the same digest is refused with 409, and the first audit stands unchanged",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      const first = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const d2 = randomDigest();
      const second = await publishOk(kt, ns.name, sent.rootEpoch + 1, d2);
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest),
        409,
        `${PUBLISH} the root epoch again, same digest`,
        "C.publish.consecutive",
      );
      expectRefused(
        await publish(kt, ns.name, sent.rootEpoch + 1, d2),
        409,
        `${PUBLISH} the last epoch again, same digest`,
        "C.publish.consecutive",
      );
      for (const [epoch, audit] of [
        [sent.rootEpoch, first],
        [sent.rootEpoch + 1, second],
      ] as const) {
        const got = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/${epoch}`, undefined, "none");
        expectOk(got, "GET /namespaces/{name}/audits/{epoch}", "C.audit.shape");
        expect(
          checkBody<Audit>(got, schemas.audit, "GET /namespaces/{name}/audits/{epoch}"),
          says(
            "GET /namespaces/{name}/audits/{epoch} after a republication",
            "the first audit, unchanged",
            "C.publish.consecutive",
          ),
        ).toEqual(audit);
      }
      expect(
        integerText(await lastVerified(kt, ns.name), "epoch"),
        says(LVE, "the last epoch", "C.audit.last-verified"),
      ).toBe(String(sent.rootEpoch + 1));
    },
  );

  clauseTest(
    ["C.audit.last-verified-field", "C.audit.last-verified", "C.wire.field-order"],
    "after a publication GET /namespaces/{name} carries last_verified_epoch, between root and status",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expect(
        ns,
        says("POST /namespaces", "no last_verified_epoch before a publication", "C.audit.last-verified-field"),
      ).not.toHaveProperty("last_verified_epoch");
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const got = await currentNamespace(kt, ns.name);
      expect(
        got.last_verified_epoch,
        says("GET /namespaces/{name}", "last_verified_epoch the root epoch", "C.audit.last-verified-field"),
      ).toBe(sent.rootEpoch);
      expectKeyOrder(got, ["root", "last_verified_epoch", "status"], "GET /namespaces/{name}");
      await publishOk(kt, ns.name, sent.rootEpoch + 1, randomDigest());
      expect(
        await currentNamespace(kt, ns.name),
        says(
          "GET /namespaces/{name} after a second epoch",
          "last_verified_epoch the second epoch, nothing else changed",
          "C.audit.last-verified-field",
        ),
      ).toEqual({
        ...got,
        last_verified_epoch: sent.rootEpoch + 1,
      });
    },
  );

  clauseTest(
    ["C.audit.last-verified-body", "C.audit.last-verified"],
    "last-verified-epoch answers job_id, epoch, start_hash (previous digest), end_hash (its digest), timestamp",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectRefused(await lastVerified(kt, ns.name), 404, `${LVE} before any publication`, "C.audit.last-verified");
      await moveClock(target, 1_237);
      const root = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const first = await lastVerifiedOk(kt, ns.name);
      expect(
        { ...first, job_id: "" },
        says(
          LVE,
          "the root epoch: start_hash = end_hash = its digest, timestamp its publication",
          "C.audit.last-verified-body",
        ),
      ).toEqual({
        job_id: "",
        epoch: sent.rootEpoch,
        start_hash: sent.rootDigest,
        end_hash: sent.rootDigest,
        timestamp: root.timestamp,
      });
      expect(
        await lastVerifiedOk(kt, ns.name),
        says(LVE, "the same answer at each read", "C.audit.last-verified-body"),
      ).toEqual(first);
      await moveClock(target, 3);
      const d2 = randomDigest();
      const second = await publishOk(kt, ns.name, sent.rootEpoch + 1, d2);
      const next = await lastVerifiedOk(kt, ns.name);
      expect(
        { ...next, job_id: "" },
        says(LVE, "the next epoch: start_hash the previous digest, end_hash its own", "C.audit.last-verified-body"),
      ).toEqual({
        job_id: "",
        epoch: sent.rootEpoch + 1,
        start_hash: sent.rootDigest,
        end_hash: d2,
        timestamp: second.timestamp,
      });
      expect(next.job_id, says(LVE, "a new job_id for a newly verified epoch", "C.audit.last-verified-body")).not.toBe(
        first.job_id,
      );
      const d3 = randomDigest();
      await publishOk(kt, ns.name, sent.rootEpoch + 2, d3.toUpperCase());
      const third = await lastVerifiedOk(kt, ns.name);
      expect(
        [third.start_hash, third.end_hash],
        says(LVE, "start_hash and end_hash in lower-case hex", "C.publish.digest-case"),
      ).toEqual([d2, d3]);
      expectRefused(
        await lastVerified(kt, "never-registered.edgeconf.test"),
        404,
        `${LVE} of an unknown name`,
        "C.get.one",
      );
    },
  );

  clauseTest(
    ["C.audit.timestamp-ms", "C.audit.shape", "C.info.not-before"],
    "an audit's timestamp is the request's time in milliseconds (exact where the clock can be read), after /info's not_before",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      // Off whole seconds, so that a target rounding or truncating to seconds is caught.
      await moveClock(target, 1_357);
      const res = await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      expectOk(res, PUBLISH, "C.audit.timestamp-ms");
      const audit = checkBody<Audit>(res, schemas.audit, PUBLISH);
      expect(
        res.headers.get("date"),
        says(PUBLISH, "a Date header (the target's clock)", "C.audit.timestamp-ms"),
      ).toBeTruthy();
      const date = targetNow(res);
      const exact = await exactNow(target);
      if (exact !== undefined) {
        expect(audit.timestamp, says(PUBLISH, "timestamp = the target's clock in ms", "C.audit.timestamp-ms")).toBe(
          exact,
        );
        expect(date, says(PUBLISH, "Date header = the target's clock, to the second", "C.audit.timestamp-ms")).toBe(
          Math.floor(exact / 1000) * 1000,
        );
      }
      // Seconds would be 1000 times smaller, microseconds 1000 times larger.
      expect(
        audit.timestamp,
        says(PUBLISH, "timestamp in ms, not before the Date header's second less 5 s", "C.audit.timestamp-ms"),
      ).toBeGreaterThanOrEqual(date - 5_000);
      expect(
        audit.timestamp,
        says(PUBLISH, "timestamp in ms, not after the Date header's second", "C.audit.timestamp-ms"),
      ).toBeLessThan(date + 1_000);
      if (await moveClock(target, 2)) {
        const later = await publishOk(kt, ns.name, sent.rootEpoch + 1, randomDigest());
        expect(
          later.timestamp - audit.timestamp,
          says(PUBLISH, "timestamps follow the clock to the ms", "C.audit.timestamp-ms"),
        ).toBe(2);
      }
      const info = await call<{ keys: { not_before: number }[] }>(kt, "GET", "/info", undefined, "none");
      expectOk(info, "GET /info", "C.info.not-before");
      const notBefore = checkBody<{ keys: { not_before: number }[] }>(info, schemas.info, "GET /info").keys.map(
        (k) => k.not_before,
      );
      expect(
        Math.min(...notBefore),
        says("GET /info", "a key's not_before no later than an audit it signed", "C.info.not-before"),
      ).toBeLessThanOrEqual(audit.timestamp);
      expect(
        Math.min(...notBefore),
        says("GET /info", "not_before in ms (after 2001)", "C.info.not-before"),
      ).toBeGreaterThan(1_000_000_000_000);
    },
  );

  clauseTest(
    ["C.publish.epoch-u64"],
    "epochs up to 2^64-1 are read and written exactly, in bodies and in paths; 2^64, floats and strings are refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const start = "18446744073709551614";
      const { sent, ns } = await registerOk(kt, { root: `${start}/${randomDigest()}` });
      const digest = sent.root.split("/")[1]!;
      const raw = (epoch: string, d: string) => `{"epoch":${epoch},"digest":"${d}"}`;
      const path = `/namespaces/${ns.name}/audits`;
      for (const bad of ["18446744073709551614.0", "1.8446744073709552e19", `"${start}"`, "-1", "null", "true"]) {
        expectRefused(
          await call(kt, "POST", path, raw(bad, digest)),
          400,
          `${PUBLISH} epoch not a u64 integer`,
          "C.publish.epoch-u64",
        );
      }
      expectRefused(
        await call(kt, "POST", path, `{"digest":"${digest}"}`),
        400,
        `${PUBLISH} without epoch`,
        "C.publish.epoch-u64",
      );
      expectRefused(
        await call(kt, "POST", path, `{"epoch":${start}}`),
        400,
        `${PUBLISH} without digest`,
        "C.publish.digest",
      );
      const first = await call(kt, "POST", path, raw(start, digest));
      expectOk(first, `${PUBLISH} epoch 2^64-2`, "C.publish.epoch-u64");
      expect(integerText(first, "epoch"), says(PUBLISH, "epoch 2^64-2 written exactly", "C.publish.epoch-u64")).toBe(
        start,
      );
      const top = await call(kt, "POST", path, raw(U64_MAX, randomDigest()));
      expectOk(top, `${PUBLISH} epoch 2^64-1`, "C.publish.epoch-u64");
      expect(integerText(top, "epoch"), says(PUBLISH, "epoch 2^64-1 written exactly", "C.publish.epoch-u64")).toBe(
        U64_MAX,
      );
      const got = await call(kt, "GET", `/namespaces/${ns.name}/audits/${U64_MAX}`, undefined, "none");
      expectOk(got, "GET /namespaces/{name}/audits/2^64-1", "C.publish.epoch-u64");
      expect(
        integerText(got, "epoch"),
        says("GET /namespaces/{name}/audits/2^64-1", "epoch written exactly", "C.publish.epoch-u64"),
      ).toBe(U64_MAX);
      expect(
        integerText(await lastVerified(kt, ns.name), "epoch"),
        says(LVE, "epoch 2^64-1 written exactly", "C.publish.epoch-u64"),
      ).toBe(U64_MAX);
      expect(
        integerText(await call(kt, "GET", `/namespaces/${ns.name}`, undefined, "none"), "last_verified_epoch"),
        says("GET /namespaces/{name}", "last_verified_epoch 2^64-1 written exactly", "C.publish.epoch-u64"),
      ).toBe(U64_MAX);
      expectRefused(
        await call(kt, "POST", path, raw("18446744073709551616", randomDigest())),
        400,
        `${PUBLISH} epoch 2^64`,
        "C.publish.epoch-u64",
      );
      expectRefused(
        await call(kt, "GET", `/namespaces/${ns.name}/audits/18446744073709551616`, undefined, "none"),
        400,
        "GET /namespaces/{name}/audits/2^64",
        "C.publish.epoch-u64",
      );
    },
  );

  clauseTest(
    ["C.publish.root-as-text", "C.publish.first-matches-root"],
    "a root written in upper-case hex is never matched by its first epoch: plexi compares the root as text",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const digest = randomDigest();
      const { ns } = await registerOk(kt, { root: `6/${digest.toUpperCase()}` });
      expect(ns.root, says("POST /namespaces", "root as sent, upper case kept", "C.field.root-format")).toBe(
        `6/${digest.toUpperCase()}`,
      );
      expectRefused(
        await publish(kt, ns.name, 6, digest),
        400,
        `${PUBLISH} the root's digest in lower case`,
        "C.publish.root-as-text",
      );
      expectRefused(
        await publish(kt, ns.name, 6, digest.toUpperCase()),
        400,
        `${PUBLISH} the root's digest in upper case`,
        "C.publish.root-as-text",
      );
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name}", "unchanged, Initialization", "C.publish.root-as-text"),
      ).toEqual(ns);
      expectRefused(await lastVerified(kt, ns.name), 404, `${LVE} with nothing published`, "C.audit.last-verified");
      // The control: a lower-case root is matched by the same digest in either case.
      const lower = await registerOk(kt, { root: `6/${digest}` });
      await publishOk(kt, lower.ns.name, 6, digest.toUpperCase(), "C.publish.root-as-text");
    },
  );

  clauseTest(
    ["C.field.log-directory-fetch", "C.audit.last-verified"],
    "with a log_directory that serves no proofs, an epoch past the root is signed but never counts as verified",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      // .invalid never resolves (RFC 2606): no proof can be fetched from it.
      const { sent, ns } = await registerOk(kt, { log_directory: "https://proofs.edgeconf.invalid/dir" });
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const root = await lastVerifiedOk(kt, ns.name);
      expect(
        root.epoch,
        says(LVE, "the root epoch counts at once (the root is the trust anchor)", "C.field.log-directory-fetch"),
      ).toBe(sent.rootEpoch);
      await publishOk(kt, ns.name, sent.rootEpoch + 1, randomDigest());
      // Verification is asynchronous: look right away and again later (the clock moved where it can be).
      for (const wait of [0, 1_500]) {
        if (wait > 0 && !(await moveClock(target, wait + 7))) await new Promise((r) => setTimeout(r, wait));
        expect(
          await lastVerifiedOk(kt, ns.name),
          says(LVE, "still the root epoch: the next one has no proof", "C.field.log-directory-fetch"),
        ).toEqual(root);
        expect(
          (await currentNamespace(kt, ns.name)).last_verified_epoch,
          says("GET /namespaces/{name}", "last_verified_epoch still the root's", "C.field.log-directory-fetch"),
        ).toBe(sent.rootEpoch);
      }
      expect(
        (await currentNamespace(kt, ns.name)).status,
        says("GET /namespaces/{name}", "status Online", "C.state.online-on-first-epoch"),
      ).toBe("Online");
    },
  );

  clauseTest(
    ["C.audit.shape", "C.audit.timestamp-ms", "C.audit.last-verified-body"],
    "an audit read later is the audit as published: its timestamp is the publication's, never the read's",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await moveClock(target, 1_111);
      const root = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      await moveClock(target, 7);
      const next = await publishOk(kt, ns.name, sent.rootEpoch + 1, randomDigest());
      const online = await currentNamespace(kt, ns.name);
      // Off whole seconds again: a target that answers the time of the read (or re-signs) is caught.
      await moveClock(target, 2_345);
      for (const [epoch, audit] of [
        [sent.rootEpoch, root],
        [sent.rootEpoch + 1, next],
      ] as const) {
        const got = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/${epoch}`, undefined, "none");
        expectOk(got, "GET /namespaces/{name}/audits/{epoch}", "C.audit.shape");
        expect(
          checkBody<Audit>(got, schemas.audit, "GET /namespaces/{name}/audits/{epoch}"),
          says(
            "GET /namespaces/{name}/audits/{epoch} after the clock moved",
            "the audit as published, timestamp the publication's",
            "C.audit.timestamp-ms",
          ),
        ).toEqual(audit);
      }
      const last = await lastVerifiedOk(kt, ns.name);
      expect(
        [last.epoch, last.timestamp],
        says(
          `${LVE} after the clock moved`,
          "the last epoch and its publication's timestamp",
          "C.audit.last-verified-body",
        ),
      ).toEqual([sent.rootEpoch + 1, next.timestamp]);
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after the clock moved", "unchanged", "C.get.one"),
      ).toEqual(online);
    },
  );
});
