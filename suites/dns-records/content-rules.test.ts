/**
 * Area B: content rules the spec leaves open, pinned from the platform's docs and SDK: TXT length
 * (2,048 per record, 8,192 per name), per-type settings, OPENPGPKEY, DS at a delegation point, MX
 * priority bounds and SRV targets; a PATCH that changes the type drops the old type's settings.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: content rules (docs, SDK)", () => {
  clauseTest(
    ["B.txt.length", "B.validation.no-change"],
    "TXT: 2,048 characters per record accepted, 2,049 refused; at most 8,192 per name",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("tl");
      const text = (c: string, n: number) => c.repeat(n);
      const r = await records.create({ type: "TXT", name, content: text("a", 2048) });
      expect(
        r.content.replace(/[" ]/g, ""),
        "POST TXT of 2,048 characters: accepted, its text kept [B.txt.length]",
      ).toBe(text("a", 2048));
      expectFailure(await records.post({ type: "TXT", name: uniqueLabel("tl"), content: text("b", 2049) }), 400, 1004);
      for (const c of ["c", "d", "e"]) await records.create({ type: "TXT", name, content: text(c, 2048) });
      // Four records of 2,048 make 8,192 at the name: one more character is refused, nothing created.
      const before = await records.at(await records.fqdn(name));
      expect(before, "TXT records at the name after four of 2,048: four [B.txt.length]").toHaveLength(4);
      expectFailure(await records.post({ type: "TXT", name, content: "f" }), 400, 1004);
      expect(
        await records.at(await records.fqdn(name)),
        "TXT records at the name after a fifth was refused (8,193 characters): still four [B.validation.no-change]",
      ).toHaveLength(4);
      // Another name is not affected.
      await records.create({ type: "TXT", name: uniqueLabel("tl"), content: "f" });
    },
  );

  clauseTest(
    ["B.settings.per-type", "B.validation.code"],
    "settings: ipv4_only/ipv6_only on any type; flatten_cname only on CNAME and not when proxied; a type change drops old settings",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const body of [
        { type: "TXT", content: "s" },
        { type: "MX", content: "mail.example.net", priority: 5 },
        { type: "A", content: "198.51.100.80" },
      ]) {
        const r = await records.create({ ...body, name: uniqueLabel("st"), settings: { ipv4_only: true } });
        expect(r.settings, `POST ${body.type} with settings.ipv4_only: kept [B.settings.per-type]`).toMatchObject({
          ipv4_only: true,
        });
      }
      expectFailure(
        await records.post({
          type: "A",
          name: uniqueLabel("st"),
          content: "198.51.100.81",
          settings: { flatten_cname: true },
        }),
        400,
        1004,
      );
      const target = uniqueLabel("st");
      await records.create({ type: "A", name: target, content: "198.51.100.82" });
      const cnameBody = { type: "CNAME", name: uniqueLabel("st"), content: await records.fqdn(target) };
      expectFailure(await records.post({ ...cnameBody, proxied: true, settings: { flatten_cname: true } }), 400, 1004);
      const c = await records.create({ ...cnameBody, proxied: false, settings: { flatten_cname: true } });
      expect(c.settings, "POST CNAME DNS only with flatten_cname: kept [B.settings.per-type]").toMatchObject({
        flatten_cname: true,
      });
      const a = records.ok(await records.patch(c.id, { type: "A", content: "198.51.100.83" }));
      expect(a.type, "PATCH CNAME to type A: type A").toBe("A");
      expect(
        a.settings,
        "PATCH CNAME to type A: the CNAME setting flatten_cname dropped [B.settings.per-type]",
      ).not.toHaveProperty("flatten_cname");
    },
  );

  clauseTest(["B.type.openpgpkey"], "OPENPGPKEY: a base64 public key as content", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const key = "mQINBFit2jsBEADrbl5vjVxYeAE0g0IDYCBpHirv1Sjlqxx5gjtPhb2YhvyDMXjq";
    const r = await records.create({ type: "OPENPGPKEY", name: `abc._openpgpkey.${uniqueLabel("pg")}`, content: key });
    expect(r, "POST OPENPGPKEY: type, content as sent, not proxiable [B.type.openpgpkey]").toMatchObject({
      type: "OPENPGPKEY",
      content: key,
      proxiable: false,
    });
    expectFailure(
      await records.post({ type: "OPENPGPKEY", name: uniqueLabel("pg"), content: "not base64!" }),
      400,
      1004,
    );
    const listed = await records.list(`type=OPENPGPKEY&name=${encodeURIComponent(r.name)}`);
    expect(
      listed.result.map((x) => x.id),
      "GET ?type=OPENPGPKEY&name=<its name>: the record",
    ).toEqual([r.id]);
  });

  clauseTest(
    ["B.ds.delegation-point", "B.type.ds-dnskey", "B.conflict.ns"],
    "DS beside the NS records of a delegated subdomain; not at the zone apex",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = uniqueLabel("dl");
      const data = { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1F987CC6583E92DF0890718C42" };
      await records.create({ type: "NS", name: sub, content: "ns1.example.net" });
      const ds = await records.create({ type: "DS", name: sub, data });
      expect(ds, "POST DS beside the NS of a delegated name: created [B.ds.delegation-point]").toMatchObject({
        type: "DS",
        name: await records.fqdn(sub),
      });
      // Other types still may not sit beside NS.
      expectFailure(await records.post({ type: "TXT", name: sub, content: "x" }), 400, 81056);
      expectFailure(await records.post({ type: "DS", name: "@", data: { ...data, key_tag: 1 } }), 400, 1004);
    },
  );

  clauseTest(["B.type.priority-bounds", "B.type.mx"], "MX priority 0..65535; SRV target a hostname", async (ctx) => {
    const { records } = await recordsOf(ctx);
    for (const priority of [0, 65535]) {
      const r = await records.create({ type: "MX", name: uniqueLabel("mx"), content: "mail.example.net", priority });
      expect(r.priority, `POST MX with priority ${priority}: kept [B.type.priority-bounds]`).toBe(priority);
    }
    for (const priority of [-1, 65536, 1.5, "10"]) {
      expectFailure(
        await records.post({ type: "MX", name: uniqueLabel("mx"), content: "mail.example.net", priority }),
        400,
        1004,
      );
    }
    const srv = (target: string) => ({
      type: "SRV",
      name: `_sip._udp.${uniqueLabel("sv")}`,
      data: { priority: 1, weight: 1, port: 5060, target },
    });
    expect(
      (await records.create(srv("sip.example.net"))).content,
      "POST SRV: content is weight, port and target from data",
    ).toBe("1 5060 sip.example.net");
    expectFailure(await records.post(srv("not a host")), 400, 1004);
  });
});
