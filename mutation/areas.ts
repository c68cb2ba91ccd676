/**
 * What the mutation run of each area mutates and which test files it runs (mutation/run.ts).
 * - Mutated: the area's simulator folder, plus the shared modules that only it uses.
 * - Run: the area's suites and properties, and the shared suite folders (suites/http: envelope, auth and bad
 *   input of the HTTP areas; suites/sdk: the official SDK) for the HTTP areas. All against `sim`.
 */
export const MUTATION_AREAS = ["dns-protection", "dns-records", "key-transparency", "object-store"] as const;
export type MutationArea = (typeof MUTATION_AREAS)[number];

const HTTP_SHARED = ["suites/http/**/*.test.ts", "suites/sdk/**/*.test.ts"];

export function mutationTestFiles(area: string): string[] {
  if (!(MUTATION_AREAS as readonly string[]).includes(area)) return [];
  const own = [`suites/${area}/**/*.test.ts`, `properties/${area}/**/*.test.ts`];
  return area === "object-store" ? own : [...own, ...HTTP_SHARED];
}

/**
 * Left out: the simulator's own tests, and the test double's own features, which no implementation under test
 * has, so no conformance suite can observe a bug there:
 * - `snapshot-check.ts` (the validation of snapshot files the simulator restores from; area C's first whole run:
 *   377 of its 470 untriaged survivors) and `snapshot.ts` (taking and restoring snapshots);
 * - `gate.ts` (the control surface's fault-injection hook);
 * - `*.typecheck.ts` (type tests, checked by tsc and never run).
 */
export const TEST_DOUBLE_ONLY = ["snapshot-check.ts", "snapshot.ts", "gate.ts"];

export function mutatedFiles(area: MutationArea): string[] {
  return [
    `sim/${area}/**/*.ts`,
    "!sim/**/*.test.ts",
    "!sim/**/*.test-support.ts",
    "!sim/**/*.typecheck.ts",
    ...TEST_DOUBLE_ONLY.map((f) => `!sim/**/${f}`),
  ];
}
