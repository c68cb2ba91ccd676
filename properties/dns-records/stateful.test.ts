/**
 * Area B stateful sequences: create, patch, put, delete and list commands against the target,
 * checked after every step against a small reference model written here (records by name, type,
 * content, ttl; the conflict rules of the reference: identical 81058, CNAME sharing 81053).
 */
import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty, commandsArbitrary } from "../../harness/clauses/property.ts";
import { codesOf, type Records, recordsOf, uniqueLabel } from "../../suites/dns-records/helpers.ts";

interface ModelRecord {
  id: string;
  name: string;
  type: "A" | "CNAME" | "TXT";
  content: string;
  ttl: number;
}

interface World {
  records: Records;
  zone: string;
  names: string[];
  tag: string;
}

type Model = { byId: Map<string, ModelRecord> };

const CONTENT: Record<ModelRecord["type"], readonly string[]> = {
  A: ["9.9.9.9", "9.9.9.10", "1.0.0.1"],
  CNAME: ["one.example.net", "two.example.net"],
  TXT: ['"alpha"', '"beta"'],
};

function conflict(
  m: Model,
  name: string,
  type: ModelRecord["type"],
  content: string,
  selfId?: string,
): number | undefined {
  const same = [...m.byId.values()].filter((r) => r.name === name && r.id !== selfId);
  if (same.some((r) => r.type === type && r.content === content)) return 81058;
  if (type === "CNAME" && same.some((r) => r.type === "A" || r.type === "CNAME")) return 81053;
  if (type === "A" && same.some((r) => r.type === "CNAME")) return 81053;
  return undefined;
}

class Create implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly slot: number,
    readonly type: ModelRecord["type"],
    readonly pick: number,
    readonly ttl: number,
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    const name = w.names[this.slot % w.names.length]!;
    const options = CONTENT[this.type];
    const content = options[this.pick % options.length]!;
    const res = await w.records.post({ type: this.type, name, content: content.replace(/"/g, ""), ttl: this.ttl });
    const want = conflict(m, name, this.type, content);
    if (want !== undefined) {
      expect(res.status, res.text).toBe(400);
      expect(codesOf(res.json), `POST ${this} conflicting: errors name code ${want}`).toContain(want);
      return;
    }
    const r = w.records.ok(res);
    expect(r, `POST ${this}: the record with name, type, content, ttl as sent`).toMatchObject({
      name,
      type: this.type,
      content,
      ttl: this.ttl,
    });
    m.byId.set(r.id, { id: r.id, name, type: this.type, content, ttl: this.ttl });
  }
  toString = () => `Create(${this.slot}, ${this.type}, ${this.pick}, ${this.ttl})`;
}

class PatchTtl implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly pick: number,
    readonly ttl: number,
  ) {}
  check = (m: Readonly<Model>) => m.byId.size > 0;
  async run(m: Model, w: World) {
    const target = [...m.byId.values()][this.pick % m.byId.size]!;
    const r = w.records.ok(await w.records.patch(target.id, { ttl: this.ttl }));
    expect(r, `PATCH ${this}: ttl changed; id, name, content kept`).toMatchObject({
      id: target.id,
      name: target.name,
      content: target.content,
      ttl: this.ttl,
    });
    target.ttl = this.ttl;
  }
  toString = () => `PatchTtl(${this.pick}, ${this.ttl})`;
}

class PutContent implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly pick: number,
    readonly contentPick: number,
  ) {}
  check = (m: Readonly<Model>) => m.byId.size > 0;
  async run(m: Model, w: World) {
    const target = [...m.byId.values()][this.pick % m.byId.size]!;
    const options = CONTENT[target.type];
    const content = options[this.contentPick % options.length]!;
    const res = await w.records.put(target.id, {
      type: target.type,
      name: target.name,
      content: content.replace(/"/g, ""),
    });
    const want = conflict(m, target.name, target.type, content, target.id);
    if (want !== undefined) {
      expect(res.status, res.text).toBe(400);
      expect(codesOf(res.json), `PUT ${this} conflicting: errors name code ${want}`).toContain(want);
      return;
    }
    const r = w.records.ok(res);
    expect(r, `PUT ${this}: content as sent, ttl 1 (left out: automatic)`).toMatchObject({
      id: target.id,
      content,
      ttl: 1,
    });
    target.content = content;
    target.ttl = 1;
  }
  toString = () => `PutContent(${this.pick}, ${this.contentPick})`;
}

class Delete implements fc.AsyncCommand<Model, World> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.byId.size > 0;
  async run(m: Model, w: World) {
    const target = [...m.byId.values()][this.pick % m.byId.size]!;
    const res = await w.records.delete(target.id);
    expect(res.status, `DELETE ${this}: status 200`).toBe(200);
    expect(res.json.result, `DELETE ${this}: result is {id}`).toEqual({ id: target.id });
    m.byId.delete(target.id);
  }
  toString = () => `Delete(${this.pick})`;
}

class List implements fc.AsyncCommand<Model, World> {
  constructor(readonly perPage: number) {}
  check = () => true;
  async run(m: Model, w: World) {
    const seen: string[] = [];
    for (let page = 1; page < 50; page++) {
      const env = await w.records.list(`name.contains=${w.tag}&per_page=${this.perPage}&page=${page}`);
      if (env.result.length === 0) break;
      for (const r of env.result) seen.push(JSON.stringify([r.id, r.name, r.type, r.content, r.ttl]));
    }
    const want = [...m.byId.values()].map((r) => JSON.stringify([r.id, r.name, r.type, r.content, r.ttl]));
    expect(seen.sort(), `GET every page of ${this}: every record of the model, each once`).toEqual(want.sort());
  }
  toString = () => `List(${this.perPage})`;
}

const ttl = fc.oneof(fc.constant(1), fc.integer({ min: 60, max: 86400 }));
const type = fc.constantFrom<ModelRecord["type"]>("A", "CNAME", "TXT");
const commands = [
  fc.tuple(fc.nat(3), type, fc.nat(5), ttl).map(([s, t, p, l]) => new Create(s, t, p, l)),
  fc.tuple(fc.nat(20), ttl).map(([p, l]) => new PatchTtl(p, l)),
  fc.tuple(fc.nat(20), fc.nat(5)).map(([p, c]) => new PutContent(p, c)),
  fc.nat(20).map((p) => new Delete(p)),
  fc.integer({ min: 1, max: 4 }).map((n) => new List(n)),
];

describe("dns records: stateful sequences", () => {
  clauseProperty(
    [
      "B.list.pagination",
      "B.list.filters",
      "B.patch.partial",
      "B.put.overwrite",
      "B.delete.result-id",
      "B.conflict.identical",
      "B.conflict.cname",
      "B.validation.no-change",
    ],
    "create / patch / put / delete / list agree with a reference model after every step",
    (ctx) =>
      fc.asyncProperty(commandsArbitrary(commands, { maxCommands: 25 }), async (cmds) => {
        const { records } = await recordsOf(ctx);
        const zone = await records.zoneName();
        const tag = uniqueLabel("st");
        const names = [0, 1, 2, 3].map((i) => `n${i}${tag}.${zone}`);
        const model: Model = { byId: new Map() };
        try {
          await fc.asyncModelRun(() => ({ model, real: { records, zone, names, tag } }), cmds);
          await new List(3).run(model, { records, zone, names, tag });
        } finally {
          for (const id of model.byId.keys()) await records.delete(id);
        }
        return true;
      }),
    { numRuns: 25 },
  );
});
