import { describe, expect, test } from "vitest";
import { FakeClock } from "../core/clock.ts";
import { createSimulator } from "../index.ts";
import { KtModel } from "./model.ts";
import {
  checkProof,
  type LogDirectory,
  PROOF_DELAY_MS,
  type ProofRequest,
  proofRequest,
  simulatedProof,
} from "./proofs.ts";
import { auditorKeyFromSeed } from "./signing.ts";
import { validateRegister } from "./validate.ts";

const D = (n: number) => n.toString(16).padStart(2, "0").repeat(32);
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

function setup(hook?: LogDirectory) {
  const clock = new FakeClock(1_700_000_000_000);
  const model = new KtModel({
    clock,
    key: auditorKeyFromSeed(new Uint8Array(32).fill(3)),
    jobSalt: "s",
    ...(hook ? { logDirectory: hook } : {}),
  });
  const reg = { name: "ns", root: `1/${D(1)}`, signature_version: 1, log_directory: "https://logs.example.test/dir/" };
  model.register("op", validateRegister(reg));
  const publish = (epoch: number) => model.publish("op", "ns", { epoch: BigInt(epoch), digest: bytes(D(epoch)) });
  return { clock, model, publish };
}

describe("audit proofs from the log directory", () => {
  test("the blob is <epoch>/<previous digest>/<digest>, fetched at the directory's origin as plexi joins it", () => {
    const r = proofRequest("ns", "https://logs.example.test/dir/", 2n, D(1), D(2));
    expect(r.blob).toBe(`2/${D(1)}/${D(2)}`);
    expect(r.url).toBe(`https://logs.example.test/2/${D(1)}/${D(2)}`);
    expect(checkProof(simulatedProof(r.blob), r)).toBe("verified");
    expect(checkProof(undefined, r)).toBe("proof-missing");
    expect(checkProof(null, r)).toBe("proof-missing");
    expect(checkProof(new Uint8Array([1, 2]), r)).toBe("proof-invalid");
    expect(checkProof(simulatedProof(`3/${D(1)}/${D(2)}`), r)).toBe("proof-invalid");
  });

  test("the root epoch needs no proof; a later epoch counts only once its proof verified, asynchronously", () => {
    const seen: ProofRequest[] = [];
    const { clock, model, publish } = setup((req) => {
      seen.push(req);
      return simulatedProof(req.blob);
    });
    publish(1);
    expect(model.lastVerified("ns").epoch).toBe(1n);
    const a2 = publish(2);
    expect(a2.proof).toBe("pending");
    expect(model.lastVerified("ns").epoch).toBe(1n);
    expect(seen).toEqual([]);
    clock.advance(PROOF_DELAY_MS - 1);
    expect(model.proofState("ns", 2n)).toBe("pending");
    clock.advance(1);
    expect(seen.map((s) => s.blob)).toEqual([`2/${D(1)}/${D(2)}`]);
    expect(model.proofState("ns", 2n)).toBe("verified");
    expect(model.lastVerified("ns")).toMatchObject({ epoch: 2n, verified_at: clock.now(), start_hash: D(1) });
  });

  test("proof missing: the epoch does not count, and is fetched again at the next run", () => {
    let served = false;
    const { clock, model, publish } = setup((req) => (served ? simulatedProof(req.blob) : undefined));
    publish(1);
    publish(2);
    clock.advance(PROOF_DELAY_MS);
    expect(model.proofState("ns", 2n)).toBe("proof-missing");
    expect(model.lastVerified("ns").epoch).toBe(1n);
    served = true;
    publish(3);
    clock.advance(PROOF_DELAY_MS);
    expect([model.proofState("ns", 2n), model.proofState("ns", 3n)]).toEqual(["verified", "verified"]);
    expect(model.lastVerified("ns").epoch).toBe(3n);
  });

  test("proof invalid: verification stops there for good; no hook means every proof is missing", () => {
    const { clock, model, publish } = setup((req) => (req.epoch === 2n ? "garbage" : simulatedProof(req.blob)));
    publish(1);
    publish(2);
    publish(3);
    clock.advance(PROOF_DELAY_MS);
    expect([model.proofState("ns", 2n), model.proofState("ns", 3n)]).toEqual(["proof-invalid", "pending"]);
    model.verifyProofs();
    expect(model.lastVerified("ns").epoch).toBe(1n);
    const none = setup();
    none.publish(1);
    none.publish(2);
    none.clock.advance(PROOF_DELAY_MS);
    expect(none.model.proofState("ns", 2n)).toBe("proof-missing");
    none.model.setLogDirectory((req) => simulatedProof(req.blob));
    none.model.verifyProofs();
    expect(none.model.lastVerified("ns").epoch).toBe(2n);
  });

  test("without a log_directory every published epoch counts at once", () => {
    const clock = new FakeClock(0);
    const model = new KtModel({ clock, key: auditorKeyFromSeed(new Uint8Array(32)), jobSalt: "s" });
    model.register("op", validateRegister({ name: "plain", root: `1/${D(1)}`, signature_version: 2 }));
    model.publish("op", "plain", { epoch: 1n, digest: bytes(D(1)) });
    model.publish("op", "plain", { epoch: 2n, digest: bytes(D(2)) });
    expect(model.lastVerified("plain").epoch).toBe(2n);
  });

  test("a snapshot keeps proof states; restoring one with pending proofs schedules a run", () => {
    const { clock, model, publish } = setup((req) => simulatedProof(req.blob));
    publish(1);
    publish(2);
    const snap = model.snapshot();
    clock.advance(PROOF_DELAY_MS);
    expect(model.proofState("ns", 2n)).toBe("verified");
    model.restore(snap);
    expect(model.proofState("ns", 2n)).toBe("pending");
    clock.advance(PROOF_DELAY_MS);
    expect(model.proofState("ns", 2n)).toBe("verified");
  });
});

