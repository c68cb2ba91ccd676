/**
 * A restore is a full replacement (docs/test-double.md, "Snapshots": all areas or none, the state exactly
 * as it was): state that exists now but not in the snapshot (a bucket made later, an upload, a DNS record,
 * a rule, a namespace, a later clock) is gone after the restore, and the next snapshot is byte-identical
 * to the one restored, in-process and over HTTP (`PUT /__edgeconf/snapshot`).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { populate } from "./populate.ts";

const OPTIONS = { seed: 21, objectStore: { minPartSize: 1 } };
let text: string;
beforeAll(async () => {
  const sim = createSimulator(OPTIONS);
  // No global rule in the seed data, so that the rule made later is one the snapshot lacks.
  await populate(sim, { rules: 0 });
  text = sim.control.exportSnapshot();
});

/** Changes every area and the clock, adding things the snapshot lacks. */
async function changeEverything(sim: Simulator): Promise<void> {
  const c = sim.credentials;
  const json = { "content-type": "application/json" };
  await sim.bucket("later").put("x", "y");
  await sim.bucket("emptied").put("x", "y");
  await sim.bucket("emptied").delete("x");
  const upload = await sim.bucket("later").createMultipartUpload("big");
  await upload.uploadPart(1, "part");
  const record = await sim.fetch(`https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`, {
    method: "POST",
    headers: { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, ...json },
    body: JSON.stringify({ type: "A", name: "later", content: "192.0.2.77", ttl: 300 }),
  });
  expect(record.status).toBe(200);
  const rule = await sim.fetch(
    `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${c.api_token}`, ...json },
      body: JSON.stringify({
        scope: "global",
        name: "global",
        mode: "monitoring",
        profile_sensitivity: "low",
        rate_sensitivity: "low",
        burst_sensitivity: "low",
      }),
    },
  );
  expect(rule.status).toBe(200);
  const ns = await sim.fetch("https://plexi.key-transparency.cloudflare.com/namespaces", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "later-log", public: true, root: `1/${"ab".repeat(32)}`, signature_version: 1 }),
    clientIdentity: "operator",
  });
  expect(ns.status).toBeLessThan(300);
  sim.clock.advance(3 * 86_400_000);
}

describe("restore replaces everything", () => {
  test("in-process: snapshot, change everything, restore: the next snapshot is byte-identical", async () => {
    const sim = createSimulator(OPTIONS);
    sim.control.importSnapshot(text);
    expect(sim.control.exportSnapshot()).toBe(text);
    await changeEverything(sim);
    expect(sim.control.exportSnapshot()).not.toBe(text);
    sim.control.importSnapshot(text);
    expect(sim.control.exportSnapshot()).toBe(text);
    expect(sim.areas.objectStore.bucketNames()).not.toContain("later");
    expect(sim.areas.objectStore.bucketNames()).not.toContain("emptied");
  });

  test("over HTTP: a PUT of a snapshot holding an extra bucket, then of the original, leaves no trace", async () => {
    const sim = createSimulator(OPTIONS);
    const control = (init?: RequestInit) => sim.fetch("http://127.0.0.1/__edgeconf/snapshot", init);
    expect((await control({ method: "PUT", body: text })).status).toBeLessThan(300);
    await changeEverything(sim);
    const changed = await (await control()).text();
    expect((await control({ method: "PUT", body: text })).status).toBeLessThan(300);
    expect(await (await control()).text()).toBe(text);
    expect((await control({ method: "PUT", body: changed })).status).toBeLessThan(300);
    expect(await (await control()).text()).toBe(changed);
    expect((await control({ method: "PUT", body: text })).status).toBeLessThan(300);
    expect(await (await control()).text()).toBe(text);
  });

  test("the clock goes back to the snapshot's time; upload expiry follows the restored state", async () => {
    const sim = createSimulator(OPTIONS);
    const snap = sim.control.snapshot();
    const upload = await sim.bucket("u").createMultipartUpload("k");
    sim.clock.advance(86_400_000);
    sim.control.restore(snap);
    expect(sim.clock.now()).toBe(snap.now);
    // The upload made after the snapshot is gone, and its expiry with it.
    await expect(sim.bucket("u").resumeMultipartUpload("k", upload.uploadId).uploadPart(1, "x")).rejects.toThrow(
      "(10024)",
    );
  });
});
