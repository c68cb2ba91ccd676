import { describe, expect, test } from "vitest";
import type { Snapshottable } from "../core/area.ts";
import { FakeClock } from "../core/clock.ts";
import { credentialsFromSeed } from "../core/context.ts";
import { SeededRandom } from "../core/random.ts";
import { createSimulator } from "../index.ts";
import { createControl } from "./index.ts";

/** fast-check parameters: EDGECONF_SEED when given, a fixed seed under CI (CI pins seeds), else random. */
function unitPropertyParameters(numRuns: number): { numRuns: number; seed?: number } {
  const given = process.env.EDGECONF_SEED;
  if (given !== undefined && given !== "" && Number.isFinite(Number(given))) return { numRuns, seed: Number(given) };
  return process.env.CI ? { numRuns, seed: 20260410 } : { numRuns };
}

/** A stand-in area: a map of keys to bytes, snapshotted as plain data. */
function fakeArea(refuse = false): Snapshottable & { data: Map<string, Uint8Array> } {
  const area = {
    data: new Map<string, Uint8Array>(),
    snapshot: () => ({ entries: [...area.data].map(([k, v]) => [k, v.slice()]) }),
    check(state: unknown, path: string) {
      if (!Array.isArray((state as { entries?: unknown } | null)?.entries)) throw new Error(`${path}: no entries`);
    },
    restore(state: unknown) {
      if (refuse) throw new Error("no thanks");
      const s = state as { entries: [string, Uint8Array][] };
      area.data = new Map(s.entries.map(([k, v]) => [k, v.slice()]));
    },
    reset() {
      area.data.clear();
    },
  };
  return area;
}

