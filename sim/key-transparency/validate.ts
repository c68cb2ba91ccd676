/**
 * Pure validation of area C request bodies and path values: names, roots, digests, epochs, URLs.
 *
 * Every function returns the decoded value or throws a KtError (400) that says which field is wrong
 * and what is expected. Nothing here touches state.
 *
 * Gaps / by design: the platform's exact limits are not public. The rules below are the simulator's
 * (documented in docs/key-transparency.md and docs/choices/key-transparency.md), chosen strict:
 * a double that accepts what the platform refuses hides bugs. Bodies are read with JSON.parse, so
 * `1.0` and `1` are the same number here (a Rust/serde service may refuse `1.0` for an integer).
 */
import { KtError } from "./errors.ts";
import { SIGNATURE_VERSIONS, type SignatureVersion } from "./signing.ts";

/** Longest namespace name (like a DNS name). */
export const MAX_NAME_LENGTH = 253;
/** Longest label of a namespace name. */
export const MAX_LABEL_LENGTH = 63;
/** Longest log_directory URL. */
export const MAX_URL_LENGTH = 2048;
/** Digest length in bytes (hex: twice as many characters). */
export const DIGEST_BYTES = 32;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Why `name` is not a valid namespace name, or undefined when it is. Rule: 1..253 characters, labels
 * separated by single dots, each label 1..63 characters of lowercase ASCII letters, digits and hyphens,
 * neither starting nor ending with a hyphen (e.g. `example.key-transparency.v1`).
 */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return "must not be empty";
  if (name.length > MAX_NAME_LENGTH) return `must have at most ${MAX_NAME_LENGTH} characters`;
  for (const label of name.split(".")) {
    if (label.length === 0) return "must not have empty labels (leading, trailing or double dots)";
    if (label.length > MAX_LABEL_LENGTH) return `labels must have at most ${MAX_LABEL_LENGTH} characters`;
    if (!LABEL.test(label)) {
      return "labels hold only lowercase letters a-z, digits and hyphens, and neither start nor end with a hyphen";
    }
  }
  return undefined;
}

export function isValidName(name: string): boolean {
  return nameProblem(name) === undefined;
}

/** A decimal epoch number: 1..2^53-1, no sign, no leading zeros. */
export function parseEpochText(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function isValidEpochNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

/** 64 hex digits (either case) -> 32 bytes. */
export function parseDigestHex(text: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text, "hex"));
}

export interface Root {
  epoch: number;
  digest: Uint8Array;
}

/** `<epoch>/<64 hex digits>`, epoch as parseEpochText. */
export function parseRoot(text: string): Root | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const epoch = parseEpochText(text.slice(0, slash));
  const digest = parseDigestHex(text.slice(slash + 1));
  if (epoch === undefined || digest === undefined) return undefined;
  return { epoch, digest };
}

/** An absolute http: or https: URL with a host, no credentials, at most MAX_URL_LENGTH characters. */
export function isValidLogDirectory(text: string): boolean {
  if (text.length === 0 || text.length > MAX_URL_LENGTH) return false;
  if (!/^https?:\/\//i.test(text)) return false;
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.hostname === "" || url.username !== "" || url.password !== "") return false;
  return true;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function checkFields(body: unknown, allowed: readonly string[], required: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(body)) throw new KtError("invalid_body", "the request body must be a JSON object");
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw new KtError("unknown_field", `unknown field "${key}"; allowed fields: ${allowed.join(", ")}`);
    }
  }
  for (const key of required) {
    if (!(key in body)) throw new KtError("missing_field", `missing required field "${key}"`);
  }
  return body;
}

export interface RegisterInput {
  name: string;
  root: string;
  rootParsed: Root;
  signature_version: SignatureVersion;
  log_directory: string | null;
  public: boolean;
}

export const REGISTER_FIELDS = ["name", "public", "root", "signature_version", "log_directory"] as const;
export const REGISTER_REQUIRED = ["name", "public", "root", "signature_version"] as const;

/** POST /namespaces body. */
export function validateRegister(body: unknown): RegisterInput {
  const b = checkFields(body, REGISTER_FIELDS, REGISTER_REQUIRED);
  if (typeof b.name !== "string") throw new KtError("invalid_field", '"name" must be a string');
  const problem = nameProblem(b.name);
  if (problem) throw new KtError("invalid_field", `"name" ${problem}`);
  if (typeof b.public !== "boolean") throw new KtError("invalid_field", '"public" must be a boolean (true or false)');
  if (typeof b.root !== "string")
    throw new KtError("invalid_field", '"root" must be a string "<epoch>/<64 hex digits>"');
  const rootParsed = parseRoot(b.root);
  if (!rootParsed) {
    throw new KtError(
      "invalid_field",
      '"root" must be "<epoch>/<64 hex digits>" with an epoch from 1 (no leading zeros)',
    );
  }
  if (
    typeof b.signature_version !== "number" ||
    !SIGNATURE_VERSIONS.includes(b.signature_version as SignatureVersion)
  ) {
    throw new KtError("invalid_field", '"signature_version" must be the integer 1 (protobuf) or 2 (bincode)');
  }
  let log_directory: string | null = null;
  if (b.log_directory !== undefined && b.log_directory !== null) {
    if (typeof b.log_directory !== "string" || !isValidLogDirectory(b.log_directory)) {
      throw new KtError("invalid_field", '"log_directory" must be an absolute http(s) URL');
    }
    log_directory = b.log_directory;
  }
  return {
    name: b.name,
    root: b.root,
    rootParsed,
    signature_version: b.signature_version as SignatureVersion,
    log_directory,
    public: b.public,
  };
}

/** PATCH /namespaces/{name} body: exactly `{"status": "Disabled"}`. Returns the requested status. */
export function validateStatusPatch(body: unknown): string {
  const b = checkFields(body, ["status"], ["status"]);
  if (typeof b.status !== "string") throw new KtError("invalid_field", '"status" must be a string');
  return b.status;
}

export interface PublishInput {
  epoch: number;
  digest: Uint8Array;
}

/** POST /namespaces/{name}/audits body: `{epoch, digest}`. */
export function validatePublish(body: unknown): PublishInput {
  const b = checkFields(body, ["epoch", "digest"], ["epoch", "digest"]);
  if (!isValidEpochNumber(b.epoch)) throw new KtError("invalid_field", '"epoch" must be an integer from 1');
  const digest = typeof b.digest === "string" ? parseDigestHex(b.digest) : undefined;
  if (!digest) throw new KtError("invalid_field", '"digest" must be 32 bytes as 64 hex digits');
  return { epoch: b.epoch, digest };
}
