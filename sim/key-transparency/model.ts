/**
 * Area C model: namespaces and their epochs as a state machine, with owners and signed audits.
 *
 *   (none) --register--> Initialization --first epoch (= root)--> Online
 *   any state --disable--> Disabled (read-only; no way out)
 *
 * Every write names its actor (the verified client-certificate identity); a namespace belongs to
 * the identity that registered it. The model never sees HTTP: routes.ts decodes and encodes.
 *
 * Gaps / by design: log_directory is stored and echoed but never fetched (no network in the
 * simulator), so every published epoch counts as verified: last_verified_epoch is the last
 * published epoch. Reports (reports_uri) are not modelled. Namespaces are never deleted.
 */
import { createHash } from "node:crypto";
import type { Snapshottable } from "../core/area.ts";
import type { FakeClock } from "../core/clock.ts";
import { DISABLED_MESSAGE, KtError } from "./errors.ts";
import { type AuditorKey, type SignatureVersion, signMessage } from "./signing.ts";
import type { PublishInput, RegisterInput } from "./validate.ts";

export type NamespaceStatus = "Initialization" | "Online" | "Disabled";

export interface AuditRecord {
  epoch: number;
  /** Lowercase hex, 32 bytes. */
  digest: string;
  /** ms since the Unix epoch, from the simulator's clock at publication. */
  timestamp: number;
  /** Lowercase hex, 64 bytes. */
  signature: string;
  /** Lowercase hex of the signed bytes. */
  serialized_message: string;
  /** Digest of the previous epoch (the root digest for the first one), lowercase hex. */
  start_hash: string;
  job_id: string;
}

export interface NamespaceRecord {
  name: string;
  owner: string;
  public: boolean;
  /** As registered. */
  root: string;
  rootEpoch: number;
  /** Lowercase hex. */
  rootDigest: string;
  signature_version: SignatureVersion;
  log_directory: string | null;
  status: NamespaceStatus;
  /** Published epochs in order: rootEpoch, rootEpoch + 1, ... */
  audits: AuditRecord[];
}

export interface KtModelOptions {
  clock: FakeClock;
  key: AuditorKey;
  /** Salt of the deterministic job ids (derived from the seed). */
  jobSalt: string;
}

/** The caller's identity, or a 401 KtError when none was verified. */
export function requireActor(actor: string | undefined): string {
  if (actor === undefined || actor === "") {
    throw new KtError("unauthenticated", "this operation needs a verified client certificate (mTLS)");
  }
  return actor;
}

const STATUSES: readonly string[] = ["Initialization", "Online", "Disabled"];

/** Why `r` is not a namespace record of a snapshot, or undefined. */
export function snapshotRecordProblem(r: unknown): string | undefined {
  if (typeof r !== "object" || r === null) return "a namespace is not an object";
  const x = r as Record<string, unknown>;
  const str = (k: string) => typeof x[k] === "string";
  const int = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v);
  if (!str("name") || !str("owner") || !str("root") || !str("rootDigest"))
    return "name, owner, root, rootDigest must be strings";
  if (typeof x.public !== "boolean") return `namespace "${x.name}": public must be a boolean`;
  if (!int(x.rootEpoch)) return `namespace "${x.name}": rootEpoch must be an integer`;
  if (x.signature_version !== 1 && x.signature_version !== 2)
    return `namespace "${x.name}": signature_version must be 1 or 2`;
  if (x.log_directory !== null && !str("log_directory"))
    return `namespace "${x.name}": log_directory must be a string or null`;
  if (!STATUSES.includes(x.status as string)) return `namespace "${x.name}": unknown status`;
  if (!Array.isArray(x.audits)) return `namespace "${x.name}": audits must be an array`;
  for (const a of x.audits as unknown[]) {
    const y = (a ?? {}) as Record<string, unknown>;
    const ok =
      int(y.epoch) &&
      int(y.timestamp) &&
      ["digest", "signature", "serialized_message", "start_hash", "job_id"].every((k) => typeof y[k] === "string");
    if (!ok) return `namespace "${x.name}": malformed audit`;
  }
  return undefined;
}

function cloneRecord(r: NamespaceRecord): NamespaceRecord {
  return { ...r, audits: r.audits.map((a) => ({ ...a })) };
}

export class KtModel implements Snapshottable {
  readonly #opts: KtModelOptions;
  #namespaces = new Map<string, NamespaceRecord>();

  constructor(options: KtModelOptions) {
    this.#opts = options;
  }

  get key(): AuditorKey {
    return this.#opts.key;
  }

  register(actor: string | undefined, input: RegisterInput): NamespaceRecord {
    const owner = requireActor(actor);
    if (this.#namespaces.has(input.name)) {
      throw new KtError("namespace_exists", `a namespace named "${input.name}" already exists`);
    }
    const record: NamespaceRecord = {
      name: input.name,
      owner,
      public: input.public,
      root: input.root,
      rootEpoch: input.rootParsed.epoch,
      rootDigest: Buffer.from(input.rootParsed.digest).toString("hex"),
      signature_version: input.signature_version,
      log_directory: input.log_directory,
      status: "Initialization",
      audits: [],
    };
    this.#namespaces.set(record.name, record);
    return cloneRecord(record);
  }

