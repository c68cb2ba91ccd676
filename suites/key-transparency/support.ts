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
  expect(res.status, `no 5xx: ${method} ${urlPath} answered ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  return { status: res.status, text, json, headers: res.headers };
}

/** A bare JSON object (no v4 envelope), matching `validate`. */
export function checkBody<T>(res: KtResult<unknown>, validate: ValidateFunction): T {
  expect(res.json, `not JSON: ${res.text.slice(0, 200)}`).toBeTypeOf("object");
  const body = res.json as Record<string, unknown>;
  expect(body).not.toHaveProperty("success");
  expect(body).not.toHaveProperty("result");
  const ok = validate(body);
  expect(ok, `schema: ${ajv.errorsText(validate.errors)} in ${res.text.slice(0, 300)}`).toBe(true);
  return body as T;
}

export function expectOk(res: KtResult<unknown>): void {
  expect(res.status, `expected 2xx, got ${res.status}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `expected 2xx, got ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
}

/** Statuses that say the target does not serve the request at all, so they never count as a refusal of its content. */
const NOT_SERVED = new Set([404, 405]);

/**
 * A refusal of a request the target serves (to an endpoint and a namespace that exist): a 4xx other
 * than 404 and 405, which would say the target serves nothing there (a server answering 404 to
 * everything must not pass). The spec shows no error codes; the simulator's choices are in
 * docs/key-transparency.md. With `status`, exactly that status. A refusal means something only with
 * a positive control in the same test: the corrected request succeeds (see expectRegistrationRefused).
 */
export function expectRefused(res: KtResult<unknown>, status?: number): void {
  const said = `expected a refusal, got ${res.status}: ${res.text.slice(0, 300)}`;
  expect(res.status, said).toBeGreaterThanOrEqual(400);
  expect(res.status, said).toBeLessThan(500);
  if (status !== undefined) expect(res.status, res.text.slice(0, 300)).toBe(status);
  else expect([...NOT_SERVED], `${res.status} says "not served", not a refusal: ${said}`).not.toContain(res.status);
}

/** GET of a namespace answers 404 (it does not exist). Meaningful only after the same test saw a GET of an existing one answer 200. */
export async function expectNoNamespace(kt: KtTarget, name: string, why = "it must not exist"): Promise<void> {
  const res = await getNamespace(kt, name);
  expect(res.status, `GET /namespaces/${name}: ${why}; got ${res.status} ${res.text.slice(0, 200)}`).toBe(404);
}

/**
 * A registration refused, with its positive control: `bad` (as operator `as`, by default A) is refused
 * and creates no namespace called `good.name`, then `good` (the corrected body, as operator A) registers
 * and GET finds it. So a target that refuses, or answers 404 to, everything fails; and the 404 after
 * the refusal is shown to mean "absent" by the 200 of the same GET once the name exists.
 */
export async function expectRegistrationRefused(
  kt: KtTarget,
  bad: unknown,
  good: Omit<RegisterBody, "public"> & { public?: boolean },
  options: { as?: KtIdentity; contentType?: string } = {},
): Promise<Namespace> {
  expectRefused(await call(kt, "POST", "/namespaces", bad, options.as ?? "a", options.contentType));
  await expectNoNamespace(kt, good.name, "a refused registration creates nothing");
  const res = await call(kt, "POST", "/namespaces", good);
  expectOk(res);
  const ns = checkBody<Namespace>(res, schemas.namespace);
  expect(ns.name).toBe(good.name);
  expect(await currentNamespace(kt, good.name)).toEqual(ns);
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

export function registerBody(
  overrides: Partial<RegisterBody> = {},
): RegisterBody & { rootEpoch: number; rootDigest: string } {
  const rootEpoch = 1;
  const rootDigest = randomDigest();
  return {
    name: freshName(),
    public: true,
    root: `${rootEpoch}/${rootDigest}`,
    signature_version: 1,
    ...overrides,
    rootEpoch,
    rootDigest,
  };
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
  expectOk(res);
  return { sent, ns: checkBody<Namespace>(res, schemas.namespace) };
}

export async function getNamespace(kt: KtTarget, name: string): Promise<KtResult<Namespace>> {
  return call<Namespace>(kt, "GET", `/namespaces/${name}`, undefined, "none");
}

/** GET one namespace, which must answer 200 with a valid body. */
export async function currentNamespace(kt: KtTarget, name: string): Promise<Namespace> {
  const res = await getNamespace(kt, name);
  expectOk(res);
  return checkBody<Namespace>(res, schemas.namespace);
}

export async function publish(
  kt: KtTarget,
  name: string,
  epoch: number,
  digest: string,
  as: KtIdentity = "a",
): Promise<KtResult<Audit>> {
  return call<Audit>(kt, "POST", `/namespaces/${name}/audits`, { epoch, digest }, as);
}

export async function disable(kt: KtTarget, name: string, as: KtIdentity = "a"): Promise<KtResult<Namespace>> {
  return call<Namespace>(kt, "PATCH", `/namespaces/${name}`, { status: "Disabled" }, as);
}

export async function listNamespaces(kt: KtTarget): Promise<Namespace[]> {
  const res = await call(kt, "GET", "/namespaces", undefined, "none");
  expectOk(res);
  return checkBody<{ namespaces: Namespace[] }>(res, schemas.list).namespaces;
}

/** The platform's refusal of a write to a Disabled namespace (the docs show it as plain text). */
export const DISABLED_MESSAGE = "Namespace is disabled and read-only.";

/**
 * A 400 carrying the Disabled message: the docs' plain-text body, or a JSON error whose message it is.
 */
export function expectDisabledRefusal(res: KtResult<unknown>): void {
  expectRefused(res, 400);
  const json = res.json as { error?: unknown; message?: unknown } | undefined;
  const said = [res.text.trim(), json?.error, json?.message];
  expect(said, `the answer must say "${DISABLED_MESSAGE}": ${res.text.slice(0, 300)}`).toContain(DISABLED_MESSAGE);
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
export function expectKeyOrder(actual: object, keys: readonly string[]): void {
  const present = Object.keys(actual).filter((k) => keys.includes(k));
  expect(present).toEqual(keys.filter((k) => k in actual));
}
