/**
 * Exact comparison of two normalised answers, pure: every difference with its path (`result[2].ttl`)
 * and its generic path (`result[].ttl`, what expectations name). Field sets, types, values and the
 * order of arrays are all compared; nothing is tolerated here (tolerance lives in normalise.ts).
 */
import type { Json } from "./types.ts";

export const ABSENT = "(absent)";

export interface Difference {
  path: string;
  field: string;
  left: Json | typeof ABSENT;
  right: Json | typeof ABSENT;
}

export function genericPath(path: string): string {
  return path.replace(/\[\d+\]/g, "[]");
}

function kind(v: Json): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

export function compare(left: Json, right: Json, path = ""): Difference[] {
  const out: Difference[] = [];
  const differ = (p: string, l: Json | typeof ABSENT, r: Json | typeof ABSENT) =>
    out.push({ path: p, field: genericPath(p), left: l, right: r });
  const walk = (l: Json, r: Json, p: string) => {
    if (kind(l) !== kind(r)) return differ(p, l, r);
    if (Array.isArray(l) && Array.isArray(r)) {
      const n = Math.min(l.length, r.length);
      for (let i = 0; i < n; i++) walk(l[i]!, r[i]!, `${p}[${i}]`);
      if (l.length !== r.length) differ(`${p}.length`, l.length, r.length);
      return;
    }
    if (l !== null && typeof l === "object" && r !== null && typeof r === "object" && !Array.isArray(r)) {
      const lo = l as { [k: string]: Json };
      const ro = r as { [k: string]: Json };
      const keys = new Set([...Object.keys(lo), ...Object.keys(ro)]);
      for (const k of [...keys].sort()) {
        const q = p ? `${p}.${k}` : k;
        if (!Object.hasOwn(lo, k)) differ(q, ABSENT, ro[k]!);
        else if (!Object.hasOwn(ro, k)) differ(q, lo[k]!, ABSENT);
        else walk(lo[k]!, ro[k]!, q);
      }
      return;
    }
    if (l !== r) differ(p, l, r);
  };
  walk(left, right, path);
  return out;
}
