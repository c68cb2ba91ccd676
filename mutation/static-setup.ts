/**
 * Setup file of the mutation run (mutation/vitest.config.ts), after Stryker's own: builds the test file's target
 * before its first test, so that the simulator's modules are loaded and the simulator is built outside every
 * test.
 *
 * Why: Stryker's coverage counts a mutant as "static" when its code runs outside any test (module-level
 * constants, code run when the simulator is built), and runs every test against such a mutant with the module
 * loaded again. The suites create their target lazily, inside their first test (`await getTarget()`), so that
 * code ran inside the first test of each file and was counted as covered by that test only: the mutant was run
 * against those first tests (which do not check the value it changed), and reported as survived although the
 * other tests of the file catch it. Built here, at setup time, that code is static and every test runs.
 *
 * A build that throws (a mutant that breaks the route table) must not fail this setup file: vitest would then
 * run no test of the file, and Stryker counts a run without a failed test as survived. The error is left in the
 * target's promise (getTarget() keeps it), so every test's own `await getTarget()` fails with it: killed.
 */
import { getTarget } from "../harness/targets/index.ts";

try {
  await getTarget();
} catch {
  // Left for the tests: each `await getTarget()` rejects with the same error.
}
