/**
 * Area B: conflict and chain rules at their less travelled edges. AAAA conflicts with CNAME as A does (reference:
 * "a CNAME cannot share a name with A, AAAA or another CNAME", 81053); identical means the same type too (81058 is
 * "type, name, content"); a DS may come before the NS of its delegation; a record may name itself as its target
 * unless it is a CNAME; a proxied CNAME chain (spec: "must end at a hostname with a valid IP address") may end at
 * an AAAA, and is refused when it loops, ends at a name holding other records only, or ends at an apex without
 * addresses. Chain refusals pin 400 and 1004 (a DNS validation error, B.validation.code); the code in its
 * error_chain is not pinned: the platform publishes none for them.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: conflict and chain edges", () => {
  clauseTest(
    ["B.conflict.cname", "B.conflict.identical", "B.conflict.ns"],
    "AAAA and CNAME conflict both ways (81053); same content of another type is not identical; DS before NS is fine",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const a = uniqueLabel("ce");
      await records.create({ type: "AAAA", name: a, content: "2001:db8::21" });
      expectFailure(await records.post({ type: "CNAME", name: a, content: "t.example.net" }), 400, 81053);
      const c = uniqueLabel("ce");
      await records.create({ type: "CNAME", name: c, content: "t.example.net" });
      expectFailure(await records.post({ type: "AAAA", name: c, content: "2001:db8::22" }), 400, 81053);
      const m = uniqueLabel("ce");
      await records.create({ type: "MX", name: m, content: "host.example.net", priority: 10 });
      const ptr = await records.create({ type: "PTR", name: m, content: "host.example.net" });
      expect(
        [ptr.type, ptr.content],
        "POST PTR host.example.net at the name of an MX host.example.net: accepted (identical needs the same type) [B.conflict.identical]",
      ).toEqual(["PTR", "host.example.net"]);
      const d = uniqueLabel("ce");
      const ds = { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1F987CC6583E92DF0890718C42" };
      await records.create({ type: "DS", name: d, data: ds });
      const ns = await records.create({ type: "NS", name: d, content: "ns1.example.net" });
      expect(ns.type, "POST NS at the name of a DS (a delegation point): accepted [B.conflict.ns]").toBe("NS");
      const self = await records.fqdn(uniqueLabel("ce"));
      const mx = await records.create({ type: "MX", name: self, content: self, priority: 5 });
      expect(mx.content, "POST MX whose mail server is its own name: accepted (only a CNAME may not name itself)").toBe(
        self,
      );
    },
  );

  clauseTest(
    ["B.cname.proxied-chain-ends-at-address", "B.cname.chain", "B.validation.code", "B.validation.no-change"],
    "a proxied CNAME chain may end at an AAAA; it is refused (400 / 1004) when it loops, ends at a TXT only, or at an apex without addresses",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const v6 = await records.fqdn(uniqueLabel("ch"));
      await records.create({ type: "AAAA", name: v6, content: "2001:db8::23" });
      const ok = await records.create({ type: "CNAME", name: uniqueLabel("ch"), content: v6, proxied: true });
      expect(
        ok.proxied,
        "POST proxied CNAME to a name with an AAAA: accepted, proxied [B.cname.proxied-chain-ends-at-address]",
      ).toBe(true);
      const [b, c] = [await records.fqdn(uniqueLabel("ch")), await records.fqdn(uniqueLabel("ch"))];
      await records.create({ type: "CNAME", name: b, content: c });
      await records.create({ type: "CNAME", name: c, content: b });
      const txt = await records.fqdn(uniqueLabel("ch"));
      await records.create({ type: "TXT", name: txt, content: '"no address"' });
      const zone = await records.zoneName();
      const apexHasAddress = (await records.at(zone)).some((r) => ["A", "AAAA", "CNAME"].includes(r.type));
      const ends: [string, string][] = [
        [b, "a loop of DNS-only CNAMEs"],
        [txt, "a name holding a TXT only"],
      ];
      if (!apexHasAddress) ends.push([zone, "the zone apex, which has no A, AAAA or CNAME"]);
      for (const [target, what] of ends) {
        const label = uniqueLabel("ch");
        expectFailure(await records.post({ type: "CNAME", name: label, content: target, proxied: true }), 400, 1004);
        expect(
          await records.at(await records.fqdn(label)),
          `POST proxied CNAME into ${what} was refused: no record named ${label} [B.validation.no-change]`,
        ).toEqual([]);
      }
    },
  );
});
