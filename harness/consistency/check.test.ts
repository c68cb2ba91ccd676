import { describe, expect, test } from "vitest";
import { checkAreaHistory } from "./areas/check.ts";
import { dnsProtectionModel, type RuleFields } from "./areas/dns-protection.ts";
import { dnsRecordsModel } from "./areas/dns-records.ts";
import { keyTransparencyModel } from "./areas/key-transparency.ts";
import type { AreaHistory, AreaModel, AreaOperation } from "./areas/types.ts";
import { checkHistory } from "./check.ts";
import { HistoryBuilder } from "./history.test-support.ts";
import { mergeKeyOrders } from "./merge.ts";
import { putEtag } from "./model.ts";
import { perKeyPartitions, prepare } from "./partition.ts";
import { checkPartition } from "./segments.ts";
import type { History, Operation, Verdict } from "./types.ts";

/** Both the partitioned checker and the whole-history search, which must agree. */
function verdicts(h: History): [Verdict, Verdict] {
  return [checkHistory(h, { timeLimitMs: 5000 }), checkHistory(h, { timeLimitMs: 5000, partition: false })];
}

function expectResult(h: History, want: Verdict["result"], what: string): Verdict {
  const [split, whole] = verdicts(h);
  expect(split.result, `${what}: per-key checker's verdict`).toBe(want);
  expect(whole.result, `${what}: whole-history search's verdict`).toBe(want);
  return split;
}

describe("single key [D.rule.write-consistency]", () => {
  test("a read after a completed put sees it; a read overlapping a put may see either value", () => {
    const h = new HistoryBuilder()
      .put(0, 0, 1, "k", "v1")
      .get(1, 2, 3, "k", "v1")
      .put(0, 4, 8, "k", "v2")
      .get(1, 5, 6, "k", "v1")
      .get(2, 5, 7, "k", "v2")
      .head(1, 9, 10, "k", "v2");
    expectResult(h.history(), "linearizable", "reads inside and after writes");
  });

  test("a read that misses a put completed before it began is a violation", () => {
    const h = new HistoryBuilder().put(0, 0, 1, "k", "v1").get(1, 2, 3, "k", null);
    const v = expectResult(h.history(), "violation", "stale read after a completed put");
    if (v.result !== "violation") return;
    expect(
      v.violation.ops.map((o) => o.call.op),
      "witness: the stale get",
    ).toEqual(["get"]);
    expect(v.violation.initial, "witness starts from k holding v1").toEqual([
      { k: { value: "v1", etag: putEtag("v1") } },
    ]);
    expect(
      v.violation.context.map((o) => o.id),
      "context: the put of v1",
    ).toEqual([0]);
  });

  test("two reads that see overlapping writes in opposite orders need the search to backtrack", () => {
    // w1 and w2 overlap; the reads after both say w1 was last, so the order must be w2, w1: the search
    // tries w1 first (its call comes first), fails at r1, and backtracks.
    const ok = new HistoryBuilder()
      .put(0, 0, 10, "k", "v1")
      .put(1, 1, 10, "k", "v2")
      .get(2, 11, 12, "k", "v1")
      .get(2, 13, 14, "k", "v1");
    expectResult(ok.history(), "linearizable", "w1 || w2, then reads of v1");
    // Reads of v2 then v1 with both writes done before: no order of the writes explains both.
    const bad = new HistoryBuilder()
      .put(0, 0, 10, "k", "v1")
      .put(1, 1, 10, "k", "v2")
      .get(2, 11, 12, "k", "v2")
      .get(3, 13, 14, "k", "v1");
    expectResult(bad.history(), "violation", "reads of v2 then v1 after both writes");
  });

  test("a read of a value while overlapping writes go back and forth (deep backtracking)", () => {
    // Three overlapping writes; reads during them see v3, v1, v2 in that order: only w3, w1, w2 works.
    const h = new HistoryBuilder()
      .put(0, 0, 20, "k", "v1")
      .put(1, 0, 20, "k", "v2")
      .put(2, 0, 20, "k", "v3")
      .get(3, 1, 2, "k", "v3")
      .get(3, 3, 4, "k", "v1")
      .get(3, 5, 6, "k", "v2")
      .get(3, 21, 22, "k", "v2");
    expectResult(h.history(), "linearizable", "w3, w1, w2 order forced by reads");
    const bad = new HistoryBuilder()
      .put(0, 0, 20, "k", "v1")
      .put(1, 0, 20, "k", "v2")
      .put(2, 0, 20, "k", "v3")
      .get(3, 1, 2, "k", "v3")
      .get(3, 3, 4, "k", "v1")
      .get(3, 5, 6, "k", "v3");
    expectResult(bad.history(), "violation", "v3, v1, v3: a write cannot take effect twice");
  });

  test("a read of a value no one wrote, or a wrong range of the right object, is a violation", () => {
    const ghost = new HistoryBuilder().put(0, 0, 1, "k", "v1").get(1, 0, 3, "k", "v9");
    expectResult(ghost.history(), "violation", "read of an unwritten value");
    const range = new HistoryBuilder()
      .put(0, 0, 1, "k", "abcdef")
      .get(1, 2, 3, "k", "abcdef", { offset: 2, length: 2 }, "cd");
    expectResult(range.history(), "linearizable", "get range offset 2 length 2 of abcdef is cd");
    const wrong = new HistoryBuilder().put(0, 0, 1, "k", "abcdef").get(1, 2, 3, "k", "abcdef", { suffix: 2 }, "de");
    expectResult(wrong.history(), "violation", "suffix 2 of abcdef is ef, not de");
  });

  test("a failed put may have taken effect or not, forever after its invocation", () => {
    const seen = new HistoryBuilder().failedPut(0, 0, 1, "k", "v1").get(1, 5, 6, "k", "v1").get(1, 7, 8, "k", "v1");
    expectResult(seen.history(), "linearizable", "failed put seen later");
    const unseen = new HistoryBuilder().failedPut(0, 0, 1, "k", "v1").get(1, 5, 6, "k", null);
    expectResult(unseen.history(), "linearizable", "failed put never seen");
    const flicker = new HistoryBuilder().failedPut(0, 0, 1, "k", "v1").get(1, 5, 6, "k", "v1").get(1, 7, 8, "k", null);
    expectResult(flicker.history(), "violation", "failed put seen, then gone with no delete");
  });

  test("multipart completes write the multipart etag; a delete empties the key", () => {
    const h = new HistoryBuilder().multipart(0, 0, 1, "k", ["ab", "cd"]).head(1, 2, 3, "k", null).history();
    expectResult(h, "violation", "head misses a completed multipart upload");
    const ok = new HistoryBuilder().multipart(0, 0, 1, "k", ["ab", "cd"]).delete(0, 2, 3, "k").head(1, 4, 5, "k", null);
    expectResult(ok.history(), "linearizable", "multipart, delete, head null");
  });
});

