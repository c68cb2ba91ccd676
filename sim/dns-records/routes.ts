/**
 * Area B routes: decode -> model -> encode for `/zones/:zone_id/dns_records[/:record_id]` and
 * `/zones/:zone_id/dns_records/batch`.
 *
 * Gaps / by design: create (the spec) plus list, get, PATCH, PUT, DELETE (result `{id}`) and batch
 * (the platform, per the reference); no import/export. A record_id that is not 32 hex is 400/7003
 * (malformed identifier); an unknown one is 404/81044. Query parameters: the list's (list-params.ts);
 * `include_shadow_metadata` on the others (shadow.ts); anything else is 400/1004/9105.
 */
import type { SimCore } from "../core/context.ts";
import { NoRouteError } from "../http/errors.ts";
import type { ApiRoute, HttpAreaModule, RouteRequest, RouteResult, ZoneDirectory } from "../http/types.ts";
import { parseListQuery, parseRecordQuery } from "./list-params.ts";
import { DnsRecordsModel, type DnsRecordsOptions } from "./model.ts";
import { type DnsRecord, present } from "./record.ts";
import { SHADOW_MAX_RECORDS } from "./shadow.ts";

export const RECORDS_PATH = "/zones/:zone_id/dns_records";
const NO_QUERY = Object.freeze({ includeShadowMetadata: false });
export const RECORD_ID = /^[0-9a-f]{32}$/;

export type { DnsRecordsOptions } from "./model.ts";

export function createDnsRecordsModule(
  core: SimCore,
  zones: ZoneDirectory,
  options: DnsRecordsOptions = {},
): HttpAreaModule {
  const model = new DnsRecordsModel(core, { zoneName: (id) => zones.zoneName(id), ...options });
  const zoneOf = (req: RouteRequest): { id: string; name: string } => {
    const id = req.params.zone_id!;
    const name = zones.zoneName(id);
    if (name === undefined) throw new NoRouteError(req.url.pathname);
    return { id, name };
  };
  /** `r` as answered, with its shadow metadata merged into meta. */
  const shadowed = (zoneId: string, r: DnsRecord): Record<string, unknown> => {
    const out = present(r);
    out.meta = { ...(out.meta as object), ...model.shadowMeta(zoneId, r) };
    return out;
  };
  /** The query of a one-record endpoint or batch (the URL is parsed only when it has one). */
  const recordQuery = (req: RouteRequest) => (req.hasQuery ? parseRecordQuery(req.query) : NO_QUERY);
  /** A stored record's kept answer (the whole envelope), else its JSON text. */
  const answerOfStored = (zoneId: string, r: DnsRecord): RouteResult => {
    const envelopeJson = model.answerJson(zoneId, r);
    return envelopeJson === undefined ? { result: r, resultJson: model.json(zoneId, r) } : { result: r, envelopeJson };
  };
  /** One record's answer: its kept answer, or with shadow metadata when `include` says so. */
  const answer = (include: boolean, zoneId: string, r: DnsRecord) =>
    include ? { result: shadowed(zoneId, r) } : answerOfStored(zoneId, r);
  const one = `${RECORDS_PATH}/:record_id`;
  const params = { record_id: RECORD_ID };
  const routes: ApiRoute[] = [
    {
      method: "GET",
      path: RECORDS_PATH,
      handle: (req) => {
        const zone = zoneOf(req);
        const query = parseListQuery(req.query, zone.name);
        const { result, result_info } = model.list(zone.id, query);
        // A page of more than 1,000 records answers without shadow metadata (docs shadowed-records.mdx).
        if (!query.includeShadowMetadata || result.length > SHADOW_MAX_RECORDS) {
          return { result, resultJson: `[${result.map((r) => model.json(zone.id, r)).join(",")}]`, result_info };
        }
        return { result: result.map((r) => shadowed(zone.id, r)), result_info };
      },
    },
    {
      method: "POST",
      path: RECORDS_PATH,
      body: "json",
      handle: (req) => {
        const zone = zoneOf(req);
        const { includeShadowMetadata } = recordQuery(req);
        return answer(includeShadowMetadata, zone.id, model.create(zone.id, zone.name, req.body));
      },
    },
    {
      method: "POST",
      path: `${RECORDS_PATH}/batch`,
      body: "json",
      handle: (req) => {
        const zone = zoneOf(req);
        const include = recordQuery(req).includeShadowMetadata;
        const r = model.batch(zone.id, zone.name, req.body);
        // A batch of more than 1,000 records answers without shadow metadata (docs); deleted records
        // are no longer in the zone and carry none.
        const size = r.deletes.length + r.patches.length + r.puts.length + r.posts.length;
        const written = include && size <= SHADOW_MAX_RECORDS ? (x: DnsRecord) => shadowed(zone.id, x) : present;
        return {
          result: {
            deletes: r.deletes.map(present),
            patches: r.patches.map(written),
            puts: r.puts.map(written),
            posts: r.posts.map(written),
          },
        };
      },
    },
    {
      method: "GET",
      path: one,
      params,
      handle: (req) => {
        const zone = zoneOf(req);
        const { includeShadowMetadata } = recordQuery(req);
        const found = model.getPresented(zone.id, req.params.record_id!);
        if (includeShadowMetadata) return { result: shadowed(zone.id, found.record) };
        return { result: found.record, envelopeJson: found.answer };
      },
    },
    ...(["PATCH", "PUT"] as const).map(
      (method): ApiRoute => ({
        method,
        path: one,
        params,
        body: "json",
        handle: (req) => {
          const zone = zoneOf(req);
          const { includeShadowMetadata } = recordQuery(req);
          const write = method === "PATCH" ? model.patch : model.put;
          const r = write.call(model, zone.id, zone.name, req.params.record_id!, req.body);
          return answer(includeShadowMetadata, zone.id, r);
        },
      }),
    ),
    {
      method: "DELETE",
      path: one,
      params,
      body: "optional",
      handle: (req) => {
        const zone = zoneOf(req);
        recordQuery(req);
        return { result: model.delete(zone.id, req.params.record_id!) };
      },
    },
  ];
  return { routes, state: model };
}
