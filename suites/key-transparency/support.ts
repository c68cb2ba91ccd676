/**
 * Shared helpers of the area C suites: the target's kt endpoint, JSON Schema checks (ajv) of every
 * response, fresh names and digests, and small request builders. Suites reach the implementation only
 * through the Target, so they run against the simulator, `serve`, or any kt URL.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { expect, type TestContext } from "vitest";
import { skipUnless } from "../../harness/clauses/test.ts";
import { PROJECT_ROOT } from "../../harness/expectations.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";
import type { KtIdentity, KtTarget } from "../../harness/targets/kt.ts";

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
function schema(name: string): ValidateFunction {
  const file = path.join(PROJECT_ROOT, "fixtures", "schemas", "key-transparency", name);
  return ajv.compile(JSON.parse(readFileSync(file, "utf8")) as object);
}
export const schemas = {
  namespace: schema("namespace.schema.json"),
  list: schema("namespace-list.schema.json"),
  audit: schema("audit.schema.json"),
  info: schema("info.schema.json"),
  lastVerified: schema("last-verified-epoch.schema.json"),
};

export interface Namespace {
  name: string;
  log_directory?: string | null;
  root?: string | null;
  last_verified_epoch?: number;
  status: string;
  reports_uri: string;
  audits_uri: string;
  signature_version?: number;
  ciphersuite?: number;
}

export interface Audit {
  version: number;
  ciphersuite: number;
  namespace: string;
  timestamp: number;
  epoch: number;
  digest: string;
  signature: string;
  key_id?: number;
  serialized_message?: string | null;
}

export interface KtResult<T = unknown> {
  status: number;
  text: string;
  /** The parsed body, undefined when it is not JSON. */
  json: T | undefined;
  headers: Headers;
}

/**
 * The target's kt endpoint, or the test is skipped (capability "kt", operator A, and the identities in
 * `needs`). A test that needs "b" or "none" compares identities, so it also skips when the target cannot
 * tell them apart (a plain-http kt URL: no client certificate reaches it): a refusal there would say
 * nothing about certificates or owners, and the skip credits no clause.
 */
export async function ktOf(ctx: TestContext, needs: KtIdentity[] = []): Promise<{ target: Target; kt: KtTarget }> {
  const target = await getTarget();
  skipUnless(ctx, target, "kt");
  const kt = target.kt!;
  // Operator A writes in almost every test; without its certificate the test is skipped, not failed.
  for (const who of new Set<KtIdentity>(["a", ...needs])) {
    if (!kt.identities.includes(who)) {
      ctx.skip(`target ${target.name} has no client certificate for operator "${who}" (kt-identities)`);
    }
  }
  if (needs.some((who) => who !== "a") && !kt.identified) {
    ctx.skip(
      `target ${target.name}'s kt URL is plain http: no client certificate reaches it, so operators and a request ` +
        "without a certificate cannot be told apart (give an https:// --kt-url)",
    );
  }
  return { target, kt };
}

export async function call<T = unknown>(
  kt: KtTarget,
  method: string,
  urlPath: string,
  body?: unknown,
  as: KtIdentity = "a",
  contentType = "application/json",
): Promise<KtResult<T>> {
  const init: RequestInit & { as: KtIdentity } = { method, as };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": contentType };
  }
  const res = await kt.fetch(urlPath, init);
  const text = await res.text();
  let json: T | undefined;
  try {
    json = JSON.parse(text) as T;
  } catch {
    json = undefined;
  }
  const route = urlPath
    .replace(/^\/namespaces\/[^/]+/, "/namespaces/{name}")
    .replace(/\/audits\/[^/]+$/, "/audits/{epoch}");
  expect(
    res.status,
    `${says(`${method} ${route}`, "no 5xx", "C.error.status")}\n  ${urlPath} answered ${text.slice(0, 200)}`,
  ).toBeLessThan(500);
  return { status: res.status, text, json, headers: res.headers };
}

/**
 * The message of an assertion: the call, the field it compared and the rule (clause id), e.g.
 * `POST /namespaces: status 200 [C.register.creates]`. Stable across runs (no generated names in it), so
 * that the report groups failures by what to fix.
 */
export function says(what: string, field: string, rule: string): string {
  return `${what}: ${field} [${rule}]`;
}

/** The answer's status is exactly `status` (the body follows on the next line of the message). */
export function expectStatus(res: KtResult<unknown>, status: number, what: string, rule: string): void {
  expect(res.status, `${says(what, `status ${status}`, rule)}\n  answered: ${res.text.slice(0, 300)}`).toBe(status);
}

