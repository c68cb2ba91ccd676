/**
 * Snapshot, then mutate, then restore, gives back exactly the earlier state: over random mutations
 * of buckets (puts, deletes, multipart uploads in progress) and of the HTTP areas (DNS records,
 * DNS protection rules, key-transparency namespaces), with the clock moving in between. A restore is
 * a full replacement: buckets made after the snapshot are gone and the clock is back at the
 * snapshot's time, so the next snapshot is byte-identical to the restored one.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { propertyParameters } from "../harness/clauses/property.ts";
import { createSimulator, encodeState, type Simulator } from "../sim/index.ts";

type Mutation =
  | { kind: "put"; bucket: string; key: string; body: Uint8Array }
  | { kind: "new-bucket"; bucket: string; keep: boolean }
  | { kind: "delete"; bucket: string; key: string }
  | { kind: "multipart"; bucket: string; key: string; part: Uint8Array }
  | { kind: "record"; name: string; octet: number }
  | { kind: "delete-records" }
  | { kind: "rule"; mode: "enabled" | "disabled" | "monitoring" }
  | { kind: "namespace"; name: string; disable: boolean }
  | { kind: "clock"; ms: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("new-bucket" as const), bucket: fc.constantFrom("c", "later"), keep: fc.boolean() }),
  fc.record({
    kind: fc.constant("put" as const),
    bucket: fc.constantFrom("a", "b"),
    key: fc.constantFrom("k1", "k2", "dir/k3"),
    body: fc.uint8Array({ maxLength: 48 }),
  }),
  fc.record({
    kind: fc.constant("delete" as const),
    bucket: fc.constantFrom("a", "b"),
    key: fc.constantFrom("k1", "k2"),
  }),
  fc.record({
    kind: fc.constant("multipart" as const),
    bucket: fc.constantFrom("a", "b"),
    key: fc.constantFrom("big1", "big2"),
    part: fc.uint8Array({ minLength: 1, maxLength: 32 }),
  }),
  fc.record({
    kind: fc.constant("record" as const),
    name: fc.constantFrom("www", "api", "mail"),
    octet: fc.integer({ min: 1, max: 254 }),
  }),
  fc.constant({ kind: "delete-records" as const }),
  fc.record({
    kind: fc.constant("rule" as const),
    mode: fc.constantFrom("enabled" as const, "disabled" as const, "monitoring" as const),
  }),
  fc.record({
    kind: fc.constant("namespace" as const),
    name: fc.constantFrom("log-a", "log-b"),
    disable: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("clock" as const), ms: fc.integer({ min: 0, max: 3 * 86_400_000 }) }),
);

async function apply(sim: Simulator, m: Mutation): Promise<void> {
  const c = sim.credentials;
  const key = { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" };
  const records = `https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`;
  switch (m.kind) {
    case "put":
      // Custom metadata keys are the user's: `constructor`, `prototype` and an own `__proto__` are
      // stored and restored too.
      await sim.bucket(m.bucket).put(m.key, m.body, {
        customMetadata: {
          n: String(m.body.length),
          ...(m.body.length % 2 ? JSON.parse('{"constructor":"c","prototype":"p","__proto__":"q"}') : {}),
        },
      });
      return;
    case "new-bucket":
      // A bucket the earlier state may not have: written, and emptied again unless `keep`.
      await sim.bucket(m.bucket).put("x", "y");
      if (!m.keep) await sim.bucket(m.bucket).delete("x");
      return;
    case "delete":
      await sim.bucket(m.bucket).delete(m.key);
      return;
    case "multipart": {
      const up = await sim.bucket(m.bucket).createMultipartUpload(m.key);
      await up.uploadPart(1, m.part);
      return;
    }
    case "record":
      await sim.fetch(records, {
        method: "POST",
        headers: key,
        // Odd octets with a comment and tags (their *_modified_on stamps are checked against the clock).
        body: JSON.stringify({
          type: "A",
          name: m.name,
          content: `192.0.2.${m.octet}`,
          ttl: 300,
          proxied: false,
          ...(m.octet % 2 ? { comment: "c", tags: ["t:1"] } : {}),
        }),
      });
      return;
    case "delete-records": {
      const list = (await (await sim.fetch(records, { headers: key })).json()) as { result: { id: string }[] };
      const first = list.result[0];
      if (first) await sim.fetch(`${records}/${first.id}`, { method: "DELETE", headers: key });
      return;
    }
    case "rule":
      await sim.fetch(
        `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" },
          body: JSON.stringify({
            scope: "global",
            name: "global",
            mode: m.mode,
            profile_sensitivity: "low",
            rate_sensitivity: "medium",
            burst_sensitivity: "high",
          }),
        },
      );
      return;
    case "namespace": {
      const kt = "https://plexi.key-transparency.cloudflare.com/namespaces";
      const json = { "content-type": "application/json" };
      await sim.fetch(kt, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: m.name, public: true, root: `1/${"cd".repeat(32)}`, signature_version: 1 }),
        clientIdentity: "operator",
      });
      if (m.disable) {
        await sim.fetch(`${kt}/${m.name}`, {
          method: "PATCH",
          headers: json,
          body: JSON.stringify({ status: "Disabled" }),
          clientIdentity: "operator",
        });
      }
      return;
    }
    case "clock":
      sim.clock.advance(m.ms);
      return;
  }
}

/** The whole state as text, the clock's time and the list of buckets included. */
const stateText = (sim: Simulator) => encodeState(sim.control.snapshot());

