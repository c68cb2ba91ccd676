import { describe, expect, test } from "vitest";
import { propertyParameters } from "../harness/clauses/property.ts";
import { parseJsonc } from "./jsonc.ts";
import { parseToml, TomlError } from "./toml.ts";

describe("parseToml (wrangler subset)", () => {
  test("tables, arrays of tables, dotted keys, strings, numbers, arrays and inline tables", () => {
    const doc = parseToml(`
# top
name = "worker" # trailing comment
compatibility_date = "2024-09-23"
compatibility_flags = [ "nodejs_compat",
  "r2_list_honor_include", # comment in an array
]
site.bucket = './public'
numbers = { dec = 1_000, hex = 0xff, oct = 0o17, bin = 0b101, flt = -1.5e2, yes = true, no = false }
date = 2024-01-02
path = 'C:\\raw'
esc = "tab\\tq\\"\\u00e9"
multi = """
line1 \\
  line2"""
lit = '''
a'b'''

[vars]
GREETING = "hi"

[[r2_buckets]]
binding = "A"
bucket_name = "a-bucket"

[[r2_buckets]]
binding = "B"
bucket_name = "b-bucket"

[env.staging]
compatibility_date = "2021-01-01"

[[env.staging.r2_buckets]]
binding = "S"
bucket_name = "s-bucket"
`);
    expect(doc).toEqual({
      name: "worker",
      compatibility_date: "2024-09-23",
      compatibility_flags: ["nodejs_compat", "r2_list_honor_include"],
      site: { bucket: "./public" },
      numbers: { dec: 1000, hex: 255, oct: 15, bin: 5, flt: -150, yes: true, no: false },
      date: "2024-01-02",
      path: "C:\\raw",
      esc: 'tab\tq"é',
      multi: "line1 line2",
      lit: "a'b",
      vars: { GREETING: "hi" },
      r2_buckets: [
        { binding: "A", bucket_name: "a-bucket" },
        { binding: "B", bucket_name: "b-bucket" },
      ],
      env: { staging: { compatibility_date: "2021-01-01", r2_buckets: [{ binding: "S", bucket_name: "s-bucket" }] } },
    });
  });

  test("errors name the line and what is wrong", () => {
    expect(() => parseToml('a = "x"\nb = unquoted')).toThrow(/line 2.*"unquoted" is not a TOML value/);
    expect(() => parseToml('a = "open')).toThrow(/line 1.*unterminated string/);
    expect(() => parseToml("a = 1\na = 2")).toThrow(/line 2.*set twice/);
    expect(() => parseToml("[t]\n[t]")).toThrow(/defined twice/);
    expect(() => parseToml("[t\nx=1")).toThrow(TomlError);
    expect(() => parseToml("a = [1 2]")).toThrow(/expected "," or "\]"/);
    expect(() => parseToml("a = 1 b = 2")).toThrow(/after the value/);
  });
});

describe("parseJsonc", () => {
  test("comments and trailing commas, strings left alone", () => {
    expect(
      parseJsonc(`{
        // line comment
        "a": "// not a comment, /* nor this */", /* block
        comment */ "b": [1, 2,],
        "c": { "d": "x,]", },
      }`),
    ).toEqual({ a: "// not a comment, /* nor this */", b: [1, 2], c: { d: "x,]" } });
  });

  test("errors carry a position", () => {
    expect(() => parseJsonc('{\n  "a": 1\n  "b": 2\n}')).toThrow(/JSON line 3/);
  });
});

describe("parseToml: property", () => {
  /** A TOML basic string for any text (the escapes TOML defines, \\u for other control characters). */
  function tomlString(s: string): string {
    let out = '"';
    for (const ch of s) {
      const code = ch.codePointAt(0)!;
      if (ch === '"') out += '\\"';
      else if (ch === "\\") out += "\\\\";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\t") out += "\\t";
      else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, "0")}`;
      else out += ch;
    }
    return `${out}"`;
  }

  test("arrays of tables with any strings, integers, booleans and string arrays read back exactly", async () => {
    const fc = (await import("fast-check")).default;
    const entry = fc.record({
      binding: fc.string(),
      bucket_name: fc.string({ unit: "binary" }),
      n: fc.integer(),
      flag: fc.boolean(),
      list: fc.array(fc.string(), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.string(), fc.array(entry, { maxLength: 4 }), (date, entries) => {
        let text = `compatibility_date = ${tomlString(date)} # comment\n`;
        for (const e of entries) {
          text += `\n[[r2_buckets]]\nbinding = ${tomlString(e.binding)}\nbucket_name = ${tomlString(e.bucket_name)}\n`;
          text += `n = ${e.n}\nflag = ${e.flag}\nlist = [${e.list.map(tomlString).join(", ")}${e.list.length ? "," : ""}]\n`;
        }
        const expected: Record<string, unknown> = { compatibility_date: date };
        if (entries.length) expected.r2_buckets = entries;
        expect(parseToml(text)).toEqual(expected);
      }),
      propertyParameters({ numRuns: 200 }),
    );
  });
});
