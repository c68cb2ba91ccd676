/**
 * Area A (dns-protection): the catalogue of its clauses. Ids are `A.<family>.<rule>`.
 * `A.envelope.*` and `A.auth.*` are the v4 envelope and authentication statements shared by areas A and B
 * (suites/http checks them on area A's paths).
 */
import type { Clause } from "./types.ts";

export const dnsProtectionClauses = [
  // The v4 envelope (spec: "Response envelope (areas A and B)", Errors 1).
  {
    id: "A.envelope.success",
    area: "dns-protection",
    text: "On success the envelope has success true and errors and messages as empty arrays",
    source: "spec",
  },
  {
    id: "A.envelope.result-object",
    area: "dns-protection",
    text: "result is the resource (create, update)",
    source: "spec",
  },
  {
    id: "A.envelope.result-list",
    area: "dns-protection",
    text: "result is an array of resources on list",
    source: "spec",
  },
  {
    id: "A.envelope.failure",
    area: "dns-protection",
    text: "On failure the envelope has success false and a non-empty errors array",
    source: "spec",
  },
  {
    id: "A.envelope.error-item",
    area: "dns-protection",
    text: "An error item is {code, message} with code >= 1000 (details may nest in error_chain); result is null",
    source: "platform",
  },
  {
    id: "A.envelope.result-info",
    area: "dns-protection",
    text: "Lists carry result_info {count, page, per_page, total_count} (the OpenAPI's schema; no total_pages)",
    source: "platform",
  },
  {
    id: "A.envelope.json",
    area: "dns-protection",
    text: "Responses are JSON (Content-Type application/json)",
    source: "platform",
  },
  {
    id: "A.version.v4",
    area: "dns-protection",
    text: "The management API's base path carries the version segment v4",
    source: "spec",
  },
  // Authentication.
  {
    id: "A.auth.bearer",
    area: "dns-protection",
    text: "Area A authenticates with Authorization: Bearer <API_TOKEN>",
    source: "spec",
  },
  {
    id: "A.auth.key-accepted",
    area: "dns-protection",
    text: "The platform also accepts X-Auth-Email + X-Auth-Key on area A",
    source: "platform",
  },
  { id: "A.auth.missing", area: "dns-protection", text: "No credentials: 400, code 9106", source: "platform" },
  {
    id: "A.auth.malformed",
    area: "dns-protection",
    text: "Malformed credentials: 400, code 6003 with error_chain 6111 / 6103 / 6102",
    source: "platform",
  },
  {
    id: "A.auth.unknown",
    area: "dns-protection",
    text: "Well-formed but unknown credentials: 403, code 10000",
    source: "platform",
  },
  {
    id: "A.auth.unauthorized",
    area: "dns-protection",
    text: "Valid credentials of another account: 403, code 9109, and nothing is read or changed",
    source: "platform",
  },
  // Routing and bad input.
  {
    id: "A.route.unknown",
    area: "dns-protection",
    text: "Unknown route or unsupported method: 400, codes 7003 and 7000",
    source: "platform",
  },
  {
    id: "A.route.malformed-id",
    area: "dns-protection",
    text: "A malformed object identifier in the path: 400, codes 7003 and 7000",
    source: "platform",
  },
  {
    id: "A.body.malformed-json",
    area: "dns-protection",
    text: "A body that is not JSON: 400, code 6007",
    source: "platform",
  },
  {
    id: "A.body.content-type",
    area: "dns-protection",
    text: "A JSON body without Content-Type application/json: 400, code 6003 with 6105",
    source: "platform",
  },
  {
    id: "A.body.too-large",
    area: "dns-protection",
    text: "An oversized body is refused with 413 and the failure envelope",
    source: "platform",
  },
  {
    id: "A.body.no-5xx",
    area: "dns-protection",
    text: "No request, however malformed, gets a 5xx answer",
    source: "platform",
  },
  { id: "A.errors.no-change", area: "dns-protection", text: "A refused request changes nothing", source: "platform" },
  // The rule resource.
  {
    id: "A.rule.fields",
    area: "dns-protection",
    text: "A rule has id, scope, name, mode, profile_sensitivity, rate_sensitivity, burst_sensitivity, created_on, modified_on",
    source: "spec",
  },
  {
    id: "A.rule.id-assigned",
    area: "dns-protection",
    text: "The rule id is assigned by the service (a UUID on the platform), distinct per rule",
    source: "spec",
  },
  {
    id: "A.rule.timestamp-format",
    area: "dns-protection",
    text: "created_on and modified_on are ISO 8601 with fractional seconds and a UTC offset",
    source: "spec",
  },
  {
    id: "A.rule.block-any-queries",
    area: "dns-protection",
    text: "Rules carry block_any_queries (boolean, default true)",
    source: "platform",
  },
  // Operations of the spec.
  {
    id: "A.list.rules",
    area: "dns-protection",
    text: "GET on the path base lists the account's rules (result is an array of rules)",
    source: "spec",
  },
  {
    id: "A.list.pagination",
    area: "dns-protection",
    text: "List takes page and per_page (10..1000, default 25); a page past the end is empty",
    source: "platform",
  },
  {
    id: "A.list.order",
    area: "dns-protection",
    text: "List takes order (a rule field) and direction (ASC or DESC); an unknown or malformed list parameter is refused (400)",
    source: "platform",
  },
  {
    id: "A.list.order-documented",
    area: "dns-protection",
    text: "The OpenAPI's documented list values are accepted: order=prefix (its default; same list as no order), direction ASC and DESC",
    source: "platform",
  },
  {
    id: "A.examples.accepted",
    area: "dns-protection",
    text: "The example rules of the platform's docs and OpenAPI are accepted as shown (region WEUR, wnam, datacenter lax)",
    source: "platform",
  },
  {
    id: "A.create.rule",
    area: "dns-protection",
    text: "POST with scope, name, mode and the three sensitivities creates a rule; result has id, created_on, modified_on",
    source: "spec",
  },
  { id: "A.create.scope-global", area: "dns-protection", text: "global is a scope value", source: "spec" },
  {
    id: "A.create.required",
    area: "dns-protection",
    text: "Create requires scope, name, mode, rate_sensitivity and burst_sensitivity",
    source: "platform",
  },
  {
    id: "A.create.profile-default",
    area: "dns-protection",
    text: "A create without profile_sensitivity is refused (OpenAPI: required) or gets low (docs: 'low (default)'), nothing else",
    source: "platform",
  },
  {
    id: "A.create.unknown-field",
    area: "dns-protection",
    text: "Unknown fields in a create body are rejected",
    source: "platform",
  },
  {
    id: "A.create.wrong-type",
    area: "dns-protection",
    text: "A field of the wrong type is rejected",
    source: "platform",
  },
  {
    id: "A.create.not-object",
    area: "dns-protection",
    text: "A body that is JSON but not an object is rejected",
    source: "platform",
  },
  {
    id: "A.values.enums",
    area: "dns-protection",
    text: "scope global|region|datacenter; mode enabled|disabled|monitoring; profile low|medium|high|very_high; rate and burst low|medium|high",
    source: "platform",
  },
  {
    id: "A.values.name-scope",
    area: "dns-protection",
    text: "Scope global requires name global; otherwise name is a region or datacenter code",
    source: "platform",
  },
  {
    id: "A.values.datacenter-code",
    area: "dns-protection",
    text: "A datacenter name is a three-letter airport code, in either case (the OpenAPI's lax; the platform writes colos as DFW)",
    source: "platform",
  },
  {
    id: "A.update.partial",
    area: "dns-protection",
    text: "PATCH carries only the fields to change, and only those change",
    source: "spec",
  },
  {
    id: "A.update.updatable-fields",
    area: "dns-protection",
    text: "mode, profile_sensitivity, rate_sensitivity and burst_sensitivity are updatable",
    source: "spec",
  },
  {
    id: "A.update.complete-result",
    area: "dns-protection",
    text: "PATCH returns the complete updated rule",
    source: "spec",
  },
  {
    id: "A.update.name-scope-immutable",
    area: "dns-protection",
    text: "name and scope are not updatable: a PATCH sending them is rejected",
    source: "spec",
  },
  {
    id: "A.update.timestamps",
    area: "dns-protection",
    text: "PATCH moves modified_on forward and leaves created_on",
    source: "platform",
  },
  {
    id: "A.update.unknown-field",
    area: "dns-protection",
    text: "A PATCH with an unknown field or a bad value is rejected",
    source: "platform",
  },
  {
    id: "A.update.clock",
    area: "dns-protection",
    text: "created_on is the time of the create and modified_on the time of the last PATCH: they follow the service's clock to the millisecond",
    source: "spec",
  },
  {
    id: "A.tenant.isolation",
    area: "dns-protection",
    text: "Rules belong to one account: another account's path does not read, change, delete or list them (404 by id)",
    source: "spec",
  },
  {
    id: "A.consistency.patch-atomic",
    area: "dns-protection",
    text: "A PATCH applies its fields at one instant: concurrent PATCHes and GETs of a rule are linearizable (the rule after two racing PATCHes of every field equals one of them; no answer mixes the fields of two) (edgeconf check consistency)",
    source: "platform",
  },
  // Operations of the platform.
  { id: "A.get.one", area: "dns-protection", text: "GET <path base>/{rule_id} returns the rule", source: "platform" },
  {
    id: "A.get.not-found",
    area: "dns-protection",
    text: "An unknown rule id: 404 with the failure envelope",
    source: "platform",
  },
  {
    id: "A.delete.one",
    area: "dns-protection",
    text: "DELETE <path base>/{rule_id} deletes the rule; the envelope has no result",
    source: "platform",
  },
  {
    id: "A.delete.all",
    area: "dns-protection",
    text: "DELETE on the path base deletes every rule of the account",
    source: "platform",
  },
  // What the spec leaves out.
  {
    id: "A.states.not-shown",
    area: "dns-protection",
    text: "Rule states and transitions: not shown",
    source: "spec",
    untestable: "the spec shows no states or transitions to check",
  },
  {
    id: "A.events.none",
    area: "dns-protection",
    text: "No events, webhooks or callbacks",
    source: "spec",
    untestable: "an absence of callbacks cannot be observed by a black-box test",
  },
] as const satisfies readonly Clause[];
