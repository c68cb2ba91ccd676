/**
 * Area B: shadowed-records metadata on every record response (docs shadowed-records.mdx, "Shadow
 * metadata is available on all record API responses: individual record reads, create and update
 * responses, list requests, and batch requests"; the SDK's include_shadow_metadata on get, create,
 * update, edit and batch), glue flags, and the query parameters of one-record endpoints.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Meta = { shadowed_by?: string[]; is_glue?: boolean; dead_glue?: boolean; shadowed_records_count?: number };
const metaOf = (r: DnsRecord) => r.meta as unknown as Meta;
const SHADOW = "include_shadow_metadata=true";

describe("dns records: shadow metadata", () => {
  clauseTest(
    ["B.shadow.metadata", "B.get.one", "B.patch.partial", "B.put.overwrite", "B.batch.order-atomic"],
    "docs shadowed-records.mdx 'Example response': NS sub, glue ns1.sub, www.sub; on create, GET, PATCH, PUT, batch",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const api = records.api;
      const sub = await records.fqdn(`sub.${uniqueLabel("sh")}`);
      const ns = await records.create({ type: "NS", name: sub, content: `ns1.${sub}.` });
      const glue = records.ok(
        await records.post({ type: "A", name: `ns1.${sub}`, content: "192.0.2.1" }, undefined, SHADOW),
      );
      expect(
        metaOf(glue),
        "POST A glue ns1.<sub>?include_shadow_metadata=true: meta.shadowed_by [the NS id], is_glue true [B.shadow.metadata]",
      ).toMatchObject({ shadowed_by: [ns.id], is_glue: true });
      expect(
        metaOf(glue).dead_glue,
        "POST A glue ns1.<sub>?include_shadow_metadata=true: meta.dead_glue absent (reachable glue) [B.shadow.metadata]",
      ).toBeUndefined();
      const www = records.ok(
        await records.post({ type: "A", name: `www.${sub}`, content: "192.0.2.2" }, undefined, SHADOW),
      );
      expect(
        metaOf(www).shadowed_by,
        "POST A www.<sub>?include_shadow_metadata=true: meta.shadowed_by [the NS id] [B.shadow.metadata]",
      ).toEqual([ns.id]);
      expect(
        metaOf(www).is_glue,
        "POST A www.<sub>?include_shadow_metadata=true: meta.is_glue absent (not an NS target) [B.shadow.metadata]",
      ).toBeUndefined();
      // Not asked for: not given.
      const plain = records.ok(await records.get(glue.id));
      expect(
        metaOf(plain).shadowed_by,
        "GET of the glue without include_shadow_metadata: meta.shadowed_by absent [B.shadow.metadata]",
      ).toBeUndefined();
      expect(
        metaOf(plain).is_glue,
        "GET of the glue without include_shadow_metadata: meta.is_glue absent [B.shadow.metadata]",
      ).toBeUndefined();
      // GET of one record, PATCH, PUT: the same metadata.
      const one = `${records.path}/${glue.id}?${SHADOW}`;
      const expected = { shadowed_by: [ns.id], is_glue: true };
      expect(
        metaOf(records.ok(await api.request("GET", one))),
        "GET /dns_records/{id}?include_shadow_metadata=true of the glue: shadowed_by, is_glue [B.get.one]",
      ).toMatchObject(expected);
      expect(
        metaOf(records.ok(await api.request("PATCH", one, { comment: "glue" }))),
        "PATCH /dns_records/{id}?include_shadow_metadata=true of the glue: shadowed_by, is_glue [B.patch.partial]",
      ).toMatchObject(expected);
      const put = { type: "A", name: `ns1.${sub}`, content: "192.0.2.1", comment: "glue2" };
      expect(
        metaOf(records.ok(await api.request("PUT", one, put))),
        "PUT /dns_records/{id}?include_shadow_metadata=true of the glue: shadowed_by, is_glue [B.put.overwrite]",
      ).toMatchObject(expected);
      // The NS record: the number of records it shadows (glue and www).
      const nsMeta = metaOf(records.ok(await api.request("GET", `${records.path}/${ns.id}?${SHADOW}`)));
      expect(
        nsMeta.shadowed_records_count,
        "GET?include_shadow_metadata=true of the NS: meta.shadowed_records_count 2 (glue and www) [B.shadow.metadata]",
      ).toBe(2);
      expect(
        nsMeta.shadowed_by,
        "GET?include_shadow_metadata=true of the NS: meta.shadowed_by absent [B.shadow.metadata]",
      ).toBeUndefined();
      // Batch: patches, puts and posts carry it.
      const res = await records.batch(
        {
          patches: [{ id: glue.id, comment: "glue3" }],
          posts: [{ type: "TXT", name: `t.${sub}`, content: "shadowed" }],
        },
        SHADOW,
      );
      const env = checkEnvelope<Record<string, DnsRecord[]>>(res);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(
        metaOf(env.result.patches![0]!),
        "batch?include_shadow_metadata=true result.patches[0] (the glue): shadowed_by, is_glue [B.batch.order-atomic]",
      ).toMatchObject(expected);
      expect(
        metaOf(env.result.posts![0]!).shadowed_by,
        "batch?include_shadow_metadata=true result.posts[0] (TXT under the NS): meta.shadowed_by [the NS id] [B.batch.order-atomic]",
      ).toEqual([ns.id]);
      expect(
        metaOf(env.result.posts![0]!).is_glue,
        "batch?include_shadow_metadata=true result.posts[0] (TXT under the NS): meta.is_glue absent [B.shadow.metadata]",
      ).toBeUndefined();
    },
  );

  clauseTest(
    ["B.shadow.metadata"],
    "docs shadowed-records.mdx 'Unreachable glue records': glue of a.sub under the sub delegation is dead_glue",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = await records.fqdn(`sub.${uniqueLabel("dg")}`);
      const top = await records.create({ type: "NS", name: sub, content: `ns1.${sub}.` });
      const deep = await records.create({ type: "NS", name: `a.${sub}`, content: `ns1.a.${sub}.` });
      const g = await records.create({ type: "A", name: `ns1.a.${sub}`, content: "192.0.2.1" });
      const res = await records.api.request("GET", `${records.path}/${g.id}?${SHADOW}`);
      const meta = metaOf(records.ok(res));
      expect(
        [...(meta.shadowed_by ?? [])].sort(),
        "GET?include_shadow_metadata=true of glue under two delegations: meta.shadowed_by both NS ids [B.shadow.metadata]",
      ).toEqual([top.id, deep.id].sort());
      expect(
        meta,
        "GET?include_shadow_metadata=true of glue of a.<sub> under <sub>: is_glue true, dead_glue true [B.shadow.metadata]",
      ).toMatchObject({ is_glue: true, dead_glue: true });
      // The deeper NS record is itself shadowed by the shallower delegation, and counts the glue.
      const deepMeta = metaOf(records.ok(await records.api.request("GET", `${records.path}/${deep.id}?${SHADOW}`)));
      expect(
        deepMeta,
        "GET?include_shadow_metadata=true of the deeper NS: shadowed_by the shallower NS, shadowed_records_count 1 [B.shadow.metadata]",
      ).toMatchObject({ shadowed_by: [top.id], shadowed_records_count: 1 });
      // A CNAME at an NS target is not glue; a record outside any delegation carries no shadow fields.
      const out = await records.create({ type: "A", name: uniqueLabel("free"), content: "192.0.2.3" });
      const outMeta = metaOf(records.ok(await records.api.request("GET", `${records.path}/${out.id}?${SHADOW}`)));
      expect(
        outMeta.shadowed_by,
        "GET?include_shadow_metadata=true of a record outside any delegation: meta.shadowed_by absent [B.shadow.metadata]",
      ).toBeUndefined();
      expect(
        outMeta.is_glue,
        "GET?include_shadow_metadata=true of a record outside any delegation: meta.is_glue absent [B.shadow.metadata]",
      ).toBeUndefined();
    },
  );

  clauseTest(
    ["B.query.unknown-param", "B.validation.no-change"],
    "GET, POST, PATCH, PUT, DELETE and batch refuse a malformed or repeated include_shadow_metadata; nothing changes",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const api = records.api;
      const r = await records.create({ type: "A", name: uniqueLabel("qp"), content: "198.51.100.70" });
      const before = await records.state();
      const one = `${records.path}/${r.id}`;
      const body = { type: "A", name: uniqueLabel("qp"), content: "198.51.100.71" };
      // Unknown parameters are not asked of targets (no source says what the platform does with them on
      // these endpoints); the simulator refuses them too (sim/dns-records/one-record-query.test.ts).
      for (const q of ["include_shadow_metadata=yes", `${SHADOW}&${SHADOW}`]) {
        const calls: [string, string, unknown][] = [
          ["GET", `${one}?${q}`, undefined],
          ["PATCH", `${one}?${q}`, { content: "198.51.100.72" }],
          ["PUT", `${one}?${q}`, body],
          ["DELETE", `${one}?${q}`, undefined],
        ];
        for (const [method, path, b] of calls) expectFailure(await api.request(method, path, b), 400, 1004);
        // The writes go through the records helper: one a target wrongly takes is tracked and deleted.
        expectFailure(await records.post(body, undefined, q), 400, 1004);
        expectFailure(await records.batch({ posts: [body] }, q), 400, 1004);
      }
      expect(
        await records.state(),
        "zone state after the refused include_shadow_metadata calls: unchanged [B.validation.no-change]",
      ).toBe(before);
      // include_shadow_metadata=false is a valid value: the plain answer.
      expect(
        records.ok(await api.request("GET", `${one}?include_shadow_metadata=false`)),
        "GET /dns_records/{id}?include_shadow_metadata=false: the plain record [B.query.unknown-param]",
      ).toEqual(r);
    },
  );
});
