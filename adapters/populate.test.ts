import { describe, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";
import { populate } from "./populate.ts";

describe("populate", () => {
  test("fills every area with records of every type, rules, namespaces with epochs and objects", async () => {
    const sim = createSimulator({ seed: 7 });
    const summary = await populate(sim);
    expect(summary.zones).toHaveLength(2); // both tenants of the simulator
    expect(summary.zones[0]!.id).toBe(sim.credentials.zone_id);
    for (const [i, tenant] of sim.areas.api.tenants.entries()) {
      const zone = summary.zones[i]!;
      const types = new Set(zone.records.map((r) => r.type));
      for (const t of "A AAAA CNAME MX TXT CAA SRV SVCB HTTPS PTR NS DS DNSKEY URI NAPTR SSHFP TLSA SMIMEA CERT LOC".split(
        " ",
      )) {
        expect(types.has(t), t).toBe(true);
      }
      const listed = await sim.fetch(
        `https://api.cloudflare.com/client/v4/zones/${tenant.zone_id}/dns_records?per_page=1000`,
        { headers: { "x-auth-email": tenant.auth_email, "x-auth-key": tenant.auth_key } },
      );
      expect(((await listed.json()) as { result: unknown[] }).result).toHaveLength(zone.records.length);
    }
    expect(summary.rules.map((r) => r.scope)).toEqual([
      "global",
      "region",
      "datacenter",
      "global",
      "region",
      "datacenter",
    ]);
    const ns = (await (await sim.fetch("https://plexi.key-transparency.cloudflare.com/namespaces")).json()) as {
      namespaces: { name: string; status: string }[];
    };
    expect(ns.namespaces.map((n) => n.name).sort()).toEqual(summary.namespaces.map((n) => n.name).sort());
    expect(ns.namespaces.every((n) => n.status.toLowerCase() === "online")).toBe(true);
    for (const b of summary.buckets) {
      const list = await sim.bucket(b.name).list();
      expect(list.objects.map((o) => o.key).sort()).toEqual([...b.keys].sort());
    }
  });

  test("the same seed gives the same state byte for byte; another seed does not", async () => {
    const a = createSimulator({ seed: 7 });
    const b = createSimulator({ seed: 7 });
    const other = createSimulator({ seed: 8 });
    await populate(a);
    await populate(b);
    await populate(other, { seed: 8 });
    expect(b.control.exportSnapshot()).toBe(a.control.exportSnapshot());
    expect(other.control.exportSnapshot()).not.toBe(a.control.exportSnapshot());
  });

  test("a request the simulator refuses is an error naming it", async () => {
    const sim = createSimulator({ seed: 7 });
    sim.control.faults.add({ operation: "dns-records.create", error: { status: 400, message: "nope" }, times: 1 });
    await expect(populate(sim)).rejects.toThrow(
      /POST https:\/\/api\.cloudflare\.com\/client\/v4\/zones\/.*answered 400/,
    );
  });
});
