/**
 * Generators of area A bodies: valid by construction, and broken in exactly one labelled rule, with
 * an oracle (`breaks`) written here from the spec and the reference, never from the simulator's
 * validator.
 */
import fc from "fast-check";

export const MODES = ["enabled", "disabled", "monitoring"] as const;
export const PROFILES = ["low", "medium", "high", "very_high"] as const;
export const SENSITIVITIES = ["low", "medium", "high"] as const;
export const REGIONS = ["wnam", "enam", "weu", "eeu", "WEUR", "OC"] as const;
/** Three-letter IATA codes, either case (the OpenAPI's `lax`; the platform writes colos as `DFW`). */
export const DATACENTERS = ["lax", "ams", "sjc", "fra", "nrt", "LAX", "DFW"] as const;
export const REQUIRED = [
  "scope",
  "name",
  "mode",
  "profile_sensitivity",
  "rate_sensitivity",
  "burst_sensitivity",
] as const;
/**
 * Fields whose absence is refused by every source; profile_sensitivity is not one (the OpenAPI lists
 * it required, the docs give it a default: suites/dns-protection/create.test.ts checks either).
 */
export const MUST = ["scope", "name", "mode", "rate_sensitivity", "burst_sensitivity"] as const;
export const PATCHABLE = [
  "mode",
  "profile_sensitivity",
  "rate_sensitivity",
  "burst_sensitivity",
  "block_any_queries",
] as const;
const ENUM_OF: Record<string, readonly string[]> = {
  scope: ["global", "region", "datacenter"],
  mode: MODES,
  profile_sensitivity: PROFILES,
  rate_sensitivity: SENSITIVITIES,
  burst_sensitivity: SENSITIVITIES,
};
const KNOWN = new Set<string>([...REQUIRED, "block_any_queries"]);

export type Body = Record<string, unknown>;

export const scopeAndName: fc.Arbitrary<{ scope: string; name: string }> = fc.oneof(
  fc.constant({ scope: "global", name: "global" }),
  fc.constantFrom(...REGIONS).map((name) => ({ scope: "region", name })),
  fc.constantFrom(...DATACENTERS).map((name) => ({ scope: "datacenter", name })),
);

export const validCreate: fc.Arbitrary<Body> = fc
  .record(
    {
      where: scopeAndName,
      mode: fc.constantFrom(...MODES),
      profile_sensitivity: fc.constantFrom(...PROFILES),
      rate_sensitivity: fc.constantFrom(...SENSITIVITIES),
      burst_sensitivity: fc.constantFrom(...SENSITIVITIES),
      block_any_queries: fc.boolean(),
    },
    { requiredKeys: ["where", "mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"] },
  )
  .map(({ where, ...rest }) => ({ ...where, ...rest }));

export const validPatch: fc.Arbitrary<Body> = fc.record(
  {
    mode: fc.constantFrom(...MODES),
    profile_sensitivity: fc.constantFrom(...PROFILES),
    rate_sensitivity: fc.constantFrom(...SENSITIVITIES),
    burst_sensitivity: fc.constantFrom(...SENSITIVITIES),
    block_any_queries: fc.boolean(),
  },
  { requiredKeys: [] },
);

const wrongTypeValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 }),
);
const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !KNOWN.has(k) && k !== "__proto__");

export interface Mutation {
  rule: string;
  body: Body;
}

/** A create body broken in exactly one rule, labelled with it. */
export const brokenCreate: fc.Arbitrary<Mutation> = validCreate.chain((valid) =>
  fc.oneof(
    fc.constantFrom(...MUST).map((f) => {
      const body = { ...valid };
      delete body[f];
      return { rule: `missing:${f}`, body };
    }),
    fc
      .tuple(
        fc.constantFrom("mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity", "scope"),
        fc.string({ maxLength: 12 }),
      )
      .filter(([f, v]) => !ENUM_OF[f]!.includes(v))
      .map(([f, v]) => ({ rule: `bad-enum:${f}`, body: { ...valid, [f]: v } })),
    fc
      .tuple(fc.constantFrom(...REQUIRED, "block_any_queries"), wrongTypeValue)
      .map(([f, v]) => ({ rule: `wrong-type:${f}`, body: { ...valid, [f]: v } })),
    fc.tuple(unknownKey, fc.jsonValue()).map(([k, v]) => ({ rule: "unknown-field", body: { ...valid, [k]: v } })),
    fc
      .constantFrom(
        { scope: "global", name: "wnam" },
        { scope: "global", name: "lax" },
        { scope: "region", name: "" },
        { scope: "datacenter", name: "global" },
        { scope: "datacenter", name: "laxx" },
      )
      .map((w) => ({ rule: "name-scope-mismatch", body: { ...valid, ...w } })),
  ),
);

/** A PATCH body broken in exactly one rule, labelled with it. */
export const brokenPatch: fc.Arbitrary<Mutation> = validPatch.chain((valid) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom("name", "scope"), fc.constantFrom("global", "wnam", "lax"))
      .map(([f, v]) => ({ rule: `immutable:${f}`, body: { ...valid, [f]: v } })),
    fc
      .tuple(
        fc.constantFrom("mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"),
        fc.string({ maxLength: 12 }),
      )
      .filter(([f, v]) => !ENUM_OF[f]!.includes(v))
      .map(([f, v]) => ({ rule: `bad-enum:${f}`, body: { ...valid, [f]: v } })),
    fc
      .tuple(fc.constantFrom(...PATCHABLE), wrongTypeValue)
      .map(([f, v]) => ({ rule: `wrong-type:${f}`, body: { ...valid, [f]: v } })),
    fc
      .tuple(
        unknownKey.filter((k) => k !== "name" && k !== "scope"),
        fc.jsonValue(),
      )
      .map(([k, v]) => ({ rule: "unknown-field", body: { ...valid, [k]: v } })),
  ),
);

/** The oracle: does `body` break the labelled rule? (Written from the spec and the reference.) */
export function breaks(rule: string, body: Body): boolean {
  const [kind, field] = rule.split(":") as [string, string | undefined];
  switch (kind) {
    case "missing":
      return !Object.hasOwn(body, field!);
    case "bad-enum":
      return typeof body[field!] === "string" && !ENUM_OF[field!]!.includes(body[field!] as string);
    case "wrong-type":
      return field === "block_any_queries" ? typeof body[field] !== "boolean" : typeof body[field!] !== "string";
    case "unknown-field":
      return Object.keys(body).some((k) => !KNOWN.has(k));
    case "name-scope-mismatch":
      // Global needs `global` (OpenAPI); a datacenter is a three-letter IATA code (the platform's
      // colo codes); a region needs a code (docs), and which letters codes exist is not public.
      if (body.scope === "global") return body.name !== "global";
      if (body.scope === "datacenter") return !/^[A-Za-z]{3}$/.test(String(body.name));
      return body.name === "";
    case "immutable":
      return Object.hasOwn(body, field!);
    default:
      return false;
  }
}
