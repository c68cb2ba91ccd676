/**
 * Output that fits the terminal: every command's help within 80 columns, and the wrapping that keeps
 * option tables tables.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { HELP, main } from "./cli.ts";
import { DEFAULT_COLUMNS, fitLine, terminalWidth, wrapText } from "./terminal.ts";

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
