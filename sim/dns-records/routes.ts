/**
 * Area B routes: decode -> model -> encode for `/zones/:zone_id/dns_records[/:record_id]` and
 * `/zones/:zone_id/dns_records/batch`.
 *
 * Gaps / by design: create (the spec) plus list, get, PATCH, PUT, DELETE (result `{id}`) and batch
 * (the platform, per the reference); no import/export. A record_id that is not 32 hex is 400/7003
 * (malformed identifier); an unknown one is 404/81044.
 */
import type { SimCore } from "../core/context.ts";
import { NoRouteError } from "../http/errors.ts";
import type { ApiRoute, HttpAreaModule, RouteRequest, ZoneDirectory } from "../http/types.ts";
import { parseListQuery } from "./list-params.ts";
import { DnsRecordsModel, type DnsRecordsOptions } from "./model.ts";
import { present } from "./record.ts";

export const RECORDS_PATH = "/zones/:zone_id/dns_records";
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
        if (!query.includeShadowMetadata) {
          return { result, resultJson: `[${result.map((r) => model.json(zone.id, r)).join(",")}]`, result_info };
        }
        return {
          result: result.map((r) => {
            const out = present(r);
            out.meta = { ...(out.meta as object), ...model.shadowMeta(zone.id, r) };
            return out;
          }),
          result_info,
        };
      },
    },
    {
      method: "POST",
      path: RECORDS_PATH,
      body: "json",
      handle: (req) => {
        const zone = zoneOf(req);
        const r = model.create(zone.id, zone.name, req.body);
        return { result: r, resultJson: model.json(zone.id, r) };
      },
    },
    {
      method: "POST",
      path: `${RECORDS_PATH}/batch`,
      body: "json",
      handle: (req) => {
        const zone = zoneOf(req);
        const r = model.batch(zone.id, zone.name, req.body);
        return {
          result: {
            deletes: r.deletes.map(present),
            patches: r.patches.map(present),
            puts: r.puts.map(present),
            posts: r.posts.map(present),
          },
        };
      },
    },
    {
      method: "GET",
      path: one,
      params,
      handle: (req) => {
        const found = model.getPresented(zoneOf(req).id, req.params.record_id!);
        return { result: found.record, resultJson: found.text };
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
          const write = method === "PATCH" ? model.patch : model.put;
          const r = write.call(model, zone.id, zone.name, req.params.record_id!, req.body);
          return { result: r, resultJson: model.json(zone.id, r) };
        },
      }),
    ),
    {
      method: "DELETE",
      path: one,
      params,
      body: "optional",
      handle: (req) => ({ result: model.delete(zoneOf(req).id, req.params.record_id!) }),
    },
  ];
  return { routes, state: model };
}
