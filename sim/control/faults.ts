/**
 * Fault injection: rules that make chosen operations fail or slow down, decided deterministically.
 *
 * A rule names an operation (`object-store.put`, `dns-records.create`, `key-transparency.publish`),
 * an area wildcard (`object-store.*`) or `*`, and gives an error, a latency, or both, with a
 * probability (default 1) and an optional number of `times` it may fire. Whether a probabilistic
 * rule fires is drawn from the simulator's `faults` random stream, so the same seed and the same
 * calls fail the same way. Rules are checked in the order they were added: latencies add up, the
 * first error that fires wins.
 *
 * Gaps / by design: this module only decides; applying a decision (rejecting a bucket call with the
 * platform's storage error, answering an HTTP error, waiting) is done in apply.ts. Draws happen
 * only for rules with 0 < probability < 1, so adding a certain rule never shifts other draws.
 */
import type { SeededRandom } from "../core/random.ts";

/** Area D operations, named after the storage actions of the platform's error messages. */
export const OBJECT_STORE_OPERATIONS = [
  "head",
  "get",
  "put",
  "delete",
  "list",
  "createMultipartUpload",
  "uploadPart",
  "completeMultipartUpload",
  "abortMultipartUpload",
] as const;
export type ObjectStoreOperation = (typeof OBJECT_STORE_OPERATIONS)[number];

export const HTTP_OPERATIONS = {
  "dns-protection": ["list", "create", "get", "update", "overwrite", "delete", "other"],
  "dns-records": ["list", "create", "get", "update", "overwrite", "delete", "batch", "import", "export", "other"],
  "key-transparency": ["info", "list", "create", "get", "update", "publish", "audits", "other"],
  api: ["other"],
} as const;

export const FAULT_AREAS = ["object-store", ...Object.keys(HTTP_OPERATIONS)] as readonly string[];

/** Every operation name a rule may use, besides `<area>.*` and `*`. */
export const FAULT_OPERATIONS: readonly string[] = [
  ...OBJECT_STORE_OPERATIONS.map((o) => `object-store.${o}`),
  ...Object.entries(HTTP_OPERATIONS).flatMap(([area, ops]) => ops.map((o) => `${area}.${o}`)),
];

export interface FaultError {
  /** HTTP status of the injected answer (HTTP areas only). Default 500. */
  status?: number;
  /** Error code: the storage error code (area D, default 10001) or the envelope error code (A, B). */
  code?: number;
  /** Error message (default: the platform's internal-error message). */
  message?: string;
}

export interface FaultRule {
  /** `<area>.<operation>`, `<area>.*` or `*`. */
  operation: string;
  /** Fail the operation with this error. */
  error?: FaultError;
  /** Delay the operation by this many (real) milliseconds. */
  latencyMs?: number;
  /** Chance in [0, 1] that the rule fires on a matching call (default 1). */
  probability?: number;
  /** Fire at most this many times, then the rule is spent (default: unlimited). */
  times?: number;
  /** Area D only: only calls on this bucket. */
  bucket?: string;
  /** HTTP areas only: only requests whose path (below /client/v4 for A/B) starts with this. */
  pathPrefix?: string;
}

export interface ActiveFault extends FaultRule {
  readonly id: string;
  /** How many times the rule has fired so far. */
  fired: number;
}

export interface FaultDecision {
  latencyMs: number;
  error?: FaultError;
}

export interface FaultContext {
  bucket?: string;
  path?: string;
}

export class FaultRuleError extends Error {
  override readonly name = "FaultRuleError";
}

/** The longest latency a rule may inject: the largest delay a timer takes (2^31 - 1 ms, about 24.8 days);
 * node fires a longer setTimeout at once, which would turn a "slow" fault into none. */
export const MAX_LATENCY_MS = 2 ** 31 - 1;

/**
 * Accepted fields. `id` and `fired` (as `list()` and GET /__edgeconf/faults show them) are accepted
 * and ignored, deliberately: a listed rule can be posted or PUT back as it is; it gets a new id and
 * starts at fired 0.
 */