/** A bare JSON object (no v4 envelope) sent as application/json, matching `validate`. */
export function checkBody<T>(
  res: KtResult<unknown>,
  validate: ValidateFunction,
  what = "answer",
  rule = "C.wire.bare-json",
): T {
  expect(res.json, `${says(what, "a JSON object", rule)}\n  answered: ${res.text.slice(0, 200)}`).toBeTypeOf("object");
  expect(
    res.headers.get("content-type") ?? "",
    says(what, "Content-Type application/json", "C.wire.bare-json"),
  ).toMatch(/^application\/json\s*(;|$)/i);
  const body = res.json as Record<string, unknown>;
  expect(body, says(what, "no envelope field success", "C.wire.bare-json")).not.toHaveProperty("success");
  expect(body, says(what, "no envelope field result", "C.wire.bare-json")).not.toHaveProperty("result");
  const ok = validate(body);
  expect(
    ok,
    `${says(what, "body matches its JSON Schema", rule)}\n  ${ajv.errorsText(validate.errors)} in ${res.text.slice(0, 300)}`,
  ).toBe(true);
  return body as T;
}

/**
 * Success: a 2xx (the simulator answers 200). plexi's client takes any 2xx (`error_for_status`) and no source
 * fixes which one, so a target is not failed for a 201 (docs/choices/key-transparency-statuses.md).
 */
export function expectOk(res: KtResult<unknown>, what = "request", rule = "C.error.status"): void {
  const message = `${says(what, "a 2xx success (the simulator answers 200)", rule)}\n  answered ${res.status}: ${res.text.slice(0, 300)}`;
  expect(res.status, message).toBeGreaterThanOrEqual(200);
  expect(res.status, message).toBeLessThan(300);
}

/**
 * Refusal statuses the sources fix, required exactly: 404 for a namespace, epoch or route that does not exist
 * (plexi's client reads a 404 as "absent"). The Disabled 400 is required by expectDisabledRefusal. Every other
 * refusal status (400, 401, 403, 405, 409, 413, 415, 422...) is edgeconf's choice: the suites require a 4xx
 * there and name the status the simulator answers (docs/choices/key-transparency-statuses.md).
 */
export const FIXED_REFUSAL_STATUSES: ReadonlySet<number> = new Set([404]);

/** A 4xx refusal; `simulator` is the status edgeconf's simulator answers, named in the message. */
export function expect4xx(res: KtResult<unknown>, simulator: number, what: string, rule: string): void {
  const message = `${says(what, `a 4xx refusal (the simulator answers ${simulator}; no source fixes which 4xx)`, rule)}\n  answered ${res.status}: ${res.text.slice(0, 300)}`;
  expect(res.status, message).toBeGreaterThanOrEqual(400);
  expect(res.status, message).toBeLessThan(500);
}

/**
 * A refusal whose body says why: non-empty text (a JSON error with a non-empty `error` or `message`, or plain
 * text). Its status is `status` exactly where the sources fix it (FIXED_REFUSAL_STATUSES), else any 4xx
 * (`status` is then the simulator's, named in the message). A refusal means something only with a positive
 * control in the same test: the corrected request succeeds (see expectRegistrationRefused).
 */
export function expectRefused(res: KtResult<unknown>, status: number, what: string, rule: string): void {
  if (FIXED_REFUSAL_STATUSES.has(status)) expectStatus(res, status, what, rule);
  else expect4xx(res, status, what, rule);
  const json = res.json as { error?: unknown; message?: unknown } | undefined;
  const why = typeof json === "object" && json !== null ? (json.error ?? json.message) : res.text;
  expect(
    typeof why === "string" ? why.trim() : "",
    says(what, "the refusal says why (non-empty error text)", "C.error.status"),
  ).not.toBe("");
}

/** GET of a namespace answers 404 (it does not exist). Meaningful only after the same test saw a GET of an existing one answer 200. */
export async function expectNoNamespace(kt: KtTarget, name: string, why = "it must not exist"): Promise<void> {
  const res = await getNamespace(kt, name);
  expectRefused(res, 404, `GET /namespaces/{name} after ${why}`, "C.get.one");
}

/**
 * A registration refused with `status`, with its positive control: `bad` (as operator `as`, by default A)
 * is refused and creates no namespace called `good.name`, then `good` (the corrected body, as operator A)
 * registers and GET finds it. So a target that refuses, or answers 404 to, everything fails; and the 404
 * after the refusal is shown to mean "absent" by the 200 of the same GET once the name exists.
 */
