/**
 * A small TOML parser: the subset wrangler configurations use.
 *
 * Supported: comments, `[table]`, `[[array.of.tables]]`, bare/quoted/dotted keys, basic and literal
 * strings (single- and multi-line, with escapes), integers (decimal, hex, octal, binary, `_`),
 * floats, booleans, arrays (multi-line, trailing comma), inline tables, and dates/times (kept as
 * their text). Errors name the line and column.
 *
 * Gaps / by design: no redefinition checks beyond "a key is set twice"; dates are not converted to
 * Date objects (wrangler reads `compatibility_date` as text anyway).
 */

export class TomlError extends Error {
  override readonly name = "TomlError";
}

type Table = Record<string, unknown>;

const BARE_KEY = /[A-Za-z0-9_-]/;

export function parseToml(text: string): Table {
  return new Parser(text).parse();
}

class Parser {
  #s: string;
  #i = 0;
  readonly #root: Table = {};
  /** Tables defined by a header or implicitly, and arrays of tables, for the "set twice" checks. */
  readonly #explicit = new Set<Table>();

  constructor(text: string) {
    this.#s = text.replace(/\r\n/g, "\n");
  }

  #fail(message: string): never {
    const before = this.#s.slice(0, this.#i);
    const line = before.split("\n").length;
    const col = this.#i - before.lastIndexOf("\n");
    throw new TomlError(`TOML line ${line}, column ${col}: ${message}`);
  }

  #peek(n = 0): string {
    return this.#s[this.#i + n] ?? "";
  }

  #skipSpace(): void {
    while (this.#peek() === " " || this.#peek() === "\t") this.#i++;
  }

  #skipComment(): void {
    if (this.#peek() === "#") while (this.#i < this.#s.length && this.#peek() !== "\n") this.#i++;
  }

  /** Spaces, newlines and comments (inside arrays). */
  #skipAll(): void {
    for (;;) {
      this.#skipSpace();
      this.#skipComment();
      if (this.#peek() === "\n") this.#i++;
      else return;
    }
  }

  #endOfLine(): void {
    this.#skipSpace();
    this.#skipComment();
    if (this.#i < this.#s.length && this.#peek() !== "\n") this.#fail(`unexpected "${this.#peek()}" after the value`);
    this.#i++;
  }

  parse(): Table {
    let current = this.#root;
    while (this.#i < this.#s.length) {
      this.#skipAll();
      if (this.#i >= this.#s.length) break;
      if (this.#peek() === "[") {
        const isArray = this.#peek(1) === "[";
        this.#i += isArray ? 2 : 1;
        this.#skipSpace();
        const keys = this.#key();
        this.#skipSpace();
        if (isArray ? this.#s.slice(this.#i, this.#i + 2) !== "]]" : this.#peek() !== "]") {
          this.#fail(`expected "${isArray ? "]]" : "]"}" to close the table header`);
        }
        this.#i += isArray ? 2 : 1;
        current = isArray ? this.#arrayTable(keys) : this.#table(keys);
        this.#endOfLine();
        continue;
      }
      const keys = this.#key();
      this.#skipSpace();
      if (this.#peek() !== "=") this.#fail(`expected "=" after the key ${keys.join(".")}`);
      this.#i++;
      this.#skipSpace();
      this.#assign(current, keys, this.#value());
      this.#endOfLine();
    }
    return this.#root;
  }

  #descend(table: Table, key: string): Table {
    const existing = table[key];
    if (existing === undefined) {
      const t: Table = {};
      table[key] = t;
      return t;
    }
    if (Array.isArray(existing)) {
      const last = existing[existing.length - 1];
      if (last && typeof last === "object" && !Array.isArray(last)) return last as Table;
      this.#fail(`key "${key}" is an array, not a table`);
    }
    if (typeof existing === "object" && existing !== null) return existing as Table;
    this.#fail(`key "${key}" is a value, not a table`);
  }

  #table(keys: string[]): Table {
    let t = this.#root;
    for (const k of keys) t = this.#descend(t, k);
    if (this.#explicit.has(t)) this.#fail(`table [${keys.join(".")}] is defined twice`);
    this.#explicit.add(t);
    return t;
  }

  #arrayTable(keys: string[]): Table {
    let t = this.#root;
    for (const k of keys.slice(0, -1)) t = this.#descend(t, k);
    const last = keys[keys.length - 1]!;
    const existing = t[last];
    const entry: Table = {};
    if (existing === undefined) t[last] = [entry];
    else if (Array.isArray(existing)) existing.push(entry);
    else this.#fail(`[[${keys.join(".")}]] clashes with a key already set`);
    return entry;
  }

  #assign(table: Table, keys: string[], value: unknown): void {
    let t = table;
    for (const k of keys.slice(0, -1)) t = this.#descend(t, k);
    const last = keys[keys.length - 1]!;
    if (Object.hasOwn(t, last)) this.#fail(`key "${keys.join(".")}" is set twice`);
    t[last] = value;
  }

  #key(): string[] {
    const keys: string[] = [];
    for (;;) {
      this.#skipSpace();
      const c = this.#peek();
      if (c === '"') keys.push(this.#basicString());
      else if (c === "'") keys.push(this.#literalString());
      else {
        const start = this.#i;
        while (BARE_KEY.test(this.#peek())) this.#i++;
        if (start === this.#i) this.#fail(c === "" ? "expected a key" : `unexpected "${c}" where a key was expected`);
        keys.push(this.#s.slice(start, this.#i));
      }
      this.#skipSpace();
      if (this.#peek() !== ".") return keys;
      this.#i++;
    }
  }

  #value(): unknown {
    const c = this.#peek();
    if (c === '"') return this.#s.startsWith('"""', this.#i) ? this.#multiBasic() : this.#basicString();
    if (c === "'") return this.#s.startsWith("'''", this.#i) ? this.#multiLiteral() : this.#literalString();
    if (c === "[") return this.#array();
    if (c === "{") return this.#inlineTable();
    if (this.#s.startsWith("true", this.#i) && !BARE_KEY.test(this.#peek(4))) {
      this.#i += 4;
      return true;
    }
    if (this.#s.startsWith("false", this.#i) && !BARE_KEY.test(this.#peek(5))) {
      this.#i += 5;
      return false;
    }
    return this.#scalar();
  }

  #scalar(): unknown {
    const rest = this.#s.slice(this.#i);
    const when =
      /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)?/.exec(rest) ??
      /^\d{2}:\d{2}:\d{2}(?:\.\d+)?/.exec(rest);
    if (when) {
      this.#i += when[0].length;
      return when[0];
    }
    const m = /^[0-9A-Za-z_+\-.]+/.exec(rest);
    if (!m) this.#fail(`unexpected "${this.#peek()}" where a value was expected`);
    const raw = m[0];
    this.#i += raw.length;
    if (/^[+-]?(inf|nan)$/.test(raw)) return raw.endsWith("inf") ? (raw.startsWith("-") ? -Infinity : Infinity) : NaN;
    const clean = raw.replace(/_/g, "");
    if (/^0x[0-9a-fA-F]+$/.test(clean)) return Number.parseInt(clean.slice(2), 16);
    if (/^0o[0-7]+$/.test(clean)) return Number.parseInt(clean.slice(2), 8);
    if (/^0b[01]+$/.test(clean)) return Number.parseInt(clean.slice(2), 2);
    if (/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(clean)) return Number(clean);
    this.#fail(`"${raw}" is not a TOML value (strings need quotes)`);
  }

  #escape(): string {
    const c = this.#peek();
    this.#i++;
    const simple: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };
    if (c in simple) return simple[c]!;
    if (c === "u" || c === "U") {
      const len = c === "u" ? 4 : 8;
      const hex = this.#s.slice(this.#i, this.#i + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) this.#fail(`bad \\${c} escape`);
      this.#i += len;
      return String.fromCodePoint(Number.parseInt(hex, 16));
    }
    this.#fail(`unknown escape \\${c}`);
  }

  #basicString(): string {
    this.#i++;
    let out = "";
    for (;;) {
      const c = this.#peek();
      if (c === "" || c === "\n") this.#fail("unterminated string");
      this.#i++;
      if (c === '"') return out;
      out += c === "\\" ? this.#escape() : c;
    }
  }

  #literalString(): string {
    this.#i++;
    const end = this.#s.indexOf("'", this.#i);
    const nl = this.#s.indexOf("\n", this.#i);
    if (end < 0 || (nl >= 0 && nl < end)) this.#fail("unterminated string");
    const out = this.#s.slice(this.#i, end);
    this.#i = end + 1;
    return out;
  }

  #multiBasic(): string {
    this.#i += 3;
    if (this.#peek() === "\n") this.#i++;
    let out = "";
    for (;;) {
      if (this.#i >= this.#s.length) this.#fail("unterminated multi-line string");
      if (this.#s.startsWith('"""', this.#i)) {
        this.#i += 3;
        return out;
      }
      const c = this.#peek();
      this.#i++;
      if (c !== "\\") {
        out += c;
        continue;
      }
      if (/^[ \t]*\n/.test(this.#s.slice(this.#i))) {
        while (/[ \t\n]/.test(this.#peek())) this.#i++;
        continue;
      }
      out += this.#escape();
    }
  }

  #multiLiteral(): string {
    this.#i += 3;
    if (this.#peek() === "\n") this.#i++;
    const end = this.#s.indexOf("'''", this.#i);
    if (end < 0) this.#fail("unterminated multi-line string");
    const out = this.#s.slice(this.#i, end);
    this.#i = end + 3;
    return out;
  }

  #array(): unknown[] {
    this.#i++;
    const out: unknown[] = [];
    for (;;) {
      this.#skipAll();
      if (this.#peek() === "]") {
        this.#i++;
        return out;
      }
      out.push(this.#value());
      this.#skipAll();
      if (this.#peek() === ",") this.#i++;
      else if (this.#peek() !== "]") this.#fail('expected "," or "]" in the array');
    }
  }

  #inlineTable(): Table {
    this.#i++;
    const t: Table = {};
    this.#skipSpace();
    if (this.#peek() === "}") {
      this.#i++;
      return t;
    }
    for (;;) {
      const keys = this.#key();
      this.#skipSpace();
      if (this.#peek() !== "=") this.#fail(`expected "=" after the key ${keys.join(".")}`);
      this.#i++;
      this.#skipSpace();
      this.#assign(t, keys, this.#value());
      this.#skipSpace();
      if (this.#peek() === "}") {
        this.#i++;
        return t;
      }
      if (this.#peek() !== ",") this.#fail('expected "," or "}" in the inline table');
      this.#i++;
    }
  }
}
