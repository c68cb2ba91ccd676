/**
 * The whole check of an area C snapshot (`{namespaces: NamespaceRecord[]}`), run before anything is
 * restored: each namespace as registration accepts it (`validateRegister` judges name, root, signature
 * version, log directory and public, and the stored root epoch and digest must be the root's), with an
 * owner; and its epochs as publication makes them: the first audit is the root (its epoch, its digest,
 * and `<epoch>/<digest>` equal to the root as text, as plexi compares them), each next epoch is the
 * previous + 1 with a digest not used before and a `start_hash` equal to the previous digest,
 * timestamps in the Date range and never decreasing; the status fits (Initialization before the first
 * epoch, Online after, or Disabled). Epochs are u64 bigints; each audit's proof state is one of
 * proofs.ts's: verified ones form a prefix, only the first after it may be proof-missing or
 * proof-invalid (verification stops there), and a verified epoch carries the time it was verified (its
 * publication time without a log directory and for the root epoch, never earlier otherwise).
 * With the auditor's key and job ids (as the model passes them), each audit's `serialized_message` must
 * be the signature message of (signature version, namespace, timestamp, epoch, digest), its
 * `signature` a valid signature of it by the auditor's key, and its `job_id` the one the seed gives.
 * Snapshots written before epochs were u64 and proofs were modelled (epochs as numbers, no proof
 * state) are accepted: `upgradeKtSnapshot` reads them as bigints, every epoch verified at its
 * publication.
 *
 * Only the fields the model writes (area, namespace, audit): any other is refused, not dropped. With
 * the snapshot's `now`, no epoch published or verified later (both are stamped from the clock).
 *
 * Gaps / by design: without the key (unit tests of the check alone) signatures and job ids are
 * checked for form only.
 */
import { array, at, boolean, fail, notAfter, onlyKeys, record, shown, string, time } from "../core/snapshot-check.ts";
import { type AuditorKey, serializeSignatureMessage, verifyMessage } from "./signing.ts";
import { nameProblem, U64_MAX, validateRegister } from "./validate.ts";

/** What only the simulator knows: its auditor key and the job id it gives an epoch. */
export interface KtCheckContext {
  key: AuditorKey;
  jobId(name: string, epoch: bigint): string;
}

const HEX = /^[0-9a-f]*$/;
const DIGEST = /^[0-9a-f]{64}$/;
const SIGNATURE = /^[0-9a-f]{128}$/;
const STATUSES = ["Initialization", "Online", "Disabled"];
const PROOF_STATES = ["verified", "pending", "proof-missing", "proof-invalid"];
/** The fields the model writes (NamespaceRecord, AuditRecord). */
const NAMESPACE_FIELDS = [
  "name",
  "owner",
  "public",
  "root",
  "rootEpoch",
  "rootDigest",
  "signature_version",
  "log_directory",
  "status",
  "audits",
];
const AUDIT_FIELDS = [
  "epoch",
  "digest",
  "timestamp",
  "signature",
  "serialized_message",
  "start_hash",
  "job_id",
  "proof",
  "verified_at",
];

function u64(v: unknown, path: string): bigint {
  if (typeof v !== "bigint" || v < 0n || v > U64_MAX) fail(path, `must be a bigint from 0 to 2^64-1, got ${shown(v)}`);
  return v as bigint;
}

/**
 * The snapshot in today's form: an older one (epochs as safe-integer numbers, audits without
 * `proof`/`verified_at`) upgraded in a copy; anything else returned as it is, for the check to judge.
 */
