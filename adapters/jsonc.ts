/**
 * JSONC as wrangler reads wrangler.json and wrangler.jsonc: Microsoft's `jsonc-parser` with comments
 * and trailing commas allowed, after the UTF-8 byte order mark is stripped. A UTF-16 or UTF-32 byte
 * order mark is refused, as wrangler does. Errors name the line and column of the first problem.
 */
import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";

export class JsoncError extends Error {
  override readonly name = "JsoncError";
}

/** The text without a leading UTF-8 byte order mark; a UTF-16/32 one (decoded as text) is an error. */
export function stripBom(text: string): string {
  if (text.startsWith("\uFEFF")) return text.slice(1);
  // Read as UTF-8, a UTF-16 BOM is U+FFFE (LE) or two U+FFFD (BE, or the start of a UTF-32 one).
  if (text.startsWith("\uFFFE") || text.startsWith("\uFFFD\uFFFD") || text.startsWith("\0\0\uFEFF")) {
    throw new JsoncError("the file is not UTF-8 (it starts with a UTF-16 or UTF-32 byte order mark): save it as UTF-8");
  }
  return text;
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

export function parseJsonc(text: string): unknown {
  const source = stripBom(text);
  const errors: ParseError[] = [];
  const data = parse(source, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const { line, column } = position(source, first.offset);
    throw new JsoncError(`JSON line ${line}, column ${column}: ${printParseErrorCode(first.error)}`);
  }
  return data;
}
