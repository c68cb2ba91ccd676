/**
 * Area C for `edgeconf diff`: register namespaces (valid and invalid bodies, as either operator or
 * none), read, list, disable or set another status, publish epochs (the root epoch, the next one,
 * gaps, repeats, reused digests) and read audits and the last verified epoch. Isolation: names
 * carry the run's tag (`{tag}`) and lists keep only the run's namespaces. Namespaces cannot be
 * deleted: against a persistent server, pass a new --seed for each diff run.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import type { KtIdentity, KtTarget } from "../../targets/kt.ts";
import type { Target } from "../../targets/types.ts";
import type { DiffArea, DiffOp, DiffSession, Json } from "../types.ts";
import { LABELS } from "../values.ts";
import { fill, httpAnswer, mostly, refArb, resolveRef, sometimes } from "./shared.ts";

const ns = fc.nat(2);
/** A namespace of the run: an index into those this side registered, or one that does not exist. */
const ref = refArb;
const who = mostly(fc.constant<KtIdentity>("a"), fc.constantFrom<KtIdentity>("b", "none"));

/** Valid values of each register field (names of the run: three, so registrations collide). */
const VALID: Record<string, fc.Arbitrary<Json>> = {
  name: fc.oneof(
    { arbitrary: ns.map((i) => `{tag}-${i}.diff.edgeconf.test`), weight: 12 },
    { arbitrary: fc.constantFrom(`{tag}-${"l".repeat(50)}.test`, "{tag}-3.a-b.test"), weight: 1 },
  ),
  public: fc.boolean(),
  root: fc.tuple(fc.integer({ min: 1, max: 2 }), fc.nat(1)).map(([e, d]) => `${e}/{digest${d}}`),
  signature_version: fc.constantFrom(1, 2),
  log_directory: fc.oneof(
    fc.constantFrom(...LABELS.slice(0, 3)).map((l) => `https://${l}.example.com/logs`),
    fc.constantFrom("http://logs.example/", null),
  ),
};
/** Edges and invalid values of each field, as the suites send them. */
const OFF: Record<string, fc.Arbitrary<Json>> = {
  name: fc.constantFrom(
    "{tag}-UPPER.test",
    "{tag}-0.Diff.edgeconf.test",
    "{tag}..test",
    "-{tag}.test",
    "{tag}_x.test",
    "{tag}.test.",
    `{tag}-${"l".repeat(60)}.test`,
    "",
  ),
  public: fc.constantFrom<Json>("true", 1, null),
  root: fc.constantFrom<Json>("0/{digest0}", "1/abc", "01/{digest0}", "1", 5),
  signature_version: fc.constantFrom<Json>(0, 3, 3, "1", 1.5),
  log_directory: fc.constantFrom<Json>(
    "ftp://x.example",
    "not a url",
    "/relative/logs",
    "",
    "https://user@x.example/logs",
  ),
};
const FIELDS = Object.keys(VALID);

/**
 * A register body: every field valid, some optional ones left out, and in one body of three exactly one
 * field off (an edge or an invalid value), so each refusal shows on its own; signature_version now and
 * then by its alias `ciphersuite`, or both (agreeing or not); an unknown field now and then.
 */
const registerBody = fc
  .record({
    ...VALID,
    keep: fc.subarray(["public", "log_directory"]),
    off: sometimes(fc.constantFrom(...FIELDS), 3),
    offValue: fc.constantFrom(...FIELDS).chain((f) => OFF[f]!.map((v) => [f, v] as const)),
    alias: fc.constantFrom("as-is", "as-is", "as-is", "as-is", "alias", "both", "disagree"),
    color: sometimes(fc.constant("blue"), 20),
  })
  .chain((rec) => {
    const r = rec as typeof rec & Record<string, Json>;
    const body: { [k: string]: Json } = { name: r.name!, root: r.root!, signature_version: r.signature_version! };
    for (const k of r.keep) body[k] = r[k]!;
    if (r.off !== undefined) {
      const [f, v] = r.offValue;
      body[f] = v;
    }
    const v = body.signature_version;
    if (v !== undefined && r.alias !== "as-is") {
      if (r.alias === "alias") {
        delete body.signature_version;
        body.ciphersuite = v;
      } else body.ciphersuite = r.alias === "both" ? v : v === 1 ? 2 : 1;
    }
    if (r.color) body.color = r.color;
    return fc.constant(body);
  });

export const keyTransparencyOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: fc.tuple(registerBody, who).map(([body, as]) => ({ op: "register", body, as })), weight: 6 },
  {
    arbitrary: fc
      .record({
        ref,
        as: who,
        delta: mostly(fc.constant(0), fc.integer({ min: -1, max: 2 })),
        digest: fc.oneof(
          { arbitrary: fc.constant<Json>("auto"), weight: 12 },
          { arbitrary: fc.constantFrom<Json>("root", "reuse", 0, 1, "XYZ"), weight: 2 },
        ),
        epochAs: sometimes(fc.constantFrom<Json>("string", "fraction"), 15),
      })
      .map(({ ref, as, delta, digest, epochAs }) => ({
        op: "publish",
        ref,
        as,
        delta,
        digest,
        ...(epochAs ? { epochAs } : {}),
      })),
    weight: 5,
  },
  {
    arbitrary: fc
      .record({
        ref,
        // Either operator: the owner, or the other one (who must be refused).
        as: fc.constantFrom<KtIdentity>("a", "a", "b", "none"),
        status: mostly(fc.constant<Json>("Disabled"), fc.constantFrom<Json>("disabled", "Online", "Active", 1)),
      })
      .map(({ ref, as, status }) => ({ op: "patch", ref, as, body: { status } })),
    weight: 2,
  },
  { arbitrary: ref.map((r) => ({ op: "get", ref: r })), weight: 2 },
  {
    arbitrary: fc
      .record({
        ref,
        epoch: fc.oneof(
          { arbitrary: fc.constantFrom("1", "2", "3"), weight: 4 },
          { arbitrary: fc.constantFrom("0", "x", "+2", "02", "-1", "18446744073709551616"), weight: 1 },
        ),
      })
      .map((r) => ({ op: "audit", ...r })),
    weight: 1,
  },
  { arbitrary: ref.map((r) => ({ op: "last-verified", ref: r })), weight: 1 },
  { arbitrary: fc.constant({ op: "list" }), weight: 1 },
);

