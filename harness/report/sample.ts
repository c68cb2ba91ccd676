/** Building blocks of synthetic runs for the report's unit tests (not used at run time). */
import type { Clause } from "../clauses/types.ts";
import type { BuildInput } from "./build.ts";
import type { RawTest } from "./classify.ts";

export const SAMPLE_CLAUSES: readonly Clause[] = [
  { id: "A.rule.create", area: "dns-protection", text: "create returns the rule", source: "spec" },
  { id: "A.rule.events", area: "dns-protection", text: "no events", source: "spec", untestable: "nothing to observe" },
  { id: "B.ttl.auto", area: "dns-records", text: "proxied TTL is auto", source: "spec" },
  { id: "B.ttl.one", area: "dns-records", text: "ttl 1 means auto", source: "platform" },
  { id: "C.ns.create", area: "key-transparency", text: "create starts in Initialization", source: "spec" },
  { id: "D.get.null", area: "object-store", text: "get of a missing key is null", source: "spec" },
  { id: "D.list.limit", area: "object-store", text: "list limit at most 1000", source: "spec" },
];

export function raw(file: string, names: string[], state: RawTest["state"], extra: Partial<RawTest> = {}): RawTest {
  return {
    id: `${file}-${names.join("-")}`,
    file,
    names,
    state,
    mode: "run",
    errors: [],
    durationMs: 5,
    meta: {},
    ...extra,
  };
}

export function sampleInput(overrides: Partial<BuildInput> = {}): BuildInput {
  const tests: RawTest[] = [
    raw("suites/dns-protection/rules.test.ts", ["rules", "create [A.rule.create]"], "passed", {
      meta: { clauses: ["A.rule.create"] },
    }),
    raw("suites/dns-records/ttl.test.ts", ["auto [B.ttl.auto]"], "failed", {
      errors: ["AssertionError: expected 1 to be 300"],
      meta: { clauses: ["B.ttl.auto"] },
    }),
    raw("suites/dns-records/ttl.test.ts", ["one [B.ttl.one]"], "passed", {
      meta: { clauses: ["B.ttl.one"], expectation: { status: "expected-fail", reason: "known", error: "Error: boom" } },
    }),
    raw("suites/key-transparency/ns.test.ts", ["create [C.ns.create]"], "skipped", {
      note: "target sim cannot kt",
      meta: { clauses: ["C.ns.create"] },
    }),
    raw("properties/object-store/get.test.ts", ["null [D.get.null, D.other.id]"], "failed", {
      errors: ["Error: Property failed"],
      meta: { clauses: ["D.get.null", "D.other.id"], property: { seed: 42, path: "0:1", counterexample: '["k"]' } },
    }),
  ];
  return {
    runId: "2026-01-01T00-00-00-000Z-sim",
    target: { name: "sim" },
    versions: { edgeconf: "0.1.0", node: "v20.20.0", vitest: "4.1.12", fastCheck: "4.10.2" },
    seed: 42,
    started: "2026-01-01T00:00:00.000Z",
    finished: "2026-01-01T00:00:10.000Z",
    selection: { areas: ["dns-protection", "dns-records", "key-transparency", "object-store"], include: ["suites/**"] },
    expectationsFile: "fixtures/expectations/sim.json",
    expectations: new Map([["suites/dns-records/ttl.test.ts::one [B.ttl.one]", "known"]]),
    tests,
    runFiles: [...new Set(tests.map((t) => t.file))],
    clauses: SAMPLE_CLAUSES,
    fileExists: () => true,
    replayFor: (t) => `replay ${t.key}`,
    ...overrides,
  };
}
