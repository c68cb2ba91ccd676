/**
 * Area C, model-based: random sequences of register / publish / disable / patch / list / get, run
 * against the target and against a small reference model of the namespace state machine written
 * here. After every step the target must agree with the model (accepted vs refused, status, last
 * epoch); at the end every published epoch's signature must verify with node:crypto against GET
 * /info's key, over the serialisation rebuilt independently (suites/key-transparency/audit-verify.ts).
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, type TestContext } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";
import type { KtIdentity, KtTarget } from "../../harness/targets/kt.ts";
import { signedBytes, verifyEd25519 } from "../../suites/key-transparency/audit-verify.ts";
import { type Audit, call, type KtResult, type Namespace } from "../../suites/key-transparency/support.ts";

type Who = "a" | "b" | "none";

type Op =
  | { op: "register"; ns: number; as: Who; public: boolean; version: 1 | 2; rootEpoch: number; rootDigest: number }
  | { op: "publish"; ns: number; as: Who | "owner"; delta: number; digest: number | "root" | "reuse" | "fresh" }
  | { op: "disable"; ns: number; as: Who | "owner" }
  | { op: "patch"; ns: number; as: Who; status: "Online" | "Initialization" | "disabled" }
  | { op: "get"; ns: number }
  | { op: "list" };

interface ModelNs {
  owner: "a" | "b";
  public: boolean;
  version: 1 | 2;
  rootEpoch: number;
  rootDigest: string;
  status: "Initialization" | "Online" | "Disabled";
  epochs: { epoch: number; digest: string }[];
}

const who = fc.constantFrom<Who>("a", "a", "b", "none");
/** Writes to an existing namespace: mostly its owner, so that sequences get far. */
const writer = fc.oneof(
  { arbitrary: fc.constant("owner" as const), weight: 4 },
  { arbitrary: fc.constantFrom<Who>("a", "b", "none"), weight: 1 },
);
const nsIdx = fc.integer({ min: 0, max: 2 });
const registerArb = fc.record({
  op: fc.constant("register" as const),
  ns: nsIdx,
  as: who,
  public: fc.boolean(),
  version: fc.constantFrom<1 | 2>(1, 2),
  rootEpoch: fc.integer({ min: 1, max: 3 }),
  rootDigest: fc.integer({ min: 0, max: 7 }),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: registerArb, weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant("publish" as const),
      ns: nsIdx,
      as: writer,
      delta: fc.oneof(
        { arbitrary: fc.constant(0), weight: 4 },
        { arbitrary: fc.integer({ min: -1, max: 2 }), weight: 1 },
      ),
      digest: fc.oneof(
        { arbitrary: fc.constant("fresh" as const), weight: 4 },
        { arbitrary: fc.constant("root" as const), weight: 2 },
        { arbitrary: fc.constant("reuse" as const), weight: 1 },
        { arbitrary: fc.integer({ min: 0, max: 7 }), weight: 1 },
      ),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ op: fc.constant("disable" as const), ns: nsIdx, as: writer }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant("patch" as const),
      ns: nsIdx,
      as: who,
      status: fc.constantFrom("Online" as const, "Initialization" as const, "disabled" as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant("get" as const), ns: nsIdx }), weight: 1 },
  { arbitrary: fc.constant({ op: "list" as const }), weight: 1 },
);

let target: Target | undefined;

/** The target's kt endpoint, or the test is skipped (resolved in beforeAll, so usable in a sync build). */
function ktFor(ctx: TestContext, needs: KtIdentity[]): KtTarget {
  if (!target) throw new Error("target not resolved");
  skipUnless(ctx, target, "kt");
  for (const who of needs) {
    if (!target.kt!.identities.includes(who)) {
      ctx.skip(`target ${target.name} has no client certificate for operator "${who}" (kt-identities)`);
    }
  }
  return target.kt!;
}

let runCounter = 0;
const RUN_TAG = createHash("sha256").update(`${process.pid}-${Date.now()}`).digest("hex").slice(0, 6);