const RULE_KEYS = new Set([
  "operation",
  "error",
  "latencyMs",
  "probability",
  "times",
  "bucket",
  "pathPrefix",
  "id",
  "fired",
]);
const ERROR_KEYS = new Set(["status", "code", "message"]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Validates an untrusted rule (from JSON); returns a clean copy or throws FaultRuleError. */
export function parseFaultRule(input: unknown, where = "fault"): FaultRule {
  if (!isRecord(input)) throw new FaultRuleError(`${where}: expected an object with "operation"`);
  for (const k of Object.keys(input)) {
    if (!RULE_KEYS.has(k)) throw new FaultRuleError(`${where}: unknown field "${k}"`);
  }
  // A listed rule's `id` and `fired`, ignored; of another type they are not what a listing shows.
  if (input.id !== undefined && typeof input.id !== "string") {
    throw new FaultRuleError(
      `${where}: "id" (ignored: a rule gets a new id) must be a string as listed, got ${JSON.stringify(input.id)}`,
    );
  }
  if (input.fired !== undefined && !(Number.isSafeInteger(input.fired) && (input.fired as number) >= 0)) {
    throw new FaultRuleError(
      `${where}: "fired" (ignored: a rule starts at 0) must be an integer >= 0 as listed, got ${JSON.stringify(input.fired)}`,
    );
  }
  const { operation } = input;
  if (typeof operation !== "string") throw new FaultRuleError(`${where}: "operation" must be a string`);
  const area = operation.endsWith(".*") ? operation.slice(0, -2) : undefined;
  if (
    operation !== "*" &&
    !(area !== undefined && FAULT_AREAS.includes(area)) &&
    !FAULT_OPERATIONS.includes(operation)
  ) {
    throw new FaultRuleError(
      `${where}: unknown operation "${operation}" (use "*", "<area>.*" with area one of ${FAULT_AREAS.join(", ")}, or one of ${FAULT_OPERATIONS.join(", ")})`,
    );
  }
  const rule: FaultRule = { operation };
  if (input.error !== undefined) {
    const e = input.error;
    if (!isRecord(e)) throw new FaultRuleError(`${where}: "error" must be an object {status?, code?, message?}`);
    for (const k of Object.keys(e)) {
      if (!ERROR_KEYS.has(k)) throw new FaultRuleError(`${where}: unknown field "error.${k}"`);
    }
    const error: FaultError = {};
    if (e.status !== undefined) {
      if (!Number.isInteger(e.status) || (e.status as number) < 400 || (e.status as number) > 599) {
        throw new FaultRuleError(`${where}: "error.status" must be an integer from 400 to 599`);
      }
      error.status = e.status as number;
    }
    if (e.code !== undefined) {
      if (!Number.isInteger(e.code) || (e.code as number) < 0) {
        throw new FaultRuleError(`${where}: "error.code" must be a non-negative integer`);
      }
      error.code = e.code as number;
    }
    if (e.message !== undefined) {
      if (typeof e.message !== "string") throw new FaultRuleError(`${where}: "error.message" must be a string`);
      error.message = e.message;
    }
    rule.error = error;
  }
  if (input.latencyMs !== undefined) {
    const l = input.latencyMs;
    if (typeof l !== "number" || !Number.isFinite(l) || l < 0 || l > MAX_LATENCY_MS) {
      throw new FaultRuleError(
        `${where}: "latencyMs" must be a number from 0 to ${MAX_LATENCY_MS} (the longest a timer can wait)`,
      );
    }
    rule.latencyMs = l;
  }
  if (rule.error === undefined && rule.latencyMs === undefined) {
    throw new FaultRuleError(`${where}: give "error", "latencyMs" or both`);
  }
  if (input.probability !== undefined) {
    const p = input.probability;
    if (typeof p !== "number" || !(p >= 0 && p <= 1)) {
      throw new FaultRuleError(`${where}: "probability" must be a number from 0 to 1`);
    }
    rule.probability = p;
  }
  if (input.times !== undefined) {
    if (!Number.isInteger(input.times) || (input.times as number) < 1) {
      throw new FaultRuleError(`${where}: "times" must be an integer >= 1`);
    }
    rule.times = input.times as number;
  }
  for (const k of ["bucket", "pathPrefix"] as const) {
    if (input[k] !== undefined) {
      if (typeof input[k] !== "string") throw new FaultRuleError(`${where}: "${k}" must be a string`);
      rule[k] = input[k] as string;
    }
  }
  const isObjectStore = operation === "*" || operation.startsWith("object-store.");
  const isHttp = operation === "*" || !operation.startsWith("object-store.");
  if (rule.bucket !== undefined && !isObjectStore) {
    throw new FaultRuleError(`${where}: "bucket" applies to object-store operations only`);
  }
  if (rule.pathPrefix !== undefined && !isHttp) {
    throw new FaultRuleError(`${where}: "pathPrefix" applies to HTTP operations only`);
  }
  return rule;
}

/** Whether a rule's operation pattern covers `operation` (`area.op`). */
export function operationMatches(pattern: string, operation: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) return operation.startsWith(pattern.slice(0, -1));
  return pattern === operation;
}

/** The fault rules of one simulator, with a deterministic decision per call. */
export class FaultTable {
  #rules: ActiveFault[] = [];
  #next = 1;
  readonly #random: SeededRandom;

  constructor(random: SeededRandom) {
    this.#random = random;
  }