describe("conditional puts [D.rule.write-consistency]", () => {
  test("two creates-if-absent of one key: exactly one may succeed", () => {
    const one = new HistoryBuilder()
      .put(0, 0, 5, "k", "a", { etagDoesNotMatch: "*" })
      .refused(1, 1, 6, "k", "b", { etagDoesNotMatch: "*" });
    expectResult(one.history(), "linearizable", "one create wins, the other is refused");
    const both = new HistoryBuilder()
      .put(0, 0, 5, "k", "a", { etagDoesNotMatch: "*" })
      .put(1, 1, 6, "k", "b", { etagDoesNotMatch: "*" });
    expectResult(both.history(), "violation", "two concurrent creates-if-absent both succeed (lost update)");
  });

  test("compare-and-swap on an etag: the second swap from the same etag must be refused", () => {
    const base = () => new HistoryBuilder().put(0, 0, 1, "k", "v0");
    const e0 = putEtag("v0");
    const lost = base().put(1, 2, 8, "k", "v1", { etagMatches: e0 }).put(2, 3, 9, "k", "v2", { etagMatches: e0 });
    expectResult(lost.history(), "violation", "two swaps from v0's etag both succeed");
    const ok = base().put(1, 2, 8, "k", "v1", { etagMatches: e0 }).refused(2, 3, 9, "k", "v2", { etagMatches: e0 });
    expectResult(ok.history(), "linearizable", "one swap wins");
    const refusedWrongly = base().refused(1, 2, 3, "k", "v1", { etagMatches: e0 });
    expectResult(refusedWrongly.history(), "violation", "a swap from the current etag refused");
  });
});

