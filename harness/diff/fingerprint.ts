/**
 * The fingerprint of a divergence, pure: the operation, each side's outcome kind (an HTTP status, a
 * result, a thrown error's name) and the fields that differ (generic paths, cut at three levels so that
 * the same fault seen on different keys or records is one divergence). Two sequences that diverge with
 * the same fingerprint show the same departure; `edgeconf diff` shrinks and reports one of each.
 */
import type { Difference } from "./compare.ts";
import type { DiffOp, Json } from "./types.ts";

/** The kind of outcome of one normalised answer: `status 404`, `threw TypeError`, `result`, `unavailable`. */
export function outcomeKind(answer: Json): string {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return "answer";
  if (typeof answer.status === "number") return `status ${answer.status}`;
  const threw = answer.threw;
  if (threw && typeof threw === "object" && !Array.isArray(threw)) return `threw ${String(threw.name)}`;
  if ("unavailable" in answer) return "unavailable";
  return "result";
}

/** A generic field path cut to its first three levels (`result.objects[].customMetadata`). */
export function fieldClass(field: string): string {
  const parts = field.split(".");
  return parts.slice(0, 3).join(".");
}

export function fingerprintOf(op: DiffOp, left: Json, right: Json, differences: readonly Difference[]): string {
  const fields = [...new Set(differences.map((d) => fieldClass(d.field) || "(answer)"))].sort();
  return `${op.op} | ${outcomeKind(left)} / ${outcomeKind(right)} | ${fields.join(", ")}`;
}
