/** The area drivers of `edgeconf diff`, by area name. */
import type { DiffArea, DiffAreaName } from "../types.ts";
import { dnsProtectionArea } from "./dns-protection.ts";
import { dnsRecordsArea } from "./dns-records.ts";
import { keyTransparencyArea } from "./key-transparency.ts";
import { objectStoreArea } from "./object-store.ts";

export const DIFF_AREA_DRIVERS: Record<DiffAreaName, DiffArea> = {
  "dns-protection": dnsProtectionArea,
  "dns-records": dnsRecordsArea,
  "key-transparency": keyTransparencyArea,
  "object-store": objectStoreArea,
};