describe("lists and many-key deletes [D.rule.write-consistency] [D.rule.delete-consistency]", () => {
  const keys = ["a/0", "a/1", "b/0"];

  test("a list sees each key as some instant inside it saw the whole bucket", () => {
    const h = new HistoryBuilder(keys)
      .put(0, 0, 1, "a/0", "x")
      .put(1, 0, 1, "b/0", "y")
      .list(2, 2, 3, "", [
        ["a/0", "x"],
        ["b/0", "y"],
      ])
      .list(2, 4, 5, "a/", [["a/0", "x"]])
      .list(2, 6, 7, "b/0", [["b/0", "y"]]);
    expectResult(h.history(), "linearizable", "lists after puts");
    const lagging = new HistoryBuilder(keys).put(0, 0, 1, "a/0", "x").list(2, 2, 3, "", []);
    expectResult(lagging.history(), "violation", "list misses a completed put");
  });

  test("a list that each key alone allows but no single instant does is found by the joint check", () => {
    // put a/0 completes before put b/0 begins; a list overlapping both that sees b/0 but not a/0 would
    // need a/0 absent (before its put) and b/0 present (after its put) at one instant.
    const h = new HistoryBuilder(keys)
      .put(0, 0, 1, "a/0", "x")
      .put(1, 2, 3, "b/0", "y")
      .list(2, 0.5, 4, "", [["b/0", "y"]]);
    const [split, whole] = verdicts(h.history());
    expect(split.result, "per-key then joint check: a list at no single instant").toBe("violation");
    expect(whole.result, "whole-history search: a list at no single instant").toBe("violation");
    if (split.result === "violation") {
      expect(split.violation.keys, "the violation is about the keys the list joins").toEqual(keys);
    }
  });

  test("a listing out of order, with a key outside the prefix or one never written, is impossible alone", () => {
    const h = new HistoryBuilder(keys).put(0, 0, 1, "a/0", "x").list(1, 2, 3, "a/", [["zz", "x"]]);
    const v = expectResult(h.history(), "violation", "list shows a key never written");
    if (v.result === "violation") expect(v.violation.ops.length, "witness: the list alone").toBe(1);
  });

  test("a many-key delete takes effect per key, each at its own instant inside the call", () => {
    const h = new HistoryBuilder(keys)
      .put(0, 0, 1, "a/0", "x")
      .put(0, 2, 3, "b/0", "y")
      .delete(1, 4, 20, "a/0", "b/0")
      .get(2, 5, 6, "a/0", null)
      .get(2, 7, 8, "b/0", "y")
      .get(2, 21, 22, "b/0", null);
    expectResult(h.history(), "linearizable", "a/0 deleted before b/0 within one delete call");
    const after = new HistoryBuilder(keys)
      .put(0, 0, 1, "a/0", "x")
      .delete(1, 4, 5, "a/0", "b/0")
      .head(2, 6, 7, "a/0", "x");
    expectResult(after.history(), "violation", "a key still there after the many-key delete completed");
  });
});

describe("bounds and witnesses", () => {
  test("out of time, the answer is unknown, with what was being searched", () => {
    const b = new HistoryBuilder();
    for (let i = 0; i < 3000; i++) b.put(i % 4, i * 2, i * 2 + 1, "k", `v${i}`);
    const v = checkHistory(b.history(), { timeLimitMs: 0 });
    expect(v.result, "a 3000-operation search with no time").toBe("unknown");
    if (v.result === "unknown") expect(v.reason, "the reason names the time limit").toMatch(/time limit \(0\.0 s\)/);
  });

  test("a stale read in a long history shrinks to the write it missed and the read, from the state before", () => {
    const b = new HistoryBuilder(["k", "j"]);
    let t = 0;
    for (let i = 0; i < 200; i++) {
      b.put(0, t, t + 3, "k", `k${i}`).get(1, t + 1, t + 4, "k", i === 0 ? null : `k${i - 1}`);
      b.put(2, t, t + 2, "j", `j${i}`).head(3, t + 3, t + 4, "j", `j${i}`);
      if (i === 120) b.get(4, t + 5, t + 6, "k", `k${i - 1}`); // misses k120, completed at t + 3
      t += 10;
    }
    const v = checkHistory(b.history());
    expect(v.result, "stale read at step 120").toBe("violation");
    if (v.result !== "violation") return;
    const w = v.violation;
    expect(w.keys, "the violation is on key k").toEqual(["k"]);
    expect(w.ops.length, `witness size (${w.ops.map((o) => o.call.op).join(", ")})`).toBeLessThanOrEqual(3);
    expect(
      w.ops.some((o) => o.call.op === "get" && o.client === 4),
      "the witness holds the stale read",
    ).toBe(true);
    expect(w.partitionSize, "the key's part of the history").toBe(401);
  });
});

