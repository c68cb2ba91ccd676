/** The area-D target options of `edgeconf run`: --target workerd | worker | module and their flags. */
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { parseRunArgs } from "./options.ts";

const ctx = { env: {}, cwd: PROJECT_ROOT, projectRoot: PROJECT_ROOT, randomSeed: () => 7 };
const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseRunArgs(argv, "run", { ...ctx, env });

describe("area-D target options", () => {
  test("workerd needs nothing else", () => {
    const r = parse(["--target", "workerd", "--areas", "d"]);
    expect(r).toMatchObject({ options: { target: "workerd", areas: ["object-store"] } });
  });

  test("worker needs --worker-url and the secret in EDGECONF_WORKER_SECRET", () => {
    expect(parse(["--target", "worker"])).toEqual({
      error: "--target worker needs --worker-url (the deployed bridge Worker)",
    });
    expect(parse(["--target", "worker", "--worker-url", "https://b.example.workers.dev"])).toEqual({
      error: "--target worker needs the bridge's secret in EDGECONF_WORKER_SECRET (see docs/bridge.md)",
    });
    expect(parse(["--target", "worker", "--worker-url", "ftp://x"], { EDGECONF_WORKER_SECRET: "s" })).toEqual({
      error: "--worker-url must be an http(s) URL",
    });
    const r = parse(["--target", "worker", "--worker-url", "https://b.example.workers.dev/"], {
      EDGECONF_WORKER_SECRET: "s",
    });
    expect(r).toMatchObject({ options: { target: "worker", workerUrl: "https://b.example.workers.dev" } });
  });

  test("module needs --module naming an existing file, resolved from the current directory", () => {
    expect(parse(["--target", "module"])).toEqual({
      error: "--target module needs --module PATH (a module exporting createBucket)",
    });
    expect(parse(["--target", "module", "--module", "nope.ts"])).toEqual({
      error: `--module: no such file ${PROJECT_ROOT}/nope.ts`,
    });
    const r = parse(["--target", "module", "--module", "fixtures/modules/sim-bucket.ts"]);
    expect(r).toMatchObject({
      options: { target: "module", module: `${PROJECT_ROOT}/fixtures/modules/sim-bucket.ts` },
    });
  });

  test("each flag only with its target", () => {
    expect(parse(["--worker-url", "https://x"])).toEqual({ error: "--worker-url goes with --target worker" });
    expect(parse(["--target", "workerd", "--module", "x.ts"])).toEqual({ error: "--module goes with --target module" });
  });
});
