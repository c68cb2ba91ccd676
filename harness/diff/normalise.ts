/**
 * Normalisation of one side's answer before comparing, pure: what legitimately differs between two
 * implementations (ids, versions, upload ids, timestamps, the side's own zone name) is replaced by
 * placeholders, and every replacement is recorded with the rule that made it, so a report can say
 * which rule normalised which field. Everything else is compared exactly.
 *
 * Roles: a value under a role field becomes `<role#n>`, n counted per side in first-seen order over
 * the whole run, so identity is compared by consistency: the same id used twice on one side must be
 * used twice on the other. Timestamps become `<timestamp 0000-00-00T00:00:00.000Z>`: their shape
 * (digits masked) is still compared, their value is not.
 */
import type { Answer, DiffOp, Json, NormaliseRule, SideContext } from "./types.ts";

/** The shared rule: each side's own names (SideContext.substitutions) become placeholders. */
export const OWN_NAMES_RULE: NormaliseRule = {
  name: "own-names",
  keys: ["(any string)"],
  kind: "substitution",
  why: "each side's own account id, zone id and zone name (where the run's resources live) become placeholders",
};

/** One side's memory across a run: role values seen so far, per role. */
export class RoleBook {
  private readonly roles = new Map<string, Map<string, number>>();

  token(role: string, value: string): string {
    let seen = this.roles.get(role);
    if (!seen) {
      seen = new Map();
      this.roles.set(role, seen);
    }
    let n = seen.get(value);
    if (n === undefined) {
      n = seen.size + 1;
      seen.set(value, n);
    }
    return `<${role}#${n}>`;
  }
}

export interface Applied {
  rule: string;
  path: string;
}

export interface Normalised {
  value: Json;
  applied: Applied[];
}

function substitute(text: string, context: SideContext): string {
  let out = text;
  for (const [value, placeholder] of context.substitutions) {
    if (value && out.includes(value)) out = out.split(value).join(placeholder);
  }
  return out;
}

export function timestampShape(value: string): string {
  return value.replace(/\d/g, "0");
}

/** Normalises one answer of one side; `book` carries the side's roles across the run. */
export function normalise(
  answer: Answer,
  op: DiffOp,
  rules: readonly NormaliseRule[],
  context: SideContext,
  book: RoleBook,
): Normalised {
  const applied: Applied[] = [];
  const active = rules.filter((r) => !r.ops || r.ops.includes(op.op));
  const byKey = new Map<string, NormaliseRule>();
  for (const r of active) for (const k of r.keys) if (!byKey.has(k)) byKey.set(k, r);

  const leaf = (v: Json, path: string, rule: NormaliseRule | undefined): Json => {
    if (typeof v === "string") {
      const s = substitute(v, context);
      if (s !== v) applied.push({ rule: "own-names", path });
      if (!rule) return s;
      applied.push({ rule: rule.name, path });
      return rule.kind === "role" ? book.token(rule.role ?? rule.name, s) : `<timestamp ${timestampShape(s)}>`;
    }
    if (typeof v === "number" && rule) {
      applied.push({ rule: rule.name, path });
      return rule.kind === "role" ? book.token(rule.role ?? rule.name, String(v)) : "<timestamp number>";
    }
    return v;
  };

  const walk = (v: Json, path: string, rule: NormaliseRule | undefined): Json => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`, rule));
    if (v !== null && typeof v === "object") {
      // A tagged value ({$date}, {$bytes}) keeps its tag; the rule of its field applies inside.
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0]!.startsWith("$")) {
        return { [keys[0]!]: walk(v[keys[0]!]!, path, rule) };
      }
      const out: { [key: string]: Json } = {};
      for (const k of keys) out[k] = walk(v[k]!, path ? `${path}.${k}` : k, byKey.get(k));
      return out;
    }
    return leaf(v, path, rule);
  };

  return { value: walk(answer, "", undefined), applied };
}
