import { describe, expect, test } from "vitest";
import { createCore } from "../core/index.ts";
import { parseListQuery } from "./list-params.ts";
import { DnsRecordsModel } from "./model.ts";

const ZONE = "f".repeat(32);
const NAME = "example.com";
function model(seed = 1) {
  const core = createCore({ seed });
  return { core, m: new DnsRecordsModel(core) };
}
const codeOf = (f: () => unknown) => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe("DnsRecordsModel", () => {
  test("create answers every field; ids are 32 hex from the seed; same seed, same bytes", () => {
    const a = model(7).m.create(ZONE, NAME, { type: "A", name: "www", content: "8.8.8.8", ttl: 3600, proxied: true });
    const b = model(7).m.create(ZONE, NAME, { type: "A", name: "www", content: "8.8.8.8", ttl: 3600, proxied: true });
    expect(a).toEqual(b);
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toMatchObject({
      name: "www.example.com",
      ttl: 1,
      proxied: true,
      proxiable: true,
      comment: null,
      tags: [],
    });
    expect(a.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });
  test("patch, put, delete; failed calls change nothing", () => {
    const { m, core } = model();
    const r = m.create(ZONE, NAME, { type: "A", name: "www", content: "8.8.8.8", ttl: 120 });
    const before = JSON.stringify(m.snapshot());
    expect(codeOf(() => m.patch(ZONE, NAME, r.id, { ttl: 5 }))).toBe(9021);
    expect(codeOf(() => m.patch(ZONE, NAME, "0".repeat(32), { ttl: 120 }))).toBe(81044);
    expect(JSON.stringify(m.snapshot())).toBe(before);
    core.clock.advance(1000);
    const p = m.patch(ZONE, NAME, r.id, { comment: "web" });
    expect(p).toMatchObject({ content: "8.8.8.8", ttl: 120, comment: "web", created_on: r.created_on });
    expect(p.modified_on).not.toBe(r.modified_on);
    const u = m.put(ZONE, NAME, r.id, { type: "A", name: "www", content: "1.2.3.4" });
    expect(u).toMatchObject({ content: "1.2.3.4", ttl: 1, comment: null });
    expect(m.delete(ZONE, r.id)).toEqual({ id: r.id });
    expect(codeOf(() => m.get(ZONE, r.id))).toBe(81044);
  });
  test("batch runs deletes, patches, puts, posts, all or nothing", () => {
    const { m } = model();
    const a = m.create(ZONE, NAME, { type: "A", name: "a", content: "8.8.8.8" });
    const b = m.create(ZONE, NAME, { type: "A", name: "b", content: "8.8.8.8" });
    const before = JSON.stringify(m.snapshot());
    expect(
      codeOf(() => m.batch(ZONE, NAME, { deletes: [{ id: a.id }], posts: [{ type: "A", name: "x", content: "1.1" }] })),
    ).toBe(1004);
    expect(JSON.stringify(m.snapshot())).toBe(before);
    // The delete frees the name, so the post of a CNAME at "a" succeeds.
    const out = m.batch(ZONE, NAME, {
      deletes: [{ id: a.id }],
      patches: [{ id: b.id, ttl: 300 }],
      posts: [{ type: "CNAME", name: "a", content: "b.example.com", proxied: true }],
    });
    expect(out.deletes.map((r) => r.id)).toEqual([a.id]);
    expect(out.patches[0]).toMatchObject({ ttl: 300 });
    expect(out.posts[0]).toMatchObject({ type: "CNAME", proxied: true });
    expect(m.list(ZONE, parseListQuery(new URLSearchParams(), NAME)).result_info.total_count).toBe(2);
  });
  test("snapshot / restore / reset are deep copies", () => {
    const { m } = model();
    m.create(ZONE, NAME, { type: "TXT", name: "t", content: "x" });
    const snap = m.snapshot();
    m.reset();
    expect(m.list(ZONE, parseListQuery(new URLSearchParams(), NAME)).result).toEqual([]);
    m.restore(snap);
    m.restore(snap);
    expect(m.list(ZONE, parseListQuery(new URLSearchParams(), NAME)).result).toHaveLength(1);
  });
});