function openSession(kt: KtTarget, tag: string): DiffSession {
  const vars: Record<string, string> = { tag };
  for (let i = 0; i < 6; i++) vars[`digest${i}`] = createHash("sha256").update(`${tag}/${i}`).digest("hex");
  const names: string[] = [];
  /** What this side sent and had accepted, per namespace: its root and the epochs published. */
  const logs = new Map<string, { root: string; published: { epoch: number; digest: string }[] }>();
  let fresh = 0;
  const publishBody = (name: string, op: DiffOp): Json => {
    const log = logs.get(name);
    const [rootEpoch, rootDigest] = (log?.root ?? `1/${vars.digest0}`).split("/") as [string, string];
    const last = log?.published[log.published.length - 1];
    const epoch = (last ? last.epoch + 1 : Number(rootEpoch)) + Number(op.delta ?? 0);
    const digest =
      op.digest === "root" || (op.digest === "auto" && !last)
        ? rootDigest
        : op.digest === "reuse"
          ? (last?.digest ?? rootDigest)
          : op.digest === "auto"
            ? createHash("sha256").update(`${tag}/fresh/${fresh++}`).digest("hex")
            : typeof op.digest === "number"
              ? vars[`digest${op.digest}`]!
              : String(op.digest);
    const sentEpoch = op.epochAs === "string" ? String(epoch) : op.epochAs === "fraction" ? epoch + 0.5 : epoch;
    return { epoch: sentEpoch, digest };
  };
  const nameOf = (r: Json | undefined) => resolveRef(r, names, `${tag}-missing.diff.edgeconf.test`, `${tag}..bad`);
  const call = async (method: string, path: string, body: Json | undefined, as: Json | undefined) => {
    const identity = (as ?? "a") as KtIdentity;
    if (!kt.identities.includes(identity)) return { unavailable: `no client certificate for operator ${identity}` };
    const res = await kt.fetch(path, {
      method,
      as: identity,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
    });
    return httpAnswer(res.status, res.headers.get("content-type"), await res.text());
  };
  return {
    context: { substitutions: [] },
    async exec(op) {
      const body = fill(op.body, vars);
      switch (op.op) {
        case "register": {
          const answer = await call("POST", "/namespaces", body, op.as);
          const sent = body as { name?: unknown; root?: unknown } | undefined;
          if (answer.status === 200 && typeof sent?.name === "string" && !names.includes(sent.name)) {
            names.push(sent.name);
            logs.set(sent.name, { root: String(sent.root), published: [] });
          }
          return answer;
        }
        case "publish": {
          const name = nameOf(op.ref);
          const sent = publishBody(name, op) as { epoch: number; digest: string };
          const answer = await call("POST", `/namespaces/${name}/audits`, sent, op.as);
          if (answer.status === 200) logs.get(name)?.published.push(sent);
          return answer;
        }
        case "patch":
          return call("PATCH", `/namespaces/${nameOf(op.ref)}`, body, op.as);
        case "get":
          return call("GET", `/namespaces/${nameOf(op.ref)}`, undefined, "none");
        case "audit":
          return call("GET", `/namespaces/${nameOf(op.ref)}/audits/${op.epoch as string}`, undefined, "none");
        case "last-verified":
          return call("GET", `/namespaces/${nameOf(op.ref)}/last-verified-epoch`, undefined, "none");
        case "list": {
          const answer = await call("GET", "/namespaces", undefined, "none");
          // Only this run's namespaces: the service holds every earlier run's too.
          const body = answer.body as { namespaces?: { name?: unknown }[] } | undefined;
          if (body && Array.isArray(body.namespaces)) {
            body.namespaces = body.namespaces.filter((n) => typeof n.name === "string" && n.name.startsWith(`${tag}-`));
          }
          return answer;
        }
        default:
          throw new Error(`unknown key-transparency operation ${op.op}`);
      }
    },
    async close() {},
  };
}

export const keyTransparencyArea: DiffArea = {
  name: "key-transparency",
  capability: "kt",
  op: keyTransparencyOp,
  requires: (op) => (op.as === "b" ? "kt-identities" : undefined),
  rules: [
    {
      name: "timestamp",
      keys: ["timestamp"],
      kind: "timestamp",
      why: "audit times depend on each implementation's clock",
    },
    {
      name: "signature",
      keys: ["signature", "serialized_message"],
      kind: "role",
      why: "signed over the audit time, so they differ whenever the time does; compared by consistency",
    },
    { name: "auditor-key", keys: ["key_id"], kind: "role", why: "each implementation signs with its own key" },
    { name: "job-id", keys: ["job_id"], kind: "role", why: "verification job ids are assigned by each implementation" },
  ],
  async open(target: Target, tag: string) {
    if (!target.kt) throw new Error(`target ${target.name} does not reach area C (key-transparency)`);
    return openSession(target.kt, tag);
  },
};
