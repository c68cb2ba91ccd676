/** Area B: CNAME chains and flattening at the apex, and the name-sharing conflicts. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: CNAME chains", () => {
  clauseTest(["B.cname.chain"], "CNAMEs may chain to other CNAMEs", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const c = uniqueLabel("end");
    const b = uniqueLabel("mid");
    const a = uniqueLabel("top");
    await records.create({ type: "CNAME", name: c, content: "elsewhere.example.net" });
    await records.create({ type: "CNAME", name: b, content: await records.fqdn(c) });
    const r = await records.create({ type: "CNAME", name: a, content: await records.fqdn(b) });
    expect(r.content, "POST CNAME pointing at another CNAME: created, content the target name [B.cname.chain]").toBe(
      await records.fqdn(b),
    );
  });

  clauseTest(
    ["B.cname.proxied-chain-ends-at-address", "B.validation.no-change"],
    "a proxied CNAME chain must end at a name with an A or AAAA record",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const host = uniqueLabel("host");
      const txtOnly = uniqueLabel("txt");
      await records.create({ type: "A", name: host, content: "8.8.8.8" });
      await records.create({ type: "TXT", name: txtOnly, content: "no address here" });
      const mid = uniqueLabel("mid");
      await records.create({ type: "CNAME", name: mid, content: await records.fqdn(host) });
      const ok = await records.create({
        type: "CNAME",
        name: uniqueLabel("px"),
        content: await records.fqdn(mid),
        proxied: true,
      });
      expect(ok.proxied, "POST proxied CNAME whose chain ends at an A record: created proxied").toBe(true);
      for (const target of [txtOnly, uniqueLabel("nothing")]) {
        const label = uniqueLabel("px");
        expectFailure(
          await records.post({ type: "CNAME", name: label, content: await records.fqdn(target), proxied: true }),
          400,
        );
        expect(
          await records.at(await records.fqdn(label)),
          "records at the name after a proxied CNAME to a name without an address was refused: none",
        ).toEqual([]);
        const dnsOnly = await records.create({
          type: "CNAME",
          name: label,
          content: await records.fqdn(target),
          proxied: false,
        });
        expect(dnsOnly.proxied, "the same CNAME DNS only: created, proxied false").toBe(false);
      }
    },
  );

  clauseTest(["B.cname.not-self"], "a CNAME cannot point at its own name", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const label = uniqueLabel("self");
    expectFailure(await records.post({ type: "CNAME", name: label, content: await records.fqdn(label) }), 400);
  });

  clauseTest(["B.cname.apex"], "a CNAME may sit at the apex and answers settings.flatten_cname", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const apex = await records.at(await records.zoneName());
    ctx.skip(
      apex.some((r) => ["A", "AAAA", "CNAME"].includes(r.type)),
      "the zone apex already holds an address record or a CNAME",
    );
    const r = await records.create({ type: "CNAME", name: "@", content: "apex-target.example.net" });
    expect(r.name, 'POST CNAME at "@": name is the zone name [B.cname.apex]').toBe(await records.zoneName());
    expect(r.settings, "POST CNAME at the apex: settings.flatten_cname answered [B.cname.apex]").toHaveProperty(
      "flatten_cname",
    );
    expect((await records.delete(r.id)).status, "DELETE of the apex CNAME: 200").toBe(200);
  });
});

describe("dns records: conflicts", () => {
  clauseTest(
    ["B.conflict.cname", "B.validation.no-change"],
    "CNAME cannot share a name with A, AAAA or CNAME (81053)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const a = uniqueLabel("ca");
      await records.create({ type: "A", name: a, content: "198.51.100.30" });
      const before = await records.state();
      expectFailure(await records.post({ type: "CNAME", name: a, content: "x.example.net" }), 400, 81053);
      expect(
        await records.state(),
        "the zone after a refused CNAME beside an A: unchanged [B.validation.no-change]",
      ).toBe(before);
      const c = uniqueLabel("cc");
      await records.create({ type: "CNAME", name: c, content: "x.example.net" });
      expectFailure(await records.post({ type: "A", name: c, content: "198.51.100.31" }), 400, 81053);
      expectFailure(await records.post({ type: "AAAA", name: c, content: "2001:db8::31" }), 400, 81053);
      expectFailure(await records.post({ type: "CNAME", name: c, content: "y.example.net" }), 400, 81053);
      const txt = await records.create({ type: "TXT", name: c, content: "fine beside a CNAME" });
      expect(txt.type, "POST TXT beside a CNAME: created").toBe("TXT");
      await records.delete(txt.id);
      expect(
        (await records.at(await records.fqdn(a))).map((r) => r.type),
        "records at the A's name after the refusals: the A alone [B.validation.no-change]",
      ).toEqual(["A"]);
    },
  );

  clauseTest(["B.conflict.ns"], "NS cannot share a name with records of other types (81056)", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const n = uniqueLabel("ns");
    await records.create({ type: "NS", name: n, content: "ns1.example.net" });
    expectFailure(await records.post({ type: "TXT", name: n, content: "x" }), 400, 81056);
    expectFailure(await records.post({ type: "A", name: n, content: "198.51.100.32" }), 400, 81056);
    const t = uniqueLabel("nt");
    await records.create({ type: "TXT", name: t, content: "x" });
    expectFailure(await records.post({ type: "NS", name: t, content: "ns1.example.net" }), 400, 81056);
  });

  clauseTest(
    ["B.conflict.identical", "B.validation.no-change"],
    "an identical record is refused (81058)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = uniqueLabel("id");
      await records.create({ type: "A", name: label, content: "198.51.100.33" });
      expectFailure(await records.post({ type: "A", name: label, content: "198.51.100.33" }), 400, 81058);
      expect(
        await records.at(await records.fqdn(label)),
        "records at the name after an identical A was refused: one [B.validation.no-change]",
      ).toHaveLength(1);
      await records.create({ type: "A", name: label, content: "198.51.100.34" });
      expect(
        await records.at(await records.fqdn(label)),
        "records at the name after an A with other content: two (not identical) [B.conflict.identical]",
      ).toHaveLength(2);
    },
  );
});