  get(name: string): NamespaceRecord {
    const r = this.#namespaces.get(name);
    if (!r) throw new KtError("not_found", `no namespace named "${name}"`);
    return cloneRecord(r);
  }

  /** Public namespaces, by name (code-unit order). */
  listPublic(): NamespaceRecord[] {
    return [...this.#namespaces.values()]
      .filter((r) => r.public)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(cloneRecord);
  }

  /** Checks that `actor` may write to `name` (401, 404, 403), before the body is even read. */
  authorizeWrite(actor: string | undefined, name: string): NamespaceRecord {
    const who = requireActor(actor);
    const r = this.#namespaces.get(name);
    if (!r) throw new KtError("not_found", `no namespace named "${name}"`);
    if (r.owner !== who) {
      throw new KtError("forbidden", `namespace "${name}" belongs to another operator; only its owner can change it`);
    }
    return r;
  }

  /** PATCH status. Only "Disabled" can be set, from any state; a Disabled namespace stays Disabled. */
  setStatus(actor: string | undefined, name: string, status: string): NamespaceRecord {
    const r = this.authorizeWrite(actor, name);
    if (status !== "Disabled") {
      if (r.status === "Disabled") throw new KtError("namespace_disabled", DISABLED_MESSAGE);
      throw new KtError("invalid_status_transition", `status can only be set to "Disabled", got "${status}"`);
    }
    r.status = "Disabled";
    return cloneRecord(r);
  }

  publish(actor: string | undefined, name: string, input: PublishInput): AuditRecord {
    const r = this.authorizeWrite(actor, name);
    if (r.status === "Disabled") throw new KtError("namespace_disabled", DISABLED_MESSAGE);
    const digest = Buffer.from(input.digest).toString("hex");
    const last = r.audits[r.audits.length - 1];
    if (!last) {
      if (input.epoch !== r.rootEpoch || digest !== r.rootDigest) {
        throw new KtError(
          "root_mismatch",
          `the first epoch must match the namespace root ${r.root} (epoch ${r.rootEpoch} with its digest)`,
        );
      }
    } else {
      if (input.epoch >= r.rootEpoch && input.epoch <= last.epoch) {
        throw new KtError("epoch_exists", `epoch ${input.epoch} is already published and cannot be republished`);
      }
      if (input.epoch !== last.epoch + 1) {
        throw new KtError("epoch_out_of_order", `the next epoch must be ${last.epoch + 1}, got ${input.epoch}`);
      }
      if (r.audits.some((a) => a.digest === digest) || digest === r.rootDigest) {
        throw new KtError("digest_reused", "this digest was already published in this namespace; digests are unique");
      }
    }
    const timestamp = this.#opts.clock.now();
    const signed = signMessage(this.#opts.key, {
      ciphersuite: r.signature_version,
      namespace: r.name,
      timestamp,
      epoch: input.epoch,
      digest: input.digest,
    });
    const audit: AuditRecord = {
      epoch: input.epoch,
      digest,
      timestamp,
      signature: Buffer.from(signed.signature).toString("hex"),
      serialized_message: Buffer.from(signed.serialized).toString("hex"),
      start_hash: last ? last.digest : digest,
      job_id: this.#jobId(r.name, input.epoch),
    };
    r.audits.push(audit);
    r.status = "Online";
    return { ...audit };
  }

  audit(name: string, epoch: number): AuditRecord {
    const r = this.get(name);
    const a = r.audits.find((x) => x.epoch === epoch);
    if (!a) throw new KtError("not_found", `epoch ${epoch} of namespace "${name}" is not published`);
    return a;
  }

  lastVerified(name: string): AuditRecord {
    const r = this.get(name);
    const a = r.audits[r.audits.length - 1];
    if (!a) throw new KtError("not_found", `namespace "${name}" has no verified epoch yet`);
    return a;
  }

  /** A UUID-shaped id fixed by (seed, namespace, epoch): no random stream, so snapshots stay exact. */
  #jobId(name: string, epoch: number): string {
    const h = createHash("sha256").update(`${this.#opts.jobSalt}\0${name}\0${epoch}`).digest("hex").split("");
    h[12] = "4";
    h[16] = "89ab"[Number.parseInt(h[16]!, 16) & 3]!;
    const s = h.slice(0, 32).join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
  }

  snapshot(): { namespaces: NamespaceRecord[] } {
    return { namespaces: [...this.#namespaces.values()].map(cloneRecord) };
  }

  /** Replaces the state with a snapshot; a malformed snapshot throws and changes nothing. */
  restore(state: unknown): void {
    const s = state as { namespaces?: unknown } | null;
    if (!s || typeof s !== "object" || !Array.isArray(s.namespaces)) {
      throw new TypeError("not a key-transparency snapshot: expected { namespaces: [...] }");
    }
    const next = new Map<string, NamespaceRecord>();
    for (const r of s.namespaces) {
      const problem = snapshotRecordProblem(r);
      if (problem) throw new TypeError(`not a key-transparency snapshot: ${problem}`);
      const record = r as NamespaceRecord;
      if (next.has(record.name)) throw new TypeError(`not a key-transparency snapshot: duplicate "${record.name}"`);
      next.set(record.name, cloneRecord(record));
    }
    this.#namespaces = next;
  }

  reset(): void {
    this.#namespaces = new Map();
  }
}
