/**
 * Packaging check: builds and packs edgeconf like `npm publish` would, installs the tarball into a
 * fresh temporary project (from the local npm cache), imports every export from plain JavaScript
 * (.mjs), type-checks TypeScript consumers against the shipped declarations (lib ES2022 with Node
 * types; a Workers-only project with @cloudflare/workers-types and neither DOM nor Node types), then
 * runs every command of the installed CLI from that project (pack-check-cli.ts).
 *
 *   npx tsx adapters/pack-check.ts        (about 2 min; prints "N passed, N failed")
 *
 * The consumer project installs what a user of each export has: `nock` (optional peer of
 * edgeconf/nock) and `@types/node`; `@cloudflare/workers-types`, which the bucket types refer to, is a
 * peer dependency of edgeconf, which npm installs with it. miniflare and cloudflare (optional peers)
 * are left out, as a user who does not use them would.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliChecks } from "./pack-check-cli.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};

const CONSUMER_MJS = `
import { createSimulator } from "edgeconf";
import { simulatorDispatcher, PLATFORM_API_HOST } from "edgeconf/undici";
import { interceptWithNock } from "edgeconf/nock";
import { envFromWranglerConfig } from "edgeconf/wrangler";
import { saveSnapshot, loadSnapshot } from "edgeconf/snapshot-files";
import { populate } from "edgeconf/populate";
import { simulatorOutbound } from "edgeconf/miniflare";
import { fetch } from "undici";
import https from "node:https";

const sim = createSimulator({ seed: 3 });
const c = sim.credentials;
const auth = { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key };
const url = "https://" + PLATFORM_API_HOST + "/client/v4/zones/" + c.zone_id + "/dns_records";
const viaUndici = await fetch(url, { dispatcher: simulatorDispatcher(sim), headers: auth });
const stop = interceptWithNock(sim);
const viaNock = await new Promise((resolve, reject) =>
  https.get(url, { headers: auth }, (res) => { res.resume(); resolve(res.statusCode); }).on("error", reject));
stop();
const env = envFromWranglerConfig("wrangler.toml", sim);
await env.FILES.put("k", "v");
await saveSnapshot(sim, "snapshot.json");
await env.FILES.put("k", "changed");
await loadSnapshot(sim, "snapshot.json");
const summary = await populate(createSimulator({ seed: 4 }), { buckets: 1, objectsPerBucket: 1 });
const outbound = await simulatorOutbound(sim)(new Request(url, { headers: auth }));
// Issue 23 item 17: a name filter over 255 characters is refused; a stored value with CR or LF makes
// writeHttpMetadata throw a TypeError, as current workerd does.
const longName = await fetch(url + "?name=" + "a".repeat(256), { dispatcher: simulatorDispatcher(sim), headers: auth });
const crlf = await sim.bucket("files-bucket").put("crlf", "v", { httpMetadata: { contentType: "a\\nb" } });
let written = "no error";
try { crlf.writeHttpMetadata(new Headers()); } catch (e) { written = e.name; }
console.log(JSON.stringify({
  credentials: Object.keys(c).sort(),
  undici: viaUndici.status,
  nock: viaNock,
  body: await (await sim.bucket("files-bucket").get("k")).text(),
  records: summary.zones[0].records.length > 0,
  outbound: outbound.status,
  longNameFilter: longName.status,
  writeHttpMetadata: written,
}));
`;

const CONSUMER_TS = `
import { createSimulator, type Credentials, type FaultRule, type Simulator } from "edgeconf";
import { simulatorDispatcher, type SimulatorDispatcherOptions } from "edgeconf/undici";
import { interceptWithNock } from "edgeconf/nock";
import { envFromWranglerConfig } from "edgeconf/wrangler";
import { saveSnapshotDir } from "edgeconf/snapshot-files";
import { populate, type PopulateSummary } from "edgeconf/populate";
import { simulatorOutbound, type SimulatorOutboundOptions } from "edgeconf/miniflare";

const outboundOptions: SimulatorOutboundOptions = { hosts: ["api.internal.test"], passthrough: false };
const sim: Simulator = createSimulator({ seed: 1 });
const creds: Credentials = sim.credentials;
const rule: FaultRule = { operation: "object-store.put", error: { code: 10001 }, probability: 0.5 };
sim.control.faults.add(rule);
const options: SimulatorDispatcherOptions = { hosts: ["x.test"], passthrough: false };
const dispatcher = simulatorDispatcher(sim, options);
const stop: () => void = interceptWithNock(sim, { clientIdentity: "op" });
const env = envFromWranglerConfig<{ FILES: ReturnType<Simulator["bucket"]> }>("wrangler.toml", sim);

export async function use(): Promise<string> {
  const put = await env.FILES.put("k", "v");
  const got = await sim.bucket("b").get("k");
  const summary: PopulateSummary = await populate(sim);
  await saveSnapshotDir(sim, "dir");
  const now: number = sim.control.clock.advance(1000);
  // @ts-expect-error: the clock takes a number of ms
  sim.clock.advance("1");
  // @ts-expect-error: an unknown option is refused by the types
  createSimulator({ sede: 1 });
  const outbound: Response = await simulatorOutbound(sim, outboundOptions)(new Request("https://api.cloudflare.com/"));
  return [creds.zone_id, put?.etag, got?.key, summary.zones[0]?.id, now, String(dispatcher), String(stop), outbound.status].join();
}
`;

const WRANGLER_TOML = `name = "consumer"
compatibility_date = "2024-09-23"

[[r2_buckets]]
binding = "FILES"
bucket_name = "files-bucket"
`;

/** A Worker's own code: the simulator as a test double in a project typed for Workers only. */
const CONSUMER_WORKERS_TS = `
import { createSimulator, type Simulator } from "edgeconf";

const sim: Simulator = createSimulator({ seed: 1 });
export default {
  async fetch(request: Request): Promise<Response> {
    const bucket = sim.bucket("b");
    const put = await bucket.put(new URL(request.url).pathname, await request.text());
    const res: Response = await sim.fetch("https://api.cloudflare.com/client/v4/zones/x/dns_records");
    return new Response(JSON.stringify({ etag: put?.etag, status: res.status }));
  },
} satisfies ExportedHandler;
`;