/** What a user observes: bucket listings and bodies, records, rules, namespaces. */
async function observe(sim: Simulator): Promise<unknown> {
  const c = sim.credentials;
  const out: Record<string, unknown> = {};
  for (const name of ["a", "b"]) {
    const listed = await sim.bucket(name).list();
    const objects = [];
    for (const o of listed.objects) {
      const body = await sim.bucket(name).get(o.key);
      objects.push([o.key, o.etag, o.version, o.uploaded.getTime(), [...new Uint8Array(await body!.arrayBuffer())]]);
    }
    out[name] = objects;
  }
  const get = async (url: string, headers: Record<string, string>) => (await sim.fetch(url, { headers })).json();
  out.records = await get(`https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`, {
    "x-auth-email": c.auth_email,
    "x-auth-key": c.auth_key,
  });
  out.rules = await get(
    `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
    { authorization: `Bearer ${c.api_token}` },
  );
  out.namespaces = await get("https://plexi.key-transparency.cloudflare.com/namespaces", {});
  return out;
}

describe("snapshot / restore", () => {
  test("property: snapshot, mutate, restore gives back exactly the earlier state", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(mutation, { maxLength: 6 }),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (before, after, throughText) => {
          const sim = createSimulator({ seed: 9 });
          for (const m of before) await apply(sim, m);
          // observe() first: looking at a bucket creates it (a binding exists from first use).
          const seen = await observe(sim);
          const text = stateText(sim);
          const snap = throughText ? sim.control.exportSnapshot() : sim.control.snapshot();
          for (const m of after) await apply(sim, m);
          if (typeof snap === "string") sim.control.importSnapshot(snap);
          else sim.control.restore(snap);
          expect(stateText(sim)).toBe(text);
          expect(await observe(sim)).toEqual(seen);
          // Restored into a fresh simulator of the same seed: the same state again.
          const fresh = createSimulator({ seed: 9 });
          if (typeof snap === "string") fresh.control.importSnapshot(snap);
          else fresh.control.restore(snap);
          expect(await observe(fresh)).toEqual(seen);
          expect(stateText(fresh)).toBe(text);
        },
      ),
      propertyParameters({ numRuns: 40 }),
    );
  });

  test("reset empties every area; faults are gone too", async () => {
    const sim = createSimulator({ seed: 9 });
    const empty = stateText(sim);
    for (const m of [
      { kind: "put", bucket: "a", key: "k1", body: new Uint8Array([1]) },
      { kind: "record", name: "www", octet: 7 },
      { kind: "namespace", name: "log-a", disable: false },
    ] as Mutation[]) {
      await apply(sim, m);
    }
    sim.control.faults.add({ operation: "*", latencyMs: 0 });
    expect(stateText(sim)).not.toBe(empty);
    sim.control.reset();
    expect(sim.control.faults.list()).toEqual([]);
    const after = (await observe(sim)) as Record<string, unknown>;
    expect(after.a).toEqual([]);
    expect((after.records as { result: unknown[] }).result).toEqual([]);
    expect((after.namespaces as { namespaces: unknown[] }).namespaces).toEqual([]);
  });
});
