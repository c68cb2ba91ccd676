import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseCheckArgs } from "../commands/check.ts";
import { linesTooWide } from "../terminal.ts";
import { consistencyCommand, parseReplay, replayCommand } from "./command.ts";

const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-consistency-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) } };
}

describe("edgeconf check consistency arguments", () => {
  const parse = (argv: string[]) => parseCheckArgs(argv, dir, () => 42);

  test("defaults: 8 clients, 4 keys, 2000 operations, 10 s, a random seed", () => {
    const p = parse(["consistency", "--target", "sim"]);
    if (!("options" in p)) throw new Error(JSON.stringify(p));
    expect(p.options, "parsed options").toMatchObject({
      area: "object-store",
      target: "sim",
      clients: 8,
      keys: 4,
      ops: 2000,
      seed: 42,
      timeLimitS: 10,
    });
  });

  test("each bad argument gets one message naming the fix", () => {
    const cases: [string[], RegExp][] = [
      [[], /name what to check/],
      [["linearizability"], /unknown check "linearizability"/],
      [["consistency"], /--target is required/],
      [["consistency", "--target", "nope"], /unknown target "nope".*broken:stale-read-cache/],
      [["consistency", "--target", "sim", "--area", "dns"], /--area: one of object-store, dns-protection/],
      [
        ["consistency", "--target", "workerd", "--area", "dns-records"],
        /unknown target "workerd" for --area dns-records/,
      ],
      [["consistency", "--area", "key-transparency"], /--target is required \(sim, serve, http, broken:publish/],
      [["consistency", "--target", "sim", "--clients", "0"], /--clients needs a whole number from 1/],
      [["consistency", "--target", "sim", "--time-limit", "-1"], /--time-limit needs seconds above 0/],
      [["consistency", "--target", "sim", "--seed", "x"], /--seed needs an integer/],
      [["consistency", "--target", "sim", "--bogus"], /unknown option --bogus/],
    ];
    for (const [argv, want] of cases) {
      const p = parse(argv);
      expect("error" in p ? p.error : JSON.stringify(p), `edgeconf check ${argv.join(" ")}`).toMatch(want);
    }
  });
});

describe("edgeconf check consistency runs [D.rule.write-consistency]", () => {
  const options = (target: string, seed: number, outDir: string) => ({
    area: "object-store" as const,
    target,
    clients: 8,
    keys: 4,
    ops: 400,
    seed,
    timeLimitS: 10,
    outDir,
    cwd: dir,
    json: false,
  });

  test("on the simulator: LINEARIZABLE, exit 0, the verdict and the history written", async () => {
    const out = path.join(dir, "sim");
    const c = io();
    const code = await consistencyCommand(options("sim", 5, out), c.io);
    expect(code, `exit status; output: ${c.out.join("")}`).toBe(0);
    expect(c.out.join(""), "console verdict").toMatch(
      /^LINEARIZABLE: 400 operation\(s\) by 8 client\(s\) on 4 key\(s\)/,
    );
    const [run] = readdirSync(out);
    const verdict = JSON.parse(readFileSync(path.join(out, run!, "verdict.json"), "utf8"));
    expect(verdict.result, "verdict.json result").toBe("linearizable");
    const history = JSON.parse(readFileSync(path.join(out, run!, "history.json"), "utf8"));
    expect(history.ops.length, "history.json holds every operation").toBe(400);
    expect(existsSync(path.join(out, run!, "timeline.html")), "no timeline without a violation").toBe(false);
  });

  test("a bucket whose every call fails: NOTHING SERVED, exit 1, no verdict claimed or written", async () => {
    const file = path.join(dir, "failing-bucket.mjs");
    writeFileSync(
      file,
      "export function createBucket() {\n" +
        "  const fail = async () => { throw new Error('bucket down'); };\n" +
        "  return { head: fail, get: fail, put: fail, delete: fail, list: fail,\n" +
        "    createMultipartUpload: fail, resumeMultipartUpload: () => ({ uploadPart: fail, complete: fail, abort: fail }) };\n" +
        "}\n",
    );
    const out = path.join(dir, "failing");
    const before = process.env.EDGECONF_MODULE;
    process.env.EDGECONF_MODULE = file;
    const c = io();
    try {
      const code = await consistencyCommand({ ...options("module", 3, out), ops: 40 }, c.io);
      expect(code, `exit status; output: ${c.out.join("")}`).toBe(1);
    } finally {
      if (before === undefined) delete process.env.EDGECONF_MODULE;
      else process.env.EDGECONF_MODULE = before;
    }
    expect(c.out.join(""), "console: nothing claimed").toMatch(
      /^NOTHING SERVED: no write of the 40 call\(s\) took effect \(40 failed/,
    );
    expect(existsSync(out) ? readdirSync(out) : [], "no run folder: no verdict written").toEqual([]);
  });

  test("on a broken fixture: NOT LINEARIZABLE, exit 1, a timeline and a replay file that fails again", async () => {
    const out = path.join(dir, "broken");
    let code = 0;
    let text = "";
    for (let seed = 1; seed <= 6 && code !== 1; seed++) {
      const c = io();
      code = await consistencyCommand(options("broken:lagging-list", seed, out), c.io);
      text = c.out.join("");
    }
    expect(code, `exit status; output: ${text}`).toBe(1);
    expect(text, "console verdict (its lines wrapped to 80 columns)").toMatch(
      /^NOT LINEARIZABLE: [^\n]*\n( {2}[^\n]*\n)*No order of these \d+ operation\(s\) on /,
    );
    expect(linesTooWide(text), "console lines over 80 columns (more than one word)").toEqual([]);
    const run = readdirSync(out).find((d) => existsSync(path.join(out, d, "timeline.html")))!;
    const html = readFileSync(path.join(out, run, "timeline.html"), "utf8");
    expect(html, "timeline: one lane per client").toMatch(/<div class="who">client \d+<\/div>/);
    expect(html, "timeline: the witness drawn").toMatch(/class="op witness/);
    const replayDir = path.join(out, run, "replays");
    const file = path.join(replayDir, readdirSync(replayDir)[0]!);
    const replay = parseReplay(readFileSync(file, "utf8"), file);
    expect(replay.command, "the replay names the command that records such a history").toMatch(
      /^edgeconf check consistency --area object-store --target broken:lagging-list /,
    );
    const c = io();
    expect(replayCommand(replay, c.io), `replay exit status; output: ${c.out.join("")}`).toBe(1);
    expect(c.out.join(""), "replay verdict").toMatch(/STILL NOT LINEARIZABLE/);
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ kind: "edgeconf-diff-replay" }));
    expect(() => parseReplay(readFileSync(bad, "utf8"), bad), "another kind of file").toThrow(
      /is not an edgeconf consistency replay file/,
    );
  });
});