export function upgradeKtSnapshot(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !Array.isArray((value as { namespaces?: unknown }).namespaces)) {
    return value;
  }
  const big = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : v);
  const namespaces = (value as { namespaces: unknown[] }).namespaces.map((n) => {
    if (typeof n !== "object" || n === null) return n;
    const r = n as Record<string, unknown>;
    const audits = Array.isArray(r.audits)
      ? r.audits.map((a) => {
          if (typeof a !== "object" || a === null) return a;
          const x = a as Record<string, unknown>;
          const old = !("proof" in x) && !("verified_at" in x);
          return { ...x, epoch: big(x.epoch), ...(old ? { proof: "verified", verified_at: x.timestamp } : {}) };
        })
      : r.audits;
    return { ...r, rootEpoch: big(r.rootEpoch), audits };
  });
  return { ...(value as object), namespaces };
}

/** The registration the namespace's fields make, as `validateRegister` reads it (its refusal at its field). */
function registration(r: Record<string, unknown>, path: string): ReturnType<typeof validateRegister> {
  const body = {
    name: r.name,
    root: r.root,
    public: r.public,
    signature_version: r.signature_version,
    log_directory: r.log_directory,
  };
  try {
    return validateRegister(body);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const field = /"(\w+)"/.exec(message)?.[1];
    fail(field && field in body ? `${path}.${field}` : path, `registration refuses it: ${message}`);
  }
}

