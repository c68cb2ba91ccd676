/**
 * Honest reports, end to end: `edgeconf run` against targets that serve nothing must never credit
 * them. A stub HTTP server answers 404 to everything (one per run: areas A, B and C over the http target, with
 * client certificates so that area C's tests run rather than skip; those comparing identities skip, as
 * the kt URL is plain http), a stub bucket whose every method fails and one that holds nothing (area D
 * over the module target). Each area ends failed or not tested, never passed, and the run exits
 * non-zero; the refusal and not-found tests pass none of them.
 *
 * The runs are independent: they are queued together (beforeAll; in this process, see startRuns) and each test
 * checks its own. The run of areas
 * A, B and C serves two tests: the whole run, and its refusal and not-found tests (those files, that name
 * pattern) taken from it. Taking them from the whole run gives the same tests with the same statuses as a run
 * narrowed to them with --include and --grep (compared entry by entry when this was changed): the stub keeps no
 * state, so a test's result does not depend on which other tests ran.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RunReport, TestEntry } from "../report/types.ts";
import { createCa, issueCertificate } from "../serve/certs.ts";
import { inProcess, type Result } from "./e2e-support.ts";

let tmp: string;
/** The stub the run of areas A, B and C talks to, and the one of the run whose every test skips. */
let stub: Stub;
let quietStub: Stub;
let runs: ReturnType<typeof startRuns>;

interface Stub {
  server: Server;
  url: string;
  /** `METHOD path` of every request it got. */
  requests: string[];
}

/**
 * 404 to everything, in the most plausible form: the v4 failure envelope under /client/v4, a kt error
 * body elsewhere. A test that takes any well-formed 404 (or any refusal) for conformance passes here.
 */
async function startStub(): Promise<Stub> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          req.url?.startsWith("/client/v4/")
            ? { result: null, success: false, errors: [{ code: 7003, message: "Could not route" }], messages: [] }
            : { error: "Not Found", code: "not_found" },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function stopStub(s: Stub | undefined): Promise<void> {
  if (!s) return;
  await new Promise<void>((resolve) => s.server.close(() => resolve()));
  s.server.closeAllConnections();
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-stub-"));
  stub = await startStub();
  quietStub = await startStub();
  runs = startRuns();
  // Each test awaits the runs it checks; a run that rejects fails those tests, not the hook.
  for (const r of Object.values(runs)) r.catch(() => {});
});

