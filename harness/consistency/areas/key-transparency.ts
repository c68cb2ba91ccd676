/**
 * Area C (key-transparency) under concurrent clients: the workload and the sequential model of one namespace.
 *
 * Keys are namespaces registered for the run (operator A), their root epoch published in the setup, so
 * that the clients start from an Online namespace whose last epoch is the root. Clients publish the next
 * epoch as they know it (most often: so several publish the same epoch at once), now and then one they
 * know is taken or one too far, each with a digest of its own (now and then one already used), and read
 * the audit of an epoch. The model is the namespace's list of published epochs: a publish is accepted only
 * for the last epoch + 1 with a digest not used before (exactly one of two racing publishes of the same
 * epoch can be); a refusal must name a reason the state has (409 epoch_exists, 400 epoch_out_of_order,
 * 409 digest_reused); a read of an epoch answers the digest published for it, or 404 before it is.
 *
 * Gaps / by design: no log_directory (proofs are another matter); last-verified-epoch is not read (with a
 * log directory it lags by design). A refusal with another code (a Disabled namespace, a rate limit) is
 * taken as changing nothing.
 */

import type { AreaClient, AreaWorkload } from "./record.ts";
import { failedAnswer, pick } from "./record.ts";
import type { AreaModel, AreaOperation } from "./types.ts";

export type KtCall =
  | { op: "publish"; namespace: string; epoch: number; digest: string }
  | { op: "read"; namespace: string; epoch: number };

export type KtOutcome =
  | { kind: "published"; epoch: number; digest: string }
  | { kind: "audit"; epoch: number; digest: string }
  | { kind: "missing" }
  | { kind: "refused"; status: number; code: string };

/** The namespace's epochs: the root's number, and the digest of each epoch from the root on. */
export interface NamespaceState {
  root: number;
  digests: string[];
}

export const KT_REASONS = ["epoch_exists", "epoch_out_of_order", "digest_reused"] as const;

/** The refusal codes a publish of `epoch`/`digest` has in `s`: empty when it is accepted. */
export function publishRefusals(s: NamespaceState, epoch: number, digest: string): string[] {
  const last = s.root + s.digests.length - 1;
  const out: string[] = [];
  if (epoch >= s.root && epoch <= last) out.push("epoch_exists");
  else if (epoch !== last + 1) out.push("epoch_out_of_order");
  if (s.digests.includes(digest)) out.push("digest_reused");
  return out;
}

export const keyTransparencyModel: AreaModel<NamespaceState> = {
  area: "key-transparency",
  step(s, op) {
    const call = op.call as KtCall;
    const out = op.outcome as KtOutcome | { kind: "error" };
    if (call.op === "read") {
      const at = s.digests[call.epoch - s.root];
      if (out.kind === "missing") return at === undefined || call.epoch < s.root ? s : undefined;
      if (out.kind === "audit")
        return at !== undefined && call.epoch >= s.root && out.digest === at && out.epoch === call.epoch
          ? s
          : undefined;
      return out.kind === "refused" ? s : undefined;
    }
    const refusals = publishRefusals(s, call.epoch, call.digest);
    const accepted = { root: s.root, digests: [...s.digests, call.digest] };
    if (out.kind === "error") return refusals.length === 0 ? accepted : s;
    if (out.kind === "published") {
      return refusals.length === 0 && out.epoch === call.epoch && out.digest === call.digest ? accepted : undefined;
    }
    if (out.kind === "refused") {
      if (!(KT_REASONS as readonly string[]).includes(out.code)) return s;
      return refusals.includes(out.code) ? s : undefined;
    }
    return undefined;
  },
  key: (s) => `${s.root}:${s.digests.join(",")}`,
  isWrite: (op) => (op.call as KtCall).op === "publish",
  wrote: (op) => (op.outcome as { kind: string }).kind === "published",
  isObserver: (op) => (op.call as KtCall).op === "read" || (op.outcome as { kind: string }).kind === "refused",
  dependsOnState: () => true,
  describeCall(op) {
    const c = op.call as KtCall;
    return c.op === "publish"
      ? `publish epoch ${c.epoch} digest ${c.digest.slice(0, 8)}… of ${c.namespace}`
      : `read the audit of epoch ${c.epoch} of ${c.namespace}`;
  },
  describeOutcome(op) {
    const o = op.outcome as KtOutcome | { kind: "error"; message: string };
    switch (o.kind) {
      case "published":
        return `accepted (epoch ${o.epoch})`;
      case "audit":
        return `digest ${o.digest.slice(0, 8)}…`;
      case "missing":
        return "404 (not published)";
      case "refused":
        return `refused ${o.status} ${o.code}`;
      case "error":
        return `error (effect unknown): ${o.message}`;
    }
  },
  describeState: (s) =>
    `epochs ${s.root}..${s.root + s.digests.length - 1} (last digest ${s.digests.at(-1)?.slice(0, 8) ?? "-"}…)`,
};

