/**
 * The whole check of an area C snapshot (`{namespaces: NamespaceRecord[]}`), run before anything is
 * restored: each namespace as registration accepts it (name, root, signature version, log
 * directory; an owner), and its epochs as publication makes them: the first audit is the root
 * (epoch and digest), each next epoch is the previous + 1 with a digest not used before and a
 * `start_hash` equal to the previous digest, timestamps in the Date range and never decreasing; the
 * status fits (Initialization before the first epoch, Online after, or Disabled). Epochs are u64
 * bigints; each audit's proof state is one of proofs.ts's, verified ones form a prefix, and a
 * verified epoch carries the time it was verified. Snapshots written before epochs were u64 and
 * proofs were modelled (epochs as numbers, no proof state) are accepted: `upgradeKtSnapshot` reads
 * them as bigints, every epoch verified at its publication.
 *
 * Gaps / by design: signatures are checked for form (64-byte hex), not verified against the key: a
 * snapshot of another seed is refused earlier (seed check), and a test may hand-edit one.
 */
import { array, at, boolean, fail, record, shown, string, time } from "../core/snapshot-check.ts";
import { isValidLogDirectory, nameProblem, parseRoot, U64_MAX } from "./validate.ts";

const HEX = /^[0-9a-f]*$/;
const DIGEST = /^[0-9a-f]{64}$/;
const SIGNATURE = /^[0-9a-f]{128}$/;
const STATUSES = ["Initialization", "Online", "Disabled"];
const PROOF_STATES = ["verified", "pending", "proof-missing", "proof-invalid"];

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

function checkNamespace(v: unknown, path: string): void {
  const r = record(v, path);
  string(r.owner, `${path}.owner`, { nonEmpty: true });
  boolean(r.public, `${path}.public`);
  const rootText = string(r.root, `${path}.root`);
  const root = parseRoot(rootText);
  if (!root) fail(`${path}.root`, `must be <epoch>/<64 hex digits>, got ${shown(rootText)}`);
  if (r.rootEpoch !== root.epoch) fail(`${path}.rootEpoch`, `must be the root's epoch ${root.epoch}`);
  if (r.rootDigest !== Buffer.from(root.digest).toString("hex")) {
    fail(`${path}.rootDigest`, "must be the root's digest in lowercase hex");
  }
  if (r.signature_version !== 1 && r.signature_version !== 2) {
    fail(`${path}.signature_version`, `must be 1 or 2, got ${shown(r.signature_version)}`);
  }
  if (r.log_directory !== null && !isValidLogDirectory(string(r.log_directory, `${path}.log_directory`))) {
    fail(`${path}.log_directory`, "must be an http(s) URL or null");
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
  let unverified = false;
  audits.forEach((a, i) => {
    const p = `${path}.audits[${i}]`;
    const x = record(a, p);
    const epoch = u64(x.epoch, `${p}.epoch`);
    const expected = previous ? (previous.epoch as bigint) + 1n : root.epoch;
    if (epoch !== expected) fail(`${p}.epoch`, `must be ${expected}, got ${epoch}`);
    const digest = string(x.digest, `${p}.digest`, { pattern: DIGEST });
    if (i === 0 && digest !== r.rootDigest) fail(`${p}.digest`, "the first epoch must be the root");
    if (digests.has(digest)) fail(`${p}.digest`, "was already published in this namespace");
    digests.add(digest);
    const timestamp = time(x.timestamp, `${p}.timestamp`);
    if (previous && timestamp < (previous.timestamp as number))
      fail(`${p}.timestamp`, "is earlier than the previous epoch's");
    string(x.signature, `${p}.signature`, { pattern: SIGNATURE });
    string(x.serialized_message, `${p}.serialized_message`, { pattern: HEX });
    const start = string(x.start_hash, `${p}.start_hash`, { pattern: DIGEST });
    if (start !== (previous ? previous.digest : digest)) {
      fail(`${p}.start_hash`, "must be the previous epoch's digest (the epoch's own for the first)");
    }
    string(x.job_id, `${p}.job_id`, { nonEmpty: true });
    if (typeof x.proof !== "string" || !PROOF_STATES.includes(x.proof)) {
      fail(`${p}.proof`, `must be one of ${PROOF_STATES.join(", ")}, got ${shown(x.proof)}`);
    }
    if (i === 0 && x.proof !== "verified") fail(`${p}.proof`, "the root epoch is verified");
    if (x.proof === "verified" && unverified) fail(`${p}.proof`, "follows an epoch that is not verified");
    if (x.proof !== "verified") unverified = true;
    if (x.proof === "verified") time(x.verified_at, `${p}.verified_at`);
    else if (x.verified_at !== null) fail(`${p}.verified_at`, "must be null until the epoch is verified");
    previous = x;
  });
}

/** Checks a whole area C snapshot; throws a SnapshotError naming the first bad path. */
export function checkKtSnapshot(value: unknown, path: string): void {
  const s = record(value, path);
  const names = new Set<string>();
  array(s.namespaces, `${path}.namespaces`).forEach((n, i) => {
    const name = string(record(n, `${path}.namespaces[${i}]`).name, `${path}.namespaces[${i}].name`);
    const p = at(`${path}.namespaces`, name);
    const problem = nameProblem(name);
    if (problem) fail(`${p}.name`, problem);
    if (names.has(name)) fail(p, "appears twice");
    names.add(name);
    checkNamespace(n, p);
  });
}
