import { describe, expect, test } from "vitest";
import { KtError } from "./errors.ts";
import {
  isValidLogDirectory,
  nameProblem,
  parseDigestHex,
  parseEpochText,
  parseRoot,
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
  test("epoch text: decimal from 1, no sign or leading zero, safe integer", () => {
    expect(parseEpochText("1")).toBe(1);
    expect(parseEpochText("650")).toBe(650);
    for (const t of ["0", "01", "-1", "+1", "1.0", "1e3", "", " 1", "99999999999999999"]) {
      expect(parseEpochText(t)).toBeUndefined();
    }
  });
  test("digest: exactly 64 hex digits", () => {
    expect(parseDigestHex(HEX)?.length).toBe(32);
    expect(parseDigestHex(HEX.toUpperCase())?.length).toBe(32);
    expect(parseDigestHex(HEX.slice(2))).toBeUndefined();
    expect(parseDigestHex(`${HEX}00`)).toBeUndefined();
    expect(parseDigestHex(`${HEX.slice(1)}g`)).toBeUndefined();
  });
  test("root: <epoch>/<64 hex>", () => {
    expect(parseRoot(`650/${HEX}`)?.epoch).toBe(650);
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
  test.each([
    [null, "invalid_body"],
    [[], "invalid_body"],
    ["x", "invalid_body"],
    [{ ...body, extra: 1 }, "unknown_field"],
    [{ ...body, name: undefined }, "missing_field"],
    [{ name: body.name, root: body.root, signature_version: 1 }, "missing_field"],
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
  test("patch needs exactly a string status", () => {
    expect(validateStatusPatch({ status: "Disabled" })).toBe("Disabled");
    expect(codeOf(() => validateStatusPatch({}))).toBe("missing_field");
    expect(codeOf(() => validateStatusPatch({ status: 1 }))).toBe("invalid_field");
    expect(codeOf(() => validateStatusPatch({ status: "Disabled", name: "x" }))).toBe("unknown_field");
  });
  test("publish needs epoch (integer >= 1) and digest (64 hex)", () => {
    expect(validatePublish({ epoch: 3, digest: HEX }).epoch).toBe(3);
    expect(codeOf(() => validatePublish({ epoch: "3", digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 0, digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1.5, digest: HEX }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1, digest: "ab" }))).toBe("invalid_field");
    expect(codeOf(() => validatePublish({ epoch: 1 }))).toBe("missing_field");
    expect(codeOf(() => validatePublish({ epoch: 1, digest: HEX, x: 1 }))).toBe("unknown_field");
  });
});
