/**
 * Helpers of the area B suites: the target's api, a records client that checks every response
 * against the JSON Schemas in fixtures/schemas (ajv) and the v4 envelope, unique names per test,
 * and cleanup of what a file created (so the suites can run against a real zone).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, expect, type TestContext } from "vitest";
import { skipUnless } from "../../harness/clauses/test.ts";
import { PROJECT_ROOT } from "../../harness/expectations.ts";
import type { ApiRequestInit, ApiResult, ApiTarget } from "../../harness/targets/api.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  a: Ajv,
) => Ajv;
addFormats(ajv);
function schema(...parts: string[]): ValidateFunction {
  const file = path.join(PROJECT_ROOT, "fixtures", "schemas", ...parts);
  return ajv.compile(JSON.parse(readFileSync(file, "utf8")) as object);
}
const envelopeSchema = schema("api", "envelope.schema.json");
const recordSchema = schema("dns-records", "record.schema.json");
const deleteSchema = schema("dns-records", "delete-result.schema.json");

export interface ErrorItem {
  code: number;
  message: string;
  error_chain?: ErrorItem[];
}

export interface Envelope<T = unknown> {
  result: T;
  success: boolean;
  errors: ErrorItem[];
  messages: unknown[];
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages: number };
}

export interface DnsRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  name: string;
  type: string;
  content: string;
  proxiable: boolean;
  proxied: boolean;
  ttl: number;
  locked: boolean;
  meta: { auto_added: boolean; managed_by_apps: boolean; managed_by_tunnel: boolean; source: string };
  comment: string | null;
  tags: string[];
  settings?: Record<string, unknown>;
  created_on: string;
  modified_on: string;
  priority?: number;
  data?: Record<string, unknown>;
}

/** Asserts a v4 envelope (schema), no 5xx, and returns it. */
export function checkEnvelope<T>(res: ApiResult<unknown>): Envelope<T> {
  expect(
    res.status,
    `${res.call}: status below 500 (never a server error); body ${res.text.slice(0, 200)}`,
  ).toBeLessThan(500);
  expect(res.json, `${res.call}: the body is JSON; got ${res.text.slice(0, 200)}`).toBeDefined();
  const ok = envelopeSchema(res.json);
  expect(
    ok,
    `${res.call}: the body is a v4 envelope (schema): ${ajv.errorsText(envelopeSchema.errors)} in ${res.text.slice(0, 300)}`,
  ).toBe(true);
  return res.json as Envelope<T>;
}

/** Asserts `r` matches the record schema. */
export function checkRecord(r: unknown): DnsRecord {
  const ok = recordSchema(r);
  expect(
    ok,
    `the record matches the record schema: ${ajv.errorsText(recordSchema.errors)} in ${JSON.stringify(r).slice(0, 400)}`,
  ).toBe(true);
  return r as DnsRecord;
}

/** Every error code of a failure envelope, top level and error_chain. */
export function codesOf(env: Envelope): number[] {
  const out: number[] = [];
  const walk = (items: readonly ErrorItem[] | undefined) => {
    for (const e of items ?? []) {
      out.push(e.code);
      walk(e.error_chain);
    }
  };
  walk(env.errors);
  return out;
}

/** Asserts a failure with `status` whose codes include every one of `codes`. */
export function expectFailure(res: ApiResult<unknown>, status: number, ...codes: number[]): Envelope {
  const env = checkEnvelope(res);
  const body = res.text.slice(0, 300);
  expect(env.success, `${res.call}: envelope.success false on a refusal; body ${body}`).toBe(false);
  expect(res.status, `${res.call}: status ${status}; body ${body}`).toBe(status);
  for (const c of codes) {
    expect(codesOf(env), `${res.call}: error codes (top level and error_chain) include ${c}; body ${body}`).toContain(
      c,
    );
  }
  return env;
}

let counter = 0;
const runTag = (process.pid % 46656).toString(36) + (Date.now() % 1679616).toString(36);

/** A relative name no other test of this run uses: starts with a letter, ends with a digit or letter. */
export function uniqueLabel(prefix = "t"): string {
  counter++;
  return `${prefix}${counter}x${runTag}`;
}

/** The records API of the target's primary zone, tracking what it created for cleanup. */
export class Records {
  readonly api: ApiTarget;
  readonly zoneId: string;
  #zoneName: string;
  readonly created = new Set<string>();