afterAll(async () => {
  // Runs no test awaited (a name filter) still finish before their servers and folder go.
  if (runs) await Promise.allSettled(Object.values(runs));
  await Promise.all([stopStub(stub), stopStub(quietStub)]);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 300_000);

/** Two operators' client certificates (the stub speaks plain HTTP, but the suites need identities). */
function operatorCerts(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const ca = createCa("stub CA");
  const env: Record<string, string> = {};
  for (const [suffix, cn] of [
    ["", "operator-a.stub.test"],
    ["_2", "operator-b.stub.test"],
  ] as const) {
    const c = issueCertificate(ca, { cn, kind: "client" });
    const cert = path.join(dir, `client${suffix}.pem`);
    const key = path.join(dir, `client${suffix}-key.pem`);
    writeFileSync(cert, c.certPem);
    writeFileSync(key, c.keyPem);
    env[`EDGECONF_KT_CERT${suffix}`] = cert;
    env[`EDGECONF_KT_KEY${suffix}`] = key;
  }
  return env;
}

/** `edgeconf run` of areas A, B and C against the stub (http target, stub credentials, two operators). */
function runAgainstStub(out: string, certDir: string, extra: string[] = []) {
  return inProcess(
    [
      ...["run", "--target", "http", "--base-url", `${stub.url}/client/v4`, "--kt-url", stub.url, "--areas", "a,b,c"],
      ...["--seed", "1", "--out", out, "--quiet", "--timeout", "20000"],
      ...extra,
    ],
    {
      CLOUDFLARE_API_TOKEN: "stub-token",
      CLOUDFLARE_EMAIL: "stub@example.test",
      CLOUDFLARE_API_KEY: "stub-key",
      CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
      CLOUDFLARE_ZONE_ID: "fedcba9876543210fedcba9876543210",
      ...operatorCerts(path.join(tmp, certDir)),
    },
  );
}

/** `edgeconf run` of area D over the module target, with a stub bucket module of fixtures/stubs. */
function runAgainstStubBucket(out: string, module: string, extra: string[] = []) {
  return inProcess([
    ...["run", "--target", "module", "--module", path.join(PROJECT_ROOT, "fixtures", "stubs", module)],
    ...["--areas", "d", "--seed", "1", "--out", out, "--quiet", "--timeout", "20000", ...extra],
  ]);
}

/** A finished run and its report. */
async function finished(run: Promise<Ran>, out: string): Promise<{ result: Ran; r: RunReport }> {
  const result = await run;
  return { result, r: report(out) };
}

/** What a run gives back, in this process or as a child. */
type Ran = Pick<Result, "code" | "stdout" | "stderr">;

/**
 * The runs of this file, all started at once (they do not depend on one another). Their reports and exit
 * statuses are what the tests check, not the process: they run in this process, one at a time (e2e-support.ts,
 * inProcess; the real binary's exit status and output are checked in harness/cli.test.ts).
 */
function startRuns() {
  const out = (name: string) => path.join(tmp, name);
  return {
    abc: finished(runAgainstStub(out("http"), "certs"), out("http")),
    failingBucket: finished(runAgainstStubBucket(out("module"), "bucket-404.mjs"), out("module")),
    emptyBucket: finished(
      runAgainstStubBucket(out("empty-bucket"), "bucket-empty.mjs", [
        ...["--grep", "missing|once delete resolves"],
        ...["get.test.ts", "delete.test.ts", "conditional.test.ts", "consistency.test.ts"].flatMap((f) => [
          "--include",
          `suites/object-store/${f}`,
        ]),
      ]),
      out("empty-bucket"),
    ),
    // The mTLS suite checks TLS at the target's HTTPS endpoint; a plain-http kt URL has none, so every
    // test skips. None may check something else (such as a server of its own) in the target's name.
    skipped: finished(
      inProcess(
        [
          ...["run", "--target", "http", "--kt-url", quietStub.url, "--areas", "c", "--seed", "1"],
          ...["--out", out("skipped"), "--quiet", "--include", "suites/key-transparency/mtls.test.ts"],
        ],
        operatorCerts(path.join(tmp, "certs-skipped")),
      ),
      out("skipped"),
    ),
  };
}

function report(out: string): RunReport {
  return JSON.parse(readFileSync(path.join(out, "latest", "report.json"), "utf8")) as RunReport;
}

function verdicts(r: RunReport): Record<string, string> {
  return Object.fromEntries(r.areas.map((a) => [a.area, a.verdict]));
}

/** The tests of areas A, B and C that assert a refusal or an absence: these files, and names matching this. */
const REFUSAL_FILES = [
  "dns-protection/create.test.ts",
  "dns-protection/read-delete.test.ts",
  "dns-protection/update.test.ts",
  "http/envelope.test.ts",
  "http/bad-input.test.ts",
  "dns-records/envelope.test.ts",
  "dns-records/list-filters.test.ts",
  "key-transparency/register.test.ts",
  "key-transparency/auth.test.ts",
  "key-transparency/list-get.test.ts",
  "key-transparency/lifecycle.test.ts",
].map((f) => `suites/${f}`);
const REFUSAL_NAMES =
  /refused|unknown|404|not JSON|not an absolute http|other than the integers|root that is not|failure envelope|answers are JSON|not ignored/;

/** Whether `--grep REFUSAL_NAMES` selects a test (vitest matches the names joined by spaces). */
function isRefusalTest(t: TestEntry): boolean {
  return REFUSAL_FILES.includes(t.file) && REFUSAL_NAMES.test(t.fullName.split(" > ").join(" "));
}

describe("a target that serves nothing is never credited", () => {
  test("areas A, B and C against a server answering 404 to everything: failed or not tested, exit non-zero", async () => {
    const { result, r } = await runs.abc;
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    expect(r.outcome).not.toBe("as-expected");
    const v = verdicts(r);
    expect(Object.keys(v).sort()).toEqual(["dns-protection", "dns-records", "key-transparency"]);
    for (const [area, verdict] of Object.entries(v)) expect([area, verdict]).not.toEqual([area, "passed"]);
    // The suites did reach the stub (the run is not failed for some other reason).
    expect(stub.requests.some((q) => q.includes("/namespaces"))).toBe(true);
    expect(stub.requests.some((q) => q.startsWith("POST /client/v4/"))).toBe(true);
    // Area C: no test may have checked anything but the target, so no clause is credited to it.
    const c = r.areas.find((a) => a.area === "key-transparency")!;
    expect(c.verdict).toBe("failed");
    const credited = c.clauseResults.filter((x) => x.state === "passed").map((x) => x.id);
    expect(credited, "area C clauses credited to a server that answers 404 to everything").toEqual([]);
  }, 300_000);

  test("refusal and not-found tests of areas A, B and C alone: none passes, no clause is credited", async () => {
    // The tests that assert a refusal or an absence: each must carry a positive control (the corrected
    // request succeeds, the existing thing is found), or it would pass here. A test passes or fails alike
    // in the whole run and in one narrowed to these (the stub keeps no state): see the header.
    const { result, r } = await runs.abc;
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    const refusals = r.tests.filter(isRefusalTest);
    // The selection held 32 tests when it replaced a narrowed run of its own: a rename that drops tests
    // out of it shows here instead of quietly shrinking what this test checks.
    expect(refusals.length, "tests the selection holds (REFUSAL_FILES, REFUSAL_NAMES)").toBeGreaterThanOrEqual(32);
    const passing = refusals
      .filter((t) => t.status === "pass" || t.status === "unexpected-pass")
      .map((t) => t.fullName);
    expect(passing, "tests that pass against a server answering 404 to everything").toEqual([]);
    expect(new Set(refusals.map((t) => t.area))).toEqual(new Set(r.areas.map((a) => a.area)));
    for (const a of r.areas) {
      // A clause is credited only when a test naming it passes: none did, in the area or in the selection.
      expect([a.area, a.verdict]).toEqual([a.area, "failed"]);
      expect(a.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
      // Refusal tests of each area ran against the target (and failed).
      expect(refusals.filter((t) => t.area === a.area && t.status === "fail").length).toBeGreaterThan(1);
    }
    // The audit's six (issue 10) are among them; the mTLS one skips on a plain-http kt URL, crediting nothing.
    const named = (title: string) => refusals.filter((t) => t.fullName.includes(title));
    for (const title of [
      "is not JSON",
      "root that is not",
      "other than the integers",
      "not an absolute http(s) URL",
      "of an unknown name answers 404",
    ]) {
      expect(named(title).map((t) => t.status)).toEqual(["fail"]);
    }
    const mtls = named("without a client certificate is refused");
    expect(mtls.map((t) => [t.status, t.skipReason])).toEqual([["skip", expect.stringMatching(/plain http/)]]);
    // Among these tests, every one naming C.auth.mtls-writes skips: a run of them leaves that clause unchecked.
    const mtlsWrites = refusals.filter((t) => t.clauses.includes("C.auth.mtls-writes"));
    expect(mtlsWrites.length).toBeGreaterThan(0);
    expect(mtlsWrites.map((t) => t.status)).toEqual(mtlsWrites.map(() => "skip"));
  }, 300_000);

  test("area D against a bucket whose every method fails (module target): failed or not tested, exit non-zero", async () => {
    const { result, r } = await runs.failingBucket;
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    expect(verdicts(r)).toEqual({ "object-store": expect.stringMatching(/^(failed|not-tested)$/) });
    const d = r.areas[0]!;
    expect(d.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
  }, 300_000);

  test("area D's missing-key and delete tests against a bucket that holds nothing: none passes, no clause credited", async () => {
    const { result, r } = await runs.emptyBucket;
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    expect(r.tests.filter((t) => t.status === "pass").map((t) => t.fullName)).toEqual([]);
    // The audit's case: a put that resolves but stores nothing, then delete and absent reads.
    const deleteRule = r.tests.filter((t) => t.fullName.includes("once delete resolves")).map((t) => t.status);
    expect(deleteRule).toEqual(["fail"]);
    expect(r.tests.filter((t) => t.status === "fail").length).toBeGreaterThanOrEqual(4);
    expect(verdicts(r)).toEqual({ "object-store": "failed" });
    expect(r.areas[0]!.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
  }, 300_000);

  test("a run in which no test of any area reaches the target is inconclusive (exit 3)", async () => {
    const { result, r } = await runs.skipped;
    expect(result.code, result.stdout.slice(-2000)).toBe(3);
    expect([r.outcome, verdicts(r)]).toEqual(["inconclusive", { "key-transparency": "not-tested" }]);
    expect(r.tests.length).toBeGreaterThan(0);
    expect(r.tests.every((t) => t.status === "skip")).toBe(true);
    expect(r.areas[0]!.clauseResults.some((x) => x.checked)).toBe(false);
    expect(result.stdout).toContain("Outcome: inconclusive (exit 3)");
  }, 300_000);
});
