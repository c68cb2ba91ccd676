/**
 * The fingerprint of a divergence, pure: the operation, each side's outcome kind (an HTTP status, a
 * result, a thrown error's name) and the fields that differ (fieldClass: cut so that the same fault
 * seen on different keys, records or list entries is one divergence). Two sequences that diverge with
 * the same fingerprint show the same departure; `edgeconf diff` shrinks and reports one of each.
 */
import type { Difference } from "./compare.ts";
import type { DiffOp, Json } from "./types.ts";

/** The kind of outcome of one normalised answer: `status 404`, `threw TypeError`, `result`, `null` (a result of null), `unavailable`. */
export function outcomeKind(answer: Json): string {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return "answer";
  if (typeof answer.status === "number") return `status ${answer.status}`;
  const threw = answer.threw;
  if (threw && typeof threw === "object" && !Array.isArray(threw)) return `threw ${String(threw.name)}`;
  if ("unavailable" in answer) return "unavailable";
  return answer.result === null ? "null" : "result";
}

/**
 * The class of a differing field: a generic path cut after its first array (`result.objects[].key` and
 * `result.objects.length` are both `result.objects`: the listing differs) or else at the answer's
 * field (`body.result.name` of an HTTP answer; `result.customMetadata.Camel` is `result.customMetadata`).
 */
export function fieldClass(field: string): string {
  const parts = field.replace(/\.length$/, "").split(".");
  const array = parts.findIndex((p) => p.endsWith("[]"));
  // The field of the answer: `body.result.name` of an HTTP answer, `result.customMetadata` of a binding call.
  const depth = parts[0] === "body" ? 3 : 2;
  const cut = array >= 0 && array < depth ? parts.slice(0, array + 1) : parts.slice(0, depth);
  return cut.join(".").replace(/\[\]$/, "");
}

export function fingerprintOf(op: DiffOp, left: Json, right: Json, differences: readonly Difference[]): string {
  const fields = [...new Set(differences.map((d) => fieldClass(d.field) || "(answer)"))].sort();
  return `${op.op} | ${outcomeKind(left)} / ${outcomeKind(right)} | ${fields.join(", ")}`;
}
