import { beforeEach, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";

// One simulator for the file; same seed, same ids and timestamps on every run.
const sim = createSimulator({ seed: 42 });
const { zone_id, zone_name, auth_email, auth_key } = sim.credentials;

beforeEach(() => sim.control.reset());

test("DNS records through sim.fetch, in-process", async () => {
  const res = await sim.fetch(`https://api.cloudflare.com/client/v4/zones/${zone_id}/dns_records`, {
    method: "POST",
    headers: { "x-auth-email": auth_email, "x-auth-key": auth_key, "content-type": "application/json" },
    body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.1", ttl: 3600, proxied: false }),
  });
  const { success, result } = (await res.json()) as { success: boolean; result: { name: string } };
  expect(success).toBe(true);
  expect(result.name).toBe(`www.${zone_name}`);
});

test("a bucket binding, and time that moves only when you say", async () => {
  const bucket = sim.bucket("uploads", { minPartSize: 1 });
  const upload = await bucket.createMultipartUpload("big.bin");
  await upload.uploadPart(1, "part one");
  sim.clock.advance(7 * 24 * 60 * 60 * 1000); // 7 days: incomplete uploads are aborted
  await expect(upload.complete([])).rejects.toThrow(/10024/);

  const stored = await bucket.put("hello.txt", "hi");
  expect(stored?.uploaded.toISOString()).toBe(new Date(sim.clock.now()).toISOString());
});
