import { createPublicKey, type KeyObject, verify } from "node:crypto";
import { describe, expect, test } from "vitest";
import { FakeClock } from "../core/clock.ts";
import { KtError } from "./errors.ts";
import { KtModel } from "./model.ts";
import { auditorKeyFromSeed } from "./signing.ts";
import { validateRegister } from "./validate.ts";

const D1 = "11".repeat(32);
const D2 = "22".repeat(32);
const D3 = "33".repeat(32);

function setup() {
  const clock = new FakeClock(1_700_000_000_000);
  const key = auditorKeyFromSeed(new Uint8Array(32).fill(7));
  const model = new KtModel({ clock, key, jobSalt: "salt" });
  model.register("alice", validateRegister({ name: "ns", public: true, root: `5/${D1}`, signature_version: 2 }));
  return { clock, key, model };
}

const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof KtError) return e.code;
    throw e;
  }
  return undefined;
}

describe("KtModel state machine", () => {
  test("register: Initialization, owner kept, duplicates refused, identity required", () => {
    const { model } = setup();
    expect(model.get("ns").status).toBe("Initialization");
    expect(model.get("ns").owner).toBe("alice");
    const again = validateRegister({ name: "ns", public: false, root: `1/${D2}`, signature_version: 1 });
    expect(code(() => model.register("bob", again))).toBe("namespace_exists");
    expect(code(() => model.register(undefined, { ...again, name: "other" }))).toBe("unauthenticated");
  });

  test("the first epoch must equal the root; then Online and strictly previous + 1", () => {
    const { model, clock } = setup();
    expect(code(() => model.publish("alice", "ns", { epoch: 5n, digest: bytes(D2) }))).toBe("root_mismatch");
    expect(code(() => model.publish("alice", "ns", { epoch: 6n, digest: bytes(D1) }))).toBe("root_mismatch");
    expect(model.get("ns").status).toBe("Initialization");
    clock.advance(1234);
    const a = model.publish("alice", "ns", { epoch: 5n, digest: bytes(D1) });
    expect(a.timestamp).toBe(1_700_000_001_234);
    expect(model.get("ns").status).toBe("Online");
    expect(code(() => model.publish("alice", "ns", { epoch: 5n, digest: bytes(D2) }))).toBe("epoch_exists");
    expect(code(() => model.publish("alice", "ns", { epoch: 7n, digest: bytes(D2) }))).toBe("epoch_out_of_order");
    expect(code(() => model.publish("alice", "ns", { epoch: 4n, digest: bytes(D2) }))).toBe("epoch_out_of_order");
    expect(code(() => model.publish("alice", "ns", { epoch: 6n, digest: bytes(D1) }))).toBe("digest_reused");
    model.publish("alice", "ns", { epoch: 6n, digest: bytes(D2) });
    expect(model.lastVerified("ns").epoch).toBe(6n);
    expect(model.lastVerified("ns").start_hash).toBe(D1);
  });

  test("owners only: another identity gets forbidden, no identity unauthenticated", () => {
    const { model } = setup();
    expect(code(() => model.publish("bob", "ns", { epoch: 5n, digest: bytes(D1) }))).toBe("forbidden");
    expect(code(() => model.setStatus("bob", "ns", "Disabled"))).toBe("forbidden");
    expect(code(() => model.setStatus(undefined, "ns", "Disabled"))).toBe("unauthenticated");
    expect(code(() => model.setStatus("alice", "nope", "Disabled"))).toBe("not_found");
    expect(model.get("ns").status).toBe("Initialization");
  });

  test("Disabled from any state, idempotent, read-only, no way out", () => {
    const { model } = setup();
    expect(code(() => model.setStatus("alice", "ns", "Online"))).toBe("invalid_status_transition");
    expect(model.setStatus("alice", "ns", "Disabled").status).toBe("Disabled");
    expect(model.setStatus("alice", "ns", "Disabled").status).toBe("Disabled");
    expect(code(() => model.setStatus("alice", "ns", "Online"))).toBe("namespace_disabled");
    expect(code(() => model.setStatus("alice", "ns", "Initialization"))).toBe("namespace_disabled");
    expect(code(() => model.publish("alice", "ns", { epoch: 5n, digest: bytes(D1) }))).toBe("namespace_disabled");
    expect(model.get("ns").status).toBe("Disabled");
  });

  test("signatures verify over the stored serialised message; job ids are deterministic", () => {
    const a = setup();
    const b = setup();
    const pa = a.model.publish("alice", "ns", { epoch: 5n, digest: bytes(D1) });
    const pb = b.model.publish("alice", "ns", { epoch: 5n, digest: bytes(D1) });
    expect(pa).toEqual(pb);
    expect(pa.job_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const pub = createPublicKey(a.key.privateKey as KeyObject);
    expect(verify(null, Buffer.from(pa.serialized_message, "hex"), pub, Buffer.from(pa.signature, "hex"))).toBe(true);
  });

  test("listPublic holds only public namespaces, by name", () => {
    const { model } = setup();
    model.register("bob", validateRegister({ name: "a-first", public: true, root: `1/${D3}`, signature_version: 1 }));
    model.register("bob", validateRegister({ name: "hidden", public: false, root: `1/${D3}`, signature_version: 1 }));
    expect(model.listPublic().map((n) => n.name)).toEqual(["a-first", "ns"]);
    expect(model.get("hidden").public).toBe(false);
  });

  test("snapshot, restore and reset", () => {
    const { model } = setup();
    model.publish("alice", "ns", { epoch: 5n, digest: bytes(D1) });
    const snap = model.snapshot();
    model.setStatus("alice", "ns", "Disabled");
    model.restore(snap);
    expect(model.get("ns").status).toBe("Online");
    expect(model.get("ns").audits).toHaveLength(1);
    snap.namespaces[0]!.status = "Disabled";
    expect(model.get("ns").status).toBe("Online");
    model.reset();
    expect(code(() => model.get("ns"))).toBe("not_found");
    expect(() => model.restore(null)).toThrow(/kt: must be an object/);
    model.restore(snap);
    const bad = structuredClone(snap) as unknown as { namespaces: Record<string, unknown>[] };
    bad.namespaces[0]!.status = "Paused";
    expect(() => model.restore(bad)).toThrow(/kt.namespaces\["ns"\].status: must be one of/);
    bad.namespaces[0]!.status = "Online";
    bad.namespaces[0]!.audits = [{ epoch: "5" }];
    expect(() => model.restore(bad)).toThrow(/audits\[0\].epoch: must be a bigint/);
    expect(() => model.restore({ namespaces: [snap.namespaces[0], snap.namespaces[0]] })).toThrow(
      /kt.namespaces\["ns"\]: appears twice/,
    );
    expect(model.get("ns").status).toBe("Disabled");
  });
});