function accepted(res: KtResult<unknown>): boolean {
  expect(res.status, `no 5xx: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  return res.status >= 200 && res.status < 300;
}

/** Runs one sequence; returns normally when the target agreed with the model at every step. */
async function runSequence(kt: KtTarget, ops: Op[]): Promise<void> {
  runCounter += 1;
  const prefix = `p${RUN_TAG}-${runCounter}`;
  const name = (i: number) => `${prefix}-${i}.prop.edgeconf.test`;
  const digest = (i: number) => createHash("sha256").update(`${prefix}/${i}`).digest("hex");
  const model = new Map<number, ModelNs>();
  const trace: string[] = [];
  const step = (s: string) => trace.push(s);
  const agree = (what: string, actual: boolean, expected: boolean) =>
    expect(
      actual,
      `${what} (target ${actual ? "accepted" : "refused"}, model says ${expected ? "accept" : "refuse"})\n${trace.join("\n")}`,
    ).toBe(expected);

  for (const raw of ops) {
    step(JSON.stringify(raw));
    const owner = model.get("ns" in raw ? raw.ns : -1)?.owner ?? "a";
    const op = ("as" in raw && raw.as === "owner" ? { ...raw, as: owner } : raw) as Exclude<Op, { as: "owner" }>;
    switch (op.op) {
      case "register": {
        const body = {
          name: name(op.ns),
          public: op.public,
          root: `${op.rootEpoch}/${digest(op.rootDigest)}`,
          signature_version: op.version,
        };
        const res = await call(kt, "POST", "/namespaces", body, op.as as KtIdentity);
        const ok = op.as !== "none" && !model.has(op.ns);
        agree("register", accepted(res), ok);
        if (ok) {
          model.set(op.ns, {
            owner: op.as as "a" | "b",
            public: op.public,
            version: op.version,
            rootEpoch: op.rootEpoch,
            rootDigest: digest(op.rootDigest),
            status: "Initialization",
            epochs: [],
          });
        }
        break;
      }
      case "publish": {
        const m = model.get(op.ns);
        const last = m?.epochs[m.epochs.length - 1];
        const next = last ? last.epoch + 1 : (m?.rootEpoch ?? 1);
        const epoch = Math.max(1, next + op.delta);
        const d =
          op.digest === "root" || (op.digest === "fresh" && m && !last)
            ? (m?.rootDigest ?? digest(0))
            : op.digest === "reuse"
              ? (last?.digest ?? digest(1))
              : op.digest === "fresh"
                ? digest(1000 + trace.length)
                : digest(op.digest);
        const res = await call(
          kt,
          "POST",
          `/namespaces/${name(op.ns)}/audits`,
          { epoch, digest: d },
          op.as as KtIdentity,
        );
        let ok = false;
        if (m && op.as === m.owner && m.status !== "Disabled") {
          ok = last
            ? epoch === last.epoch + 1 && d !== m.rootDigest && !m.epochs.some((e) => e.digest === d)
            : epoch === m.rootEpoch && d === m.rootDigest;
        }
        agree(`publish epoch ${epoch}`, accepted(res), ok);
        if (ok && m) {
          m.epochs.push({ epoch, digest: d });
          m.status = "Online";
          const audit = res.json as Audit;
          expect(
            audit.epoch,
            `POST /namespaces/${name(op.ns)}/audits epoch ${epoch}: the audit's epoch as published`,
          ).toBe(epoch);
          expect(audit.namespace, `POST /namespaces/${name(op.ns)}/audits epoch ${epoch}: the audit's namespace`).toBe(
            name(op.ns),
          );
          expect(
            audit.ciphersuite,
            `POST /namespaces/${name(op.ns)}/audits epoch ${epoch}: the audit's ciphersuite, the namespace's signature_version`,
          ).toBe(m.version);
        }
        break;
      }
      case "disable":
      case "patch": {
        const m = model.get(op.ns);
        const status = op.op === "disable" ? "Disabled" : op.status;
        const res = await call(kt, "PATCH", `/namespaces/${name(op.ns)}`, { status }, op.as as KtIdentity);
        const ok = !!m && op.as === m.owner && status === "Disabled";
        agree(`patch status ${status}`, accepted(res), ok);
        if (ok && m) {
          m.status = "Disabled";
          expect(
            (res.json as Namespace).status,
            `PATCH /namespaces/${name(op.ns)} {status: Disabled}: status Disabled`,
          ).toBe("Disabled");
        }
        break;
      }
      case "get": {
        const res = await call<Namespace>(kt, "GET", `/namespaces/${name(op.ns)}`, undefined, "none");
        const m = model.get(op.ns);
        agree("get", accepted(res), !!m);
        if (m) {
          const got = res.json!;
          expect(got.status, trace.join("\n")).toBe(m.status);
          expect(got.signature_version, `GET /namespaces/${name(op.ns)}: signature_version as registered`).toBe(
            m.version,
          );
          expect(got.root, `GET /namespaces/${name(op.ns)}: root as registered (epoch/digest)`).toBe(
            `${m.rootEpoch}/${m.rootDigest}`,
          );
        }
        break;
      }
      case "list": {
        const res = await call<{ namespaces: Namespace[] }>(kt, "GET", "/namespaces", undefined, "none");
        expect(accepted(res), "GET /namespaces (no credentials): accepted").toBe(true);
        const mine = res.json!.namespaces.filter((n) => n.name.startsWith(`${prefix}-`));
        const expected = [...model.entries()]
          .filter(([, m]) => m.public)
          .map(([i, m]) => ({ name: name(i), status: m.status }));
        // Capitalised in list entries too: plexi's client reads no other form (C.field.status-case).
        expect(
          mine.map((n) => ({ name: n.name, status: n.status })).sort((x, y) => x.name.localeCompare(y.name)),
          trace.join("\n"),
        ).toEqual(expected.sort((x, y) => x.name.localeCompare(y.name)));
        break;
      }
    }
  }

  // Final agreement: status, last verified epoch, and every audit's signature.
  const info = await call<{ keys: { public_key: string }[] }>(kt, "GET", "/info", undefined, "none");
  const keys = info.json!.keys.map((k) => k.public_key);
  for (const [i, m] of model) {
    const got = await call<Namespace>(kt, "GET", `/namespaces/${name(i)}`, undefined, "none");
    expect(got.json!.status, `final GET /namespaces/${name(i)}: the model's status`).toBe(m.status);
    const lve = await call<{ epoch: number }>(
      kt,
      "GET",
      `/namespaces/${name(i)}/last-verified-epoch`,
      undefined,
      "none",
    );
    const last = m.epochs[m.epochs.length - 1];
    if (last)
      expect(lve.json?.epoch, `final GET /namespaces/${name(i)}/last-verified-epoch: the last epoch published`).toBe(
        last.epoch,
      );
    else
      expect(lve.status, `final GET /namespaces/${name(i)}/last-verified-epoch with nothing published: 404`).toBe(404);
    for (const e of m.epochs) {
      const res = await call<Audit>(kt, "GET", `/namespaces/${name(i)}/audits/${e.epoch}`, undefined, "none");
      expect(accepted(res), `final GET /namespaces/${name(i)}/audits/${e.epoch}: accepted`).toBe(true);
      const a = res.json!;
      expect(a.digest.toLowerCase(), `final GET /namespaces/${name(i)}/audits/${e.epoch}: the digest published`).toBe(
        e.digest,
      );
      const bytes = signedBytes({
        ciphersuite: m.version,
        namespace: name(i),
        timestamp: a.timestamp,
        epoch: e.epoch,
        digestHex: e.digest,
      });
      expect(
        keys.some((k) => verifyEd25519(k, bytes, a.signature)),
        `signature of ${name(i)} epoch ${e.epoch}`,
      ).toBe(true);
    }
  }
}

describe("key-transparency state machine", () => {
  beforeAll(async () => {
    target = await getTarget();
  });

  clauseProperty(
    [
      "C.register.initialization",
      "C.register.name-unique",
      "C.state.online-on-first-epoch",
      "C.disable.any-state",
      "C.disable.no-exit",
      "C.publish.first-matches-root",
      "C.publish.consecutive",
      "C.publish.digest",
      "C.auth.mtls-writes",
      "C.auth.owner-only",
      "C.list.public-only",
      "C.field.status-case",
      "C.signature.v1-protobuf",
      "C.signature.v2-bincode",
      "C.info.auditor-key",
    ],
    "random operation sequences agree with the reference model, and every audit verifies",
    (ctx) => {
      const kt = ktFor(ctx, ["a", "b", "none"]);
      // A few registrations first (so that most later operations meet an existing namespace), then anything.
      const opsArb = fc.tuple(
        fc.array(registerArb, { minLength: 1, maxLength: 3 }),
        fc.array(opArb, { minLength: 4, maxLength: 30, size: "medium" }),
      );
      return fc.asyncProperty(opsArb, async ([registrations, ops]) => {
        await runSequence(kt, [...registrations, ...ops]);
        return true;
      });
    },
    { numRuns: 40 },
  );
});
