/**
 * The wrangler configuration parsers: smol-toml and jsonc-parser behind two small wrappers. What is
 * checked here is the wrappers' part (byte order marks, error positions, trailing commas, comments)
 * and that the documents wrangler users write come back as wrangler reads them.
 */
import { describe, expect, test } from "vitest";
import { JsoncError, parseJsonc } from "./jsonc.ts";
import { parseToml, TomlError } from "./toml.ts";

describe("parseToml (smol-toml)", () => {
  test("a wrangler.toml: tables, arrays of tables, dotted keys, strings, numbers, inline tables", () => {
    const doc = parseToml(`
# top
name = "worker" # trailing comment
compatibility_date = "2024-09-23"
compatibility_flags = [ "nodejs_compat",
  "r2_list_honor_include", # comment in an array
]
site.bucket = './public'
numbers = { dec = 1_000, hex = 0xff, flt = -1.5e2, yes = true }

[vars]
GREETING = "hi"

[[r2_buckets]]
binding = "A"
bucket_name = "a-bucket"

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
      numbers: { dec: 1000, hex: 255, flt: -150, yes: true },
      vars: { GREETING: "hi" },
      r2_buckets: [{ binding: "A", bucket_name: "a-bucket" }],
      env: { staging: { compatibility_date: "2021-01-01", r2_buckets: [{ binding: "S", bucket_name: "s-bucket" }] } },
    });
  });

  test("a UTF-8 byte order mark and CRLF line ends are accepted", () => {
    expect(parseToml('\uFEFFname = "w"\r\n[vars]\r\nA = 1\r\n')).toEqual({ name: "w", vars: { A: 1 } });
  });

  test("an unquoted date is a date, not a string (wrangler then refuses it as compatibility_date)", () => {
    expect(parseToml("compatibility_date = 2024-09-23").compatibility_date).toBeInstanceOf(Date);
  });

  test("what TOML refuses is refused, with the line and column", () => {
    expect(() => parseToml('a = "x"\nb = unquoted')).toThrow(/^TOML line 2, column \d+: /);
    expect(() => parseToml('a = "open')).toThrow(TomlError);
    expect(() => parseToml("a = 1\na = 2")).toThrow(/line 2/);
    expect(() => parseToml("[t]\n[t]")).toThrow(TomlError);
    expect(() => parseToml("a = [1 2]")).toThrow(TomlError);
    expect(() => parseToml("a = 1\na = 2")).toThrow(/redefine/);
  });
});

describe("parseJsonc (jsonc-parser, as wrangler calls it)", () => {
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

  test("a UTF-8 byte order mark is stripped; a UTF-16 one is refused", () => {
    expect(parseJsonc('\uFEFF{"a": 1}')).toEqual({ a: 1 });
    expect(() => parseJsonc('\uFFFE{"a": 1}')).toThrow(/not UTF-8/);
  });

  test("errors carry the line and column of the first problem", () => {
    expect(() => parseJsonc('{\n  "a": 1\n  "b": 2\n}')).toThrow(/^JSON line 3, column 3: CommaExpected$/);
    expect(() => parseJsonc("")).toThrow(JsoncError);
    expect(() => parseJsonc("{'a': 1}")).toThrow(JsoncError);
  });
});
