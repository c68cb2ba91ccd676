/**
 * Area C model: namespaces and their epochs as a state machine, with owners and signed audits.
 *
 *   (none) --register--> Initialization --first epoch (= root)--> Online
 *   any state --disable--> Disabled (read-only; no way out)
 *
 * Every write names its actor (the verified client-certificate identity); a namespace belongs to
 * the identity that registered it. The model never sees HTTP: routes.ts decodes and encodes.
 *
 * Epochs are u64 (bigint). The first epoch is accepted when `<epoch>/<digest as lower-case hex>`
 * equals the registered root as text (plexi's `NamespaceInfo::is_first_epoch` compares them so).
 * An epoch counts as verified (last_verified_epoch) at once when the namespace has no log_directory;
 * with one, only after its audit proof was fetched from the log directory and checked (proofs.ts),
 * which happens on the fake clock PROOF_DELAY_MS after the publication.
 *
 * Gaps / by design: reports (reports_uri) are not modelled. Namespaces are never deleted.
 */
import { createHash } from "node:crypto";
import type { Snapshottable } from "../core/area.ts";
import type { FakeClock, ScheduledHandle } from "../core/clock.ts";
import { DISABLED_MESSAGE, KtError } from "./errors.ts";
import { checkProof, type LogDirectory, PROOF_DELAY_MS, type ProofState, proofRequest } from "./proofs.ts";
import { type AuditorKey, type SignatureVersion, signMessage } from "./signing.ts";
import { checkKtSnapshot, type KtCheckContext, upgradeKtSnapshot } from "./snapshot-check.ts";
import type { PublishInput, RegisterInput } from "./validate.ts";

export type NamespaceStatus = "Initialization" | "Online" | "Disabled";

export interface AuditRecord {
  epoch: bigint;
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
  /** "verified" at once without a log_directory (and for the root epoch); else per its proof. */
  proof: ProofState;
  /** When the epoch counted as verified (ms), null until then. */
  verified_at: number | null;
}

export interface NamespaceRecord {
  name: string;
  owner: string;
  public: boolean;
  /** As registered. */
  root: string;
  rootEpoch: bigint;
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
  /** Serves the log directories (proofs.ts); without it every proof is missing. */
  logDirectory?: LogDirectory;
}

/** The caller's identity, or a 401 KtError when none was verified. */
export function requireActor(actor: string | undefined): string {
  if (actor === undefined || actor === "") {
    throw new KtError("unauthenticated", "this operation needs a verified client certificate (mTLS)");
  }
  return actor;
}

/** The last epoch of the verified prefix of a namespace's epochs (what last_verified_epoch names). */
export function lastVerifiedOf(r: NamespaceRecord): AuditRecord | undefined {
  let last: AuditRecord | undefined;
  for (const a of r.audits) {
    if (a.proof !== "verified") break;
    last = a;
  }
  return last;
}

function cloneRecord(r: NamespaceRecord): NamespaceRecord {
  return { ...r, audits: r.audits.map((a) => ({ ...a })) };
}

export class KtModel implements Snapshottable {
  readonly #opts: KtModelOptions;
  #namespaces = new Map<string, NamespaceRecord>();
  #logDirectory: LogDirectory | undefined;
  /** The pending verification run on the fake clock, if any (cancelled by restore and reset). */
  #run: ScheduledHandle | undefined;

  constructor(options: KtModelOptions) {
    this.#opts = options;
    this.#logDirectory = options.logDirectory;
  }

