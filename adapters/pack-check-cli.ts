/**
 * The installed CLI, checked from a user's project (pack-check.ts installs the tarball there): every
 * command runs with the project as its working directory, and writes only inside it (reports under
 * ./reports, expectations under ./edgeconf/expectations), never into node_modules/edgeconf.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { linesTooWide } from "../harness/terminal.ts";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a user's shell: none of the repository's own test variables. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith("VITEST") && !k.startsWith("EDGECONF_") && !k.startsWith("CLOUDFLARE_") && k !== "CI",
    ),
  );
  return { ...clean, ...extra };
}

function bin(proj: string): string {
  return path.join(proj, "node_modules", ".bin", "edgeconf");
}

export function edgeconf(proj: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      bin(proj),
      args,
      { cwd: proj, env: userEnv(env), encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Every file below `dir` with its size and mtime (what changed inside the installed package). */
export function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        out.set(path.relative(dir, p), `${s.size}:${s.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out;
}

export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [f, v] of after) if (before.get(f) !== v) changed.push(f);
  for (const f of before.keys()) if (!after.has(f)) changed.push(`${f} (removed)`);
  return changed.sort();
}

function expectCode(what: string, r: CliResult, code: number): void {
  if (r.code !== code) {
    throw new Error(`${what}: exit ${r.code}, want ${code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
  }
}

/** A usage error: exit 2 and ONE line on stderr matching `want`. */
function expectUsage(what: string, r: CliResult, want: RegExp): void {
  expectCode(what, r, 2);
  const lines = r.stderr.trim().split("\n");
  if (lines.length !== 1 || !want.test(lines[0] ?? "")) {
    throw new Error(`${what}: want one line matching ${want}, got:\n${r.stderr}`);
  }
}

/** Every line a command printed within 80 columns (a path or quoted argument alone on its line excepted). */
function expectFits(what: string, r: CliResult): void {
  const wide = linesTooWide(`${r.stdout}\n${r.stderr}`);
  if (wide.length > 0) throw new Error(`${what}: lines over 80 columns:\n${wide.join("\n")}`);
}

function expectFile(proj: string, rel: string): string {
  const file = path.join(proj, rel);
  if (!existsSync(file)) throw new Error(`${rel} was not written in the project`);
  return readFileSync(file, "utf8");
}

interface ServeLine {
  base_url: string;
  account_id: string;
  zone_id: string;
  api_token: string;
  auth_email: string;
  auth_key: string;
  control_token: string;
  pid: number;
}