describe("roots and epochs as plexi sees them", () => {
  test("the first epoch matches the root as text: a root written in upper-case hex never matches", () => {
    const clock = new FakeClock(0);
    const model = new KtModel({ clock, key: auditorKeyFromSeed(new Uint8Array(32)), jobSalt: "s" });
    model.register("op", validateRegister({ name: "up", root: `1/${"AB".repeat(32)}`, signature_version: 1 }));
    expect(() => model.publish("op", "up", { epoch: 1n, digest: bytes("ab".repeat(32)) })).toThrow(/root/);
    expect(model.get("up").status).toBe("Initialization");
  });

  test("epochs run to 2^64-1", () => {
    const clock = new FakeClock(0);
    const model = new KtModel({ clock, key: auditorKeyFromSeed(new Uint8Array(32)), jobSalt: "s" });
    const top = 2n ** 64n - 2n;
    model.register("op", validateRegister({ name: "big", root: `${top}/${D(1)}`, signature_version: 2 }));
    model.publish("op", "big", { epoch: top, digest: bytes(D(1)) });
    const last = model.publish("op", "big", { epoch: top + 1n, digest: bytes(D(2)) });
    expect(last.epoch).toBe(2n ** 64n - 1n);
    expect(model.lastVerified("big").epoch).toBe(2n ** 64n - 1n);
  });
});

describe("through createSimulator and HTTP", () => {
  test("a hook serves the log directory; last-verified-epoch moves once the clock passes the verification", async () => {
    let serve = false;
    const sim = createSimulator({
      seed: 3,
      keyTransparency: { logDirectory: (req) => (serve ? simulatedProof(req.blob) : undefined) },
    });
    const as = { clientIdentity: "operator-a.edgeconf.test" };
    const send = (method: string, p: string, body?: unknown) =>
      sim.fetch(`https://kt.test${p}`, {
        method,
        ...as,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
    const last = async () => {
      const res = await send("GET", "/namespaces/p.example/last-verified-epoch");
      return res.status === 404 ? undefined : ((await res.json()) as { epoch: number }).epoch;
    };
    const reg = { name: "p.example", root: `1/${D(1)}`, signature_version: 2, log_directory: "https://logs.test/" };
    expect((await send("POST", "/namespaces", reg)).status).toBe(200);
    expect((await send("POST", "/namespaces/p.example/audits", { epoch: 1, digest: D(1) })).status).toBe(200);
    expect((await send("POST", "/namespaces/p.example/audits", { epoch: 2, digest: D(2) })).status).toBe(200);
    expect(await last()).toBe(1);
    sim.clock.advance(PROOF_DELAY_MS);
    expect(sim.areas.kt.proofState("p.example", 2)).toBe("proof-missing");
    expect(await last()).toBe(1);
    serve = true;
    expect((await send("POST", "/namespaces/p.example/audits", { epoch: 3, digest: D(3) })).status).toBe(200);
    expect(await last()).toBe(1);
    sim.clock.advance(PROOF_DELAY_MS);
    expect(await last()).toBe(3);
    const ns = (await (await send("GET", "/namespaces/p.example")).json()) as { last_verified_epoch: number };
    expect(ns.last_verified_epoch).toBe(3);
  });
});

describe("older snapshots", () => {
  test("epochs as numbers and audits without proof states restore as verified u64 epochs", () => {
    const { model, publish } = setup();
    publish(1);
    const snap = model.snapshot() as unknown as { namespaces: Record<string, unknown>[] };
    const old = {
      namespaces: snap.namespaces.map((n) => ({
        ...n,
        rootEpoch: Number(n.rootEpoch),
        audits: (n.audits as Record<string, unknown>[]).map(({ proof: _p, verified_at: _v, ...a }) => ({
          ...a,
          epoch: Number(a.epoch),
        })),
      })),
    };
    model.reset();
    model.restore(old);
    expect(model.lastVerified("ns")).toMatchObject({ epoch: 1n, proof: "verified" });
    expect(model.get("ns").rootEpoch).toBe(1n);
    expect(() => model.restore({ namespaces: [{ ...old.namespaces[0], rootEpoch: 1.5 }] })).toThrow(/rootEpoch/);
  });
});
