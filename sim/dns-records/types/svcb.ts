/**
 * SVCB and HTTPS (RFC 9460): data {priority 0..65535, target hostname or ".", value: SvcParams};
 * content `<priority> <target> <value>`. Priority 0 is AliasMode and takes no SvcParams.
 *
 * Gaps / by design: SvcParam values are checked for shape (`key` or `key=value`, known keys or
 * keyNNNNN), not parsed per key. The HTTPS records the platform generates on the fly for HTTP/2 or
 * HTTP/3 are not listed records, so they are not modelled.
 */
import { contentError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import { intField, type RecordTypeSpec, requireData, stringField } from "./common.ts";

export const SVC_PARAM_KEYS: readonly string[] = [
  "mandatory",
  "alpn",
  "no-default-alpn",
  "port",
  "ipv4hint",
  "ech",
  "ipv6hint",
  "dohpath",
  "ohttp",
];

export function svcParamsProblem(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  for (const token of value.trim().split(/\s+/)) {
    const eq = token.indexOf("=");
    const key = eq < 0 ? token : token.slice(0, eq);
    // keyNNNNN: the 16-bit key number (RFC 9460 2.1), 0..65535.
    if (!SVC_PARAM_KEYS.includes(key) && !(/^key\d{1,5}$/.test(key) && Number(key.slice(3)) <= 65535)) {
      return `unknown SvcParam key "${key}"`;
    }
    if (eq >= 0 && token.slice(eq + 1) === "") return `SvcParam "${key}" has an empty value`;
  }
  return undefined;
}

function svcbFamily(type: "SVCB" | "HTTPS"): RecordTypeSpec {
  return {
    type,
    build(input) {
      const d = requireData(type, input.data);
      const priority = intField(type, d, "priority", 0, 65535);
      const target = normalizeHostname(d.target);
      if (target === undefined) throw contentError(type, 'data.target must be a hostname or "."');
      const value = d.value === undefined ? "" : stringField(type, d, "value");
      const problem = svcParamsProblem(value);
      if (problem) throw contentError(type, problem);
      if (priority === 0 && value.trim() !== "") throw contentError(type, "AliasMode (priority 0) takes no SvcParams");
      const v = value.trim().split(/\s+/).filter(Boolean).join(" ");
      return {
        content: v === "" ? `${priority} ${target}` : `${priority} ${target} ${v}`,
        data: { priority, target, value: v },
      };
    },
  };
}

export const svcbRecord = svcbFamily("SVCB");
export const httpsRecord = svcbFamily("HTTPS");
