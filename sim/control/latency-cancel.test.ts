/**
 * An injected latency stops waiting when its request is cancelled (docs/test-double.md, faults): through
 * `sim.fetch` (the Request's signal) and `sim.handleRaw` (RawRequest.signal), on every area's path.
 */
import { describe, expect, test } from "vitest";
import { createSimulator } from "../index.ts";

/** The longest latency a rule may have (about 24 days): only a cancellation ends the wait in a test. */
const FOREVER = 2147483647;

function simWithLatency() {
  const sim = createSimulator({ seed: 9 });
  sim.control.faults.add({ operation: "*", latencyMs: FOREVER });
  return sim;
}

describe("a cancelled request stops its injected latency", () => {
  test("sim.fetch: aborting the Request's signal rejects the call", async () => {
    const sim = simWithLatency();
    const c = sim.credentials;
    for (const url of [
      `https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`,
      "https://kt.example/namespaces",
    ]) {
      const controller = new AbortController();
      const call = sim.fetch(url, {
        headers: { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key },
        signal: controller.signal,
      });
      await Promise.resolve();
      controller.abort(new Error("gave up"));
      await expect(call, `sim.fetch(${url}) with its signal aborted during the latency`).rejects.toThrow("gave up");
    }
  });

  test("sim.handleRaw: aborting RawRequest.signal rejects the call, on the API's and the other paths", async () => {
    const sim = simWithLatency();
    const c = sim.credentials;
    for (const url of [
      `https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`,
      "https://kt.example/namespaces",
    ]) {
      const controller = new AbortController();
      const headers = new Map([
        ["x-auth-email", c.auth_email],
        ["x-auth-key", c.auth_key],
      ]);
      const call = sim.handleRaw({ method: "GET", url, headers, signal: controller.signal });
      await Promise.resolve();
      controller.abort(new Error("gave up"));
      await expect(call, `sim.handleRaw(${url}) with its signal aborted during the latency`).rejects.toThrow("gave up");
    }
  });
});
