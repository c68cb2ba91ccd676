/**
 * Timestamps of areas A and B over the clock's whole range: strictly increasing and exact past 2^53 µs
 * (the year 2255) and up to the end of the Date range, and a snapshot taken there restores.
 */
import { describe, expect, test } from "vitest";
import { createSimulator } from "../index.ts";
import { MAX_TIME_MS } from "./clock.ts";
import { compareStamps, nextStamp, StampRangeError, stampMicros, stampOfMicros } from "./stamps.ts";

/** 2^53 µs in ms: where `ms * 1000 + µs` stops being exact (2255-06-05). */
const SAFE_END_MS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

describe("nextStamp", () => {
  test("the clock's time when later, else 1 µs after the last, carrying into the next ms", () => {
    expect(nextStamp(5, 7, { ms: 4, us: 999 }), "a later clock time").toEqual({ ms: 5, us: 7 });
    expect(nextStamp(5, 7, { ms: 5, us: 9 }), "same ms, digits not later").toEqual({ ms: 5, us: 10 });
    expect(nextStamp(5, 7, { ms: 5, us: 999 }), "same ms, last µs used").toEqual({ ms: 6, us: 0 });
    expect(nextStamp(SAFE_END_MS + 1, 0, { ms: SAFE_END_MS + 1, us: 0 }), "past 2^53 µs").toEqual({
      ms: SAFE_END_MS + 1,
      us: 1,
    });
  });

  test("no stamp past the end of the Date range: StampRangeError", () => {
    expect(() => nextStamp(MAX_TIME_MS, 0, { ms: MAX_TIME_MS, us: 999 }), "after the last µs").toThrow(StampRangeError);
  });

  test("as one integer of µs: a number while safe, a bigint past 2^53, both ways exact", () => {
    expect(stampMicros({ ms: 1696165838762, us: 503 }), "2023 in µs").toBe(1696165838762503);
    const end = { ms: MAX_TIME_MS, us: 999 };
    expect(stampMicros(end), "the end of the Date range in µs").toBe(8640000000000000999n);
    expect(stampOfMicros(8640000000000000999n), "back from µs").toEqual(end);
    expect(stampOfMicros(1696165838762503), "2023 back from µs").toEqual({ ms: 1696165838762, us: 503 });
    expect(compareStamps({ ms: SAFE_END_MS + 2, us: 1 }, { ms: SAFE_END_MS + 2, us: 0 }), "1 µs apart").toBe(1);
  });
});

const RULE = {
  scope: "datacenter",
  name: "lax",
  mode: "enabled",
  profile_sensitivity: "low",
  rate_sensitivity: "low",
  burst_sensitivity: "low",
};

/** Writes `n` rules and `n` records without moving the clock; their stamps in order. */
async function burst(
  sim: ReturnType<typeof createSimulator>,
  n: number,
  prefix = "h",
): Promise<{ a: string[]; b: string[] }> {
  const c = sim.credentials;
  const base = "https://api.cloudflare.com/client/v4";
  const a: string[] = [];
  const b: string[] = [];
  for (let i = 0; i < n; i++) {
    const rule = await sim.fetch(
      `${base}/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" },
        body: JSON.stringify(RULE),
      },
    );
    expect(rule.status, `POST rule ${i}`).toBe(200);
    a.push(((await rule.json()) as { result: { created_on: string } }).result.created_on);
    const rec = await sim.fetch(`${base}/zones/${c.zone_id}/dns_records`, {
      method: "POST",
      headers: { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" },
      body: JSON.stringify({ type: "A", name: `${prefix}${i}`, content: "192.0.2.1", ttl: 300 }),
    });
    expect(rec.status, `POST record ${i}: ${await rec.clone().text()}`).toBe(200);
    b.push(((await rec.json()) as { result: { created_on: string } }).result.created_on);
  }
  return { a, b };
}

/** The µs of an ISO stamp, exactly (a bigint). */
function micros(iso: string): bigint {
  return BigInt(Date.parse(iso)) * 1000n + BigInt((/\.\d{3}(\d{3})/.exec(iso) ?? ["", "NaN"])[1]!);
}

describe("stamps of areas A and B over the clock's range", () => {
  for (const [when, start] of [
    ["past 2^53 µs (2255)", SAFE_END_MS + 1],
    ["in the last second of the Date range", MAX_TIME_MS - 1000],
    ["at the last ms of the Date range", MAX_TIME_MS],
  ] as const) {
    test(`${when}: strictly increasing, real dates, and a snapshot taken there restores`, async () => {
      const sim = createSimulator({ seed: 2, start });
      const { a, b } = await burst(sim, 12);
      for (const [area, stamps] of [
        ["A created_on", a],
        ["B created_on", b],
      ] as const) {
        for (let i = 1; i < stamps.length; i++) {
          expect(micros(stamps[i]!) > micros(stamps[i - 1]!), `${area} ${stamps[i]} after ${stamps[i - 1]}`).toBe(true);
        }
        expect(stamps.join(" "), `${area} stamps are real dates`).not.toMatch(/NaN|Invalid/);
      }
      const text = sim.control.exportSnapshot();
      const again = createSimulator({ seed: 2 });
      again.control.importSnapshot(text);
      expect(again.control.exportSnapshot(), "the snapshot restored, exported again").toBe(text);
      // The restored simulator goes on from the last stamp: the next one is later still.
      const next = await burst(again, 1, "after");
      expect(micros(next.a[0]!) > micros(a.at(-1)!), "area A's next stamp after a restore").toBe(true);
      expect(micros(next.b[0]!) > micros(b.at(-1)!), "area B's next stamp after a restore").toBe(true);
    });
  }
});

describe("the end of the Date range", () => {
  test("once its last microsecond is taken, a write is refused with 400 saying so, changing nothing", async () => {
    const sim = createSimulator({ seed: 2, start: MAX_TIME_MS });
    const c = sim.credentials;
    const url = `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
    const init = {
      method: "POST",
      headers: { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" },
      body: JSON.stringify(RULE),
    };
    let refused: Response | undefined;
    let written = 0;
    // At most 1000 stamps fit in the last millisecond.
    for (let i = 0; i <= 1000 && !refused; i++) {
      const res = await sim.fetch(url, init);
      if (res.status === 200) written++;
      else refused = res;
    }
    expect(refused?.status, "POST a rule after the last microsecond of the Date range is taken").toBe(400);
    const body = (await refused!.json()) as { errors: { code: number; message: string }[] };
    expect(body.errors[0], "the refusal: code 6000, naming the end of the Date range").toMatchObject({
      code: 6000,
      message: expect.stringMatching(/Date range/),
    });
    const list = await sim.fetch(url, { headers: init.headers });
    const total = ((await list.json()) as { result_info: { total_count: number } }).result_info.total_count;
    expect(total, "rules after the refused write: only those written").toBe(written);
    const again = createSimulator({ seed: 2 });
    again.control.importSnapshot(sim.control.exportSnapshot());
    expect(again.control.exportSnapshot(), "a snapshot taken at the end of the range restores").toBe(
      sim.control.exportSnapshot(),
    );
  });
});
