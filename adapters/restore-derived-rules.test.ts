/**
 * Snapshots hold only what the simulator could have made, areas A and C (docs/test-double.md,
 * "Snapshots"; area D and B in restore-derived.test.ts): a rule the create validator refuses, an id
 * not of the seeded form or used twice, a timestamp the model never writes, an account that is not
 * the simulator's; a namespace whose root, root digest or epoch disagree, an audit whose message or
 * signature is not what the auditor's key signed, epochs out of order, a status or proof state
 * verification never leaves, a log_directory or name registration refuses. Each is refused
 * in-process and over HTTP with the path of the bad value, the simulator byte-identical (no 5xx).
 * And every snapshot the simulator itself writes after a random workload of rules and namespaces
 * (both tenants, both signature versions, proofs verified, missing and invalid) is accepted.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { propertyParameters } from "../harness/clauses/property.ts";
import { createSimulator, type ProofRequest, type Simulator, simulatedProof } from "../sim/index.ts";
import { populate } from "./populate.ts";
import { expectSnapshotRefused, type Tree } from "./restore.test-support.ts";

const KT = "https://plexi.key-transparency.cloudflare.com/namespaces";
const JSON_TYPE = { "content-type": "application/json" };

/** Proofs by namespace name: `miss-*` has none, `bad-*` a wrong one, every other a valid one. */
function logDirectory(req: ProofRequest): Uint8Array | undefined {
  if (req.namespace.startsWith("miss-")) return undefined;
  if (req.namespace.startsWith("bad-")) return new Uint8Array([1, 2]);
  return simulatedProof(req.blob);
}

const OPTIONS = { seed: 31, keyTransparency: { logDirectory } };
let sim: Simulator;
let text: string;

async function kt(s: Simulator, path: string, method: string, body: unknown): Promise<Response> {
  return s.fetch(`${KT}${path}`, {
    method,
    headers: JSON_TYPE,
    body: JSON.stringify(body),
    clientIdentity: "operator",
  });
}

beforeAll(async () => {
  sim = createSimulator(OPTIONS);
  await populate(sim);
  // A namespace without a log directory (every epoch verified at once), with epochs on both versions.
  expect((await kt(sim, "", "POST", { name: "plain", root: `1/${"ab".repeat(32)}`, signature_version: 1 })).ok).toBe(
    true,
  );
  for (const [epoch, digest] of [
    [1, "ab"],
    [2, "cd"],
  ] as const) {
    sim.clock.advance(10);
    expect((await kt(sim, "/plain/audits", "POST", { epoch, digest: digest.repeat(32) })).ok).toBe(true);
  }
  sim.clock.advance(5000);
  text = sim.control.exportSnapshot();
});

const accounts = (t: Tree) => Object.keys(t.areas.api.dnsProtection.rules);
const rulesOf = (t: Tree, i = 0): Tree[] => t.areas.api.dnsProtection.rules[accounts(t)[i]!];
const firstRule = (t: Tree) => rulesOf(t)[0]!;
const logged = (t: Tree) => t.areas.kt.namespaces.find((n: Tree) => n.log_directory !== null && n.audits.length > 2);
const plain = (t: Tree) => t.areas.kt.namespaces.find((n: Tree) => n.name === "plain");

const refused = (edit: (t: Tree) => void, path: RegExp) => expectSnapshotRefused(sim, text, edit, path);

