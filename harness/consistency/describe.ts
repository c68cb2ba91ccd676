/** Operations and states as one line of text each (console, timeline labels, Markdown). */
import type { KeyState, Operation, Outcome } from "./types.ts";

const short = (etag: string) => (etag.length > 12 ? `${etag.slice(0, 8)}…` : etag);
const q = (s: string) => JSON.stringify(s);

export function describeCall(op: Operation): string {
  const c = op.call;
  switch (c.op) {
    case "put": {
      const cond = c.onlyIf
        ? c.onlyIf.etagMatches !== undefined
          ? `, onlyIf etagMatches ${short(c.onlyIf.etagMatches)}`
          : `, onlyIf etagDoesNotMatch ${c.onlyIf.etagDoesNotMatch === "*" ? "*" : short(c.onlyIf.etagDoesNotMatch!)}`
        : "";
      return `put(${q(c.key)}, ${q(c.value)}${cond})`;
    }
    case "multipart":
      return `multipart complete(${q(c.key)}, parts ${c.parts.map(q).join(" + ")})`;
    case "get": {
      const r = c.range;
      const range = r
        ? r.suffix !== undefined
          ? `, range suffix ${r.suffix}`
          : `, range offset ${r.offset ?? 0}${r.length !== undefined ? ` length ${r.length}` : ""}`
        : "";
      return `get(${q(c.key)}${range})`;
    }
    case "head":
      return `head(${q(c.key)})`;
    case "delete":
      return c.of ? `delete([${c.of.map(q).join(", ")}]) (its ${q(c.keys[0]!)})` : `delete(${q(c.keys[0]!)})`;
    case "list":
      return `list(prefix ${q(c.prefix)})`;
    case "list-entry":
      return `list(prefix ${q(c.prefix)}) (its ${q(c.key)})`;
  }
}

export function describeOutcome(op: Operation): string {
  const o: Outcome = op.outcome;
  switch (o.kind) {
    case "null":
      return op.call.op === "put" ? "null (precondition failed)" : "null";
    case "done":
      return "done";
    case "error":
      return `error (effect unknown): ${o.message}`;
    case "entry":
      return o.etag === null ? "not listed" : `listed, etag ${short(o.etag)}`;
    case "list":
      return o.objects.length === 0 ? "[]" : `[${o.objects.map((x) => `${x.key} ${short(x.etag)}`).join(", ")}]`;
    case "object":
      if (op.call.op === "get") return `${q(o.body ?? "")} (etag ${short(o.etag)})`;
      return `etag ${short(o.etag)}, size ${o.size}`;
  }
}

export function describeOp(op: Operation): string {
  return `${describeCall(op)} → ${describeOutcome(op)}`;
}

export function describeState(s: KeyState): string {
  return s === null ? "absent" : `${q(s.value)} (etag ${short(s.etag)})`;
}
