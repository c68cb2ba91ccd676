/**
 * Area C JSON bodies, built field by field in the platform's order (bare objects, no envelope).
 *
 * Namespace: name, log_directory (null if unset), root, last_verified_epoch (omitted until an epoch
 * is published), status, reports_uri, audits_uri, signature_version, ciphersuite (mirrors
 * signature_version). Audit: version, ciphersuite, namespace, timestamp, epoch, digest, signature,
 * key_id, serialized_message.
 *
 * Gaps / by design: status is written capitalised (Online, Initialization, Disabled) everywhere, list
 * entries included: plexi's `NamespaceStatus` has no case renaming, so its client (`plexi ls`) cannot
 * read the lower case of the spec's list example. Epochs are bigints, written as exact integers by
 * json.ts. `/info`'s `logs` holds an identifier per public log (hex SHA-256 of its name), as the
 * docs show 64 hex digits there, never a namespace name.
 */
import { createHash } from "node:crypto";
import { type AuditRecord, lastVerifiedOf, type NamespaceRecord } from "./model.ts";
import type { AuditorKey } from "./signing.ts";

export function namespaceJson(r: NamespaceRecord): Record<string, unknown> {
  const last = lastVerifiedOf(r);
  return {
    name: r.name,
    log_directory: r.log_directory,
    root: r.root,
    ...(last ? { last_verified_epoch: last.epoch } : {}),
    status: r.status,
    reports_uri: `/namespaces/${r.name}/reports`,
    audits_uri: `/namespaces/${r.name}/audits`,
    signature_version: r.signature_version,
    ciphersuite: r.signature_version,
  };
}

export function auditJson(r: NamespaceRecord, a: AuditRecord, key: AuditorKey): Record<string, unknown> {
  return {
    version: r.signature_version,
    ciphersuite: r.signature_version,
    namespace: r.name,
    timestamp: a.timestamp,
    epoch: a.epoch,
    digest: a.digest,
    signature: a.signature,
    key_id: key.keyId,
    serialized_message: a.serialized_message,
  };
}

export function lastVerifiedJson(a: AuditRecord): Record<string, unknown> {
  return {
    job_id: a.job_id,
    epoch: a.epoch,
    start_hash: a.start_hash,
    end_hash: a.digest,
    timestamp: a.verified_at ?? a.timestamp,
  };
}

/** The identifier of a log in `/info`'s `logs`: hex SHA-256 of the namespace name. */
export function logId(name: string): string {
  return createHash("sha256").update(name, "utf8").digest("hex");
}

/** `logs`: the identifiers of the public namespaces (never their names, never a non-public one). */
export function infoJson(key: AuditorKey, notBefore: number, publicNames: readonly string[]): Record<string, unknown> {
  return { keys: [{ public_key: key.publicKeyHex, not_before: notBefore }], logs: publicNames.map(logId) };
}