const HEX = "0123456789abcdef";

/** A digest of 64 hex characters drawn from `rand` (unique in practice: 256 bits). */
export function drawDigest(rand: () => number): string {
  let s = "";
  for (let i = 0; i < 64; i++) s += HEX[Math.floor(rand() * 16)];
  return s;
}

/** The root epoch of the run's namespaces (not 1: a target that numbers epochs from 1 is caught). */
export const ROOT_EPOCH = 7;

export function keyTransparencyWorkload(): AreaWorkload<NamespaceState> {
  return {
    area: "key-transparency",
    async setup(send, o) {
      const out: Record<string, NamespaceState> = {};
      for (let i = 0; i < o.keys; i++) {
        const name = `cc${o.tag}-ns${i}.edgeconf.test`;
        // The root digest: fixed per run and key (a function of the tag), distinct from every drawn digest.
        const digest =
          `${o.tag}${i}`
            .padEnd(64, "0")
            .replace(/[^0-9a-f]/g, "0")
            .slice(0, 63) + "f";
        const root = `${ROOT_EPOCH}/${digest}`;
        const reg = await send("POST", "/namespaces", { name, public: true, root, signature_version: 1 });
        if (reg.status !== 200)
          throw new Error(`registering ${name} answered ${reg.status}: ${JSON.stringify(reg.json)}`);
        const pub = await send("POST", `/namespaces/${name}/audits`, { epoch: ROOT_EPOCH, digest });
        if (pub.status !== 200)
          throw new Error(`publishing the root of ${name} answered ${pub.status}: ${JSON.stringify(pub.json)}`);
        out[name] = { root: ROOT_EPOCH, digests: [digest] };
      }
      return out;
    },
    client(_id, rand, initial): AreaClient {
      const names = Object.keys(initial);
      const last = new Map(names.map((n) => [n, ROOT_EPOCH]));
      const used = new Map<string, string[]>(names.map((n) => [n, [...initial[n]!.digests]]));
      return {
        next() {
          const namespace = pick(rand, names);
          const known = last.get(namespace)!;
          const r = rand();
          if (r < 0.55) {
            const x = rand();
            const epoch = x < 0.8 ? known + 1 : x < 0.9 ? known : known + 2;
            const digest = rand() < 0.05 ? pick(rand, used.get(namespace)!) : drawDigest(rand);
            return {
              key: namespace,
              call: { op: "publish", namespace, epoch, digest } satisfies KtCall,
              async run(send) {
                const res = await send("POST", `/namespaces/${namespace}/audits`, { epoch, digest });
                const failed = failedAnswer(res.status, res.json);
                if (failed) return failed;
                const body = res.json as { epoch?: unknown; digest?: unknown; code?: unknown };
                if (res.status === 200) {
                  return { kind: "published", epoch: Number(body.epoch), digest: String(body.digest).toLowerCase() };
                }
                return { kind: "refused", status: res.status, code: String(body.code) };
              },
            };
          }
          const epoch = Math.max(ROOT_EPOCH, known - 1 + Math.floor(rand() * 3));
          return {
            key: namespace,
            call: { op: "read", namespace, epoch } satisfies KtCall,
            async run(send) {
              const res = await send("GET", `/namespaces/${namespace}/audits/${epoch}`);
              if (res.status === 404) return { kind: "missing" };
              const failed = failedAnswer(res.status, res.json);
              if (failed) return failed;
              const body = res.json as { epoch?: unknown; digest?: unknown; code?: unknown };
              if (res.status === 200) {
                return { kind: "audit", epoch: Number(body.epoch), digest: String(body.digest).toLowerCase() };
              }
              return { kind: "refused", status: res.status, code: String(body.code) };
            },
          };
        },
        saw(op) {
          const c = op.call as KtCall;
          const o = op.outcome as KtOutcome;
          const l = last.get(c.namespace)!;
          if (o.kind === "published" || o.kind === "audit") {
            last.set(c.namespace, Math.max(l, o.epoch));
            used.get(c.namespace)!.push(o.digest);
          }
          if (o.kind === "refused" && o.code === "epoch_exists") last.set(c.namespace, Math.max(l, c.epoch));
        },
      };
    },
    async cleanup(send, history) {
      for (const name of Object.keys(history.initial)) {
        await send("PATCH", `/namespaces/${name}`, { status: "Disabled" }).catch(() => undefined);
      }
    },
  };
}

export type KtOperation = AreaOperation<KtCall, KtOutcome>;
