import { describe, expect, test } from "vitest";
import { attachedBody, decodeJsonBody, isJsonContentType, RAW_BODY, readCapped } from "./body.ts";
import { ApiError } from "./errors.ts";
import { paginate, parsePageQuery } from "./pagination.ts";

const enc = (s: string) => new TextEncoder().encode(s);

describe("bodies", () => {
  test("content type essence", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/jsonp")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
  test("JSON decoding: strict UTF-8, empty is malformed", () => {
    expect(decodeJsonBody(enc('{"a":"é"}'))).toEqual({ value: { a: "é" } });
    expect(decodeJsonBody(enc("[]"))).toEqual({ value: [] });
    for (const bad of [enc(""), enc("  "), enc("{"), new Uint8Array([0x22, 0xc3, 0x22])]) {
      const r = decodeJsonBody(bad);
      expect(r instanceof ApiError && r.code).toBe(6007);
    }
  });
  test("size cap: declared, streamed and attached", async () => {
    const big = new Request("http://x/", { method: "POST", body: "x".repeat(100) });
    expect(((await readCapped(big, 50)) as ApiError).status).toBe(413);
    const ok = await readCapped(new Request("http://x/", { method: "POST", body: "abc" }), 50);
    expect(new TextDecoder().decode(ok as Uint8Array)).toBe("abc");
    const declared = new Request("http://x/", { method: "POST", body: "a", headers: { "content-length": "999" } });
    expect(((await readCapped(declared, 50)) as ApiError).status).toBe(413);
    const withRaw = new Request("http://x/", { method: "POST", body: "zz" });
    (withRaw as unknown as Record<symbol, unknown>)[RAW_BODY] = enc("zz");
    expect(attachedBody(withRaw)).toEqual(enc("zz"));
    expect(await readCapped(withRaw, 50)).toEqual(enc("zz"));
  });
});

describe("pagination", () => {
  const limits = { defaultPerPage: 25, minPerPage: 10, maxPerPage: 1000 };
  test("defaults and bounds", () => {
    expect(parsePageQuery(new URLSearchParams(""), limits)).toEqual({ page: 1, per_page: 25 });
    expect(parsePageQuery(new URLSearchParams("page=3&per_page=10"), limits)).toEqual({ page: 3, per_page: 10 });
    for (const q of ["page=0", "page=1.5", "per_page=9", "per_page=1001", "per_page=abc", "page="]) {
      expect(parsePageQuery(new URLSearchParams(q), limits)).toBeInstanceOf(ApiError);
    }
  });
  test("pages and result_info; past the end is empty", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(paginate(items, { page: 3, per_page: 10 })).toEqual({
      items: [20, 21, 22],
      result_info: { page: 3, per_page: 10, count: 3, total_count: 23 },
    });
    expect(paginate(items, { page: 4, per_page: 10 }).items).toEqual([]);
    expect(paginate([], { page: 1, per_page: 10 }).result_info).toEqual({
      page: 1,
      per_page: 10,
      count: 0,
      total_count: 0,
    });
  });
});
