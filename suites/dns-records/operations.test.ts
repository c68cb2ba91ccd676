/** Area B: list, get, PATCH, PUT, DELETE and batch (platform operations the spec leaves "not shown"). */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const UNKNOWN_ID = "0123456789abcdef0123456789abcdef";

describe("dns records: operations", () => {
  clauseTest(["B.get.one"], "GET of one record answers it", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "A", name: uniqueLabel("g"), content: "198.51.100.40", ttl: 300 });
    expect(
      records.ok(await records.get(r.id)),
      "GET /dns_records/{id}: result is the record the create answered [B.get.one]",
    ).toEqual(r);
  });

  clauseTest(
    ["B.record.not-found", "B.envelope.failure"],
    "an unknown record id is 404/81044 on get, patch, put, delete",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      expectFailure(await records.get(UNKNOWN_ID), 404, 81044);
      expectFailure(await records.patch(UNKNOWN_ID, { ttl: 300 }), 404, 81044);
      expectFailure(await records.put(UNKNOWN_ID, { type: "A", name: "x", content: "198.51.100.41" }), 404, 81044);
      expectFailure(await records.delete(UNKNOWN_ID), 404, 81044);
    },
  );

  clauseTest(["B.patch.partial", "B.record.timestamps"], "PATCH changes only the given fields", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({
      type: "A",
      name: uniqueLabel("p"),
      content: "9.9.9.9",
      ttl: 300,
      comment: "first",
    });
    const p = records.ok(await records.patch(r.id, { ttl: 600 }));
    expect(
      p,
      "PATCH {ttl: 600}: ttl changed; id, name, content, comment, created_on kept [B.patch.partial]",
    ).toMatchObject({
      id: r.id,
      name: r.name,
      content: r.content,
      ttl: 600,
      comment: "first",
      created_on: r.created_on,
    });
    const q = records.ok(await records.patch(r.id, { proxied: true }));
    expect(q, "PATCH {proxied: true}: proxied true, ttl 1 (automatic), content kept [B.patch.partial]").toMatchObject({
      proxied: true,
      ttl: 1,
      content: r.content,
    });
    expect(
      Date.parse(q.modified_on),
      "PATCH: result.modified_on not before the create's [B.record.timestamps]",
    ).toBeGreaterThanOrEqual(Date.parse(r.modified_on));
    expect(
      records.ok(await records.get(r.id)),
      "GET after PATCH: the record the PATCH answered [B.patch.partial]",
    ).toEqual(q);
  });

  clauseTest(["B.put.overwrite"], "PUT overwrites the record", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({
      type: "A",
      name: uniqueLabel("u"),
      content: "198.51.100.43",
      ttl: 300,
      comment: "old",
      tags: ["a:b"],
    });
    const name = uniqueLabel("u2");
    const u = records.ok(await records.put(r.id, { type: "AAAA", name, content: "2001:db8::43", ttl: 120 }));
    expect(
      u,
      "PUT AAAA over an A: type, name, content, ttl as given; comment null and tags [] (not kept) [B.put.overwrite]",
    ).toMatchObject({
      id: r.id,
      type: "AAAA",
      name: await records.fqdn(name),
      content: "2001:db8::43",
      ttl: 120,
      comment: null,
      tags: [],
    });
  });

  clauseTest(["B.delete.result-id"], "DELETE answers {id} and the record is gone", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "TXT", name: uniqueLabel("d"), content: "bye" });
    const res = await records.delete(r.id);
    const env = checkEnvelope<{ id: string }>(res);
    expect(res.status, "DELETE /dns_records/{id}: status 200 [B.delete.result-id]").toBe(200);
    expect(env.result, "DELETE /dns_records/{id}: result is {id} [B.delete.result-id]").toEqual({ id: r.id });
    expectFailure(await records.get(r.id), 404, 81044);
  });

  clauseTest(["B.validation.no-change"], "a refused PATCH or PUT leaves the record as it was", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "A", name: uniqueLabel("nc"), content: "198.51.100.44", ttl: 300 });
    expectFailure(await records.patch(r.id, { ttl: 7 }), 400, 9021);
    expectFailure(await records.patch(r.id, { content: "1.1" }), 400, 1004);
    expectFailure(await records.put(r.id, { type: "A", name: "-bad", content: "198.51.100.44" }), 400, 9000);
    expectFailure(await records.patch(r.id, { type: "MX", proxied: true }), 400);
    expect(
      records.ok(await records.get(r.id)),
      "GET after refused PATCH and PUT: the record as created [B.validation.no-change]",
    ).toEqual(r);
  });

  clauseTest(
    ["B.record.comment-tags-format"],
    "comments and tags are kept; CR/LF and malformed tags are refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({
        type: "TXT",
        name: uniqueLabel("ct"),
        content: "x",
        comment: "a note",
        tags: ["env:prod", "team"],
      });
      expect(r.comment, "POST TXT with a comment: result.comment as sent [B.record.comment-tags-format]").toBe(
        "a note",
      );
      expect([...r.tags].sort(), "POST TXT with tags: result.tags as sent [B.record.comment-tags-format]").toEqual([
        "env:prod",
        "team",
      ]);
      expectFailure(
        await records.post({ type: "TXT", name: uniqueLabel("ct"), content: "x", comment: "two\nlines" }),
        400,
      );
      expectFailure(
        await records.post({ type: "TXT", name: uniqueLabel("ct"), content: "x", tags: ["bad tag:x"] }),
        400,
      );
    },
  );

  clauseTest(
    ["B.list.pagination"],
    "list pages with result_info; a page past the end is empty with 200",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = uniqueLabel("pg");
      const fqdn = await records.fqdn(label);
      for (let i = 0; i < 5; i++) await records.create({ type: "TXT", name: label, content: `page item ${i}` });
      const q = `name=${encodeURIComponent(fqdn)}&per_page=2`;
      const p1 = await records.list(`${q}&page=1`);
      expect(p1.result_info, "list page 1 of 5 records, per_page 2: result_info [B.list.pagination]").toEqual({
        page: 1,
        per_page: 2,
        count: 2,
        total_count: 5,
        total_pages: 3,
      });
      const p3 = await records.list(`${q}&page=3`);
      expect(p3.result, "list page 3 of 5 records, per_page 2: one record [B.list.pagination]").toHaveLength(1);
      const seen = [...p1.result, ...(await records.list(`${q}&page=2`)).result, ...p3.result].map((r) => r.id);
      expect(new Set(seen).size, "list pages 1-3: five different ids, none repeated [B.list.pagination]").toBe(5);
      const past = await records.list(`${q}&page=4`);
      expect(past.result, "list page 4 (past the end): result [] [B.list.pagination]").toEqual([]);
      expect(
        past.result_info,
        "list page 4 (past the end): result_info page 4, count 0, total_count 5 [B.list.pagination]",
      ).toMatchObject({ page: 4, count: 0, total_count: 5 });
    },
  );

  clauseTest(
    ["B.list.filters"],
    "list filters by type, name, content, proxied, tag, with match and order",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = uniqueLabel("fl");
      const fqdn = await records.fqdn(label);
      const a = await records.create({ type: "A", name: label, content: "8.8.8.8", proxied: true, tags: ["role:web"] });
      const b = await records.create({ type: "A", name: label, content: "8.8.4.4", ttl: 120 });
      const t = await records.create({ type: "TXT", name: label, content: "filter me", ttl: 600 });
      const ids = async (q: string) =>
        (await records.list(`name=${encodeURIComponent(fqdn)}&per_page=100&${q}`)).result.map((r) => r.id);
      expect(
        (await ids("type=A")).sort(),
        "GET ?name=<label>&per_page=100&type=A: the two A records [B.list.filters]",
      ).toEqual([a.id, b.id].sort());
      expect(await ids("type=TXT"), "GET ?name=<label>&per_page=100&type=TXT: the TXT record [B.list.filters]").toEqual(
        [t.id],
      );
      expect(
        await ids("content=8.8.4.4"),
        "GET ?name=<label>&per_page=100&content=8.8.4.4: that record only [B.list.filters]",
      ).toEqual([b.id]);
      expect(
        await ids("proxied=true"),
        "GET ?name=<label>&per_page=100&proxied=true: the proxied record only [B.list.filters]",
      ).toEqual([a.id]);
      expect(
        await ids("tag=role:web"),
        "GET ?name=<label>&per_page=100&tag=role:web: the tagged record only [B.list.filters]",
      ).toEqual([a.id]);
      expect(
        await ids("order=ttl&direction=desc&type=A"),
        "GET ?name=<label>&per_page=100&order=ttl&direction=desc&type=A: ttl 120 before ttl 1 (automatic) [B.list.filters]",
      ).toEqual([b.id, a.id]);
      expect(
        await ids("content.contains=filter"),
        "GET ?name=<label>&per_page=100&content.contains=filter: the TXT record [B.list.filters]",
      ).toEqual([t.id]);
      const any = (
        await records.list(`match=any&content=8.8.4.4&name=${encodeURIComponent(fqdn)}&per_page=100`)
      ).result.map((r) => r.id);
      expect(
        any,
        "list match=any&content=8.8.4.4&name=<fqdn>: every record at the name (either filter) [B.list.filters]",
      ).toEqual(expect.arrayContaining([a.id, b.id, t.id]));
    },
  );

  clauseTest(
    ["B.batch.order-atomic", "B.validation.no-change"],
    "a batch runs deletes, patches, puts, posts, all or nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const x = await records.create({ type: "A", name: uniqueLabel("bx"), content: "198.51.100.50" });
      const y = await records.create({ type: "A", name: uniqueLabel("by"), content: "198.51.100.51", ttl: 300 });
      const z = await records.create({ type: "TXT", name: uniqueLabel("bz"), content: "z" });
      const before = await records.state();
      const bad = await records.batch({
        deletes: [{ id: x.id }],
        patches: [{ id: y.id, ttl: 600 }],
        posts: [{ type: "A", name: uniqueLabel("bad"), content: "999.1.1.1" }],
      });
      expectFailure(bad, 400);
      expect(await records.state(), "zone state after a refused batch: unchanged [B.batch.order-atomic]").toBe(before);
      // The delete comes first, so the post may reuse x's name with a CNAME.
      const ok = await records.batch({
        deletes: [{ id: x.id }],
        patches: [{ id: y.id, ttl: 600 }],
        puts: [{ id: z.id, type: "TXT", name: z.name, content: "zz" }],
        posts: [{ type: "CNAME", name: x.name, content: "after.example.net" }],
      });
      const env = checkEnvelope<Record<string, { id: string; ttl: number; content: string; type: string }[]>>(ok);
      expect(ok.status, "POST /dns_records/batch: status 200 [B.batch.order-atomic]").toBe(200);
      expect(
        env.result.deletes?.map((r) => r.id),
        "batch result.deletes: the deleted id [B.batch.order-atomic]",
      ).toEqual([x.id]);
      expect(
        env.result.patches?.[0],
        "batch result.patches[0]: the patched record, ttl 600 [B.batch.order-atomic]",
      ).toMatchObject({ id: y.id, ttl: 600 });
      expect(
        env.result.puts?.[0],
        'batch result.puts[0]: the record put, content "zz" quoted [B.batch.order-atomic]',
      ).toMatchObject({ id: z.id, content: '"zz"' });
      expect(
        env.result.posts?.[0],
        "batch result.posts[0]: the CNAME at the deleted record's name (deletes run first) [B.batch.order-atomic]",
      ).toMatchObject({ type: "CNAME", content: "after.example.net" });
      expectFailure(await records.get(x.id), 404, 81044);
    },
  );
});
