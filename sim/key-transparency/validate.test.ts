import { describe, expect, test } from "vitest";
import { KtError } from "./errors.ts";
import { parseJsonExact } from "./json.ts";
import {
  DEFAULT_PUBLIC,
  isValidLogDirectory,
  nameProblem,
  parseDigestHex,
  parseEpochText,
  parseRoot,
  U64_MAX,
  u64Of,
  validatePublish,
  validateRegister,
  validateStatusPatch,
} from "./validate.ts";

const HEX = "ab".repeat(32);
const body = { name: "log.example.test", public: true, root: `1/${HEX}`, signature_version: 1 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof KtError) return e.code;
    throw e;
  }
  return undefined;
}

describe("namespace names", () => {
  test.each(["a", "log1.example.test", "whatsapp.key-transparency.v1", "0-0", `${"a".repeat(63)}.b`])(
    "accepts %s",
    (n) => expect(nameProblem(n)).toBeUndefined(),
  );
  test.each([
    "",
    "Upper.case",
    "-lead",
    "trail-",
    "a..b",
    ".a",
    "a.",
    "a_b",
    "a/b",
    "a b",
    "é",
    "a".repeat(64),
    `${"a".repeat(63)}.`.repeat(4) + "abc",
  ])("refuses %j", (n) => expect(nameProblem(n)).toBeTypeOf("string"));
  test("253 characters is the maximum", () => {
    const n = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(n.length).toBe(253);
    expect(nameProblem(n)).toBeUndefined();
    expect(nameProblem(`${n}e`)).toBeTypeOf("string");
  });
});

describe("epochs, digests, roots", () => {
  test("epoch in a path: as Rust's u64::from_str (plexi's Epoch::from_str), the full u64 range", () => {
    expect(parseEpochText("1")).toBe(1n);
    expect(parseEpochText("650")).toBe(650n);
    expect(parseEpochText("0")).toBe(0n);
    expect(parseEpochText("01")).toBe(1n);
    expect(parseEpochText("+7")).toBe(7n);
    // u64::from_str reads any number of leading zeros (they never overflow).
    expect(parseEpochText(`${"0".repeat(60)}12`)).toBe(12n);
    expect(parseEpochText(`+${"0".repeat(60)}`)).toBe(0n);
    expect(parseEpochText(`${"0".repeat(60)}18446744073709551616`)).toBeUndefined();
    expect(parseEpochText("18446744073709551615")).toBe(U64_MAX);
    for (const t of ["-1", "1.0", "1e3", "", " 1", "+", "++1", "0x10", "18446744073709551616"]) {
      expect(parseEpochText(t)).toBeUndefined();
    }
  });
  test("epoch in a body: a JSON integer 0..2^64-1 (serde's u64), never 1.0, a string or a boolean", () => {
    expect(u64Of(0)).toBe(0n);
    expect(u64Of(parseJsonExact("18446744073709551615"))).toBe(U64_MAX);
    expect(u64Of(parseJsonExact("9007199254740993"))).toBe(9007199254740993n);
    for (const v of ["18446744073709551616", "-1", "1.0", "1e0", '"1"', "true", "null"]) {
      expect(u64Of(parseJsonExact(v)), v).toBeUndefined();
    }
  });
  test("digest: exactly 64 hex digits", () => {
    expect(parseDigestHex(HEX)?.length).toBe(32);
    expect(parseDigestHex(HEX.toUpperCase())?.length).toBe(32);
    expect(parseDigestHex(HEX.slice(2))).toBeUndefined();
    expect(parseDigestHex(`${HEX}00`)).toBeUndefined();
    expect(parseDigestHex(`${HEX.slice(1)}g`)).toBeUndefined();
  });
  test("root: <epoch>/<64 hex>, epoch 1..2^64-1 written without sign or leading zero", () => {
    expect(parseRoot(`650/${HEX}`)?.epoch).toBe(650n);
    expect(parseRoot(`18446744073709551615/${HEX}`)?.epoch).toBe(U64_MAX);
    expect(parseRoot(`18446744073709551616/${HEX}`)).toBeUndefined();
    expect(parseRoot(`01/${HEX}`)).toBeUndefined();
    for (const t of [HEX, `0/${HEX}`, `1/${HEX}/`, `1//${HEX}`, `x/${HEX}`, `1/${HEX.slice(1)}`, `1 /${HEX}`]) {
      expect(parseRoot(t)).toBeUndefined();
    }
  });
  test("log_directory: absolute http(s) URL with a host and no credentials", () => {
    expect(isValidLogDirectory("https://logs.example.test/dir")).toBe(true);
    expect(isValidLogDirectory("http://127.0.0.1:8080")).toBe(true);
    for (const t of ["", "/relative", "ftp://x.test", "https://", "https://u:p@x.test", "x.test", "https://a b.test"]) {
      expect(isValidLogDirectory(t)).toBe(false);
    }
    expect(isValidLogDirectory(`https://x.test/${"a".repeat(2100)}`)).toBe(false);
  });
});

