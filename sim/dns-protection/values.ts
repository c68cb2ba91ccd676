/**
 * Area A's enumerated values (the reference's; the spec shows only `global`) and its error codes.
 *
 * Gaps / by design: region and datacenter codes are checked for their shape only: the platform's
 * lists are not public, and a value the platform may accept that we cannot confirm is accepted. A
 * datacenter code is three letters (the platform's colo codes are IATA airport codes); a region code
 * is letters of any length (every region code in the platform's material is letters). The enumerated fields (scope, mode, sensitivities) are lowercase only, as
 * every example writes them.
 */
export const SCOPES = ["global", "region", "datacenter"] as const;
export const MODES = ["enabled", "disabled", "monitoring"] as const;
export const PROFILE_SENSITIVITIES = ["low", "medium", "high", "very_high"] as const;
export const RATE_SENSITIVITIES = ["low", "medium", "high"] as const;
export const BURST_SENSITIVITIES = ["low", "medium", "high"] as const;

export type Scope = (typeof SCOPES)[number];
export type Mode = (typeof MODES)[number];
export type ProfileSensitivity = (typeof PROFILE_SENSITIVITIES)[number];
export type Sensitivity = (typeof RATE_SENSITIVITIES)[number];

/**
 * Region codes the platform's material shows: the load-balancing regions (wnam, enam, weu, eeu,
 * nsam, ssam, oc, me, naf, saf, sas, seas, neas; docs load-balancing/reference/region-mapping-api),
 * the OpenAPI example `wnam` and the DNS-protection docs' own example `WEUR` (json-objects.mdx).
 * The platform's full list is not public and no length is documented: any code of letters is
 * accepted, in either case, and answered as sent (`global` too: no source refuses it as a region).
 */
export const KNOWN_REGION_CODES = [
  "wnam",
  "enam",
  "weu",
  "weur",
  "eeu",
  "nsam",
  "ssam",
  "oc",
  "me",
  "naf",
  "saf",
  "sas",
  "seas",
  "neas",
] as const;

/** Shape of a region code (letters, either case; docs write `WEUR`, the OpenAPI `wnam`; no length documented). */
export const REGION_CODE = /^[A-Za-z]+$/;

/**
 * Shape of a datacenter code: three letters, either case. The platform's data centers are named by
 * "the three-letter IATA airport code" (@cloudflare/workers-types, IncomingRequestCfProperties.colo,
 * e.g. "DFW"; the OpenAPI's d1 served_by_colo "The three letters airport code"); the DNS-protection
 * OpenAPI's own example is `lax`.
 */
export const DATACENTER_CODE = /^[A-Za-z]{3}$/;

/**
 * The OpenAPI's documented default of `order` ("Defaults to 'prefix'", listDnsProtectionRulesForAccount).
 * Rules have no prefix field: `order=prefix` is accepted and gives the default order (creation order).
 */
export const DEFAULT_ORDER = "prefix";

/** Fields a list may be ordered by (`order`), and the directions (`direction`, ASC or DESC, any case). */
export const ORDER_FIELDS = [
  "id",
  "scope",
  "name",
  "mode",
  "profile_sensitivity",
  "rate_sensitivity",
  "burst_sensitivity",
  "created_on",
  "modified_on",
] as const;

/** Enumerated fields and their allowed values. */
export const ENUMS = {
  scope: SCOPES,
  mode: MODES,
  profile_sensitivity: PROFILE_SENSITIVITIES,
  rate_sensitivity: RATE_SENSITIVITIES,
  burst_sensitivity: BURST_SENSITIVITIES,
} as const;

/**
 * Fields a create body must carry. profile_sensitivity is not among them: the docs give it a default
 * ("low (default)", json-objects.mdx) while the OpenAPI's dos_NewDnsProtectionRule lists it as
 * required; a body the platform may accept is accepted, so an omitted one is `low`.
 */
export const CREATE_REQUIRED = ["scope", "name", "mode", "rate_sensitivity", "burst_sensitivity"] as const;
/** Fields a create body may carry besides the required ones. */
export const CREATE_OPTIONAL = ["profile_sensitivity", "block_any_queries"] as const;
/** profile_sensitivity of a rule created without one (docs json-objects.mdx: "low (default)"). */
export const DEFAULT_PROFILE_SENSITIVITY = "low";
/** Fields a PATCH body may carry. */
export const PATCH_FIELDS = [
  "mode",
  "profile_sensitivity",
  "rate_sensitivity",
  "burst_sensitivity",
  "block_any_queries",
] as const;
/** Fields that exist but cannot change after creation. */
export const IMMUTABLE_FIELDS = ["scope", "name"] as const;

/** Error codes of area A (the platform's are not public; these are ours and stable). */
export const A_CODES = {
  validation: 1004,
  notFound: 1003,
  missingField: 1101,
  unknownField: 1102,
  wrongType: 1103,
  invalidValue: 1104,
  nameScopeMismatch: 1105,
  immutableField: 1106,
  notAnObject: 1107,
} as const;
