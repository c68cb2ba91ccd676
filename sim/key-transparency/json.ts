/**
 * JSON for area C with exact integers, as the auditor (Rust, serde_json) reads and writes them:
 * epochs are u64, beyond JavaScript's safe integers.
 *
 * `parseJsonExact` reads RFC 8259 JSON. An integer literal (no fraction, no exponent) becomes a
 * number when it is a safe integer and a bigint otherwise; a literal with a fraction or an exponent
 * becomes a `JsonFloat` (serde refuses `1.0` and `1e3` where it expects an integer, so validators
 * must be able to tell them apart). `stringifyJson` writes bigints as plain integer literals.
 *
 * Gaps / by design: duplicate keys keep the last value (as JSON.parse); nesting is limited to 128
 * levels (serde_json's own default recursion limit) so that a hostile body cannot exhaust the stack.
 */

/** A number written with a fraction or an exponent. */
export class JsonFloat {
  constructor(readonly value: number) {}
}

export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
}

const MAX_DEPTH = 128;
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
/** A quoted string; JSON.parse of the match then refuses raw control characters and bad escapes. */
const STRING = /"(?:[^"\\]|\\.)*"/y;

export function parseJsonExact(text: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${i}`);
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a string key");
        const key = string();
        ws();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        Object.defineProperty(out, key, {
          value: value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return out;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return out;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail("unexpected character");
    i += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return new JsonFloat(Number(m[0]));
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : BigInt(m[0]);
  };
  const string = (): string => {
    STRING.lastIndex = i;
    const m = STRING.exec(text);
    if (!m) return fail("invalid string");
    i += m[0].length;
    try {
      return JSON.parse(m[0]) as string;
    } catch {
      return fail("invalid string");
    }
  };
  const result = value(0);
  ws();
  if (i !== text.length) fail("unexpected data after the value");
  return result;
}

/** JSON.stringify, with bigints written as integer literals. */
export function stringifyJson(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : stringifyJson(v))).join(",")}]`;
  if (value !== null && typeof value === "object" && !(value instanceof JsonFloat)) {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || typeof v === "function") continue;
      parts.push(`${JSON.stringify(k)}:${stringifyJson(v)}`);
    }
    return `{${parts.join(",")}}`;
  }
  if (value instanceof JsonFloat) return JSON.stringify(value.value);
  return JSON.stringify(value) ?? "null";
}