describe("area A: rules as a create (and PATCHes) could have made them", () => {
  test("the snapshot holds rules of both tenants, and restores as it is", () => {
    const t = JSON.parse(text) as Tree;
    expect(accounts(t)).toHaveLength(2);
    const fresh = createSimulator(OPTIONS);
    fresh.control.importSnapshot(text);
    expect(fresh.control.exportSnapshot()).toBe(text);
  });

  test("every rule passes the create validator", async () => {
    await refused((t) => {
      firstRule(t).mode = "sometimes";
    }, /^api\.dnsProtection\.rules\["[0-9a-f]{32}"\]\["[0-9a-f-]{36}"\]\.mode: mode must be one of/);
    await refused((t) => {
      Object.assign(firstRule(t), { scope: "region", name: "w-1" });
    }, /\["[0-9a-f-]{36}"\]\.name: name must be a region code when scope is region/);
    await refused((t) => {
      Object.assign(firstRule(t), { scope: "datacenter", name: "LAXX" });
    }, /\.name: name must be a datacenter code/);
    await refused((t) => {
      firstRule(t).block_any_queries = "yes";
    }, /\.block_any_queries: must be a boolean/);
  });

  test("ids are the seeded UUIDs (version 4), unique across accounts", async () => {
    await refused((t) => {
      firstRule(t).id = firstRule(t).id.replace(/^(.{14})./, "$11");
    }, /rules\["[0-9a-f]{32}"\]\[0\]\.id: has the wrong form/);
    await refused((t) => {
      firstRule(t).id = firstRule(t).id.toUpperCase();
    }, /\[0\]\.id: has the wrong form/);
    await refused((t) => {
      rulesOf(t, 1).push({ ...firstRule(t) });
    }, /rules\["[0-9a-f]{32}"\]\["[0-9a-f-]{36}"\]: appears twice \(rule ids are unique across accounts\)/);
  });

  test("accounts are the simulator's tenants'", async () => {
    await refused((t) => {
      const r = t.areas.api.dnsProtection.rules;
      r["0".repeat(32)] = r[accounts(t)[0]!];
      delete r[accounts(t)[0]!];
    }, /^api\.dnsProtection\.rules\["0{32}"\]: is not an account of this simulator/);
  });

  test("timestamps as the model writes them, created <= modified, in creation order, not past lastStampMicros", async () => {
    await refused((t) => {
      firstRule(t).created_on = firstRule(t).created_on.replace("+00:00", "Z");
    }, /\.created_on: must be a timestamp like/);
    await refused((t) => {
      firstRule(t).created_on = "2023-02-30T00:00:00.000001+00:00";
    }, /\.created_on: is not a timestamp the simulator writes/);
    await refused((t) => {
      firstRule(t).modified_on = "2000-01-01T00:00:00.000001+00:00";
    }, /\.modified_on: is earlier than created_on/);
    await refused((t) => {
      t.areas.api.dnsProtection.lastStampMicros = 1;
    }, /\.created_on: is later than lastStampMicros/);
    await refused((t) => {
      rulesOf(t).reverse();
    }, /\.created_on: is not later than the previous rule's/);
  });
});

describe("area C: namespaces and epochs as registration and publication made them", () => {
  test("the snapshot holds verified, pending-free log namespaces and a plain one, and restores as it is", () => {
    const t = JSON.parse(text) as Tree;
    expect(logged(t).audits.map((a: Tree) => a.proof)).toEqual(["verified", "verified", "verified"]);
    expect(plain(t).audits).toHaveLength(2);
  });

  test("root, root epoch and root digest agree; the first epoch equals the root as text", async () => {
    await refused((t) => {
      logged(t).rootDigest = "00".repeat(32);
    }, /^kt\.namespaces\["[^"]+"\]\.rootDigest: must be the root's digest/);
    await refused((t) => {
      logged(t).rootEpoch = { $bigint: "2" };
    }, /\.rootEpoch: must be the root's epoch 1/);
    await refused((t) => {
      const n = plain(t);
      n.root = n.root.toUpperCase();
    }, /kt\.namespaces\["plain"\]\.root: the first epoch is published only when <epoch>\/<digest> equals the root/);
  });

  test("an audit's message is what was signed and its signature the auditor key's; job ids are the seed's", async () => {
    await refused((t) => {
      const a = logged(t).audits[1];
      a.signature = (a.signature[0] === "0" ? "1" : "0") + a.signature.slice(1);
    }, /\.audits\[1\]\.signature: is not a valid signature of serialized_message by the auditor's key/);
    await refused((t) => {
      const a = plain(t).audits[1];
      a.timestamp += 1;
      a.verified_at += 1;
    }, /\["plain"\]\.audits\[1\]\.serialized_message: is not the signature message/);
    await refused((t) => {
      plain(t).signature_version = 2;
    }, /\["plain"\]\.audits\[0\]\.serialized_message: is not the signature message/);
    await refused((t) => {
      logged(t).audits[2].job_id = logged(t).audits[1].job_id;
    }, /\.audits\[2\]\.job_id: must be [0-9a-f-]{36} \(the job id the seed gives this epoch\)/);
  });

  test("epochs in order, statuses and proof states as the model leaves them", async () => {
    await refused((t) => {
      const a = logged(t).audits;
      [a[1], a[2]] = [a[2], a[1]];
    }, /\.audits\[1\]\.epoch: must be 2, got 3/);
    await refused((t) => {
      plain(t).status = "Paused";
    }, /\["plain"\]\.status: must be one of Initialization, Online, Disabled/);
    await refused((t) => {
      Object.assign(plain(t).audits[1], { proof: "pending", verified_at: null });
    }, /\["plain"\]\.audits\[1\]\.proof: is verified at publication/);
    await refused((t) => {
      const a = logged(t).audits[1];
      a.verified_at = a.timestamp - 1;
    }, /\.audits\[1\]\.verified_at: is earlier than the epoch's publication/);
    await refused((t) => {
      Object.assign(logged(t).audits[1], { proof: "proof-missing", verified_at: null });
      Object.assign(logged(t).audits[2], { proof: "proof-invalid", verified_at: null });
    }, /\.audits\[2\]\.proof: follows an epoch that is proof-missing/);
  });

  test("log_directory, signature_version and name as registration accepts them", async () => {
    await refused((t) => {
      logged(t).log_directory = "ftp://logs.example/";
    }, /\.log_directory: registration refuses it: "log_directory" must be an absolute http\(s\) URL/);
    await refused((t) => {
      logged(t).log_directory = "https://user:pw@logs.example/";
    }, /\.log_directory: registration refuses it/);
    await refused((t) => {
      plain(t).signature_version = 3;
    }, /\["plain"\]\.signature_version: registration refuses it/);
    await refused((t) => {
      plain(t).name = "Bad_Name";
    }, /^kt\.namespaces\["Bad_Name"\]\.name: labels hold only lowercase letters/);
  });
});

describe("every snapshot the simulator writes of rules and namespaces is accepted", () => {
  type Op =
    | { kind: "rule"; tenant: number; scope: number; mode: string }
    | { kind: "patch"; tenant: number; mode: string }
    | { kind: "delete"; tenant: number; all: boolean }
    | { kind: "register"; name: string; version: 1 | 2; log: boolean }
    | { kind: "publish"; name: string }
    | { kind: "disable"; name: string }
    | { kind: "clock"; ms: number };
  const name = fc.constantFrom("ok-a", "miss-b", "bad-c", "d");
  const tenant = fc.constantFrom(0, 1);
  const mode = fc.constantFrom("enabled", "disabled", "monitoring");
  // Weighted so that most runs publish several epochs in several namespaces.
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant("rule" as const), tenant, scope: fc.constantFrom(0, 1, 2), mode }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("patch" as const), tenant, mode }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), tenant, all: fc.boolean() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("register" as const),
        name,
        version: fc.constantFrom(1 as const, 2 as const),
        log: fc.boolean(),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant("publish" as const), name }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("disable" as const), name }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("clock" as const), ms: fc.integer({ min: 0, max: 3000 }) }) },
  );
  const SCOPES = [
    { scope: "global", name: "global" },
    { scope: "region", name: "weu" },
    { scope: "datacenter", name: "LAX" },
  ];
  /** The next epoch of each namespace, so that most publications are accepted. */
  const epochs = new Map<string, number>();

  async function apply(s: Simulator, o: Op): Promise<void> {
    const c = s.areas.api.tenants["tenant" in o ? o.tenant : 0]!;
    const rules = `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
    const auth = { ...JSON_TYPE, authorization: `Bearer ${c.api_token}` };
    const sensitivities = { profile_sensitivity: "high", rate_sensitivity: "low", burst_sensitivity: "medium" };
    switch (o.kind) {
      case "rule":
        await s.fetch(rules, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ ...SCOPES[o.scope], mode: o.mode, ...sensitivities }),
        });
        return;
      case "patch":
      case "delete": {
        const list = (await (await s.fetch(rules, { headers: auth })).json()) as { result: { id: string }[] };
        const id = list.result[0]?.id;
        if (o.kind === "delete" && o.all) await s.fetch(rules, { method: "DELETE", headers: auth });
        else if (id && o.kind === "delete") await s.fetch(`${rules}/${id}`, { method: "DELETE", headers: auth });
        else if (id && o.kind === "patch") {
          await s.fetch(`${rules}/${id}`, { method: "PATCH", headers: auth, body: JSON.stringify({ mode: o.mode }) });
        }
        return;
      }
      case "register": {
        const res = await kt(s, "", "POST", {
          name: o.name,
          root: `1/${"01".repeat(32)}`,
          signature_version: o.version,
          log_directory: o.log ? `https://logs.example/${o.name}/` : null,
        });
        if (res.ok) epochs.set(o.name, 1);
        return;
      }
      case "publish": {
        // The root for epoch 1 (`01` x 32), then a digest of its own per epoch.
        const epoch = epochs.get(o.name) ?? 1;
        const digest = (epoch % 256).toString(16).padStart(2, "0").repeat(32);
        const res = await kt(s, `/${o.name}/audits`, "POST", { epoch, digest });
        if (res.ok) epochs.set(o.name, epoch + 1);
        return;
      }
      case "disable":
        await kt(s, `/${o.name}`, "PATCH", { status: "Disabled" });
        return;
      case "clock":
        s.clock.advance(o.ms);
        return;
    }
  }

  test("property: a random workload's snapshot restores into a fresh simulator byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 30 }), async (ops) => {
        epochs.clear();
        const s = createSimulator(OPTIONS);
        for (const o of ops) await apply(s, o);
        const written = s.control.exportSnapshot();
        const fresh = createSimulator(OPTIONS);
        fresh.control.importSnapshot(written);
        expect(fresh.control.exportSnapshot()).toBe(written);
      }),
      propertyParameters({ numRuns: 60 }),
    );
  });

  test("a workload that leaves every proof state and both tenants' rules is among them", async () => {
    epochs.clear();
    const s = createSimulator(OPTIONS);
    const ops: Op[] = [
      { kind: "rule", tenant: 0, scope: 0, mode: "enabled" },
      { kind: "rule", tenant: 1, scope: 2, mode: "monitoring" },
      { kind: "patch", tenant: 1, mode: "disabled" },
    ];
    for (const n of ["ok-a", "miss-b", "bad-c"]) {
      ops.push({ kind: "register", name: n, version: 2, log: true });
      for (let d = 1; d <= 3; d++) ops.push({ kind: "publish", name: n });
    }
    ops.push({ kind: "clock", ms: 1500 }, { kind: "publish", name: "ok-a" });
    for (const o of ops) await apply(s, o);
    const written = s.control.exportSnapshot();
    const proofs = (JSON.parse(written) as Tree).areas.kt.namespaces.flatMap((n: Tree) =>
      n.audits.map((a: Tree) => a.proof),
    );
    expect(new Set(proofs)).toEqual(new Set(["verified", "pending", "proof-missing", "proof-invalid"]));
    const fresh = createSimulator(OPTIONS);
    fresh.control.importSnapshot(written);
    expect(fresh.control.exportSnapshot()).toBe(written);
  });
});
