/**
 * Output that fits the terminal: every command's help within 80 columns, the wrapping that keeps option
 * tables tables, and a run's summary within 80 columns with its replay commands still commands.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { HELP, main } from "./cli.ts";
import { buildReport } from "./report/build.ts";
import { consoleSummary } from "./report/console.ts";
import { raw, sampleInput } from "./report/sample.ts";
import {
  DEFAULT_COLUMNS,
  fitLine,
  linesTooWide,
  terminalWidth,
  wrapCommand,
  wrapLine,
  wrapMarkdown,
  wrapText,
} from "./terminal.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

/** What `edgeconf <argv>` writes to stdout, run in this process. */
async function stdoutOf(argv: string[]): Promise<string> {
  let out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const code = await main(argv);
  vi.restoreAllMocks();
  expect(code, `exit status of edgeconf ${argv.join(" ")}`).toBe(0);
  return out;
}

/** The commands the top-level help lists. */
function commands(): string[] {
  const section = HELP.slice(HELP.indexOf("Commands:"), HELP.indexOf("\n\n", HELP.indexOf("Commands:")));
  return [...section.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) => m[1]!);
}

describe("help texts", () => {
  test("every command's help stays within 80 columns", async () => {
    expect(commands(), "commands listed by edgeconf --help").toEqual(
      expect.arrayContaining(["run", "serve", "fuzz", "replay", "report", "bridge", "diff"]),
    );
    for (const argv of [["--help"], ...commands().map((c) => [c, "--help"])]) {
      const text = await stdoutOf(argv);
      expect(text.length, `edgeconf ${argv.join(" ")} prints its help`).toBeGreaterThan(100);
      const wide = text.split("\n").filter((line) => line.length > DEFAULT_COLUMNS);
      expect(wide, `lines of edgeconf ${argv.join(" ")} over ${DEFAULT_COLUMNS} columns`).toEqual([]);
    }
  });
});

describe("wrapText", () => {
  test("an option's description wraps under itself; the option column is kept as written", () => {
    const text = `Options:\n  --port N     ${"word ".repeat(20).trim()}\n  --seed N     short\n`;
    expect(wrapText(text, 40), "an option table wrapped to 40 columns").toBe(
      [
        "Options:",
        "  --port N     word word word word word",
        "               word word word word word",
        "               word word word word word",
        "               word word word word word",
        "  --seed N     short",
        "",
      ].join("\n"),
    );
  });

  test("a paragraph is reflowed as one; blank lines and blocks that fit are left as written", () => {
    const text = `${"aaaa ".repeat(12).trim()}\nbbbb cccc\n\n  keep   this  as is\n`;
    expect(wrapText(text, 30), "a paragraph wrapped to 30 columns").toBe(
      "aaaa aaaa aaaa aaaa aaaa aaaa\naaaa aaaa aaaa aaaa aaaa aaaa\nbbbb cccc\n\n  keep   this  as is\n",
    );
  });

  test("a usage line continues under its first argument", () => {
    const text = `Usage: edgeconf diff ${"[--opt X] ".repeat(6).trim()}`;
    expect(wrapText(text, 50), "a usage line wrapped to 50 columns").toBe(
      `Usage: edgeconf diff [--opt X] [--opt X] [--opt X]\n${" ".repeat(21)}[--opt X] [--opt X] [--opt X]`,
    );
  });
});

describe("fitLine and terminalWidth", () => {
  test("a line longer than the width is cut, ending in …", () => {
    expect(fitLine("abcdef", 4), "abcdef in 4 columns").toBe("abc…");
    expect(fitLine("abc", 4), "abc in 4 columns").toBe("abc");
  });

  test("the terminal's columns, or 80 when the stream is not a terminal", () => {
    expect(terminalWidth({ isTTY: true, columns: 132 }), "a 132-column terminal").toBe(132);
    expect(terminalWidth({ isTTY: false, columns: 132 }), "not a terminal").toBe(80);
    expect(terminalWidth({}), "a pipe").toBe(80);
  });
});

