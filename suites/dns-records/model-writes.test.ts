/**
 * Area B: writes whose rules reach past the one record written.
 *
 * - The 8,192-character limit of a name's TXT records (docs dns-record-types.mdx, TXT note; docs/choices) counts
 *   TXT records only: an A or MX beside a name's full set of TXT records is accepted, and an A already at the
 *   name takes nothing from the TXT records' 8,192.
 * - PATCH changes only the given fields (reference: "PATCH (partial)"): a PATCH that names the record's own type
 *   keeps its priority, data and settings; a PATCH to another type that sends the new type's priority, data or
 *   settings answers the record with those.
 * - A batch's lists are arrays of objects with a string id (SDK: `deletes: Array<{ id: string }>`, patches and
 *   puts likewise): a list of another kind, or an item without a string id, is a malformed body, refused with 400
 *   (not a 404 for a record it never named, never a 5xx), and the batch changes nothing.
 * - tags_modified_on is when the tags last changed (SDK RecordResponse): a PATCH of another field leaves it, also
 *   for a record of two tags.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: per-name TXT limit, PATCH of the type, tags stamp, batch body shape", () => {
  clauseTest(
    ["B.txt.length"],
    "the 8,192 characters of a name's TXT records count TXT only: an A before them and an MX after them are accepted",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("tn");
      await records.create({ type: "A", name, content: "198.51.100.160" });
      for (const c of ["a", "b", "c", "d"]) {
        const res = await records.post({ type: "TXT", name, content: c.repeat(2048) });
        expect(
          res.status,
          `POST TXT ${c} x 2,048 at a name with an A record: accepted, the A takes nothing from the TXT records' 8,192 [B.txt.length]; body ${res.text.slice(0, 200)}`,
        ).toBe(200);
      }
      for (const body of [
        { type: "MX", content: "mail.example.net", priority: 10 },
        { type: "AAAA", content: "2001:db8::160" },
      ]) {
        const res = await records.post({ ...body, name });
        expect(
          res.status,
          `POST ${body.type} at a name whose TXT records hold 8,192 characters: accepted, only TXT counts [B.txt.length]; body ${res.text.slice(0, 200)}`,
        ).toBe(200);
      }
    },
  );

  clauseTest(
    ["B.patch.partial"],
    "a PATCH that names the record's own type keeps its priority, data and settings",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const mx = await records.create({
        type: "MX",
        name: uniqueLabel("pk"),
        content: "mail.example.net",
        priority: 10,
        settings: { ipv4_only: true },
      });
      const mx2 = records.ok(await records.patch(mx.id, { type: "MX", ttl: 300 }));
      expect(
        { priority: mx2.priority, content: mx2.content, ipv4_only: mx2.settings?.ipv4_only, ttl: mx2.ttl },
        "PATCH MX {type: MX, ttl: 300}: priority 10, content and settings.ipv4_only kept, ttl 300 [B.patch.partial]",
      ).toEqual({ priority: 10, content: "mail.example.net", ipv4_only: true, ttl: 300 });
      const data = { priority: 5, weight: 10, port: 5060, target: "sip.example.net" };
      const srv = await records.create({ type: "SRV", name: `_sip._tcp.${uniqueLabel("pk")}`, data });
      const srv2 = records.ok(await records.patch(srv.id, { type: "SRV", ttl: 300 }));
      expect(
        { data: srv2.data, priority: srv2.priority, content: srv2.content, ttl: srv2.ttl },
        "PATCH SRV {type: SRV, ttl: 300}: data, priority and content kept, ttl 300 [B.patch.partial]",
      ).toEqual({ data, priority: srv.priority, content: srv.content, ttl: 300 });
    },
  );

  clauseTest(
    ["B.patch.partial", "B.settings.per-type", "B.srv.request-data"],
    "a PATCH to another type answers the record with the priority, data and settings it sends",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const a = await records.create({ type: "A", name: uniqueLabel("pn"), content: "198.51.100.161" });
      const mx = records.ok(await records.patch(a.id, { type: "MX", content: "mail.example.net", priority: 20 }));
      expect(
        { type: mx.type, priority: mx.priority, content: mx.content },
        "PATCH A -> {type: MX, content, priority: 20}: an MX of priority 20 [B.patch.partial]",
      ).toEqual({ type: "MX", priority: 20, content: "mail.example.net" });
      const data = { priority: 7, weight: 3, port: 5061, target: "sips.example.net" };
      const txt = await records.create({ type: "TXT", name: `_sips._tcp.${uniqueLabel("pn")}`, content: "was txt" });
      const srv = records.ok(await records.patch(txt.id, { type: "SRV", data }));
      expect(
        { type: srv.type, data: srv.data, priority: srv.priority },
        "PATCH TXT -> {type: SRV, data}: an SRV with the data sent, its priority at the top level [B.srv.request-data]",
      ).toEqual({ type: "SRV", data, priority: 7 });
      const target = await records.fqdn(uniqueLabel("pt"));
      const b = await records.create({ type: "A", name: uniqueLabel("pn"), content: "198.51.100.162" });
      const cname = records.ok(
        await records.patch(b.id, { type: "CNAME", content: target, settings: { flatten_cname: true } }),
      );
      expect(
        { type: cname.type, flatten_cname: cname.settings?.flatten_cname },
        "PATCH A -> {type: CNAME, content, settings: {flatten_cname: true}}: a CNAME with flatten_cname true [B.settings.per-type]",
      ).toEqual({ type: "CNAME", flatten_cname: true });
    },
  );

  clauseTest(
    ["B.record.comment-tags-modified-on", "B.patch.partial"],
    "a PATCH that leaves a record's two tags untouched keeps tags_modified_on",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const tags = ["team:dns", "env:prod"];
      const r = await records.create({ type: "TXT", name: uniqueLabel("tg"), content: '"two tags"', tags });
      const stamp = (r as { tags_modified_on?: string }).tags_modified_on;
      expect(stamp, "POST TXT with two tags: tags_modified_on is created_on [B.record.comment-tags-modified-on]").toBe(
        r.created_on,
      );
      const p = records.ok(await records.patch(r.id, { ttl: 600 }));
      expect(
        { tags: p.tags, tags_modified_on: (p as { tags_modified_on?: string }).tags_modified_on },
        "PATCH {ttl: 600} of a record with two tags: the tags and tags_modified_on as they were [B.record.comment-tags-modified-on]",
      ).toEqual({ tags, tags_modified_on: stamp });
    },
  );

  clauseTest(
    ["B.batch.order-atomic", "B.validation.no-change"],
    "a batch list that is not an array, or an item without a string id, is refused with 400 and changes nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("bs");
      const x = await records.create({ type: "A", name: `x.${u}`, content: "198.51.100.163" });
      const before = await records.state();
      const post = { type: "TXT", name: `y.${u}`, content: "never" };
      for (const body of [
        { deletes: {} },
        { patches: 5, posts: [post] },
        { puts: true },
        { posts: { 0: post } },
        { deletes: [{}] },
        { deletes: [{ id: 5 }], posts: [post] },
        { patches: [{ ttl: 600 }] },
        { patches: [{ id: null, ttl: 600 }] },
        { puts: [{ type: "A", name: `x.${u}`, content: "198.51.100.164" }] },
      ]) {
        const res = await records.batch(body);
        expect(
          res.status,
          `POST dns_records/batch ${JSON.stringify(body)}: refused with 400, a list that is not an array or an item without a string id is a malformed body (SDK: Array<{ id: string }>) [B.batch.order-atomic]`,
        ).toBe(400);
        expectFailure(res, 400);
        expect(
          await records.state(),
          `after the refused batch ${JSON.stringify(body)}: the zone is unchanged [B.validation.no-change]`,
        ).toBe(before);
      }
      expect(
        records.ok(await records.get(x.id)),
        "GET x after the refused batches: unchanged [B.validation.no-change]",
      ).toEqual(x);
    },
  );
});
