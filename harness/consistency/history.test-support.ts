/** Hand-made histories for the checker's tests: one short builder per call. */
import { multipartEtag, putEtag } from "./model.ts";
import type { History, Operation, PutCondition, RangeSpec } from "./types.ts";

export class HistoryBuilder {
  readonly ops: Operation[] = [];
  constructor(readonly keys: string[] = ["k"]) {}

  private add(
    client: number,
    invoke: number,
    complete: number,
    call: Operation["call"],
    outcome: Operation["outcome"],
  ) {
    this.ops.push({ id: this.ops.length, client, call, outcome, invoke, complete });
    return this;
  }
  put(c: number, t0: number, t1: number, key: string, value: string, onlyIf?: PutCondition) {
    return this.add(c, t0, t1, { op: "put", key, value, ...(onlyIf ? { onlyIf } : {}) }, object(value));
  }
  /** A conditional put refused (null). */
  refused(c: number, t0: number, t1: number, key: string, value: string, onlyIf: PutCondition) {
    return this.add(c, t0, t1, { op: "put", key, value, onlyIf }, { kind: "null" });
  }
  failedPut(c: number, t0: number, t1: number, key: string, value: string) {
    return this.add(c, t0, t1, { op: "put", key, value }, { kind: "error", message: "put: internal error (10001)" });
  }
  multipart(c: number, t0: number, t1: number, key: string, parts: string[]) {
    const etag = multipartEtag(parts);
    return this.add(c, t0, t1, { op: "multipart", key, parts }, { kind: "object", etag, size: parts.join("").length });
  }
  get(c: number, t0: number, t1: number, key: string, value: string | null, range?: RangeSpec, body?: string) {
    const outcome: Operation["outcome"] = value === null ? { kind: "null" } : { ...object(value), body: body ?? value };
    return this.add(c, t0, t1, { op: "get", key, ...(range ? { range } : {}) }, outcome);
  }
  head(c: number, t0: number, t1: number, key: string, value: string | null) {
    return this.add(c, t0, t1, { op: "head", key }, value === null ? { kind: "null" } : object(value));
  }
  delete(c: number, t0: number, t1: number, ...keys: string[]) {
    return this.add(c, t0, t1, { op: "delete", keys }, { kind: "done" });
  }
  list(c: number, t0: number, t1: number, prefix: string, entries: [string, string][]) {
    const objects = entries.map(([key, value]) => ({ key, etag: putEtag(value) }));
    return this.add(c, t0, t1, { op: "list", prefix }, { kind: "list", objects });
  }
  history(): History {
    return { keys: this.keys, ops: this.ops };
  }
}

function object(value: string) {
  return { kind: "object" as const, etag: putEtag(value), size: new TextEncoder().encode(value).byteLength };
}