  constructor(api: ApiTarget) {
    this.api = api;
    this.zoneId = api.credentials.zone_id;
    this.#zoneName = api.credentials.zone_name.toLowerCase();
  }

  get path(): string {
    return `/zones/${this.zoneId}/dns_records`;
  }

  /** The zone's name (from the credentials, else learnt from a response). */
  async zoneName(): Promise<string> {
    if (this.#zoneName === "") {
      const r = await this.create({ type: "TXT", name: uniqueLabel("zn"), content: "edgeconf" });
      this.#zoneName = r.zone_name.toLowerCase();
    }
    return this.#zoneName;
  }

  /** The full name of a relative label. */
  async fqdn(label: string): Promise<string> {
    return `${label}.${await this.zoneName()}`;
  }

  #track(env: Envelope<unknown>): void {
    if (!env.success) return;
    const r = env.result as { id?: string; zone_name?: string } | null;
    if (r?.id) this.created.add(r.id);
    if (this.#zoneName === "" && r?.zone_name) this.#zoneName = r.zone_name.toLowerCase();
  }

  /** POST without assertions on the outcome (envelope checked); `query` goes after `?` when given. */
  async post(body: unknown, init?: ApiRequestInit, query = ""): Promise<ApiResult<Envelope<DnsRecord>>> {
    const res = await this.api.request<Envelope<DnsRecord>>("POST", withQuery(this.path, query), body, init);
    this.#track(checkEnvelope(res));
    return res;
  }

  /** POST that must succeed; returns the schema-checked record. */
  async create(body: Record<string, unknown>): Promise<DnsRecord> {
    const res = await this.post(body);
    return this.ok(res);
  }

  /** Asserts a 200 success and a schema-valid record result. */
  ok(res: ApiResult<unknown>): DnsRecord {
    const env = checkEnvelope<DnsRecord>(res);
    expect(env.success, `${res.call}: envelope.success true; body ${res.text.slice(0, 400)}`).toBe(true);
    expect(res.status, `${res.call}: status 200 on a success`).toBe(200);
    return checkRecord(env.result);
  }

  async get(id: string): Promise<ApiResult<Envelope<DnsRecord>>> {
    return this.api.request("GET", `${this.path}/${id}`);
  }

  async patch(id: string, body: unknown): Promise<ApiResult<Envelope<DnsRecord>>> {
    return this.api.request("PATCH", `${this.path}/${id}`, body);
  }

  async put(id: string, body: unknown): Promise<ApiResult<Envelope<DnsRecord>>> {
    return this.api.request("PUT", `${this.path}/${id}`, body);
  }

  async delete(id: string): Promise<ApiResult<Envelope<{ id: string }>>> {
    const res = await this.api.request<Envelope<{ id: string }>>("DELETE", `${this.path}/${id}`);
    const env = checkEnvelope(res);
    if (env.success) {
      this.created.delete(id);
      expect(
        deleteSchema(env.result),
        `${res.call}: the result of a delete is { id } (schema): ${ajv.errorsText(deleteSchema.errors)}`,
      ).toBe(true);
    }
    return res;
  }

  async list(query = ""): Promise<Envelope<DnsRecord[]>> {
    const res = await this.api.request<Envelope<DnsRecord[]>>("GET", `${this.path}${query ? `?${query}` : ""}`);
    const env = checkEnvelope<DnsRecord[]>(res);
    expect(env.success, `${res.call}: envelope.success true; body ${res.text.slice(0, 300)}`).toBe(true);
    for (const r of env.result) checkRecord(r);
    return env;
  }

  /** Records of the zone whose name is `fqdn` (any type). */
  /**
   * The records named `fqdn` (the list's name filter). A filter that answers records of another name
   * is a wrong answer of the target: it fails here, so that no test skips or decides on wrong data.
   */
  async at(fqdn: string): Promise<DnsRecord[]> {
    const found = (await this.list(`name=${encodeURIComponent(fqdn)}&per_page=1000`)).result;
    const others = found.filter((r) => r.name.toLowerCase() !== fqdn.toLowerCase()).map((r) => r.name);
    expect(others, `the list filter name=${fqdn} answered records of other names`).toEqual([]);
    return found;
  }

