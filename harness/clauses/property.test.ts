/**
 * Replaying model-based properties: fast-check walks a counterexample's path again only with the
 * replay path of its commands (which ran while shrinking). `commandsArbitrary` takes it from
 * EDGECONF_REPLAY_PATH; a failure records it (`replayPathOf`). Every fc.commands of properties/ goes
 * through `commandsArbitrary`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { commandsArbitrary, replayHint, replayPathOf } from "./property.ts";

/** A counter that loses increments past 3 unless `fixed`: a model run finds it after a few commands. */
class Counter {
  value = 0;
  constructor(readonly fixed: boolean) {}
  inc(): void {
    if (this.fixed || this.value < 3) this.value++;
  }
}
class Inc implements fc.AsyncCommand<{ n: number }, Counter> {
  check = () => true;
  async run(m: { n: number }, r: Counter): Promise<void> {
    m.n++;
    r.inc();
    expect(r.value, "the counter").toBe(m.n);
  }
  toString = () => "inc";
}
class Read implements fc.AsyncCommand<{ n: number }, Counter> {
  constructor(readonly extra: number) {}
  check = () => true;
  async run(m: { n: number }, r: Counter): Promise<void> {
    expect(r.value + this.extra, "the read").toBe(m.n + this.extra);
  }
  toString = () => `read(${this.extra})`;
}

function counterProperty(fixed: boolean, env: NodeJS.ProcessEnv) {
  const commands = [fc.constant(new Inc()), fc.nat(5).map((n) => new Read(n))];
  return fc.asyncProperty(commandsArbitrary(commands, { maxCommands: 30 }, env), async (cmds) => {
    await fc.asyncModelRun(() => ({ model: { n: 0 }, real: new Counter(fixed) }), cmds);
  });
}

describe("model-based properties replay", () => {
  test("the seed, path and replay path of a failure lead to the same failure; a fixed implementation passes", async () => {
    const first = await fc.check(counterProperty(false, {}), { seed: 3, numRuns: 200 });
    expect(first.failed).toBe(true);
    expect(first.counterexamplePath).toBe("3:3:2:6"); // shrunk: the path goes through shrink steps
    const replayPath = replayPathOf(first.counterexample);
    expect(replayPath).toMatch(/^[A-Za-z0-9+/]*:[A-Za-z0-9+/]*$/);
    const shown = fc.stringify(first.counterexample);
    expect(shown).toContain(`replayPath=${JSON.stringify(replayPath)}`);
    const params = { seed: first.seed, path: first.counterexamplePath ?? "", endOnFailure: true };

    const again = await fc.check(counterProperty(false, { EDGECONF_REPLAY_PATH: replayPath }), params);
    expect(again.failed).toBe(true);
    expect(again.numRuns).toBe(1);
    expect(fc.stringify(again.counterexample).replace(/ \/\*.*?\*\//, "")).toBe(shown.replace(/ \/\*.*?\*\//, ""));
    expect(String(again.errorInstance)).toBe(String(first.errorInstance));
    expect(String(again.errorInstance)).toContain("the counter");

    const fixed = await fc.check(counterProperty(true, { EDGECONF_REPLAY_PATH: replayPath }), params);
    expect(fixed.failed, String(fixed.errorInstance)).toBe(false);

    // Without the replay path the path leads nowhere: the failure the audit saw.
    const lost = await (async () => fc.check(counterProperty(false, {}), params))().catch((e: unknown) => e);
    expect(String(lost)).toMatch(/Unable to replay, got wrong path=3:3:2:6/);
  });

  test("a malformed EDGECONF_REPLAY_PATH is ignored; values without commands have no replay path", () => {
    expect(replayPathOf([1, "x", null, { metadataForReplay: () => 'replayPath="; rm"' }])).toBeUndefined();
    expect(replayPathOf(undefined)).toBeUndefined();
    expect(() => commandsArbitrary([fc.constant(new Inc())], {}, { EDGECONF_REPLAY_PATH: "not a path" })).not.toThrow();
  });

  test("every fc.commands of properties/ goes through commandsArbitrary (else its failures cannot be replayed)", () => {
    const files = (readdirSync(path.join(PROJECT_ROOT, "properties"), { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts"))
      .map((f) => path.join("properties", f));
    const direct = files.filter((f) => /\bfc\.commands\s*\(/.test(readFileSync(path.join(PROJECT_ROOT, f), "utf8")));
    expect(direct).toEqual([]);
    const viaHelper = files.filter((f) =>
      readFileSync(path.join(PROJECT_ROOT, f), "utf8").includes("commandsArbitrary("),
    );
    expect(viaHelper.length).toBeGreaterThanOrEqual(3);
  });

  test("the replay hint names edgeconf replay; the vitest command only inside the repository", () => {
    const installed = replayHint(1, "0:1", "A:B", "/p/node_modules/edgeconf/properties/x.test.ts", "t [D.x]", "/p");
    expect(installed).toBe(
      "Replay: npx edgeconf replay reports/<run>/replays/<name>.json (the replay file the report names)",
    );
    expect(replayHint(1, "0:1", undefined, "/elsewhere/properties/x.test.ts", "t", "/p")).toBe(installed);
    const repo = replayHint(1, "0:1", "A:B", "/repo/properties/x.test.ts", "t [D.x]", "/repo");
    expect(repo).toContain("npx edgeconf replay");
    expect(repo).toContain(
      'in the repository: EDGECONF_SEED=1 EDGECONF_PATH="0:1" EDGECONF_REPLAY_PATH="A:B" ' +
        'npx vitest run properties/x.test.ts -t "t \\[D\\.x\\]$"',
    );
  });
});