  get size(): number {
    return this.#rules.length;
  }

  add(input: FaultRule | unknown): ActiveFault {
    const rule = parseFaultRule(input);
    const active: ActiveFault = { id: `fault-${this.#next++}`, ...rule, fired: 0 };
    this.#rules.push(active);
    return { ...active };
  }

  /** Replaces every rule at once (all validated first: a bad rule changes nothing). */
  replace(inputs: readonly unknown[]): ActiveFault[] {
    const rules = inputs.map((r, i) => parseFaultRule(r, `faults[${i}]`));
    this.#rules = [];
    return rules.map((r) => this.add(r));
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((r) => r.id !== id);
    return this.#rules.length !== before;
  }

  clear(): void {
    this.#rules = [];
  }

  list(): ActiveFault[] {
    return this.#rules.map((r) => ({ ...r, ...(r.error ? { error: { ...r.error } } : {}) }));
  }

  /** Decides the fate of one call. Undefined when no rule fires. */
  decide(operation: string, context: FaultContext = {}): FaultDecision | undefined {
    if (this.#rules.length === 0) return undefined;
    let latencyMs = 0;
    let error: FaultError | undefined;
    let fired = false;
    for (const rule of this.#rules) {
      if (!operationMatches(rule.operation, operation)) continue;
      if (rule.bucket !== undefined && rule.bucket !== context.bucket) continue;
      if (rule.pathPrefix !== undefined && !(context.path ?? "").startsWith(rule.pathPrefix)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      if (error !== undefined && rule.latencyMs === undefined) continue;
      const p = rule.probability ?? 1;
      if (p <= 0) continue;
      if (p < 1 && !this.#random.chance(p)) continue;
      rule.fired++;
      fired = true;
      latencyMs += rule.latencyMs ?? 0;
      if (error === undefined && rule.error !== undefined) error = { ...rule.error };
    }
    if (!fired) return undefined;
    // Several rules add up; the sum waits at most as long as one timer can.
    if (latencyMs > MAX_LATENCY_MS) latencyMs = MAX_LATENCY_MS;
    return error === undefined ? { latencyMs } : { latencyMs, error };
  }
}

const DNS_PROTECTION_RULES =
  /^\/accounts\/[^/]+\/magic\/advanced_dns_protection\/configs\/dns_protection\/rules(\/[^/]+)?\/?$/;
const DNS_RECORDS = /^\/zones\/[^/]+\/dns_records(\/[^/]+)?\/?$/;
const KT_NAMESPACE = /^\/namespaces\/[^/]+\/?$/;
const KT_AUDITS = /^\/namespaces\/[^/]+\/audits\/?$/;
const KT_AUDIT = /^\/namespaces\/[^/]+\/(audits\/[^/]+|last-verified-epoch)\/?$/;

function crud(method: string, item: boolean): string {
  if (!item) return method === "GET" ? "list" : method === "POST" ? "create" : method === "DELETE" ? "delete" : "other";
  switch (method) {
    case "GET":
      return "get";
    case "PATCH":
      return "update";
    case "PUT":
      return "overwrite";
    case "DELETE":
      return "delete";
    default:
      return "other";
  }
}

/**
 * The operation name of an HTTP request. `apiPath` is the path below `/client/v4` for areas A and
 * B (`undefined` for area C, whose `path` is the whole path on the kt host).
 */
export function classifyHttpOperation(method: string, path: string, area: "api" | "kt"): string {
  const m = method.toUpperCase();
  if (area === "api") {
    const p = DNS_PROTECTION_RULES.exec(path);
    if (p) return `dns-protection.${crud(m, p[1] !== undefined)}`;
    const r = DNS_RECORDS.exec(path);
    if (r) {
      const tail = r[1]?.slice(1);
      if (tail === "batch" && m === "POST") return "dns-records.batch";
      if (tail === "import" && m === "POST") return "dns-records.import";
      if (tail === "export" && m === "GET") return "dns-records.export";
      return `dns-records.${crud(m, tail !== undefined)}`;
    }
    return "api.other";
  }
  if (path === "/info" || path === "/info/") return "key-transparency.info";
  if (path === "/namespaces" || path === "/namespaces/") {
    return m === "GET" ? "key-transparency.list" : m === "POST" ? "key-transparency.create" : "key-transparency.other";
  }
  if (KT_NAMESPACE.test(path)) {
    return m === "GET" ? "key-transparency.get" : m === "PATCH" ? "key-transparency.update" : "key-transparency.other";
  }
  if (KT_AUDITS.test(path)) return m === "POST" ? "key-transparency.publish" : "key-transparency.audits";
  if (KT_AUDIT.test(path) && m === "GET") return "key-transparency.audits";
  return "key-transparency.other";
}