describe("merging per-key linearizations of keys lists join [D.rule.write-consistency]", () => {
  const keys = ["a/0", "a/1"];
  const ordersOf = (h: History) => {
    const ops = prepare(h);
    const orders = new Map<string, Operation[]>();
    for (const p of perKeyPartitions(h.keys, ops)) {
      const r = checkPartition(p.keys, p.ops, performance.now() + 5000);
      if (r.result !== "ok") throw new Error(`key ${p.keys[0]} alone is not linearizable`);
      orders.set(p.keys[0]!, r.order);
    }
    return { ops, orders };
  };

  test("writes in each key's order, reads and lists placed where they fit: a linearization of both keys", () => {
    const h = new HistoryBuilder(keys)
      .put(0, 0, 10, "a/0", "x1")
      .put(1, 0, 10, "a/1", "y1")
      .list(2, 1, 12, "a/", [["a/1", "y1"]])
      .get(3, 2, 3, "a/0", null)
      .put(0, 11, 20, "a/0", "x2")
      .list(2, 13, 25, "a/", [
        ["a/0", "x2"],
        ["a/1", "y1"],
      ])
      .history();
    const { ops, orders } = ordersOf(h);
    expect(mergeKeyOrders(keys, orders, ops, performance.now() + 5000), "merge of a linearizable history").toBe(true);
  });

  test("a list no single instant explains does not merge (and the joint search proves the violation)", () => {
    const h = new HistoryBuilder(keys)
      .put(0, 0, 1, "a/0", "x")
      .put(1, 2, 3, "a/1", "y")
      .list(2, 0.5, 4, "a/", [["a/1", "y"]])
      .history();
    const { ops, orders } = ordersOf(h);
    expect(mergeKeyOrders(keys, orders, ops, performance.now() + 5000), "merge of a list at no instant").toBe(false);
  });
});

// --- The HTTP areas' models (areas/): hand-made histories of one key each. ---

function areaHistory<S>(
  area: AreaHistory["area"],
  key: string,
  initial: S,
  ops: [number, number, number, unknown, unknown][],
) {
  return {
    area,
    initial: { [key]: initial },
    ops: ops.map(
      ([client, invoke, complete, call, outcome], id): AreaOperation => ({
        id,
        client,
        key,
        call,
        outcome: outcome as never,
        invoke,
        complete,
      }),
    ),
  } satisfies AreaHistory<S>;
}

function areaResult<S>(h: AreaHistory<S>, model: AreaModel<S>): string {
  return checkAreaHistory(h, model, { timeLimitMs: 5000 }).result;
}

describe("dns-records model [B.consistency.conflict-create]", () => {
  const n = "x.example.com";
  const cname = { op: "create", name: n, type: "CNAME", content: "a.example.com" };
  const a = { op: "create", name: n, type: "A", content: "192.0.2.1" };
  const created = (id: string, c: { type: string; content: string }) => ({
    kind: "created",
    id,
    type: c.type,
    content: c.content,
  });
  const refused = (code: number) => ({ kind: "refused", status: 400, codes: [code] });
  const list = (...rs: { id: string; type: string; content: string }[]) => ({ kind: "records", records: rs });

  test("overlapping CNAME and A: one created, the other refused 81053, a later list agrees", () => {
    const h = areaHistory(
      "dns-records",
      n,
      [],
      [
        [0, 0, 5, cname, created("c1", cname)],
        [1, 1, 6, a, refused(81053)],
        [2, 7, 8, { op: "list", name: n }, list({ id: "c1", type: "CNAME", content: "a.example.com" })],
      ],
    );
    expect(areaResult(h, dnsRecordsModel), "one of two conflicting creates succeeded").toBe("linearizable");
  });

  test("overlapping CNAME and A both created: a violation (no order lets both succeed)", () => {
    const h = areaHistory(
      "dns-records",
      n,
      [],
      [
        [0, 0, 5, cname, created("c1", cname)],
        [1, 1, 6, a, created("a1", a)],
      ],
    );
    expect(areaResult(h, dnsRecordsModel), "two conflicting creates both succeeded").toBe("violation");
  });

  test("a refusal naming a conflict the name never had is a violation; a list must show the created record", () => {
    const lone = areaHistory("dns-records", n, [], [[1, 1, 6, a, refused(81053)]]);
    expect(areaResult(lone, dnsRecordsModel), "81053 with no CNAME at the name").toBe("violation");
    const stale = areaHistory(
      "dns-records",
      n,
      [],
      [
        [0, 0, 1, a, created("a1", a)],
        [1, 2, 3, { op: "list", name: n }, list()],
      ],
    );
    expect(areaResult(stale, dnsRecordsModel), "a list after a completed create, missing it").toBe("violation");
  });

  test("a create that failed (effect unknown) may show in a later list under an id learnt there, and be deleted", () => {
    const h = areaHistory(
      "dns-records",
      n,
      [],
      [
        [0, 0, 1, a, { kind: "error", message: "status 502" }],
        [1, 2, 3, { op: "list", name: n }, list({ id: "z9", type: "A", content: "192.0.2.1" })],
        [1, 4, 5, { op: "delete", name: n, id: "z9" }, { kind: "deleted" }],
        [2, 6, 7, { op: "list", name: n }, list()],
      ],
    );
    expect(areaResult(h, dnsRecordsModel), "a failed create seen, then deleted").toBe("linearizable");
  });
});