const COMPILER_OPTIONS = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  noEmit: true,
  skipLibCheck: false,
};

/** lib ES2022 and Node types, no DOM. */
const TSCONFIG = {
  compilerOptions: { ...COMPILER_OPTIONS, types: ["node"], lib: ["ES2022"] },
  files: ["consumer.ts"],
};

/** A Workers-only project: the platform's types, neither DOM nor Node. */
const TSCONFIG_WORKERS = {
  compilerOptions: { ...COMPILER_OPTIONS, types: ["@cloudflare/workers-types"], lib: ["ES2022"] },
  files: ["consumer-workers.ts"],
};

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

interface Check {
  name: string;
  run(): void | Promise<void>;
}

export async function packCheck(): Promise<{ passed: number; failed: number }> {
  const tmp = mkdtempSync(join(tmpdir(), "edgeconf-pack-"));
  const proj = join(tmp, "consumer");
  let passed = 0;
  let failed = 0;
  const tarball = join(tmp, `edgeconf-${pkg.version}.tgz`);
  const checks: Check[] = [
    {
      name: "npm pack (prepack builds dist/ with tsconfig.build.json)",
      run: () => run("npm", ["pack", "--pack-destination", tmp, "--silent"], repo),
    },
    {
      name: "install the tarball into a fresh project (offline, from the npm cache)",
      run: () => {
        mkdirSync(proj);
        writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
        writeFileSync(join(proj, "consumer.mjs"), CONSUMER_MJS);
        writeFileSync(join(proj, "consumer.ts"), CONSUMER_TS);
        writeFileSync(join(proj, "wrangler.toml"), WRANGLER_TOML);
        writeFileSync(join(proj, "consumer-workers.ts"), CONSUMER_WORKERS_TS);
        writeFileSync(join(proj, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
        writeFileSync(join(proj, "tsconfig.workers.json"), JSON.stringify(TSCONFIG_WORKERS, null, 2));
        const deps = [tarball, `nock@${pkg.devDependencies.nock}`, `@types/node@${pkg.devDependencies["@types/node"]}`];
        const flags = ["--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];
        try {
          run("npm", ["install", "--offline", ...flags, ...deps], proj);
        } catch {
          run("npm", ["install", "--prefer-offline", ...flags, ...deps], proj);
        }
      },
    },
    {
      name: "plain JavaScript (.mjs) imports every export and uses it",
      run: () => {
        const out = JSON.parse(run("node", ["consumer.mjs"], proj).trim().split("\n").pop()!);
        const want = {
          credentials: ["account_id", "api_token", "auth_email", "auth_key", "zone_id", "zone_name"],
          undici: 200,
          nock: 200,
          body: "v",
          records: true,
          outbound: 200,
          longNameFilter: 400,
          writeHttpMetadata: "TypeError",
        };
        if (JSON.stringify(out) !== JSON.stringify(want)) {
          throw new Error(`got ${JSON.stringify(out)}, want ${JSON.stringify(want)}`);
        }
      },
    },
    {
      name: "a TypeScript consumer type-checks with lib ES2022 and Node types, no DOM (skipLibCheck off)",
      run: () => run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], proj),
    },
    {
      name: "a Workers-only project type-checks (@cloudflare/workers-types, no DOM, no Node types)",
      run: () =>
        run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.workers.json"], proj),
    },
    {
      name: "the same Workers-only project with @cloudflare/workers-types v4 (the peer range: ^4.20240909.0 || ^5)",
      run: () => {
        const flags = ["--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];
        const v4 = "@cloudflare/workers-types@^4.20240909.0";
        try {
          run("npm", ["install", "--offline", ...flags, v4], proj);
        } catch {
          run("npm", ["install", "--prefer-offline", ...flags, v4], proj);
        }
        const installed = JSON.parse(
          readFileSync(join(proj, "node_modules/@cloudflare/workers-types/package.json"), "utf8"),
        ) as { version: string };
        if (!installed.version.startsWith("4.")) throw new Error(`installed ${installed.version}, not v4`);
        run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.workers.json"], proj);
      },
    },
    ...cliChecks(proj, pkg.version),
  ];
  try {
    for (const check of checks) {
      const started = performance.now();
      try {
        await check.run();
        passed++;
        process.stdout.write(`ok   ${check.name} (${Math.round(performance.now() - started)} ms)\n`);
      } catch (e) {
        failed++;
        const err = e as Error & { stdout?: string; stderr?: string };
        process.stdout.write(`FAIL ${check.name}\n${err.message}\n${err.stdout ?? ""}${err.stderr ?? ""}\n`);
        break;
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  failed += checks.length - passed - failed;
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return { passed, failed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = (await packCheck()).failed === 0 ? 0 : 1;
}