/** A run with what makes summary lines long: a long module path, long names and errors, quoted replay arguments. */
function longRun() {
  const clauses = ["D.cond.headers", "D.cond.header-mapping", "D.cond.precedence", "D.cond.strict-dates"];
  const long = (n: number) =>
    raw(
      "suites/object-store/conditional-headers.test.ts",
      ["conditional headers", `${"word ".repeat(14)}${n} [${clauses.join(", ")}]`],
      "failed",
      {
        errors: [
          `AssertionError: get("k", {onlyIf: Headers {if-match: W/"etag"}}) proceeds [D.cond.headers]: ${"expected true to be false ".repeat(3)}`,
        ],
        meta: { clauses },
      },
    );
  return buildReport(
    sampleInput({
      target: { name: "module", identity: "module ../../../some/long/path/to/the/users/own/bucket-implementation.ts" },
      tests: [long(1), long(2), ...sampleInput().tests],
      replayFor: (t) =>
        `npx edgeconf run --target module --module ../bucket.ts --seed 1270707851 --include ${t.file} --grep '${t.title.replace(/[[\].()]/g, "\\$&")}$' --grep 'it'\\''s'`,
    }),
  );
}

describe("the run's summary", () => {
  test("every line within 80 columns but a single word that cannot be broken (a path, a quoted argument)", () => {
    const text = consoleSummary(longRun(), "reports/2026-01-01T00-00-00-000Z-module", DEFAULT_COLUMNS);
    const wide = linesTooWide(text);
    expect(wide, "summary lines over 80 columns that are more than one word").toEqual([]);
    expect(text, "the totals, on a line of their own").toMatch(
      /\n {2}7 tests in 10\.0 s: 1 passed, 4 failed, 1 failed as expected,/,
    );
    // A wider terminal gets longer lines.
    const wider = consoleSummary(longRun(), "reports/x", 200).split("\n");
    expect(Math.max(...wider.map((l) => l.length)), "the longest line at 200 columns").toBeGreaterThan(DEFAULT_COLUMNS);
  });

  test("a replay command wrapped with \\ continuations is, joined back, the command as written", () => {
    const report = longRun();
    const text = consoleSummary(report, "reports/x", DEFAULT_COLUMNS);
    const start = text.indexOf("      replay: npx edgeconf run");
    const end = text.indexOf("\n", text.indexOf("it'\\''s'", start));
    const joined = text
      .slice(start, end)
      .replace(/ \\\n +/g, " ")
      .replace(/^ +replay: /, "");
    expect(joined, "the first replay command, its lines joined").toBe(
      report.tests.find((t) => t.replay?.startsWith("npx"))!.replay,
    );
    expect(text.slice(start, end).split("\n").length, "the command takes several lines").toBeGreaterThan(1);
  });
});

describe("wrapLine and wrapCommand", () => {
  test("wrapLine keeps its head as written and continues under the pad", () => {
    expect(wrapLine("  a     ", "one two three four", 16, "        "), "a padded column, 16 wide").toEqual([
      "  a     one two",
      "        three",
      "        four",
    ]);
  });

  test("wrapCommand breaks between words only, never inside quotes, and ends each line but the last in \\", () => {
    const lines = wrapCommand("$ ", "cmd --grep 'a b c d e' --x \\ y 'it'\\''s' z", 14, "  ");
    expect(lines, "a command in 14 columns").toEqual([
      "$ cmd --grep \\",
      "  'a b c d e' \\",
      "  --x \\ y \\",
      "  'it'\\''s' \\",
      "  z",
    ]);
  });
});

describe("wrapMarkdown", () => {
  test("prose and list items wrap (items under their text); headings, tables and code stay as written", () => {
    const long = "word ".repeat(12).trim();
    const md = ["## a heading that is longer than the width", "", long, `- ${long}`, `| ${long} |`, "```", long, "```"];
    expect(wrapMarkdown(md.join("\n"), 30).split("\n"), "Markdown wrapped to 30 columns").toEqual([
      "## a heading that is longer than the width",
      "",
      "word word word word word word",
      "word word word word word word",
      "- word word word word word",
      "  word word word word word",
      "  word word",
      `| ${long} |`,
      "```",
      long,
      "```",
    ]);
  });
});
