/**
 * Honest reports, end to end: `edgeconf run` against targets that serve nothing must never credit
 * them. A stub HTTP server answers 404 to everything (areas A, B and C over the http target, with
 * client certificates so that area C's tests run rather than skip; those comparing identities skip, as
 * the kt URL is plain http), a stub bucket whose every method fails and one that holds nothing (area D
 * over the module target). Each area ends failed or not tested, never passed, and the run exits
 * non-zero; runs narrowed to the refusal and not-found tests pass none of them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RunReport } from "../report/types.ts";
import { createCa, issueCertificate } from "../serve/certs.ts";
import { edgeconf } from "./e2e-support.ts";

let tmp: string;
let server: Server;
let url: string;
const requests: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-stub-"));
  // 404 to everything, in the most plausible form: the v4 failure envelope under /client/v4, a kt
  // error body elsewhere. A test that takes any well-formed 404 (or any refusal) for conformance passes here.
  server = createServer((req, res) => {
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
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  server?.closeAllConnections();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

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
  return edgeconf(
    [
      ...["run", "--target", "http", "--base-url", `${url}/client/v4`, "--kt-url", url, "--areas", "a,b,c"],
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

function report(out: string): RunReport {
  return JSON.parse(readFileSync(path.join(out, "latest", "report.json"), "utf8")) as RunReport;
}

function verdicts(r: RunReport): Record<string, string> {
  return Object.fromEntries(r.areas.map((a) => [a.area, a.verdict]));
}

describe("a target that serves nothing is never credited", () => {
  test("areas A, B and C against a server answering 404 to everything: failed or not tested, exit non-zero", async () => {
    const out = path.join(tmp, "http");
    const result = await runAgainstStub(out, "certs");
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    const r = report(out);
    expect(r.outcome).not.toBe("as-expected");
    const v = verdicts(r);
    expect(Object.keys(v).sort()).toEqual(["dns-protection", "dns-records", "key-transparency"]);
    for (const [area, verdict] of Object.entries(v)) expect([area, verdict]).not.toEqual([area, "passed"]);
    // The suites did reach the stub (the run is not failed for some other reason).
    expect(requests.some((q) => q.includes("/namespaces"))).toBe(true);
    expect(requests.some((q) => q.startsWith("POST /client/v4/"))).toBe(true);
    // Area C: no test may have checked anything but the target, so no clause is credited to it.
    const c = r.areas.find((a) => a.area === "key-transparency")!;
    expect(c.verdict).toBe("failed");
    const credited = c.clauseResults.filter((x) => x.state === "passed").map((x) => x.id);
    expect(credited, "area C clauses credited to a server that answers 404 to everything").toEqual([]);
  }, 300_000);

  test("refusal and not-found tests of areas A, B and C alone: none passes, no clause is credited", async () => {
    // A run narrowed to the tests that assert a refusal or an absence: each must carry a positive
    // control (the corrected request succeeds, the existing thing is found), or it would pass here.
    const out = path.join(tmp, "refusals");
    const files = [
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
    ];
    const grep =
      "refused|unknown|404|not JSON|not an absolute URL|other than the integers|root that is not|failure envelope|answers are JSON|not ignored";
    const result = await runAgainstStub(out, "certs-refusals", [
      "--grep",
      grep,
      ...files.flatMap((f) => ["--include", `suites/${f}`]),
    ]);
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    const r = report(out);
    const passing = r.tests.filter((t) => t.status === "pass" || t.status === "unexpected-pass").map((t) => t.fullName);
    expect(passing, "tests that pass against a server answering 404 to everything").toEqual([]);
    for (const a of r.areas) {
      expect([a.area, a.verdict]).toEqual([a.area, "failed"]);
      expect(a.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
      // The narrowed run did reach the target in each area: refusal tests ran (and failed).
      expect(r.tests.filter((t) => t.area === a.area && t.status === "fail").length).toBeGreaterThan(1);
    }
    // The audit's six (issue 10) are among them; the mTLS one skips on a plain-http kt URL, crediting nothing.
    const named = (title: string) => r.tests.filter((t) => t.fullName.includes(title));
    for (const title of [
      "is not JSON",
      "root that is not",
      "other than the integers",
      "not an absolute URL",
      "of an unknown name answers 404",
    ]) {
      expect(named(title).map((t) => t.status)).toEqual(["fail"]);
    }
    const mtls = named("without a client certificate is refused");
    expect(mtls.map((t) => [t.status, t.skipReason])).toEqual([["skip", expect.stringMatching(/plain http/)]]);
    const c = r.areas.find((a) => a.area === "key-transparency")!;
    expect(c.clauseResults.find((x) => x.id === "C.auth.mtls-writes")?.checked).toBe(false);
  }, 300_000);

  test("area D against a bucket whose every method fails (module target): failed or not tested, exit non-zero", async () => {
    const out = path.join(tmp, "module");
    const stub = path.join(PROJECT_ROOT, "fixtures", "stubs", "bucket-404.mjs");
    const result = await edgeconf([
      ...["run", "--target", "module", "--module", stub, "--areas", "d", "--seed", "1"],
      ...["--out", out, "--quiet", "--timeout", "20000"],
    ]);
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    const r = report(out);
    expect(verdicts(r)).toEqual({ "object-store": expect.stringMatching(/^(failed|not-tested)$/) });
    const d = r.areas[0]!;
    expect(d.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
  }, 300_000);

  test("area D's missing-key and delete tests against a bucket that holds nothing: none passes, no clause credited", async () => {
    const out = path.join(tmp, "empty-bucket");
    const stub = path.join(PROJECT_ROOT, "fixtures", "stubs", "bucket-empty.mjs");
    const files = ["get.test.ts", "delete.test.ts", "conditional.test.ts", "consistency.test.ts"].flatMap((f) => [
      "--include",
      `suites/object-store/${f}`,
    ]);
    const result = await edgeconf([
      ...["run", "--target", "module", "--module", stub, "--areas", "d", "--seed", "1"],
      ...["--grep", "missing|once delete resolves", "--out", out, "--quiet", "--timeout", "20000", ...files],
    ]);
    expect(result.code, result.stdout.slice(-2000)).not.toBe(0);
    const r = report(out);
    expect(r.tests.filter((t) => t.status === "pass").map((t) => t.fullName)).toEqual([]);
    // The audit's case: a put that resolves but stores nothing, then delete and absent reads.
    const deleteRule = r.tests.filter((t) => t.fullName.includes("once delete resolves")).map((t) => t.status);
    expect(deleteRule).toEqual(["fail"]);
    expect(r.tests.filter((t) => t.status === "fail").length).toBeGreaterThanOrEqual(4);
    expect(verdicts(r)).toEqual({ "object-store": "failed" });
    expect(r.areas[0]!.clauseResults.filter((x) => x.state === "passed").map((x) => x.id)).toEqual([]);
  }, 120_000);

  test("a run in which no test of any area reaches the target is inconclusive (exit 3)", async () => {
    // The mTLS suite checks TLS at the target's HTTPS endpoint; a plain-http kt URL has none, so every
    // test skips. None may check something else (such as a server of its own) in the target's name.
    const out = path.join(tmp, "skipped");
    const result = await edgeconf(
      ["run", "--target", "http", "--kt-url", url, "--areas", "c", "--seed", "1", "--out", out, "--quiet"].concat([
        "--include",
        "suites/key-transparency/mtls.test.ts",
      ]),
      operatorCerts(path.join(tmp, "certs-skipped")),
    );
    expect(result.code, result.stdout.slice(-2000)).toBe(3);
    const r = report(out);
    expect([r.outcome, verdicts(r)]).toEqual(["inconclusive", { "key-transparency": "not-tested" }]);
    expect(r.tests.length).toBeGreaterThan(0);
    expect(r.tests.every((t) => t.status === "skip")).toBe(true);
    expect(r.areas[0]!.clauseResults.some((x) => x.checked)).toBe(false);
    expect(result.stdout).toContain("Outcome: inconclusive (exit 3)");
  }, 120_000);
});
