/**
 * Area B: PUT and PATCH compared on the same records (SDK records.ts: `update` is "Overwrite an existing
 * DNS record", `edit` is "Update an existing DNS record"; the OpenAPI's dns-records_ttl default is 1,
 * "automatic"). A PUT sets every field it is not given to its default; a PATCH keeps every field it is not
 * given. Every field of each answer is compared, and a GET must answer the same record.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** `r` without the stamps a write may move or add (modified_on and the comment and tags stamps). */
function fields(r: DnsRecord): Record<string, unknown> {
  const {
    modified_on: _m,
    comment_modified_on: _c,
    tags_modified_on: _t,
    ...rest
  } = r as DnsRecord & {
    comment_modified_on?: string;
    tags_modified_on?: string;
  };
  return rest;
}

describe("dns records: PUT overwrites, PATCH keeps", () => {
  clauseTest(
    ["B.put.overwrite", "B.patch.partial", "B.ttl.range"],
    "PUT with type, name and content only: ttl 1, proxied false, comment null, tags [] and default settings; PATCH of the content keeps them",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("pp");
      const full = {
        type: "A",
        name,
        content: "198.51.100.110",
        ttl: 300,
        comment: "Keep Me",
        tags: ["Team:Edge", "solo"],
        settings: { ipv4_only: true },
      };
      const r0 = await records.create(full);
      const patched = records.ok(await records.patch(r0.id, { content: "198.51.100.111" }));
      expect(
        fields(patched),
        "PATCH {content}: only the content changed; ttl, comment, tags, settings kept [B.patch.partial]",
      ).toEqual({ ...fields(r0), content: "198.51.100.111" });
      expect(
        records.ok(await records.get(r0.id)),
        "GET after PATCH {content}: the record PATCH answered [B.patch.partial]",
      ).toEqual(patched);

      const put = records.ok(await records.put(r0.id, { type: "A", name, content: "198.51.100.112" }));
      expect(
        fields(put),
        "PUT {type, name, content}: ttl 1 (automatic), proxied false, comment null, tags [], settings without ipv4_only [B.put.overwrite]",
      ).toEqual({
        ...fields(r0),
        content: "198.51.100.112",
        ttl: 1,
        proxied: false,
        comment: null,
        tags: [],
        settings: {},
      });
      expect(records.ok(await records.get(r0.id)), "GET after PUT: the record PUT answered [B.put.overwrite]").toEqual(
        put,
      );

      const proxied = records.ok(await records.patch(r0.id, { proxied: true }));
      expect(fields(proxied), "PATCH {proxied: true}: proxied, ttl 1; everything else kept [B.patch.partial]").toEqual({
        ...fields(put),
        proxied: true,
        ttl: 1,
      });
      const back = records.ok(await records.patch(r0.id, { proxied: false, ttl: 3600 }));
      expect(
        fields(back),
        "PATCH {proxied: false, ttl: 3600}: DNS only with the sent ttl; everything else kept [B.patch.partial]",
      ).toEqual({ ...fields(put), proxied: false, ttl: 3600 });
    },
  );
  clauseTest(
    ["B.patch.partial", "B.type.mx-priority-required", "B.type.data-content", "B.validation.no-change"],
    "PATCH to another type drops the old type's priority and data; an MX made without a priority of its own is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("pt");
      const mx = await records.create({ type: "MX", name, content: "mail.example.net", priority: 10, ttl: 300 });
      const a = records.ok(await records.patch(mx.id, { type: "A", content: "198.51.100.140" }));
      expect(
        {
          has_priority: Object.hasOwn(a, "priority"),
          has_data: Object.hasOwn(a, "data"),
          type: a.type,
          content: a.content,
          ttl: a.ttl,
        },
        "PATCH MX -> {type: A, content}: no priority, no data; the ttl kept [B.patch.partial]",
      ).toEqual({ has_priority: false, has_data: false, type: "A", content: "198.51.100.140", ttl: 300 });
      const before = await records.state();
      expectFailure(await records.patch(mx.id, { type: "MX", content: "mail2.example.net" }), 400, 1004, 9100);
      expect(await records.state(), "after PATCH A -> MX without a priority: unchanged [B.validation.no-change]").toBe(
        before,
      );
      const srvName = `_sip._tcp.${name}`;
      const srv = await records.create({
        type: "SRV",
        name: srvName,
        data: { priority: 5, weight: 10, port: 5060, target: "sip.example.net" },
      });
      const txt = records.ok(await records.patch(srv.id, { type: "TXT", content: "was srv" }));
      expect(
        { has_priority: Object.hasOwn(txt, "priority"), has_data: Object.hasOwn(txt, "data"), content: txt.content },
        "PATCH SRV -> {type: TXT, content}: no priority, no data; the TXT content quoted [B.patch.partial]",
      ).toEqual({ has_priority: false, has_data: false, content: '"was srv"' });
      expect(
        records.ok(await records.get(srv.id)),
        "GET after PATCH SRV -> TXT: the record PATCH answered [B.patch.partial]",
      ).toEqual(txt);
    },
  );
});