export async function expectRegistrationRefused(
  kt: KtTarget,
  bad: unknown,
  good: Omit<RegisterBody, "public"> & { public?: boolean },
  expected: { status: number; what: string; rule: string; as?: KtIdentity; contentType?: string },
): Promise<Namespace> {
  const what = `POST /namespaces ${expected.what}`;
  expectRefused(
    await call(kt, "POST", "/namespaces", bad, expected.as ?? "a", expected.contentType),
    expected.status,
    what,
    expected.rule,
  );
  await expectNoNamespace(kt, good.name, `a refused registration (${expected.what})`);
  const res = await call(kt, "POST", "/namespaces", good);
  expectOk(res, `POST /namespaces control for ${expected.what}`, expected.rule);
  const ns = checkBody<Namespace>(res, schemas.namespace, "POST /namespaces");
  expect(ns.name, says(`POST /namespaces control for ${expected.what}`, "name as sent", expected.rule)).toBe(good.name);
  expect(
    await currentNamespace(kt, good.name),
    says(`GET /namespaces/{name} after the control of ${expected.what}`, "the registered namespace", "C.get.one"),
  ).toEqual(ns);
  return ns;
}

/** A body to register (without the test's bookkeeping fields). */
export function registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody(overrides);
  return body;
}

const RUN = randomBytes(4).toString("hex");
let counter = 0;

/** A name no other test (or run) uses: `<tag>-<run>-<n>.edgeconf.test`. */
export function freshName(tag = "ns"): string {
  counter += 1;
  return `${tag}-${RUN}-${counter}.edgeconf.test`;
}

export function randomDigest(): string {
  return randomBytes(32).toString("hex");
}

export interface RegisterBody {
  name: string;
  public: boolean;
  root: string;
  signature_version: number;
  log_directory?: string;
}

/**
 * Root epochs of registrations: never only 1 (plexi's FIRST_EPOCH), so that a target which takes the
 * first epoch to be 1, or numbers epochs from the root's, is caught; from 2 to 2^53 (as JSON numbers).
 */
const ROOT_EPOCHS = [7, 1, 4096, 2, 9_007_199_254_740_000, 31];
let rootEpochs = 0;

export function registerBody(
  overrides: Partial<RegisterBody> = {},
): RegisterBody & { rootEpoch: number; rootDigest: string } {
  rootEpochs += 1;
  const rootEpoch = ROOT_EPOCHS[rootEpochs % ROOT_EPOCHS.length]!;
  const rootDigest = randomDigest();
  const body: RegisterBody = {
    name: freshName(),
    public: true,
    root: `${rootEpoch}/${rootDigest}`,
    signature_version: 1,
    ...overrides,
  };
  // A root given in the overrides is the one the namespace has.
  const [e, d] = body.root.split("/");
  return { ...body, rootEpoch: Number(e), rootDigest: (d ?? "").toLowerCase() };
}

/** Registers a namespace (as operator `as`), asserting success; returns the body sent and the answer. */
export async function registerOk(
  kt: KtTarget,
  overrides: Partial<RegisterBody> = {},
  as: KtIdentity = "a",
): Promise<{ sent: ReturnType<typeof registerBody>; ns: Namespace }> {
  const sent = registerBody(overrides);
  const { rootEpoch: _e, rootDigest: _d, ...body } = sent;
  const res = await call(kt, "POST", "/namespaces", body, as);
  expectOk(res, "POST /namespaces (a valid registration)", "C.register.creates");
  return { sent, ns: checkBody<Namespace>(res, schemas.namespace, "POST /namespaces", "C.register.creates") };
}

export async function getNamespace(kt: KtTarget, name: string): Promise<KtResult<Namespace>> {
  return call<Namespace>(kt, "GET", `/namespaces/${name}`, undefined, "none");
}

/** GET one namespace, which must answer 200 with a valid body. */
export async function currentNamespace(kt: KtTarget, name: string): Promise<Namespace> {
  const res = await getNamespace(kt, name);
  expectOk(res, "GET /namespaces/{name}", "C.get.one");
  return checkBody<Namespace>(res, schemas.namespace, "GET /namespaces/{name}", "C.get.one");
}

export async function publish(
  kt: KtTarget,
  name: string,
  epoch: number | bigint,
  digest: string,
  as: KtIdentity = "a",
): Promise<KtResult<Audit>> {
  return call<Audit>(
    kt,
    "POST",
    `/namespaces/${name}/audits`,
    `{"epoch":${epoch},"digest":${JSON.stringify(digest)}}`,
    as,
  );
}