/** The signed fields of an audit are what the auditor's key signed, and its job id the seed's. */
function checkSigned(x: Record<string, unknown>, p: string, r: Record<string, unknown>, ctx: KtCheckContext): void {
  let expected: Uint8Array;
  try {
    expected = serializeSignatureMessage({
      ciphersuite: r.signature_version as 1 | 2,
      namespace: r.name as string,
      timestamp: x.timestamp as number,
      epoch: x.epoch as bigint,
      digest: Buffer.from(x.digest as string, "hex"),
    });
  } catch (e) {
    fail(`${p}.timestamp`, `cannot be signed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (x.serialized_message !== Buffer.from(expected).toString("hex")) {
    fail(`${p}.serialized_message`, "is not the signature message of the namespace, timestamp, epoch and digest");
  }
  if (!verifyMessage(ctx.key, expected, Buffer.from(x.signature as string, "hex"))) {
    fail(`${p}.signature`, "is not a valid signature of serialized_message by the auditor's key");
  }
  const job = ctx.jobId(r.name as string, x.epoch as bigint);
  if (x.job_id !== job) fail(`${p}.job_id`, `must be ${job} (the job id the seed gives this epoch)`);
}

function checkNamespace(v: unknown, path: string, ctx: KtCheckContext | undefined, now: number | undefined): void {
  const r = record(v, path);
  onlyKeys(r, path, NAMESPACE_FIELDS, "a namespace");
  string(r.owner, `${path}.owner`, { nonEmpty: true });
  boolean(r.public, `${path}.public`);
  if (r.log_directory === undefined) fail(`${path}.log_directory`, "must be a URL or null");
  const reg = registration(r, path);
  if (r.signature_version !== reg.signature_version) {
    fail(`${path}.signature_version`, `must be 1 or 2, got ${shown(r.signature_version)}`);
  }
  const root = reg.rootParsed;
  if (r.rootEpoch !== root.epoch) fail(`${path}.rootEpoch`, `must be the root's epoch ${root.epoch}`);
  if (r.rootDigest !== Buffer.from(root.digest).toString("hex")) {
    fail(`${path}.rootDigest`, "must be the root's digest in lowercase hex");
  }
  if (typeof r.status !== "string" || !STATUSES.includes(r.status)) {
    fail(`${path}.status`, `must be one of ${STATUSES.join(", ")}, got ${shown(r.status)}`);
  }
  const audits = array(r.audits, `${path}.audits`);
  if (r.status === "Initialization" && audits.length > 0)
    fail(`${path}.status`, "is Initialization but epochs are published");
  if (r.status === "Online" && audits.length === 0) fail(`${path}.status`, "is Online but no epoch is published");
  const digests = new Set<string>();
  let previous: Record<string, unknown> | undefined;
  let unverified: unknown;
  audits.forEach((a, i) => {
    const p = `${path}.audits[${i}]`;
    const x = record(a, p);
    onlyKeys(x, p, AUDIT_FIELDS, "an epoch");
    const epoch = u64(x.epoch, `${p}.epoch`);
    const expected = previous ? (previous.epoch as bigint) + 1n : root.epoch;
    if (epoch !== expected) fail(`${p}.epoch`, `must be ${expected}, got ${epoch}`);
    const digest = string(x.digest, `${p}.digest`, { pattern: DIGEST });
    if (i === 0 && digest !== r.rootDigest) fail(`${p}.digest`, "the first epoch must be the root");
    if (i === 0 && r.root !== `${epoch}/${digest}`) {
      fail(`${path}.root`, "the first epoch is published only when <epoch>/<digest> equals the root as text");
    }
    if (digests.has(digest)) fail(`${p}.digest`, "was already published in this namespace");
    digests.add(digest);
    const timestamp = time(x.timestamp, `${p}.timestamp`);
    notAfter(timestamp, now, `${p}.timestamp`);
    if (previous && timestamp < (previous.timestamp as number))
      fail(`${p}.timestamp`, "is earlier than the previous epoch's");
    string(x.signature, `${p}.signature`, { pattern: SIGNATURE });
    string(x.serialized_message, `${p}.serialized_message`, { pattern: HEX });
    const start = string(x.start_hash, `${p}.start_hash`, { pattern: DIGEST });
    if (start !== (previous ? previous.digest : digest)) {
      fail(`${p}.start_hash`, "must be the previous epoch's digest (the epoch's own for the first)");
    }
    string(x.job_id, `${p}.job_id`, { nonEmpty: true });
    if (ctx) checkSigned(x, p, r, ctx);
    if (typeof x.proof !== "string" || !PROOF_STATES.includes(x.proof)) {
      fail(`${p}.proof`, `must be one of ${PROOF_STATES.join(", ")}, got ${shown(x.proof)}`);
    }
    const atOnce = i === 0 || r.log_directory === null;
    if (atOnce && x.proof !== "verified") {
      fail(`${p}.proof`, "is verified at publication (the root epoch, or a namespace without a log_directory)");
    }
    if (x.proof === "verified" && unverified !== undefined) fail(`${p}.proof`, "follows an epoch that is not verified");
    if (x.proof !== "verified" && x.proof !== "pending" && unverified !== undefined) {
      fail(`${p}.proof`, `follows an epoch that is ${unverified} (verification stops there; later epochs are pending)`);
    }
    if (x.proof !== "verified" && unverified === undefined) unverified = x.proof;
    if (x.proof === "verified") {
      const verifiedAt = time(x.verified_at, `${p}.verified_at`);
      notAfter(verifiedAt, now, `${p}.verified_at`);
      if (atOnce && verifiedAt !== timestamp)
        fail(`${p}.verified_at`, "must be the epoch's timestamp (verified at publication)");
      if (verifiedAt < timestamp) fail(`${p}.verified_at`, "is earlier than the epoch's publication");
    } else if (x.verified_at !== null) fail(`${p}.verified_at`, "must be null until the epoch is verified");
    previous = x;
  });
}

/**
 * Checks a whole area C snapshot; throws a SnapshotError naming the first bad path. `now` (the
 * snapshot's time) is left out by unit tests of the check alone.
 */
export function checkKtSnapshot(value: unknown, path: string, ctx?: KtCheckContext, now?: number): void {
  const s = record(value, path);
  onlyKeys(s, path, ["namespaces"], "the key transparency area");
  const names = new Set<string>();
  array(s.namespaces, `${path}.namespaces`).forEach((n, i) => {
    const name = string(record(n, `${path}.namespaces[${i}]`).name, `${path}.namespaces[${i}].name`);
    const p = at(`${path}.namespaces`, name);
    const problem = nameProblem(name);
    if (problem) fail(`${p}.name`, problem);
    if (names.has(name)) fail(p, "appears twice");
    names.add(name);
    checkNamespace(n, p, ctx, now);
  });
}
