/**
 * Audit proofs of a namespace with a `log_directory`: what the auditor fetches and verifies before
 * an epoch counts as verified (the platform's docs: "If set, Cloudflare will use it to fetch audit
 * proofs and validate them"; "the Auditor verifies them asynchronously").
 *
 * The proof of epoch N is the blob `<N>/<digest of N-1>/<digest of N>` (akd's AuditBlobName, as
 * cloudflare/plexi's client names it), fetched at `/<blob>` of the log directory's origin (plexi
 * joins "/<blob>" onto the directory URL). The root epoch needs no proof: the registration's root is
 * the trust anchor (plexi's `audit` accepts the root epoch when its digest matches the root).
 *
 * In the simulator a hook given by the test serves the log directory (no network): it answers the
 * blob's bytes, or nothing (proof missing). akd's proof verification is not reimplemented: a proof is
 * valid when its bytes are `simulatedProof(blob)`, anything else is an invalid proof.
 *
 * Gaps / by design: without a hook every proof is missing, so epochs past the root of a namespace
 * with a log_directory never count as verified (`edgeconf serve` has no hook). A missing proof is
 * fetched again at each later verification run; an invalid one stops verification of the namespace.
 */
import { createHash } from "node:crypto";

/** How an epoch of a namespace with a log_directory stands. */
export type ProofState = "verified" | "pending" | "proof-missing" | "proof-invalid";

export interface ProofRequest {
  namespace: string;
  log_directory: string;
  epoch: bigint;
  /** Lower-case hex. */
  previous_digest: string;
  digest: string;
  /** `<epoch>/<previous_digest>/<digest>` */
  blob: string;
  /** Where the auditor fetches it: `/<blob>` joined onto log_directory (as plexi joins it). */
  url: string;
}

/** Serves the log directory: the proof's bytes, or null/undefined when the directory has no such blob. */
export type LogDirectory = (request: ProofRequest) => Uint8Array | string | null | undefined;

/** Verification runs this long (simulated ms) after a publication: asynchronously, on the fake clock. */
export const PROOF_DELAY_MS = 1000;

export function blobName(epoch: bigint, previousDigest: string, digest: string): string {
  return `${epoch}/${previousDigest}/${digest}`;
}

export function proofRequest(
  namespace: string,
  logDirectory: string,
  epoch: bigint,
  previousDigest: string,
  digest: string,
): ProofRequest {
  const blob = blobName(epoch, previousDigest, digest);
  return {
    namespace,
    log_directory: logDirectory,
    epoch,
    previous_digest: previousDigest,
    digest,
    blob,
    url: new URL(`/${blob}`, logDirectory).href,
  };
}

/** The bytes the simulator accepts as the valid proof of `blob` (a stand-in for an akd proof). */
export function simulatedProof(blob: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`edgeconf simulated audit proof\0${blob}`).digest());
}

/** Verifies what the log directory answered for `request`. */
export function checkProof(answer: Uint8Array | string | null | undefined, request: ProofRequest): ProofState {
  if (answer === null || answer === undefined) return "proof-missing";
  const bytes = typeof answer === "string" ? new TextEncoder().encode(answer) : answer;
  const expected = simulatedProof(request.blob);
  return bytes.length === expected.length && bytes.every((b, i) => b === expected[i]) ? "verified" : "proof-invalid";
}