describe("register body", () => {
  test("a valid body decodes, log_directory optional (null when absent)", () => {
    const v = validateRegister(body);
    expect(v).toMatchObject({ name: body.name, public: true, signature_version: 1, log_directory: null });
    expect(validateRegister({ ...body, log_directory: "https://l.test" }).log_directory).toBe("https://l.test");
    expect(validateRegister({ ...body, log_directory: null }).log_directory).toBeNull();
  });
  test("the docs' body without public registers a public namespace; public false keeps it unlisted", () => {
    const docs = {
      name: "your.new.log.com",
      root: "1/1111111111111111111111111111111111111111111111111111111111111111",
      log_directory: "https://your.new.log.com/path/to/proofs",
      signature_version: 1,
    };
    expect(validateRegister(docs)).toMatchObject({ public: DEFAULT_PUBLIC, signature_version: 1 });
    expect(DEFAULT_PUBLIC).toBe(true);
    expect(validateRegister({ ...docs, public: false }).public).toBe(false);
  });
  test("plexi's alias ciphersuite stands for signature_version; the two must agree when both are sent", () => {
    const { signature_version: _s, ...noVersion } = body;
    expect(validateRegister({ ...noVersion, ciphersuite: 2 }).signature_version).toBe(2);
    expect(validateRegister({ ...body, ciphersuite: 1 }).signature_version).toBe(1);
    expect(validateRegister({ ...body, ciphersuite: null }).signature_version).toBe(1);
    expect(codeOf(() => validateRegister({ ...body, ciphersuite: 2 }))).toBe("invalid_field");
    expect(codeOf(() => validateRegister({ ...noVersion, ciphersuite: 3 }))).toBe("invalid_field");
    expect(codeOf(() => validateRegister(noVersion))).toBe("missing_field");
  });
  test("unknown fields are ignored, as plexi's serde types ignore them (status included)", () => {
    expect(validateRegister({ ...body, extra: 1, status: "Online" })).toEqual(validateRegister(body));
  });
  test.each([
    [null, "invalid_body"],
    [[], "invalid_body"],
    ["x", "invalid_body"],
    [{ ...body, name: undefined }, "missing_field"],
    [{ name: body.name, public: true, signature_version: 1 }, "missing_field"],
    [{ ...body, signature_version: parseJsonExact("1.0") }, "invalid_field"],
    [{ ...body, name: 5 }, "invalid_field"],
    [{ ...body, public: "true" }, "invalid_field"],
    [{ ...body, public: 1 }, "invalid_field"],
    [{ ...body, signature_version: "1" }, "invalid_field"],
    [{ ...body, signature_version: 3 }, "invalid_field"],
    [{ ...body, signature_version: 0 }, "invalid_field"],
    [{ ...body, signature_version: 1.5 }, "invalid_field"],
    [{ ...body, root: "nope" }, "invalid_field"],
    [{ ...body, log_directory: "not a url" }, "invalid_field"],
    [{ ...body, log_directory: 7 }, "invalid_field"],
  ])("refuses %j with %s", (b, code) => {
    const clean = b && typeof b === "object" && !Array.isArray(b) ? JSON.parse(JSON.stringify(b)) : b;
    expect(codeOf(() => validateRegister(clean))).toBe(code);
  });
});

describe("patch and publish bodies", () => {
  test("patch needs a string status; other fields are ignored", () => {
    expect(validateStatusPatch({ status: "Disabled" })).toBe("Disabled");
    expect(codeOf(() => validateStatusPatch({}))).toBe("missing_field");
    expect(codeOf(() => validateStatusPatch({ status: 1 }))).toBe("invalid_field");
    expect(validateStatusPatch({ status: "Disabled", name: "x" })).toBe("Disabled");
  });
  test("publish needs epoch (u64) and digest (64 hex); other fields are ignored", () => {
    expect(validatePublish({ epoch: 3, digest: HEX }).epoch).toBe(3n);
    expect(validatePublish({ epoch: 0, digest: HEX }).epoch).toBe(0n);
    expect(validatePublish(parseJsonExact(`{"epoch":18446744073709551615,"digest":"${HEX}"}`)).epoch).toBe(U64_MAX);
    expect(codeOf(() => validatePublish({ epoch: "3", digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: -1, digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1.5, digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish(parseJsonExact(`{"epoch":1.0,"digest":"${HEX}"}`)))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1, digest: "ab" }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1 }))).toBe("missing_field");
    expect(validatePublish({ epoch: 1, digest: HEX, x: 1 }).epoch).toBe(1n);
  });
});
