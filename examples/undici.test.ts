import Cloudflare from "cloudflare";
import { afterAll, expect, test } from "vitest";
import { installSimulatorDispatcher } from "../adapters/undici.ts";
import { createSimulator } from "../sim/index.ts";

const sim = createSimulator({ seed: 1 });
// Every fetch to the platform's hosts now reaches the simulator; any other host fails loudly.
const uninstall = installSimulatorDispatcher(sim);
afterAll(uninstall);

test("the official SDK, at its default base URL, with no server and no network", async () => {
  const { zone_id, auth_email, auth_key } = sim.credentials;
  // apiToken/userServiceKey null: ignore any CLOUDFLARE_* variables of your shell.
  const cf = new Cloudflare({ apiEmail: auth_email, apiKey: auth_key, apiToken: null, userServiceKey: null });

  const record = await cf.dns.records.create({ zone_id, type: "A", name: "api", content: "192.0.2.7", ttl: 300 });
  const listed = [];
  for await (const r of cf.dns.records.list({ zone_id })) listed.push(r.id);
  expect(listed).toEqual([record.id]);

  await cf.dns.records.delete(record.id, { zone_id });
  await expect(cf.dns.records.get(record.id, { zone_id })).rejects.toBeInstanceOf(Cloudflare.NotFoundError);
});
