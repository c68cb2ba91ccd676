/**
 * Where a consistency check of an HTTP area runs: `sim` (the in-process simulator, with latency injected
 * through its control surface on every call of the area, so that calls overlap: 1, 2 and 4 ms with chances
 * 1/2, 1/2 and 1/4), `serve` (`edgeconf serve` started in this process, over HTTP and mTLS), `http` (any
 * implementation: EDGECONF_BASE_URL / EDGECONF_KT_URL and the credentials, as `edgeconf run --target http`
 * reads them), and the area's broken fixtures (`broken:<name>`, broken.ts).
 */
import { createSimulator } from "../../../sim/index.ts";
import { type ApiTarget, createSimApiTarget } from "../../targets/api.ts";
import { createTarget } from "../../targets/index.ts";
import { createSimKtTarget, type KtTarget } from "../../targets/kt.ts";
import { AREA_FIXTURES } from "./broken.ts";
import { dnsProtectionModel, dnsProtectionWorkload } from "./dns-protection.ts";
import { dnsRecordsModel, dnsRecordsWorkload } from "./dns-records.ts";
import { keyTransparencyModel, keyTransparencyWorkload } from "./key-transparency.ts";
import type { AreaWorkload } from "./record.ts";
import type { AreaModel, HttpArea, Send } from "./types.ts";

export const AREA_CHECK_TARGETS = ["sim", "serve", "http"] as const;

export function areaTargetNames(area: HttpArea): string[] {
  const fixtures = Object.entries(AREA_FIXTURES).filter(([, f]) => f.area === area);
  return [...AREA_CHECK_TARGETS, ...fixtures.map(([name]) => `broken:${name}`)];
}

/** Why `name` is no target of the check of `area`, or undefined. */
export function checkAreaTarget(area: HttpArea, name: string): string | undefined {
  if (areaTargetNames(area).includes(name)) return undefined;
  return `unknown target "${name}" for --area ${area}; one of ${areaTargetNames(area).join(", ")}`;
}

export const AREA_MODELS: Record<HttpArea, AreaModel<unknown>> = {
  "dns-protection": dnsProtectionModel as unknown as AreaModel<unknown>,
  "dns-records": dnsRecordsModel as unknown as AreaModel<unknown>,
  "key-transparency": keyTransparencyModel as unknown as AreaModel<unknown>,
};

export function apiSend(api: ApiTarget): Send {
  return async (method, path, body) => {
    const r = await api.request(method, path, body);
    return { status: r.status, json: r.json };
  };
}

export function ktSend(kt: KtTarget): Send {
  return async (method, path, body) => {
    const res = await kt.fetch(path, {
      method,
      ...(body !== undefined ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  };
}

export interface OpenArea {
  send: Send;
  workload: AreaWorkload<unknown>;
  close(): Promise<void>;
}

function workloadOf(area: HttpArea, api: ApiTarget | undefined): AreaWorkload<unknown> {
  if (area === "key-transparency") return keyTransparencyWorkload() as unknown as AreaWorkload<unknown>;
  if (!api) throw new Error(`the target does not reach area ${area} (no base URL)`);
  const c = api.credentials;
  return (area === "dns-records"
    ? dnsRecordsWorkload({ zoneId: c.zone_id, zoneName: c.zone_name })
    : dnsProtectionWorkload(c.account_id)) as unknown as AreaWorkload<unknown>;
}

/** The zone's name, learnt from a probe record when the credentials do not give it (CLOUDFLARE_ZONE_NAME unset). */
export async function withZoneName(api: ApiTarget): Promise<ApiTarget> {
  if (api.credentials.zone_name !== "") return api;
  const path = `/zones/${api.credentials.zone_id}/dns_records`;
  const r = await api.request("POST", path, { type: "TXT", name: `cc-probe-${process.pid}`, content: '"edgeconf"' });
  const rec = (r.json as { result?: { id?: string; zone_name?: string } } | undefined)?.result;
  if (!rec?.zone_name) throw new Error(`cannot learn the zone's name (set CLOUDFLARE_ZONE_NAME): ${r.status}`);
  await api.request("DELETE", `${path}/${rec.id}`);
  return { ...api, credentials: { ...api.credentials, zone_name: rec.zone_name } };
}

function simArea(area: HttpArea, seed: number): { api: ApiTarget; kt: KtTarget } {
  const sim = createSimulator({ seed });
  for (const [latencyMs, probability] of [
    [1, 0.5],
    [2, 0.5],
    [4, 0.25],
  ] as const) {
    sim.control.faults.add({ operation: `${area}.*`, latencyMs, probability });
  }
  return { api: createSimApiTarget(sim), kt: createSimKtTarget(sim) };
}

export async function openArea(area: HttpArea, name: string, seed: number): Promise<OpenArea> {
  const problem = checkAreaTarget(area, name);
  if (problem) throw new Error(problem);
  if (name === "sim" || name.startsWith("broken:")) {
    const { api, kt } = simArea(area, seed);
    const inner = area === "key-transparency" ? ktSend(kt) : apiSend(api);
    const fixture = name.startsWith("broken:") ? AREA_FIXTURES[name.slice(7)] : undefined;
    return {
      send: fixture ? fixture.open(seed, inner) : inner,
      workload: workloadOf(area, api),
      close: async () => {},
    };
  }
  const target = await createTarget(name as "serve" | "http");
  try {
    if (area === "key-transparency") {
      if (!target.kt) throw new Error(`target ${name} does not reach area key-transparency (no kt URL)`);
      return { send: ktSend(target.kt), workload: workloadOf(area, undefined), close: () => target.close() };
    }
    if (!target.api) throw new Error(`target ${name} does not reach area ${area} (no base URL)`);
    const api = await withZoneName(target.api);
    return { send: apiSend(api), workload: workloadOf(area, api), close: () => target.close() };
  } catch (e) {
    await target.close().catch(() => undefined);
    throw e;
  }
}
