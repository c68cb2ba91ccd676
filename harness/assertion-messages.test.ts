/**
 * Every assertion in the suites and properties says what it compared: each `expect(value, message)`,
 * `expect.soft(value, message)` and `expect.poll(fn, message)` in suites/** and properties/** carries vitest's
 * message argument, so that a failure names the call, the field and the rule (`head("k").uploaded: a Date
 * within 1 s of the write`) and a report's causes group by what to fix (CONTRIBUTING.md, rules of the house).
 *
 * Read with the TypeScript compiler's scanner, so strings, comments, templates and regular expressions are
 * told apart from code, and a message on its own line, a template or a variable counts. The scanner, not the
 * parser: parsing the ~80 files costs ~0.4 s of CPU in a fresh process, scanning them ~0.06 s; and `require`,
 * not `import`: Node's ESM loader lexes the 9 MB CommonJS file for its exports (~0.3 s more).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";

const ts: typeof TS = createRequire(import.meta.url)("typescript");
const ROOT = join(import.meta.dirname, "..");
const SCANNED = ["suites", "properties"];
const K = ts.SyntaxKind;

/** Tokens after which a `/` starts a division, not a regular expression. */
const ENDS_OPERAND = new Set<TS.SyntaxKind>([
  K.Identifier,
  K.PrivateIdentifier,
  K.CloseParenToken,
  K.CloseBracketToken,
  K.CloseBraceToken,
  K.NumericLiteral,
  K.BigIntLiteral,
  K.StringLiteral,
  K.NoSubstitutionTemplateLiteral,
  K.TemplateTail,
  K.RegularExpressionLiteral,
  K.ThisKeyword,
  K.SuperKeyword,
  K.TrueKeyword,
  K.FalseKeyword,
  K.NullKeyword,
  K.PlusPlusToken,
  K.MinusMinusToken,
]);

interface Call {
  line: number;
  depth: number;
  args: number;
  expectingArg: boolean;
}

/** The 1-based lines of the `expect(...)` / `expect.soft(...)` / `expect.poll(...)` calls of `source` that pass no message. */
function unmessagedAssertions(source: string): number[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const braces: ("brace" | "template")[] = [];
  const calls: Call[] = [];
  const found: number[] = [];
  let depth = 0;
  let previous: TS.SyntaxKind | undefined;
  let pending: { line: number; step: "name" | "dot" | "member" } | undefined;
  let counted = 0;
  let lineNumber = 1;
  const lineAt = (pos: number): number => {
    for (; counted < pos; counted++) if (source.charCodeAt(counted) === 10) lineNumber += 1;
    return lineNumber;
  };
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    if (kind === K.CloseBraceToken && braces.pop() === "template") kind = scanner.reScanTemplateToken(false);
    else if (
      (kind === K.SlashToken || kind === K.SlashEqualsToken) &&
      !(previous !== undefined && ENDS_OPERAND.has(previous))
    )
      kind = scanner.reScanSlashToken();
    if (kind === K.OpenBraceToken) braces.push("brace");
    if (kind === K.TemplateHead || kind === K.TemplateMiddle) braces.push("template");

    const call = calls.at(-1);
    if (call?.expectingArg && call.depth === depth && kind !== K.CloseParenToken) {
      call.args += 1;
      call.expectingArg = false;
    }
    if (kind === K.CommaToken && call?.depth === depth) call.expectingArg = true;
    if (kind === K.CloseParenToken && call?.depth === depth) {
      calls.pop();
      if (call.args < 2) found.push(call.line);
    }

    // `expect (` or `expect . soft|poll (`, not `x.expect (`.
    const name = kind === K.Identifier ? scanner.getTokenValue() : "";
    if (pending?.step === "name" && kind === K.DotToken) pending.step = "dot";
    else if (pending?.step === "dot" && (name === "soft" || name === "poll")) pending.step = "member";
    else if (pending) {
      if (pending.step !== "dot" && kind === K.OpenParenToken)
        calls.push({ line: pending.line, depth: depth + 1, args: 0, expectingArg: true });
      pending = undefined;
    } else if (name === "expect" && previous !== K.DotToken)
      pending = { line: lineAt(scanner.getTokenStart()), step: "name" };

    if (
      kind === K.OpenParenToken ||
      kind === K.OpenBracketToken ||
      kind === K.OpenBraceToken ||
      kind === K.TemplateHead
    )
      depth += 1;
    if (
      kind === K.CloseParenToken ||
      kind === K.CloseBracketToken ||
      kind === K.CloseBraceToken ||
      kind === K.TemplateTail
    )
      depth -= 1;
    previous = kind;
  }
  return found.sort((a, b) => a - b);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe("assertion messages", () => {
  it("finds each expect without a message and passes one with a message, whatever surrounds it", () => {
    const source = [
      "expect(a).toBe(1);", // 1
      "expect(a, 'get(\"k\").size: the bytes written').toBe(1);",
      "expect.soft(b).toEqual({});", // 3
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
      'expect.soft(b, `list().objects[${i}]: in ${order("key", { a: 1 })} order`).toEqual({ x: [1, 2] });',
      "expect(",
      "  c,",
      "  message,",
      ").toBe(2);",
      "await expect(p).rejects.toThrow(/a(b/);", // 9
      "expect(d).toEqual(expect.objectContaining({ a: 1 }));", // 10
      "// expect(e).toBe(1) in a comment",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
      "const s = 'expect(f).toBe(1)' + `expect(${'g'})`;",
      "expect.poll(() => g).toBe(1);", // 13
      "expect(/,expect(/.test(h), 'a regex with a comma and a paren: one argument before the message').toBe(true);",
      "expect(fn(a, b)).toBe(c / d);", // 15
      "expect(", // 16
      "  [a, b],",
      ").toEqual([]);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
      "other.expect(x); expect(`${a}, ${b}`).toBe(1);", // 19
      "expect(x, ).toBe(1);", // 20: a trailing comma is no message
    ].join("\n");
    expect(
      unmessagedAssertions(source),
      "unmessagedAssertions(sample): the lines of the calls with no second argument",
    ).toEqual([1, 3, 9, 10, 13, 15, 16, 19, 20]);
  });

  it("every expect in suites/** and properties/** carries a message naming what it compared", () => {
    const missing: string[] = [];
    for (const dir of SCANNED) {
      for (const path of sourceFiles(join(ROOT, dir))) {
        const source = readFileSync(path, "utf8");
        for (const line of unmessagedAssertions(source)) missing.push(`${relative(ROOT, path)}:${line}`);
      }
    }
    expect(
      missing,
      `expect(value, message) in suites/** and properties/**: ${missing.length} assertion(s) without a message naming the call, the field and the rule`,
    ).toEqual([]);
  });
});
