import https from "node:https";
import { afterAll, expect, test } from "vitest";
import { interceptWithNock } from "../adapters/nock.ts";
import { createSimulator } from "../sim/index.ts";

const sim = createSimulator({ seed: 2 });
const stop = interceptWithNock(sim);
afterAll(stop);

/** Code under test that talks to the platform with node:https. */
function listRecords(zoneId: string, email: string, key: string): Promise<{ result: { name: string }[] }> {
  return new Promise((resolve, reject) => {
    const url = `https://api.cloudflare.com/client/v4/zones/${zoneId}/dns_records`;
    https
      .get(url, { headers: { "x-auth-email": email, "x-auth-key": key } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(JSON.parse(body)));
      })
      .on("error", reject);
  });
}

test("node:https code sees the simulator's records", async () => {
  const { zone_id, auth_email, auth_key, zone_name } = sim.credentials;
  await sim.fetch(`https://api.cloudflare.com/client/v4/zones/${zone_id}/dns_records`, {
    method: "POST",
    headers: { "x-auth-email": auth_email, "x-auth-key": auth_key, "content-type": "application/json" },
    body: JSON.stringify({ type: "TXT", name: "@", content: "v=spf1 -all", ttl: 1 }),
  });
  const { result } = await listRecords(zone_id, auth_email, auth_key);
  expect(result.map((r) => r.name)).toEqual([zone_name]);
});
