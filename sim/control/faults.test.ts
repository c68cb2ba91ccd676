import { describe, expect, test } from "vitest";
import { SeededRandom } from "../core/random.ts";
import { classifyHttpOperation, FaultRuleError, FaultTable, operationMatches, parseFaultRule } from "./faults.ts";

describe("fault rules", () => {
  test("parseFaultRule accepts the documented shapes and refuses the rest, saying why", () => {
    expect(parseFaultRule({ operation: "object-store.put", error: { code: 10001 }, probability: 0.5 })).toEqual({
      operation: "object-store.put",
      error: { code: 10001 },
      probability: 0.5,
    });
    expect(parseFaultRule({ operation: "dns-records.*", latencyMs: 20, pathPrefix: "/zones" })).toMatchObject({
      latencyMs: 20,
    });
    const bad: [unknown, RegExp][] = [
      [null, /expected an object/],
      [{ operation: "object-store.nope", latencyMs: 1 }, /unknown operation "object-store.nope"/],
      [{ operation: "object-store.put" }, /give "error", "latencyMs" or both/],
      [{ operation: "*", latencyMs: -1 }, /latencyMs/],
      [{ operation: "*", latencyMs: 2 ** 31 }, /"latencyMs" must be a number from 0 to 2147483647/],
      [{ operation: "*", latencyMs: 1e308 }, /latencyMs/],
      [{ operation: "*", latencyMs: 1, probability: 2 }, /probability/],
      [{ operation: "*", latencyMs: 1, times: 0 }, /times/],
      [{ operation: "*", error: { status: 200 } }, /error.status/],
      [{ operation: "*", error: { colour: 1 } }, /unknown field "error.colour"/],
      [{ operation: "*", latencyMs: 1, extra: 1 }, /unknown field "extra"/],
      [{ operation: "dns-records.create", latencyMs: 1, bucket: "b" }, /object-store operations only/],
      [{ operation: "object-store.get", latencyMs: 1, pathPrefix: "/x" }, /HTTP operations only/],
    ];
    for (const [input, message] of bad) expect(() => parseFaultRule(input)).toThrow(message);
    expect(() => parseFaultRule({ operation: 1 })).toThrow(FaultRuleError);
  });

  test("operation patterns", () => {
    expect(operationMatches("*", "object-store.put")).toBe(true);
    expect(operationMatches("object-store.*", "object-store.put")).toBe(true);
    expect(operationMatches("object-store.*", "dns-records.create")).toBe(false);
    expect(operationMatches("object-store.put", "object-store.putx")).toBe(false);
  });

  test("decide: order, times, bucket filter, errors win first, latencies add", () => {
    const t = new FaultTable(new SeededRandom(1));
    t.add({ operation: "object-store.*", latencyMs: 5 });
    t.add({ operation: "object-store.put", error: { code: 1 }, times: 1, bucket: "a" });
    t.add({ operation: "object-store.put", error: { code: 2 }, latencyMs: 7 });
    expect(t.decide("object-store.put", { bucket: "a" })).toEqual({ latencyMs: 12, error: { code: 1 } });
    expect(t.decide("object-store.put", { bucket: "a" })).toEqual({ latencyMs: 12, error: { code: 2 } });
    expect(t.decide("object-store.get", { bucket: "a" })).toEqual({ latencyMs: 5 });
    expect(t.decide("dns-records.create")).toBeUndefined();
    expect(t.list().map((r) => r.fired)).toEqual([3, 1, 2]);
    const [first] = t.list();
    expect(t.remove(first!.id)).toBe(true);
    expect(t.remove(first!.id)).toBe(false);
    t.clear();
    expect(t.decide("object-store.put", { bucket: "a" })).toBeUndefined();
  });

  test("probability is deterministic under the seed and roughly honoured", () => {
    const run = (seed: number) => {
      const t = new FaultTable(new SeededRandom(seed).fork("faults"));
      t.add({ operation: "object-store.get", error: {}, probability: 0.3 });
      return Array.from({ length: 1000 }, () => (t.decide("object-store.get") ? 1 : 0));
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const hits = run(7).reduce((a: number, b) => a + b, 0);
    expect(hits).toBeGreaterThan(240);
    expect(hits).toBeLessThan(360);
  });

  test("a listed rule (with id and fired) can be sent back", () => {
    const t = new FaultTable(new SeededRandom(0));
    t.add({ operation: "*", latencyMs: 1 });
    t.decide("object-store.get");
    const listed = t.list();
    expect(listed[0]).toMatchObject({ id: "fault-1", fired: 1 });
    const again = t.replace(listed);
    expect(again).toEqual([{ id: "fault-2", operation: "*", latencyMs: 1, fired: 0 }]);
    // An id of the caller's choosing is ignored too (documented); one of another type than listed is refused.
    expect(t.add({ operation: "*", latencyMs: 1, id: "mine" } as never).id).toBe("fault-3");
    expect(() => t.add({ operation: "*", latencyMs: 1, id: 5 } as never)).toThrow(
      /"id" \(ignored: a rule gets a new id\) must be a string/,
    );
    expect(() => t.add({ operation: "*", latencyMs: 1, fired: -1 } as never)).toThrow(
      /"fired" .* must be an integer >= 0/,
    );
    expect(t.list().map((f) => f.id)).toEqual(["fault-2", "fault-3"]);
  });

  test("replace validates every rule before changing anything", () => {
    const t = new FaultTable(new SeededRandom(0));
    t.add({ operation: "*", latencyMs: 1 });
    expect(() => t.replace([{ operation: "*", latencyMs: 2 }, { operation: "bad" }])).toThrow(/faults\[1\]/);
    expect(t.list()).toHaveLength(1);
    expect(t.replace([{ operation: "*", latencyMs: 2 }]).map((r) => r.latencyMs)).toEqual([2]);
  });

  test("classifyHttpOperation names the operations of each area", () => {
    const rules = "/accounts/acc/magic/advanced_dns_protection/configs/dns_protection/rules";
    expect(classifyHttpOperation("GET", rules, "api")).toBe("dns-protection.list");
    expect(classifyHttpOperation("POST", rules, "api")).toBe("dns-protection.create");
    expect(classifyHttpOperation("PATCH", `${rules}/r1`, "api")).toBe("dns-protection.update");
    expect(classifyHttpOperation("DELETE", `${rules}/r1`, "api")).toBe("dns-protection.delete");
    expect(classifyHttpOperation("POST", "/zones/z/dns_records", "api")).toBe("dns-records.create");
    expect(classifyHttpOperation("GET", "/zones/z/dns_records", "api")).toBe("dns-records.list");
    expect(classifyHttpOperation("PUT", "/zones/z/dns_records/abc", "api")).toBe("dns-records.overwrite");
    expect(classifyHttpOperation("POST", "/zones/z/dns_records/batch", "api")).toBe("dns-records.batch");
    expect(classifyHttpOperation("GET", "/zones/z/dns_records/export", "api")).toBe("dns-records.export");
    expect(classifyHttpOperation("GET", "/user", "api")).toBe("api.other");
    expect(classifyHttpOperation("GET", "/namespaces", "kt")).toBe("key-transparency.list");
    expect(classifyHttpOperation("POST", "/namespaces", "kt")).toBe("key-transparency.create");
    expect(classifyHttpOperation("PATCH", "/namespaces/n", "kt")).toBe("key-transparency.update");
    expect(classifyHttpOperation("POST", "/namespaces/n/audits", "kt")).toBe("key-transparency.publish");
    expect(classifyHttpOperation("GET", "/namespaces/n/audits/3", "kt")).toBe("key-transparency.audits");
    expect(classifyHttpOperation("GET", "/info", "kt")).toBe("key-transparency.info");
  });
});
