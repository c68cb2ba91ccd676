/**
 * Area C JSON bodies, built field by field in the platform's order (bare objects, no envelope).
 *
 * Namespace: name, log_directory (null if unset), root, last_verified_epoch (omitted until an epoch
 * is published), status, reports_uri, audits_uri, signature_version, ciphersuite (mirrors
 * signature_version). Audit: version, ciphersuite, namespace, timestamp, epoch, digest, signature,
 * key_id, serialized_message.
 *
 * Gaps / by design: status is written capitalised (Online, Initialization, Disabled), as the live
 * service and the spec's create/disable examples do; the spec's list example's lower case is not used.
 */
import type { AuditRecord, NamespaceRecord } from "./model.ts";
import type { AuditorKey } from "./signing.ts";

export function namespaceJson(r: NamespaceRecord): Record<string, unknown> {
  const last = r.audits[r.audits.length - 1];
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
  return { job_id: a.job_id, epoch: a.epoch, start_hash: a.start_hash, end_hash: a.digest, timestamp: a.timestamp };
}

export function infoJson(key: AuditorKey, notBefore: number, logs: readonly string[]): Record<string, unknown> {
  return { keys: [{ public_key: key.publicKeyHex, not_before: notBefore }], logs: [...logs] };
}