describe("edgeconf check consistency on the HTTP areas [C.consistency.publish-once] [B.consistency.conflict-create]", () => {
  test("--area and the http target's flags parse", () => {
    const p = parseCheckArgs(
      ["consistency", "--area", "dns-records", "--target", "http", "--base-url", "http://127.0.0.1:9/client/v4"],
      dir,
      () => 1,
    );
    if (!("options" in p)) throw new Error(JSON.stringify(p));
    expect(p.options.area, "parsed area").toBe("dns-records");
    expect(p.env, "the base URL handed to the http target").toEqual({
      EDGECONF_BASE_URL: "http://127.0.0.1:9/client/v4",
    });
  });

  test("a broken fixture: NOT LINEARIZABLE naming the racing publishes, a timeline, a replay that fails again", async () => {
    const out = path.join(dir, "kt");
    const c = io();
    const code = await consistencyCommand(
      {
        area: "key-transparency",
        target: "broken:publish-without-compare-and-set",
        clients: 8,
        keys: 2,
        ops: 200,
        seed: 3,
        timeLimitS: 10,
        outDir: out,
        cwd: dir,
        json: false,
      },
      c.io,
    );
    const text = c.out.join("");
    expect(code, `exit status; output: ${text}`).toBe(1);
    // Lines wrap to the terminal's width: compare with the whitespace folded.
    expect(text.replace(/\s+/g, " "), "console verdict: two publishes of one epoch, both accepted").toMatch(
      /NOT LINEARIZABLE: 200 operation\(s\).* publish epoch (\d+) [^→]* → accepted \(epoch \1\) .*publish epoch \1 [^→]* → accepted \(epoch \1\)/,
    );
    const [run] = readdirSync(out);
    const html = readFileSync(path.join(out, run!, "timeline.html"), "utf8");
    expect(html, "timeline: the witness drawn, the area's words").toMatch(
      /the namespace's log is not[\s\S]*class="op witness/,
    );
    const replayDir = path.join(out, run!, "replays");
    const file = path.join(replayDir, readdirSync(replayDir)[0]!);
    const replay = parseReplay(readFileSync(file, "utf8"), file);
    const again = io();
    expect(replayCommand(replay, again.io), `replay exit status; output: ${again.out.join("")}`).toBe(1);
    expect(again.out.join(""), "replay verdict").toMatch(/STILL NOT LINEARIZABLE/);
  });
});
