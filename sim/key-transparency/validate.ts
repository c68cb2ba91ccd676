/**
 * Pure validation of area C request bodies and path values: names, roots, digests, epochs, URLs.
 *
 * Every function returns the decoded value or throws a KtError (400) that says which field is wrong
 * and what is expected. Nothing here touches state.
 *
 * Bodies are read as the auditor's own types read them (cloudflare/plexi, plexi_core: serde without
 * `deny_unknown_fields`): unknown fields are ignored; `ciphersuite` is an alias of
 * `signature_version`; epochs are u64 (bodies parsed by json.ts keep every digit, and an integer
 * written `1.0` or `1e0` is refused as serde refuses it).
 *
 * Gaps / by design: the platform's exact limits on names and URLs are not public. Those rules are
 * the simulator's (docs/key-transparency.md, docs/choices/key-transparency.md), chosen strict.
 */
import { KtError } from "./errors.ts";
import { JsonFloat } from "./json.ts";
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

/** Largest u64: the largest epoch (plexi's `Epoch(u64)`). */
export const U64_MAX = 2n ** 64n - 1n;

/**
 * An epoch in a path, as Rust's `u64::from_str` (plexi's `Epoch::from_str`) reads it: an optional
 * `+`, then decimal digits (leading zeros allowed, as many as given: they never overflow), at most U64_MAX.
 */
export function parseEpochText(text: string): bigint | undefined {
  if (!/^\+?[0-9]+$/.test(text)) return undefined;
  const digits = text.replace(/^\+?0*/, "");
  if (digits.length > 20) return undefined;
  const n = BigInt(digits === "" ? "0" : digits);
  return n <= U64_MAX ? n : undefined;
}

/** A JSON value serde reads as u64: an integer literal from 0 to U64_MAX (never `1.0`, a string or a bool). */
export function u64Of(value: unknown): bigint | undefined {
  if (value instanceof JsonFloat) return undefined;
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value === "bigint") return value >= 0n && value <= U64_MAX ? value : undefined;
  return undefined;
}

/** The root's epoch: decimal digits without sign or leading zero, 1..U64_MAX (it is compared as text). */
export function parseRootEpochText(text: string): bigint | undefined {
  if (!/^[1-9][0-9]{0,19}$/.test(text)) return undefined;
  const n = BigInt(text);
  return n <= U64_MAX ? n : undefined;
}

/** 64 hex digits (either case) -> 32 bytes. */
export function parseDigestHex(text: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text, "hex"));
}

export interface Root {
  epoch: bigint;
  digest: Uint8Array;
}

/** `<epoch>/<64 hex digits>`, epoch as parseRootEpochText. */
export function parseRoot(text: string): Root | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const epoch = parseRootEpochText(text.slice(0, slash));
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

/** The body as an object with its required fields; other fields are ignored (serde's default). */
function checkFields(body: unknown, required: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(body)) throw new KtError("invalid_body", "the request body must be a JSON object");
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

/** Fields a registration reads; any other field is ignored. */
export const REGISTER_FIELDS = ["name", "public", "root", "signature_version", "ciphersuite", "log_directory"] as const;
export const REGISTER_REQUIRED = ["name", "root"] as const;
/** `public` when the body leaves it out: the platform's own example registers without it, and lists the namespace. */
export const DEFAULT_PUBLIC = true;

function signatureVersionOf(value: unknown, field: string): SignatureVersion {
  const v = u64Of(value);
  if (v === undefined || !SIGNATURE_VERSIONS.includes(Number(v) as SignatureVersion)) {
    throw new KtError("invalid_field", `"${field}" must be the integer 1 (protobuf) or 2 (bincode)`);
  }
  return Number(v) as SignatureVersion;
}

/** POST /namespaces body. */
export function validateRegister(body: unknown): RegisterInput {
  const b = checkFields(body, REGISTER_REQUIRED);
  if (typeof b.name !== "string") throw new KtError("invalid_field", '"name" must be a string');
  const problem = nameProblem(b.name);
  if (problem) throw new KtError("invalid_field", `"name" ${problem}`);
  if (b.public !== undefined && typeof b.public !== "boolean") {
    throw new KtError("invalid_field", '"public" must be a boolean (true or false)');
  }
  if (typeof b.root !== "string")
    throw new KtError("invalid_field", '"root" must be a string "<epoch>/<64 hex digits>"');
  const rootParsed = parseRoot(b.root);
  if (!rootParsed) {
    throw new KtError(
      "invalid_field",
      '"root" must be "<epoch>/<64 hex digits>" with an epoch from 1 (no sign, no leading zeros)',
    );
  }
  // plexi's Namespace: signature_version and its alias ciphersuite are both optional, one is needed.
  const sv = b.signature_version ?? undefined;
  const cs = b.ciphersuite ?? undefined;
  if (sv === undefined && cs === undefined) {
    throw new KtError("missing_field", 'missing required field "signature_version" (or its alias "ciphersuite")');
  }
  const version = sv !== undefined ? signatureVersionOf(sv, "signature_version") : undefined;
  const alias = cs !== undefined ? signatureVersionOf(cs, "ciphersuite") : undefined;
  if (version !== undefined && alias !== undefined && version !== alias) {
    throw new KtError("invalid_field", '"signature_version" and its alias "ciphersuite" disagree; send one of them');
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
    signature_version: (version ?? alias) as SignatureVersion,
    log_directory,
    public: typeof b.public === "boolean" ? b.public : DEFAULT_PUBLIC,
  };
}

/** PATCH /namespaces/{name} body: `{"status": "Disabled"}` (other fields ignored). Returns the requested status. */
export function validateStatusPatch(body: unknown): string {
  const b = checkFields(body, ["status"]);
  if (typeof b.status !== "string") throw new KtError("invalid_field", '"status" must be a string');
  return b.status;
}

export interface PublishInput {
  epoch: bigint;
  digest: Uint8Array;
}

/** POST /namespaces/{name}/audits body: `{epoch, digest}` (plexi's SignatureRequest; other fields ignored). */
export function validatePublish(body: unknown): PublishInput {
  const b = checkFields(body, ["epoch", "digest"]);
  const epoch = u64Of(b.epoch);
  if (epoch === undefined) {
    throw new KtError("invalid_field", '"epoch" must be an integer from 0 to 18446744073709551615 (u64)');
  }
  const digest = typeof b.digest === "string" ? parseDigestHex(b.digest) : undefined;
  if (!digest) throw new KtError("invalid_field", '"digest" must be 32 bytes as 64 hex digits');
  return { epoch, digest };
}
