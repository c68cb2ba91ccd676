/**
 * List pagination of the v4 API (`page`, `per_page`, `result_info`). Pure.
 *
 * Gaps / by design: a page past the end is an empty page with 200, as on the platform. Bounds of
 * per_page are the endpoint's (area A: 10..1000, default 25; area B: its own).
 */
import { ValidationError } from "./errors.ts";
import type { ResultInfo } from "./types.ts";

export interface PageLimits {
  defaultPerPage: number;
  minPerPage: number;
  maxPerPage: number;
}

export interface PageRequest {
  page: number;
  per_page: number;
}

const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;

/** Reads `page` and `per_page` from a query; a non-integer or out-of-range value is a ValidationError. */
export function parsePageQuery(query: URLSearchParams, limits: PageLimits): PageRequest | ValidationError {
  const chain = [];
  let page = 1;
  let per_page = limits.defaultPerPage;
  const p = query.get("page");
  if (p !== null) {
    if (POSITIVE_INT.test(p)) page = Number(p);
    else chain.push({ code: 1201, message: "page must be an integer of at least 1" });
  }
  const pp = query.get("per_page");
  if (pp !== null) {
    const n = POSITIVE_INT.test(pp) ? Number(pp) : Number.NaN;
    if (Number.isInteger(n) && n >= limits.minPerPage && n <= limits.maxPerPage) per_page = n;
    else
      chain.push({
        code: 1202,
        message: `per_page must be an integer between ${limits.minPerPage} and ${limits.maxPerPage}`,
      });
  }
  return chain.length > 0 ? new ValidationError(chain) : { page, per_page };
}

/**
 * One page of `items` and its result_info: page, per_page, count, total_count (no total_pages, as in
 * the OpenAPI's schema of area A's list).
 */
export function paginate<T>(items: readonly T[], req: PageRequest): { items: T[]; result_info: ResultInfo } {
  const start = (req.page - 1) * req.per_page;
  const slice = start >= items.length ? [] : items.slice(start, start + req.per_page);
  return {
    items: slice,
    result_info: {
      page: req.page,
      per_page: req.per_page,
      count: slice.length,
      total_count: items.length,
    },
  };
}
