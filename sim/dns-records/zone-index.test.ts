import { describe, expect, test } from "vitest";
import { createCore } from "../core/index.ts";
import { checkConflicts, cnameChainProblem } from "./conflicts.ts";
import { DnsRecordsModel } from "./model.ts";
import { type DnsRecord, present } from "./record.ts";
import { ZoneIndex } from "./zone-index.ts";

const rec = (id: string, name: string, type = "A", content = "8.8.8.8") =>
  ({ id, name, type, content, tags: [], proxied: false }) as unknown as DnsRecord;

describe("ZoneIndex", () => {
  test("keeps creation order through replace and remove; by-name buckets follow it", () => {
    const z = new ZoneIndex([rec("1", "a.x"), rec("2", "b.x"), rec("3", "a.x", "TXT", "t")]);
    z.replace(rec("1", "b.x", "A", "1.1.1.1"));
    expect(z.records().map((r) => r.id)).toEqual(["1", "2", "3"]);
    expect(z.atName("b.x").map((r) => r.id)).toEqual(["1", "2"]);
    expect(z.atName("a.x").map((r) => r.id)).toEqual(["3"]);
    expect(
      z
        .without("1")
        .atName("b.x")
        .map((r) => r.id),
    ).toEqual(["2"]);
    expect(z.remove("2")?.id).toBe("2");
    expect(z.remove("2")).toBeUndefined();
    expect(z.records().map((r) => r.id)).toEqual(["1", "3"]);
    const copy = z.clone();
    copy.remove("1");
    expect(z.get("1")?.id).toBe("1");
  });

  test("a name looked up, then written, then looked up again: the by-name lists stay right", () => {
    const z = new ZoneIndex();
    const at = (n: string) => z.atName(n).map((r) => r.id);
    expect(at("a.x")).toEqual([]);
    z.add(rec("1", "a.x"));
    expect(at("a.x")).toEqual(["1"]);
    z.add(rec("2", "a.x", "TXT", "t"));
    expect(at("a.x")).toEqual(["1", "2"]);
    z.add(rec("3", "a.x", "MX", "m"));
    expect(at("b.x")).toEqual([]);
    z.remove("1");
    expect(at("a.x")).toEqual(["2", "3"]);
    z.replace(rec("2", "b.x"));
    z.add(rec("4", "b.x", "TXT", "u"));
    expect([at("a.x"), at("b.x")]).toEqual([["3"], ["2", "4"]]);
    z.add(rec("5", "c.x"));
    expect(at("c.x")).toEqual(["5"]);
    z.remove("5");
    z.add(rec("6", "c.x"));
    expect(at("c.x")).toEqual(["6"]);
  });

  test("checks over the index decide as checks over the plain list", () => {
    const list = [rec("1", "a.x", "CNAME", "b.x"), rec("2", "b.x", "A"), rec("3", "c.x", "NS", "ns.y")];
    const z = new ZoneIndex(list);
    const code = (f: () => void) => {
      try {
        f();
        return 0;
      } catch (e) {
        return (e as { code: number }).code;
      }
    };
    for (const [type, name, content] of [
      ["A", "a.x", "1.1.1.1"],
      ["A", "b.x", "8.8.8.8"],
      ["TXT", "c.x", "t"],
      ["A", "d.x", "1.1.1.1"],
    ] as const) {
      const d = { type, name, content };
      expect(code(() => checkConflicts(d, z))).toBe(code(() => checkConflicts(d, list)));
    }
    const draft = { type: "CNAME", name: "p.x", content: "a.x", proxied: true };
    expect(cnameChainProblem(draft, z, "x")).toBe(cnameChainProblem(draft, list, "x"));
    expect(cnameChainProblem({ ...draft, content: "c.x" }, z, "x")).toBe(
      cnameChainProblem({ ...draft, content: "c.x" }, list, "x"),
    );
  });

  test("facets built on first use hold what facets kept from the start hold, through later writes", () => {
    const r = (id: string, name: string, type: string, content: string, proxied: boolean, tags: string[]) =>
      ({ id, name, type, content, tags, proxied }) as unknown as DnsRecord;
    const dump = (z: ZoneIndex) => {
      const ids = (f: ReturnType<ZoneIndex["all"]>) =>
        z.typeOrder().map((t) => (f.get(t)?.slice(0, f.get(t)!.size) ?? []).map((x) => x.id).join(","));
      return [
        z.typeOrder().join(","),
        ids(z.all()),
        ids(z.byProxied(true)),
        ids(z.byProxied(false)),
        ids(z.byTag("env")),
        ids(z.withContent("1.1.1.1")),
        ids(z.withTagValue("env", "")),
        ids(z.withTagValue("env", "c")),
      ];
    };
    const writes = (z: ZoneIndex, at: number) => {
      const steps = [
        () => z.add(r("1", "b.x", "A", "1.1.1.1", true, ["env:a"])),
        () => z.add(r("2", "a.x", "A", "1.1.1.1", false, [])),
        () => z.add(r("3", "a.x", "TXT", "t", false, ["Env", "env:b"])),
        () => z.replace(r("1", "c.x", "A", "1.1.1.1", false, [])),
        () => z.add(r("4", "a.x", "MX", "m.x", true, ["env"])),
        () => z.remove("2"),
        () => z.replace(r("3", "a.x", "TXT", "1.1.1.1", true, ["env:c"])),
      ];
      steps.forEach((step, i) => {
        if (i === at) dump(z);
        step();
      });
      return dump(z);
    };
    const eager = writes(new ZoneIndex(), 0);
    for (let at = 1; at <= 7; at++) expect(writes(new ZoneIndex(), at)).toEqual(eager);
    expect(eager[0]).toBe("A,MX,TXT");
    expect(eager[1]).toEqual(["1", "4", "3"]);
  });

  test("a failed write leaves the model's snapshot unchanged (no empty zone appears)", () => {
    const m = new DnsRecordsModel(createCore({ seed: 1 }));
    const before = JSON.stringify(m.snapshot());
    expect(() => m.create("z".repeat(32), "example.com", { type: "A", name: "www", content: "nope" })).toThrow();
    expect(JSON.stringify(m.snapshot())).toBe(before);
  });

  test("the kept answer of a record is the envelope of its current JSON, through create, PATCH and list", () => {
    const m = new DnsRecordsModel(createCore({ seed: 1 }));
    const zone = "a".repeat(32);
    const envelope = (r: DnsRecord) => JSON.stringify({ result: present(r), success: true, errors: [], messages: [] });
    const made = m.create(zone, "example.com", { type: "A", name: "www", content: "192.0.2.1", ttl: 1 });
    expect(m.answerJson(zone, made)).toBe(envelope(made));
    expect(m.getPresented(zone, made.id).answer).toBe(envelope(made));
    // The list's text of a record is the result inside its kept answer.
    expect(m.json(zone, made)).toBe(JSON.stringify(present(made)));
    const patched = m.patch(zone, "example.com", made.id, { content: "192.0.2.2", comment: "x" });
    const got = m.getPresented(zone, made.id);
    expect(got.record).toBe(patched);
    expect(got.answer).toBe(envelope(patched));
    expect(got.answer).not.toBe(envelope(made));
    expect(m.json(zone, patched)).toBe(JSON.stringify(present(patched)));
    // A record no longer stored (the old version) is presented afresh, never from the kept answer.
    expect(m.json(zone, made)).toBe(JSON.stringify(present(made)));
    expect(m.answerJson(zone, made)).toBe(envelope(made));
  });
});