/** `edgeconf serve --json --port 0` in the background; its JSON line. */
function startServe(proj: string): Promise<{ child: ChildProcess; line: ServeLine }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(proj), ["serve", "--json", "--port", "0", "--seed", "5"], {
      cwd: proj,
      env: userEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stderr?.on("data", (d) => {
      err += d;
    });
    child.stdout?.on("data", (d) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        try {
          resolve({ child, line: JSON.parse(out.slice(0, nl)) as ServeLine });
        } catch {
          reject(new Error(`serve --json printed no JSON line: ${out}\n${err}`));
        }
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited (${code}) before its line: ${err}`)));
  });
}

function stopServe(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

/** Relative links of the installed README, CONTRIBUTING and docs/ that point at no installed file. */
export function brokenLinks(pkgDir: string): string[] {
  const docs = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? docs(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : [],
        )
      : [];
  const bad: string[] = [];
  for (const file of [
    path.join(pkgDir, "README.md"),
    path.join(pkgDir, "CONTRIBUTING.md"),
    ...docs(path.join(pkgDir, "docs")),
  ]) {
    if (!existsSync(file)) {
      bad.push(`${path.relative(pkgDir, file)} is not in the package`);
      continue;
    }
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1] ?? "";
      if (/^(https?:|mailto:|#)/.test(link)) continue;
      const target = path.join(path.dirname(file), link.split("#")[0] ?? "");
      if (!existsSync(target)) bad.push(`${path.relative(pkgDir, file)}: ${link}`);
    }
  }
  return bad;
}

/** Unit tests of the repository that the package should not carry. */
export function shippedUnitTests(pkgDir: string): string[] {
  return [...listing(pkgDir).keys()].filter(
    (f) => /^(sim|harness|adapters|bin|dist)\/.*\.test\.[jt]s$/.test(f) || /^examples\//.test(f),
  );
}

/**
 * What the docs show, in bash inside the project: eval "$(npx edgeconf serve --env --port 0)", a run of
 * area B against it through the exported variables, then `kill PID` as serve printed. The PID goes to a
 * file first, so the server is killed here whatever happened to the shell.
 */
const SERVE_ENV_SCRIPT = `set -u
out="$(npx edgeconf serve --env --port 0 --seed 6)" || { echo "serve --env failed" >&2; exit 90; }
printf '%s\\n' "$out" | sed -n 's/^# .*kill \\([0-9][0-9]*\\)$/\\1/p' > "$PID_FILE"
eval "$out"
npx edgeconf run --target http --areas dns-records --seed 1 --quiet --out reports/serve-env
code=$?
kill "$(cat "$PID_FILE")" || exit 91
exit $code
`;

/** Whether process `pid` is alive (signal 0). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function serveEnvRun(proj: string): Promise<void> {
  const pidFile = path.join(proj, "reports", ".serve-env.pid");
  mkdirSync(path.dirname(pidFile), { recursive: true });
  const r = await new Promise<CliResult>((resolve) => {
    execFile(
      "bash",
      ["-c", SERVE_ENV_SCRIPT],
      { cwd: proj, env: userEnv({ PID_FILE: pidFile }), encoding: "utf8", timeout: 300_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) : 0;
  rmSync(pidFile, { force: true });
  let leftOver = false;
  if (pid > 0) {
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 100));
    leftOver = alive(pid);
    if (leftOver) process.kill(pid, "SIGKILL");
  }
  expectCode("eval serve --env, run --target http --areas dns-records, kill", r, 0);
  if (!(pid > 0)) throw new Error(`serve --env printed no process id to stop:\n${r.stdout}${r.stderr}`);
  if (leftOver) throw new Error(`the background serve (process ${pid}) was still running after kill`);
  const report = JSON.parse(expectFile(proj, "reports/serve-env/latest/report.json")) as {
    target: { name: string };
    outcome: string;
  };
  if (report.target.name !== "http" || report.outcome !== "as-expected") {
    throw new Error(`run against serve --env: target ${report.target.name}, outcome ${report.outcome}`);
  }
}

export interface CliCheck {
  name: string;
  run(): Promise<void>;
}

/** The checks of the installed CLI, in order (later ones read what earlier ones wrote). */
export function cliChecks(proj: string, version: string): CliCheck[] {
  const pkgDir = path.join(proj, "node_modules", "edgeconf");
  let before = new Map<string, string>();
  let replayFile = "";
  return [
    {
      name: "the package ships what its README and docs link, and none of the repository's unit tests",
      run: async () => {
        const bad = brokenLinks(pkgDir);
        if (bad.length > 0) throw new Error(`links to files the package does not ship:\n${bad.join("\n")}`);
        const tests = shippedUnitTests(pkgDir);
        if (tests.length > 0) throw new Error(`unit tests in the package:\n${tests.join("\n")}`);
      },
    },
    {
      name: "edgeconf --version, edgeconf run --version, every command's --help within 80 columns",
      run: async () => {
        before = listing(pkgDir);
        for (const args of [["--version"], ["run", "--version"]]) {
          const r = await edgeconf(proj, args);
          expectCode(args.join(" "), r, 0);
          if (r.stdout.trim() !== `edgeconf ${version}`) throw new Error(`${args.join(" ")} printed ${r.stdout}`);
        }
        for (const args of [
          ["--help"],
          ...["run", "fuzz", "replay", "report", "serve", "diff", "bridge", "check"].map((c) => [c, "--help"]),
        ]) {
          const r = await edgeconf(proj, args);
          expectCode(args.join(" "), r, 0);
          if (!/Usage/.test(r.stdout)) throw new Error(`${args.join(" ")} printed no usage`);
          const wide = r.stdout.split("\n").filter((l) => l.length > 80);
          if (wide.length > 0) throw new Error(`${args.join(" ")}: lines over 80 columns:\n${wide.join("\n")}`);
        }
      },
    },
    {
      name: "on Node older than 20.19 (a faked process.versions.node): one line naming the requirement, exit 2",
      run: async () => {
        const fake = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"18.19.0"})';
        const script = path.join(pkgDir, "bin", "edgeconf.js");
        const r = await new Promise<CliResult>((resolve) => {
          execFile(
            process.execPath,
            ["--import", fake, script, "run"],
            { cwd: proj, env: userEnv(), encoding: "utf8" },
            (error, stdout, stderr) =>
              resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
          );
        });
        expectUsage(
          "edgeconf run on Node 18.19.0",
          r,
          /^edgeconf needs Node\.js 20\.19 or later; this is Node\.js 18\.19\.0/,
        );
        if (r.stdout !== "") throw new Error(`edgeconf on Node 18.19.0 wrote to stdout: ${r.stdout}`);
      },
    },
    {
      name: "usage errors: one line and exit 2 (bad base URL, missing credentials, unserved area, missing miniflare)",
      run: async () => {
        const http = ["run", "--target", "http"];
        expectUsage(
          "bad base URL",
          await edgeconf(proj, [...http, "--base-url", "http://127.0.0.1:9"]),
          /\/client\/v4/,
        );
        expectUsage(
          "missing credentials",
          await edgeconf(proj, [...http, "--base-url", "http://127.0.0.1:9/client/v4", "--areas", "b"]),
          /CLOUDFLARE_ZONE_ID, CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY/,
        );
        expectUsage(
          "unserved area",
          await edgeconf(proj, [...http, "--base-url", "http://127.0.0.1:9/client/v4", "--areas", "d"]),
          /does not serve object-store/,
        );
        expectUsage(
          "miniflare not installed",
          await edgeconf(proj, ["run", "--target", "miniflare"]),
          /npm install --save-dev miniflare$/,
        );
      },
    },
    {
      name: "edgeconf run --areas object-store: exit 0, report in ./reports, progress and summary within 80 columns",
      run: async () => {
        const r = await edgeconf(proj, ["run", "--areas", "object-store", "--seed", "1"]);
        expectCode("run", r, 0);
        expectFits("run (progress on stderr, summary on stdout)", r);
        const report = JSON.parse(expectFile(proj, "reports/latest/report.json")) as { outcome: string };
        if (report.outcome !== "as-expected") throw new Error(`outcome ${report.outcome}`);
        for (const f of ["report.md", "report.html", "junit.xml"]) expectFile(proj, `reports/latest/${f}`);
      },
    },
    {
      name: "--expectations missing, malformed or a folder: one line on stderr, exit 2, no report, latest kept",
      run: async () => {
        const reports = path.join(proj, "reports");
        const latest = readlinkSync(path.join(reports, "latest"));
        const runs = readdirSync(reports).sort().join(", ");
        writeFileSync(path.join(proj, "malformed-expectations.json"), '{"target": "sim", "expectations": [');
        mkdirSync(path.join(proj, "folder-expectations.json"));
        try {
          for (const [file, why] of [
            ["missing-expectations.json", /missing-expectations\.json does not exist/],
            ["malformed-expectations.json", /malformed-expectations\.json is not valid: not JSON/],
            ["folder-expectations.json", /folder-expectations\.json is a folder, not a file/],
          ] as const) {
            const r = await edgeconf(proj, ["run", "--areas", "d", "--expectations", file, "--quiet"]);
            expectUsage(`--expectations ${file}`, r, why);
            if (r.stdout !== "") throw new Error(`--expectations ${file}: printed on stdout:\n${r.stdout}`);
            if (readlinkSync(path.join(reports, "latest")) !== latest) throw new Error(`${file}: latest moved`);
            if (readdirSync(reports).sort().join(", ") !== runs) throw new Error(`${file}: a report was written`);
          }
        } finally {
          rmSync(path.join(proj, "malformed-expectations.json"), { force: true });
          rmSync(path.join(proj, "folder-expectations.json"), { recursive: true, force: true });
        }
      },
    },
    {
      name: "edgeconf fuzz --area dns-records --runs 20: exit 0 on the simulator, progress lines within 80 columns",
      run: async () => {
        const r = await edgeconf(proj, ["fuzz", "--area", "dns-records", "--runs", "20", "--seed", "1"]);
        expectCode("fuzz", r, 0);
        expectFits("fuzz (a property's progress line)", r);
        if (!/No unexpected counterexample in 20 runs/.test(r.stdout)) throw new Error(r.stdout);
      },
    },
    {
      name: "serve --json (its pid), fuzz it with a fault, replay, a port in use, SIGTERM during a latency",
      run: async () => {
        const { child, line } = await startServe(proj);
        let failure: unknown;
        try {
          // The pid to stop it with is the serving process's own (under npx ... &, $! is npm's).
          if (line.pid !== child.pid)
            throw new Error(`serve --json printed pid ${line.pid}; the process is ${child.pid}`);
          // Every record create now fails: the properties of area B find it and save replay files.
          const fault = await fetch(new URL("/__edgeconf/faults", line.base_url), {
            method: "POST",
            headers: { authorization: `Bearer ${line.control_token}` },
            body: JSON.stringify({ operation: "dns-records.create", error: { status: 429, code: 10000 } }),
          });
          if (!fault.ok) throw new Error(`fault not added: ${fault.status} ${await fault.text()}`);
          const env = {
            CLOUDFLARE_ACCOUNT_ID: line.account_id,
            CLOUDFLARE_API_TOKEN: line.api_token,
            CLOUDFLARE_ZONE_ID: line.zone_id,
            CLOUDFLARE_EMAIL: line.auth_email,
            CLOUDFLARE_API_KEY: line.auth_key,
          };
          const fuzz = ["fuzz", "--area", "b", "--runs", "20", "--target", "http", "--base-url", line.base_url];
          const found = await edgeconf(proj, [...fuzz, "--seed", "1", "--quiet"], env);
          expectCode("fuzz against the faulty server", found, 1);
          expectFits("the summary of failures (causes, replay commands)", found);
          const replays = path.join(proj, "reports", "latest", "replays");
          const files = existsSync(replays) ? readdirSync(replays) : [];
          if (files.length === 0) throw new Error(`fuzz wrote no replay file:\n${found.stdout}`);
          // Every format of the report carries the failing assertion of each failed property.
          for (const f of ["report.md", "junit.xml", "report.html", "report.json"]) {
            if (!expectFile(proj, `reports/latest/${f}`).includes("Failing assertion: ")) {
              throw new Error(`reports/latest/${f} does not show the failing assertion`);
            }
          }
          replayFile = path.join("reports", "latest", "replays", files[0] ?? "");
          const replay = await edgeconf(proj, ["replay", replayFile], env);
          expectCode("replay", replay, 1);
          // The cause, not only fast-check's summary: the assertion on what the faulty server answered.
          if (!/STILL FAILS/.test(replay.stdout) || !/Failing assertion: .*injected fault/.test(replay.stdout)) {
            throw new Error(`replay does not show the failing assertion:\n${replay.stdout}`);
          }
          // A second serve on the same port: one line naming the fix.
          const port = new URL(line.base_url).port;
          expectUsage("serve on a port in use", await edgeconf(proj, ["serve", "--port", port]), /--port 0/);
          // A request waiting out an injected latency of 10 minutes: SIGTERM still stops serve at once.
          const slow = await fetch(new URL("/__edgeconf/faults", line.base_url), {
            method: "POST",
            headers: { authorization: `Bearer ${line.control_token}` },
            body: JSON.stringify({ operation: "dns-records.list", latencyMs: 600_000 }),
          });
          if (!slow.ok) throw new Error(`latency fault not added: ${slow.status} ${await slow.text()}`);
          const waiting = fetch(`${line.base_url}/zones/${line.zone_id}/dns_records`, {
            headers: { authorization: `Bearer ${line.api_token}` },
          }).catch(() => undefined);
          await new Promise((res) => setTimeout(res, 300));
          const started = performance.now();
          const code = await stopServe(child);
          const took = performance.now() - started;
          await waiting;
          if (code !== 0) throw new Error(`serve exited ${code} on SIGTERM`);
          if (took > 5000) throw new Error(`serve took ${Math.round(took)} ms to exit on SIGTERM during a latency`);
        } catch (e) {
          failure = e;
        }
        if (child.exitCode === null && child.signalCode === null) {
          const code = await stopServe(child);
          if (!failure && code !== 0) failure = new Error(`serve exited ${code} on SIGTERM`);
        }
        if (failure) throw failure;
      },
    },
    {
      name: 'eval "$(edgeconf serve --env --port 0)" in bash, run --target http --areas dns-records, kill the serve',
      run: () => serveEnvRun(proj),
    },
    {
      name: "edgeconf report --update-expectations writes ./edgeconf/expectations/http.json; nothing changed in the package",
      run: async () => {
        const r = await edgeconf(proj, ["report", "--update-expectations"]);
        expectCode("report --update-expectations", r, 0);
        const file = JSON.parse(expectFile(proj, "edgeconf/expectations/http.json")) as { expectations: unknown[] };
        if (file.expectations.length === 0) throw new Error("no expectation was added");
        const changed = changedFiles(before, listing(pkgDir));
        if (changed.length > 0) throw new Error(`files changed inside node_modules/edgeconf:\n${changed.join("\n")}`);
        const top = readdirSync(proj).sort();
        const want = [
          "consumer.mjs",
          "consumer.ts",
          "edgeconf",
          "node_modules",
          "package.json",
          "reports",
          "snapshot.json",
        ];
        const extra = top.filter(
          (f) => !want.includes(f) && !/^(tsconfig.*\.json|consumer-.*|wrangler\.toml)$/.test(f),
        );
        if (extra.length > 0) throw new Error(`unexpected files in the project: ${extra.join(", ")}`);
        writeFileSync(path.join(proj, ".checked"), "");
      },
    },
  ];
}