/** Publishes, asserting 200 and a valid audit; returns the audit. */
export async function publishOk(
  kt: KtTarget,
  name: string,
  epoch: number | bigint,
  digest: string,
  rule = "C.publish.consecutive",
): Promise<Audit> {
  const res = await publish(kt, name, epoch, digest);
  expectOk(res, "POST /namespaces/{name}/audits", rule);
  return checkBody<Audit>(res, schemas.audit, "POST /namespaces/{name}/audits", "C.audit.shape");
}

export async function disable(kt: KtTarget, name: string, as: KtIdentity = "a"): Promise<KtResult<Namespace>> {
  return call<Namespace>(kt, "PATCH", `/namespaces/${name}`, { status: "Disabled" }, as);
}

export async function listNamespaces(kt: KtTarget): Promise<Namespace[]> {
  const res = await call(kt, "GET", "/namespaces", undefined, "none");
  expectOk(res, "GET /namespaces", "C.list.shape");
  return checkBody<{ namespaces: Namespace[] }>(res, schemas.list, "GET /namespaces", "C.list.shape").namespaces;
}

/**
 * `ns` appears exactly once in `list`, as GET /namespaces/{name} answers it: every field the entry has is
 * the namespace's (an entry may omit root and log_directory, the spec says; nothing else).
 */
export function expectListed(list: Namespace[], ns: Namespace, what: string, rule = "C.list.shape"): void {
  const entries = list.filter((n) => n.name === ns.name);
  expect(entries.length, says(what, "the namespace listed once", rule)).toBe(1);
  const entry = entries[0]! as unknown as Record<string, unknown>;
  const full = ns as unknown as Record<string, unknown>;
  const expected = Object.fromEntries(
    Object.entries(full).filter(([k]) => (k !== "root" && k !== "log_directory") || k in entry),
  );
  expect(
    entry,
    says(what, "the entry as GET /namespaces/{name} answers it (root, log_directory may be left out)", rule),
  ).toEqual(expected);
}

/** The platform's refusal of a write to a Disabled namespace (the docs show it as plain text). */
export const DISABLED_MESSAGE = "Namespace is disabled and read-only.";

/**
 * A 400 carrying the Disabled message: the docs' plain-text body, or a JSON error whose message it is.
 */
export function expectDisabledRefusal(res: KtResult<unknown>, what = "a write to a Disabled namespace"): void {
  // The platform's docs fix this one: 400 with the message.
  expectStatus(res, 400, what, "C.disable.no-exit");
  expectRefused(res, 400, what, "C.disable.no-exit");
  const json = res.json as { error?: unknown; message?: unknown } | undefined;
  const said = [res.text.trim(), json?.error, json?.message];
  expect(said, says(what, `the answer says "${DISABLED_MESSAGE}"`, "C.disable.no-exit")).toContain(DISABLED_MESSAGE);
}

/**
 * The target's clock when it answered (its Date header, 1 s resolution); the local clock when the
 * target sends no Date header.
 */
export function targetNow(res: KtResult<unknown>): number {
  const date = res.headers.get("date");
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isFinite(ms) ? ms : Date.now();
}

/** `keys` appear in `actual` in this relative order (other keys may sit between them). */
export function expectKeyOrder(
  actual: object,
  keys: readonly string[],
  what: string,
  rule = "C.wire.field-order",
): void {
  const present = Object.keys(actual).filter((k) => keys.includes(k));
  expect(present, says(what, `fields in the order ${keys.join(", ")}`, rule)).toEqual(keys.filter((k) => k in actual));
}

/**
 * Lets the target's clock move by `ms` where the suite can move it (the simulator, in process or served:
 * capability "clock", one clock per target), so that times land off whole seconds; elsewhere waits
 * nothing (a real target's clock runs on its own). Returns whether the clock was moved.
 */
export async function moveClock(target: Target, ms: number): Promise<boolean> {
  if (!target.capabilities.has("clock") || !target.objectStore?.advanceClock) return false;
  await target.objectStore.advanceClock(ms);
  return true;
}

/** The target's exact clock (ms) where the suite can read it (capability "clock"), else undefined. */
export async function exactNow(target: Target): Promise<number | undefined> {
  if (!target.capabilities.has("clock") || !target.objectStore) return undefined;
  return target.objectStore.now();
}
