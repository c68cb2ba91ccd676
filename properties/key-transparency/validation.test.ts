/**
 * Area C validation fuzzing: generated registration bodies, valid ones accepted as sent, and bodies
 * with one spec-grounded defect (a required field missing, signature_version outside the integers 1
 * and 2, a root that is not <number>/<64 hex>, a log_directory that is not a URL) refused with a 4xx
 * and leaving nothing behind. Failures print seed and path for replay (EDGECONF_SEED, EDGECONF_PATH).
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, type TestContext } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";
import type { KtTarget } from "../../harness/targets/kt.ts";
import { call, type Namespace } from "../../suites/key-transparency/support.ts";

let target: Target | undefined;
function ktFor(ctx: TestContext): KtTarget {
  if (!target) throw new Error("target not resolved");
  skipUnless(ctx, target, "kt");
  if (!target.kt!.identities.includes("a"))
    ctx.skip(`target ${target.name} has no client certificate for operator "a"`);
  return target.kt!;
}

let counter = 0;
const RUN = createHash("sha256").update(`${process.pid}-${Date.now()}`).digest("hex").slice(0, 6);
/** A DNS-like label of the generated part, then a per-run unique suffix (names must not collide). */
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const uniqueName = label.map((l) => {
  counter += 1;
  return `${l}.v${RUN}-${counter}.edgeconf.test`;
});
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
const validBody: fc.Arbitrary<Body> = fc.record({
  name: uniqueName,
  public: fc.boolean(),
  root: fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), hex64).map(([e, d]) => `${e}/${d}`),
  signature_version: fc.constantFrom(1, 2),
  log_directory: fc.option(fc.webUrl({ validSchemes: ["https", "http"] }), { nil: undefined }),
});
interface Body {
  name: string;
  public: boolean;
  root: string;
  signature_version: number;
  log_directory?: string | undefined;
}

const ROOT = /^[0-9]+\/[0-9a-fA-F]{64}$/;
type Defect = { kind: string; apply: (b: Body) => Record<string, unknown> };
const defect: fc.Arbitrary<Defect> = fc.oneof(
  // Not public: the platform's own registration example leaves it out (C.register.docs-example).
  fc.constantFrom("name", "root", "signature_version").map((field) => ({
    kind: `missing ${field}`,
    apply: (b: Body) => {
      const copy: Record<string, unknown> = { ...b };
      delete copy[field];
      return copy;
    },
  })),
  fc
    .oneof(
      fc.integer().filter((n) => n !== 1 && n !== 2),
      fc.constantFrom("1", "2", 1.5, true, null, [1], { v: 1 }),
    )
    .map((v) => ({
      kind: `signature_version ${JSON.stringify(v)}`,
      apply: (b: Body) => ({ ...b, signature_version: v }),
    })),
  fc
    .oneof(
      fc.string().filter((s) => !ROOT.test(s)),
      hex64.map((d) => d),
      hex64.map((d) => `1/${d.slice(1)}`),
      hex64.map((d) => `1/${d}0`),
      hex64.map((d) => `x/${d}`),
      hex64.map((d) => `1/${d.slice(0, 63)}g`),
      fc.integer(),
    )
    .map((v) => ({ kind: `root ${JSON.stringify(v)}`, apply: (b: Body) => ({ ...b, root: v }) })),
  fc
    .oneof(
      fc.string().filter((s) => !/^https?:\/\/[^\s/]/i.test(s)),
      fc.integer(),
    )
    .map((v) => ({ kind: `log_directory ${JSON.stringify(v)}`, apply: (b: Body) => ({ ...b, log_directory: v }) })),
);

describe("key-transparency validation", () => {
  beforeAll(async () => {
    target = await getTarget();
  });

  clauseProperty(
    ["C.register.creates", "C.field.signature-version", "C.field.root-format", "C.field.log-directory-optional"],
    "generated valid registrations are accepted and echoed as sent",
    (ctx) => {
      const kt = ktFor(ctx);
      return fc.asyncProperty(validBody, async (b) => {
        const body = JSON.parse(JSON.stringify(b)) as Body;
        const res = await call<Namespace>(kt, "POST", "/namespaces", body);
        expect(res.status, res.text).toBeGreaterThanOrEqual(200);
        expect(res.status, res.text).toBeLessThan(300);
        const ns = res.json!;
        expect(ns.name, "POST /namespaces (valid body): name echoed as sent").toBe(body.name);
        expect(ns.root, "POST /namespaces (valid body): root echoed as sent").toBe(body.root);
        expect(ns.signature_version, "POST /namespaces (valid body): signature_version echoed as sent").toBe(
          body.signature_version,
        );
        expect(
          ns.log_directory ?? null,
          "POST /namespaces (valid body): log_directory echoed as sent, null when left out",
        ).toBe(body.log_directory ?? null);
        expect(ns.status, "POST /namespaces (valid body): status Initialization").toBe("Initialization");
        return true;
      });
    },
    { numRuns: 30 },
  );

  clauseProperty(
    [
      "C.register.required-fields",
      "C.field.signature-version",
      "C.field.root-format",
      "C.field.log-directory-optional",
    ],
    "a registration with one defect is refused with a 4xx and registers nothing",
    (ctx) => {
      const kt = ktFor(ctx);
      return fc.asyncProperty(validBody, defect, async (b, d) => {
        const body = d.apply(b);
        const res = await call(kt, "POST", "/namespaces", body);
        expect(res.status, `${d.kind}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${d.kind}: ${res.text}`).toBeLessThan(500);
        const after = await call(kt, "GET", `/namespaces/${b.name}`, undefined, "none");
        expect(after.status, `${d.kind} must leave nothing behind`).toBe(404);
        // The refusal means something only if the body without the defect is accepted.
        const control = await call(kt, "POST", "/namespaces", JSON.parse(JSON.stringify(b)));
        expect(control.status, `the valid body after "${d.kind}": ${control.text}`).toBeLessThan(300);
        return true;
      });
    },
    { numRuns: 60 },
  );

  clauseProperty(
    ["C.publish.digest"],
    "a published digest that is not 64 hex digits is refused and publishes nothing",
    (ctx) => {
      const kt = ktFor(ctx);
      return fc.asyncProperty(
        validBody,
        fc.oneof(
          fc.string().filter((s) => !/^[0-9a-fA-F]{64}$/.test(s)),
          fc
            .uint8Array({ minLength: 0, maxLength: 40 })
            .filter((b) => b.length !== 32)
            .map((b) => Buffer.from(b).toString("hex")),
          fc.integer(),
        ),
        async (b, digest) => {
          const body = JSON.parse(JSON.stringify(b)) as Body;
          expect(
            (await call(kt, "POST", "/namespaces", body)).status,
            "POST /namespaces (valid body, before the bad audit): accepted",
          ).toBeLessThan(300);
          const epoch = Number(body.root.split("/")[0]);
          const res = await call(kt, "POST", `/namespaces/${body.name}/audits`, { epoch, digest });
          expect(res.status, res.text).toBeGreaterThanOrEqual(400);
          const got = await call<Namespace>(kt, "GET", `/namespaces/${body.name}`, undefined, "none");
          expect(
            got.json?.status,
            `GET /namespaces/${body.name} after a refused audit: status still Initialization`,
          ).toBe("Initialization");
          return true;
        },
      );
    },
    { numRuns: 30 },
  );
});