  /** Serves every namespace's log directory from now on (undefined: every proof is missing). */
  setLogDirectory(hook: LogDirectory | undefined): void {
    this.#logDirectory = hook;
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
      // As plexi compares them: the root as registered, the epoch as `<epoch>/<lower-case hex>`.
      if (r.root !== `${input.epoch}/${digest}`) {
        throw new KtError(
          "root_mismatch",
          `the first epoch must match the namespace root ${r.root} (epoch ${r.rootEpoch} with its digest, in the root's own text)`,
        );
      }
    } else {
      if (input.epoch >= r.rootEpoch && input.epoch <= last.epoch) {
        throw new KtError("epoch_exists", `epoch ${input.epoch} is already published and cannot be republished`);
      }
      if (input.epoch !== last.epoch + 1n) {
        throw new KtError("epoch_out_of_order", `the next epoch must be ${last.epoch + 1n}, got ${input.epoch}`);
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
    const needsProof = last !== undefined && r.log_directory !== null;
    const audit: AuditRecord = {
      epoch: input.epoch,
      digest,
      timestamp,
      signature: Buffer.from(signed.signature).toString("hex"),
      serialized_message: Buffer.from(signed.serialized).toString("hex"),
      start_hash: last ? last.digest : digest,
      job_id: this.#jobId(r.name, input.epoch),
      proof: needsProof ? "pending" : "verified",
      verified_at: needsProof ? null : timestamp,
    };
    r.audits.push(audit);
    r.status = "Online";
    if (needsProof) this.#scheduleVerification();
    return { ...audit };
  }

  /** Runs verification PROOF_DELAY_MS from now on the fake clock (once, however many publications). */
  #scheduleVerification(): void {
    if (this.#run) return;
    this.#run = this.#opts.clock.schedule(this.#opts.clock.now() + PROOF_DELAY_MS, () => {
      this.#run = undefined;
      this.verifyProofs();
    });
  }

  /**
   * Fetches and checks the proofs of every epoch not yet verified, in order per namespace, stopping
   * at the first that is missing (fetched again next run) or invalid (verification stops there).
   */
  verifyProofs(): void {
    for (const r of this.#namespaces.values()) {
      if (r.log_directory === null) continue;
      for (let i = 1; i < r.audits.length; i++) {
        const a = r.audits[i]!;
        if (a.proof === "verified") continue;
        if (a.proof === "proof-invalid") break;
        const request = proofRequest(r.name, r.log_directory, a.epoch, r.audits[i - 1]!.digest, a.digest);
        let answer: ReturnType<LogDirectory>;
        try {
          answer = this.#logDirectory?.(request);
        } catch {
          answer = undefined;
        }
        a.proof = checkProof(answer, request);
        if (a.proof !== "verified") break;
        a.verified_at = this.#opts.clock.now();
      }
    }
  }

  /** How the proof of a published epoch stands. */
  proofState(name: string, epoch: bigint): ProofState {
    return this.audit(name, epoch).proof;
  }

  audit(name: string, epoch: bigint): AuditRecord {
    const r = this.get(name);
    const a = r.audits.find((x) => x.epoch === epoch);
    if (!a) throw new KtError("not_found", `epoch ${epoch} of namespace "${name}" is not published`);
    return a;
  }

  lastVerified(name: string): AuditRecord {
    const a = lastVerifiedOf(this.get(name));
    if (!a) throw new KtError("not_found", `namespace "${name}" has no verified epoch yet`);
    return a;
  }

  /** A UUID-shaped id fixed by (seed, namespace, epoch): no random stream, so snapshots stay exact. */
  #jobId(name: string, epoch: bigint): string {
    const h = createHash("sha256").update(`${this.#opts.jobSalt}\0${name}\0${epoch}`).digest("hex").split("");
    h[12] = "4";
    h[16] = "89ab"[Number.parseInt(h[16]!, 16) & 3]!;
    const s = h.slice(0, 32).join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
  }

  /** What the snapshot check needs to judge signatures and job ids (snapshot-check.ts). */
  get #checkContext(): KtCheckContext {
    return { key: this.#opts.key, jobId: (name, epoch) => this.#jobId(name, epoch) };
  }

  snapshot(): { namespaces: NamespaceRecord[] } {
    return { namespaces: [...this.#namespaces.values()].map(cloneRecord) };
  }

  /** Checks a whole snapshot (snapshot-check.ts); throws naming the first bad path. */
  check(state: unknown, path: string, now?: number): void {
    checkKtSnapshot(upgradeKtSnapshot(state), path, this.#checkContext, now);
  }

  /** Replaces the state with a snapshot; a bad one throws (naming its first bad path) and changes nothing. */
  restore(snapshot: unknown): void {
    const state = upgradeKtSnapshot(snapshot);
    checkKtSnapshot(state, "kt", this.#checkContext);
    const next = new Map<string, NamespaceRecord>();
    for (const r of (state as { namespaces: NamespaceRecord[] }).namespaces) next.set(r.name, cloneRecord(r));
    this.#namespaces = next;
    this.#cancelRun();
    const pending = [...next.values()].some((r) => r.audits.some((a) => a.proof === "pending"));
    if (pending) this.#scheduleVerification();
  }

  reset(): void {
    this.#namespaces = new Map();
    this.#cancelRun();
  }

  /** A restore or reset replaces the whole state, the run scheduled for the old one included. */
  #cancelRun(): void {
    this.#run?.cancel();
    this.#run = undefined;
  }
}