function setup(seed = 3, refuseKt = false) {
  const random = new SeededRandom(seed);
  const clock = new FakeClock(Date.UTC(2025, 0, 1));
  const a = fakeArea();
  const b = fakeArea(refuseKt);
  const slept: number[] = [];
  const { control, table, sleep } = createControl({
    seed,
    credentials: credentialsFromSeed(random),
    clock,
    random,
    areas: { objectStore: a, kt: b },
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { control, table, sleep, clock, a, b, slept };
}

const req = (method: string, path: string, body?: unknown) =>
  new Request(`http://sim.test/__edgeconf${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

describe("control surface", () => {
  test("snapshot / mutate / restore gives the earlier state back, byte-exact through text", () => {
    const { control, a, b } = setup();
    a.data.set("k", new Uint8Array([1, 2, 3]));
    b.data.set("n", new Uint8Array([255]));
    const text = control.exportSnapshot();
    const snap = control.snapshot();
    a.data.set("k", new Uint8Array([9]));
    b.data.delete("n");
    control.importSnapshot(text);
    expect([...a.data.get("k")!]).toEqual([1, 2, 3]);
    expect([...b.data.get("n")!]).toEqual([255]);
    a.data.clear();
    control.restore(snap);
    expect(control.exportSnapshot()).toBe(text);
  });

  test("restore is all or nothing, and refuses another seed", () => {
    const { control, a } = setup(3, true);
    a.data.set("k", new Uint8Array([1]));
    const snap = control.snapshot();
    a.data.set("k", new Uint8Array([2]));
    expect(() => control.restore(snap)).toThrow(/area "kt" refused the snapshot, nothing was changed/);
    expect([...a.data.get("k")!]).toEqual([2]);
    const other = setup(4);
    expect(() => other.control.restore(setup(3).control.snapshot())).toThrow(/seed 3; this simulator has seed 4/);
    expect(() => other.control.importSnapshot('{"format":"x"}')).toThrow(/not an edgeconf snapshot/);
  });

  test("restore refuses a frame field snapshot() never writes, a __proto__ key anywhere, extra credentials", () => {
    const { control, a, clock } = setup();
    a.data.set("k", new Uint8Array([1]));
    const text = control.exportSnapshot();
    a.data.set("k", new Uint8Array([2]));
    const edits: [string, RegExp][] = [
      [text.replace("{", '{"foo":1,'), /^foo: is not a field of a snapshot/],
      [text.replace("{", '{"__proto__":{"polluted":1},'), /^__proto__: a key __proto__ is never part of a snapshot/],
      [text.replace('"entries":', '"__proto__":{},"entries":'), /^objectStore\.__proto__: a key __proto__/],
      [text.replace('"credentials":{', '"credentials":{"extra":"x",'), /^credentials\.extra: is not a field/],
      [text.replace(/"now":\d+/, `"now":${clock.now() + 0.5}`), /^now: a time must be a whole number of ms/],
    ];
    for (const [edited, why] of edits) {
      expect(edited).not.toBe(text);
      expect(() => control.importSnapshot(edited)).toThrow(why);
      expect([...a.data.get("k")!]).toEqual([2]);
    }
  });

  test("restore puts the clock at the snapshot's time, later or earlier (a restore is a full replacement)", () => {
    const { control, clock } = setup();
    clock.advance(10_000);
    const snap = control.snapshot();
    const fresh = setup();
    fresh.control.restore(snap);
    expect(fresh.clock.now()).toBe(clock.now());
    fresh.clock.advance(5);
    fresh.control.restore(snap);
    expect(fresh.clock.now()).toBe(clock.now());
  });

  test("clock.set refuses a time that is not one, naming `set` (not `start`), before anything changes", () => {
    const { control, clock } = setup();
    const now = clock.now();
    for (const at of ["NaN", "+275760-09-13T00:00:00.001Z", Number.NaN, new Date(Number.NaN)]) {
      expect(() => control.clock.set(at)).toThrow(/^set must be a valid time/);
    }
    expect(clock.now()).toBe(now);
  });

  test("clock: an impossible date or a fraction of a ms is refused (RangeError / 400), not rolled over or dropped", async () => {
    const { control, clock } = setup();
    const now = clock.now();
    // 2100-02-30 used to become 2100-03-02; 0.5 ms used to be accepted and dropped (four times: no move).
    expect(() => control.clock.set("2100-02-30T00:00:00Z")).toThrow(/^set must be a valid time.*day 30 does not exist/);
    expect(() => control.clock.set("2030-01-01T00:00:00")).toThrow(/needs its zone/);
    expect(() => control.clock.set(now + 1.5)).toThrow(/^set must be a valid time.*whole number of ms/);
    for (let i = 0; i < 4; i++) expect(() => control.clock.advance(0.5)).toThrow(RangeError);
    expect(() => control.clock.advance("5" as unknown as number)).toThrow(/got "5"$/);
    expect(clock.now()).toBe(now);
    for (const body of [
      { set: "2100-02-30T00:00:00Z" },
      { set: now + 0.5 },
      { advance: 0.5 },
      { advance: 1e-7 },
      { advance: "5" },
      { set: [now] },
    ]) {
      const res = await control.handle(req("POST", "/clock", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as { error: string }).error;
      expect(error).toMatch(/whole number|does not exist/);
      expect(clock.now()).toBe(now);
    }
    const quoted = await control.handle(req("POST", "/clock", { advance: "5" }));
    expect(((await quoted.json()) as { error: string }).error).toBe(
      '"advance" must be a whole number of ms >= 0, got "5"',
    );
    // The forms that name a real instant are taken exactly.
    expect(control.clock.set("2030-02-28T23:00:00-01:00")).toBe(Date.UTC(2030, 2, 1));
    const ok = await control.handle(req("POST", "/clock", { set: "2030-03-01T00:00:00.001Z" }));
    expect(await ok.json()).toEqual({ now: Date.UTC(2030, 2, 1) + 1, iso: "2030-03-01T00:00:00.001Z" });
  });

  test("reset empties the areas and the faults, keeps the clock", () => {
    const { control, a, clock } = setup();
    a.data.set("k", new Uint8Array(1));
    control.faults.add({ operation: "*", latencyMs: 1 });
    clock.advance(1000);
    control.reset();
    expect(a.data.size).toBe(0);
    expect(control.faults.list()).toEqual([]);
    expect(clock.now()).toBe(Date.UTC(2025, 0, 1) + 1000);
  });

  test("over HTTP: reset, snapshot, clock, faults, and clear errors that change nothing", async () => {
    const { control, a } = setup();
    a.data.set("k", new Uint8Array([4, 5]));
    const snap = await control.handle(req("GET", "/snapshot"));
    expect(snap.status).toBe(200);
    const text = await snap.text();
    expect((await control.handle(req("POST", "/reset"))).status).toBe(200);
    expect(a.data.size).toBe(0);
    expect((await control.handle(req("PUT", "/snapshot", text))).status).toBe(200);
    expect([...a.data.get("k")!]).toEqual([4, 5]);
    const bad = await control.handle(req("PUT", "/snapshot", "{nope"));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/not valid JSON/);
    expect([...a.data.get("k")!]).toEqual([4, 5]);

    const adv = await control.handle(req("POST", "/clock", { advance: 1500 }));
    expect(await adv.json()).toEqual({ now: Date.UTC(2025, 0, 1) + 1500, iso: "2025-01-01T00:00:01.500Z" });
    const set = await control.handle(req("POST", "/clock", { set: "2025-02-01T00:00:00Z" }));
    expect(((await set.json()) as { now: number }).now).toBe(Date.UTC(2025, 1, 1));
    expect((await control.handle(req("POST", "/clock", { set: "2024-01-01T00:00:00Z" }))).status).toBe(400);
    expect((await control.handle(req("POST", "/clock", { advance: 1, set: 2 }))).status).toBe(400);
    expect(control.clock.now()).toBe(Date.UTC(2025, 1, 1));

    const added = await control.handle(req("POST", "/faults", { operation: "object-store.put", error: {} }));
    expect(added.status).toBe(201);
    const { fault } = (await added.json()) as { fault: { id: string } };
    expect((await control.handle(req("POST", "/faults", { operation: "nope" }))).status).toBe(400);
    const listed = (await (await control.handle(req("GET", "/faults"))).json()) as { faults: unknown[] };
    expect(listed.faults).toHaveLength(1);
    expect((await control.handle(req("DELETE", `/faults/${fault.id}`))).status).toBe(200);
    expect((await control.handle(req("DELETE", `/faults/${fault.id}`))).status).toBe(404);
    const put = await control.handle(req("PUT", "/faults", { faults: [{ operation: "*", latencyMs: 1 }] }));
    expect(((await put.json()) as { faults: unknown[] }).faults).toHaveLength(1);
    expect((await control.handle(req("DELETE", "/faults"))).status).toBe(200);
    expect(control.faults.list()).toEqual([]);

    const wrong = await control.handle(req("DELETE", "/reset"));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect((await control.handle(req("GET", "/nope"))).status).toBe(404);
    expect(((await (await control.handle(req("GET", ""))).json()) as { seed: number }).seed).toBe(3);
  });

  test("bucket calls take faults through the gate, with the platform's storage error shape", async () => {
    const slept: number[] = [];
    const sim = createSimulator({
      seed: 1,
      objectStore: { minPartSize: 1 },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    const bucket = sim.bucket("b");
    sim.control.faults.add({ operation: "object-store.put", error: {}, latencyMs: 30, times: 1 });
    await expect(bucket.put("x", "1")).rejects.toThrow(
      "put: We encountered an internal error. Please try again. (10001)",
    );
    expect(slept).toEqual([30]);
    expect(await bucket.head("x")).toBeNull();
    expect((await bucket.put("x", "1"))?.key).toBe("x");
    sim.control.faults.add({ operation: "object-store.completeMultipartUpload", error: { code: 10048, message: "m" } });
    const up = await bucket.createMultipartUpload("m");
    const part = await up.uploadPart(1, "abc");
    await expect(up.complete([part])).rejects.toThrow("completeMultipartUpload: m (10048)");
    await expect(bucket.resumeMultipartUpload("m", up.uploadId).complete([part])).rejects.toThrow(/\(10048\)/);
    const early = sim.bucket("other");
    sim.control.faults.add({ operation: "object-store.get", error: {}, bucket: "other" });
    expect(await (await bucket.get("x"))?.text()).toBe("1");
    // A binding handed out before the rule was added takes it too.
    await expect(early.get("x")).rejects.toThrow(/\(10001\)/);
  });
});

describe("control surface over HTTP: robustness", () => {
  test("a 200 MiB body is refused with 413 after at most the cap is read, not buffered whole", async () => {
    const { control, a } = setup();
    a.data.set("k", new Uint8Array([7]));
    const before = control.exportSnapshot();
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    for (const [method, path, cap] of [
      ["PUT", "/snapshot", 64],
      ["POST", "/faults", 1],
      ["POST", "/clock", 1],
    ] as const) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (pulled >= 200) c.close();
          else {
            pulled++;
            c.enqueue(chunk);
          }
        },
      });
      const res = await control.handle(
        new Request(`http://sim.test/__edgeconf${path}`, { method, body, duplex: "half" } as RequestInit),
      );
      expect(res.status, path).toBe(413);
      expect(((await res.json()) as { error: string }).error).toMatch(/larger than/);
      expect(pulled, path).toBeLessThanOrEqual(cap + 2);
      expect(control.exportSnapshot()).toBe(before);
    }
  });

  test("property: any method, path and body gets a 2xx/4xx JSON answer, and a 4xx changes nothing", async () => {
    const { default: fc } = await import("fast-check");
    const { control, a } = setup();
    a.data.set("k", new Uint8Array([1]));
    const body = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.json(),
      fc.constantFrom('{"advance": -1}', '{"set": "nope"}', '{"operation": "*"}', "[1,2]", '{"faults": 3}'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
        fc.constantFrom("", "/", "/reset", "/snapshot", "/clock", "/faults", "/faults/fault-1", "/faults/x/y", "/nope"),
        body,
        async (method, path, b) => {
          const before = control.exportSnapshot();
          const faultsBefore = JSON.stringify(control.faults.list());
          const res = await control.handle(req(method, path, method === "GET" ? undefined : b));
          expect([200, 201, 400, 404, 405]).toContain(res.status);
          expect(res.headers.get("content-type")).toMatch(/application\/json/);
          await res.json();
          if (res.status >= 400) {
            expect(control.exportSnapshot()).toBe(before);
            expect(JSON.stringify(control.faults.list())).toBe(faultsBefore);
          }
          if (path === "/reset" && res.status === 200) a.data.set("k", new Uint8Array([1]));
        },
      ),
      unitPropertyParameters(300),
    );
  });
});
