/**
 * The registry of record types: every type the spec names, to its family module.
 *
 * Gaps / by design: SOA is named by the spec but created by the platform, not by users (9104);
 * DKIM, SPF and DMARC are TXT content, not types of their own (9102 as a type).
 */
import { CODES, validationError } from "../errors.ts";
import { aaaaRecord, aRecord } from "./address.ts";
import { caaRecord } from "./caa.ts";
import { cnameRecord } from "./cname.ts";
import type { RecordTypeSpec } from "./common.ts";
import { certRecord, dnskeyRecord, dsRecord } from "./dnssec.ts";
import { locRecord } from "./loc.ts";
import { mxRecord } from "./mx.ts";
import { openpgpkeyRecord } from "./openpgpkey.ts";
import { nsRecord, ptrRecord } from "./ptr-ns.ts";
import { srvRecord } from "./srv.ts";
import { httpsRecord, svcbRecord } from "./svcb.ts";
import { smimeaRecord, sshfpRecord, tlsaRecord } from "./tlsa.ts";
import { txtRecord } from "./txt.ts";
import { naptrRecord, uriRecord } from "./uri-naptr.ts";

export { DEFAULT_PLATFORM_RANGES } from "./address.ts";
export type { PlatformRanges, RecordTypeSpec, TypeContext, TypeInput, TypeOutput } from "./common.ts";

const SPECS: readonly RecordTypeSpec[] = [
  aRecord,
  aaaaRecord,
  cnameRecord,
  mxRecord,
  txtRecord,
  caaRecord,
  srvRecord,
  svcbRecord,
  httpsRecord,
  ptrRecord,
  nsRecord,
  dsRecord,
  dnskeyRecord,
  uriRecord,
  naptrRecord,
  sshfpRecord,
  tlsaRecord,
  smimeaRecord,
  certRecord,
  locRecord,
  openpgpkeyRecord,
];

export const RECORD_TYPES: ReadonlyMap<string, RecordTypeSpec> = new Map(SPECS.map((s) => [s.type, s]));

/** Types a user may create. */
export const CREATABLE_TYPES: readonly string[] = SPECS.map((s) => s.type);

/** Types whose request carries `data` and whose response repeats it. */
export const DATA_TYPES: ReadonlySet<string> = new Set([
  "SRV",
  "CAA",
  "SVCB",
  "HTTPS",
  "DS",
  "DNSKEY",
  "URI",
  "NAPTR",
  "SSHFP",
  "TLSA",
  "SMIMEA",
  "CERT",
  "LOC",
]);

/** Types with a top-level priority in responses. */
export const PRIORITY_TYPES: ReadonlySet<string> = new Set(["SRV", "MX", "URI"]);

export function typeSpec(type: unknown): RecordTypeSpec {
  if (type === "SOA")
    throw validationError(CODES.notCreatable, "SOA records are created by the platform and cannot be added.");
  const spec = typeof type === "string" ? RECORD_TYPES.get(type) : undefined;
  if (!spec)
    throw validationError(CODES.typeInvalid, `Invalid or unsupported record type ${JSON.stringify(type ?? null)}.`);
  return spec;
}