describe("key-transparency model [C.consistency.publish-once]", () => {
  const ns = "n.edgeconf.test";
  const start = { root: 7, digests: ["d7"] };
  const publish = (epoch: number, digest: string) => ({ op: "publish", namespace: ns, epoch, digest });
  const read = (epoch: number) => ({ op: "read", namespace: ns, epoch });

  test("two overlapping publishes of epoch 8: one accepted, the other epoch_exists; reads agree", () => {
    const h = areaHistory("key-transparency", ns, start, [
      [0, 0, 5, publish(8, "x"), { kind: "refused", status: 409, code: "epoch_exists" }],
      [1, 1, 4, publish(8, "y"), { kind: "published", epoch: 8, digest: "y" }],
      [2, 6, 7, read(8), { kind: "audit", epoch: 8, digest: "y" }],
      [2, 8, 9, read(9), { kind: "missing" }],
    ]);
    expect(areaResult(h, keyTransparencyModel), "exactly one accepted").toBe("linearizable");
  });

  test("both accepted, or a read of the other digest: a violation", () => {
    const both = areaHistory("key-transparency", ns, start, [
      [0, 0, 5, publish(8, "x"), { kind: "published", epoch: 8, digest: "x" }],
      [1, 1, 4, publish(8, "y"), { kind: "published", epoch: 8, digest: "y" }],
    ]);
    expect(areaResult(both, keyTransparencyModel), "epoch 8 accepted twice").toBe("violation");
    const other = areaHistory("key-transparency", ns, start, [
      [1, 1, 4, publish(8, "y"), { kind: "published", epoch: 8, digest: "y" }],
      [2, 6, 7, read(8), { kind: "audit", epoch: 8, digest: "x" }],
    ]);
    expect(areaResult(other, keyTransparencyModel), "a read of epoch 8 answering a digest never accepted").toBe(
      "violation",
    );
  });
});

describe("dns-protection model [A.consistency.patch-atomic]", () => {
  const rule = "r1";
  const start: RuleFields = {
    mode: "monitoring",
    profile_sensitivity: "low",
    rate_sensitivity: "low",
    burst_sensitivity: "low",
  };
  const w1: RuleFields = {
    mode: "enabled",
    profile_sensitivity: "high",
    rate_sensitivity: "high",
    burst_sensitivity: "high",
  };
  const w2: RuleFields = {
    mode: "disabled",
    profile_sensitivity: "medium",
    rate_sensitivity: "medium",
    burst_sensitivity: "medium",
  };
  const patch = (set: Partial<RuleFields>) => ({ op: "patch", rule, set });
  const got = (fields: RuleFields) => ({ kind: "rule", fields });

  test("two racing PATCHes of every field: the rule after equals one of them", () => {
    const h = areaHistory("dns-protection", rule, start, [
      [0, 0, 5, patch(w1), got(w1)],
      [1, 1, 6, patch(w2), got(w2)],
      [2, 7, 8, { op: "get", rule }, got(w1)],
    ]);
    expect(areaResult(h, dnsProtectionModel), "w2 then w1 explains it").toBe("linearizable");
  });

  test("a read mixing the fields of two PATCHes is a violation; so is a PATCH answering fields it did not set", () => {
    const mix = { ...w1, rate_sensitivity: "medium", burst_sensitivity: "medium" };
    const h = areaHistory("dns-protection", rule, start, [
      [0, 0, 5, patch(w1), got(w1)],
      [1, 1, 6, patch(w2), got(w2)],
      [2, 7, 8, { op: "get", rule }, got(mix)],
    ]);
    expect(areaResult(h, dnsProtectionModel), "a GET after both: half of each").toBe("violation");
    const partial = areaHistory("dns-protection", rule, start, [[0, 0, 5, patch({ mode: "enabled" }), got(w1)]]);
    expect(areaResult(partial, dnsProtectionModel), "PATCH {mode} answering changed sensitivities").toBe("violation");
  });
});