  /** A batch (`query` after `?` when given); what it writes is tracked, its records schema-checked. */
  async batch(body: unknown, query = ""): Promise<ApiResult<Envelope<Record<string, DnsRecord[]>>>> {
    const path = withQuery(`${this.path}/batch`, query);
    const res = await this.api.request<Envelope<Record<string, DnsRecord[]>>>("POST", path, body);
    const env = checkEnvelope(res);
    if (env.success) {
      const r = env.result as Record<string, DnsRecord[]>;
      for (const x of r.deletes ?? []) this.created.delete(x.id);
      for (const x of [...(r.posts ?? []), ...(r.puts ?? []), ...(r.patches ?? [])]) {
        checkRecord(x);
        this.created.add(x.id);
      }
    }
    return res;
  }

  /** A snapshot of the zone's records (ids, contents) to compare before/after a refused call. */
  async state(): Promise<string> {
    const env = await this.list("per_page=5000");
    return JSON.stringify(
      env.result.map((r) => [r.id, r.type, r.name, r.content, r.ttl, r.proxied, r.comment, r.tags]).sort(),
    );
  }

  async cleanup(): Promise<void> {
    for (const id of [...this.created]) await this.api.request("DELETE", `${this.path}/${id}`);
    this.created.clear();
  }
}

/** `path` with `query` after a `?` (none when the query is empty). */
function withQuery(path: string, query: string): string {
  return query === "" ? path : `${path}?${query}`;
}

/** The records API of the worker's current target (a worker that runs several files gets a target per file). */
let shared: { target: Target; records: Records } | undefined;
/** The records API this file used (set by `recordsOf`, reset when a file that cleans up starts). */
let usedByThisFile: Records | undefined;

/** The target's records API for this test, or the test is skipped (capability "api"). */
export async function recordsOf(ctx: TestContext): Promise<{ target: Target; records: Records }> {
  const target = await getTarget();
  skipUnless(ctx, target, "api");
  if (shared?.target !== target) shared = { target, records: new Records(target.api!) };
  usedByThisFile = shared.records;
  return { target, records: shared.records };
}

/**
 * Registers the cleanup of what this file created (call once at the top of a suite file). Only the
 * records API this file used is cleaned: a file whose tests all skipped before `recordsOf` leaves
 * alone the one an earlier file of the same worker used (its target is closed by then).
 */
export function cleanupAfterAll(): void {
  beforeAll(() => {
    usedByThisFile = undefined;
  });
  afterAll(async () => {
    const used = usedByThisFile;
    usedByThisFile = undefined;
    await used?.cleanup();
  });
}

/**
 * Examples that use the docs' fixed names (the apex, www, *) on a shared zone: a record the example
 * plans, at its full name in the target's zone.
 */
export type Planned = { type: string; name: string; content: string };
const ADDRESS = new Set(["A", "AAAA"]);

/** Whether a record `a` planned by an example clashes with `b` already at its name (in `zone`). */
export function clashes(a: Planned, b: DnsRecord, zone: string): boolean {
  if (a.type === b.type && a.content.toLowerCase() === b.content.toLowerCase()) return true;
  const cname = (x: string, y: string) => x === "CNAME" && (y === "CNAME" || ADDRESS.has(y));
  if (cname(a.type, b.type) || cname(b.type, a.type)) return true;
  return a.name !== zone && (a.type === "NS") !== (b.type === "NS");
}

/**
 * Before an example at fixed names: deletes the records at the planned names that carry the comment
 * `mark` (left by an interrupted run of the same examples), and skips the test, naming the record, when
 * a record of the user's would clash with the example: never deleted, never a pass. `planned` names are
 * full names in the zone.
 */
export async function clearPlanned(
  ctx: TestContext,
  records: Records,
  planned: readonly Planned[],
  mark: string,
): Promise<void> {
  const zone = await records.zoneName();
  for (const want of planned) {
    for (const there of await records.at(want.name)) {
      if (there.comment === mark) {
        await records.delete(there.id);
      } else if (clashes(want, there, zone)) {
        const what = `${there.type} ${there.name} ${there.content}`;
        ctx.skip(`the zone already holds ${what} (not made by edgeconf): this example needs ${want.type} ${want.name}`);
      }
    }
  }
}

/** Marks records an example made (after its answer was checked) with the comment `mark`. */
export async function markRecords(records: Records, mark: string, ...rs: readonly { id: string }[]): Promise<void> {
  for (const r of rs) records.ok(await records.patch(r.id, { comment: mark }));
}
