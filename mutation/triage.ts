/**
 * The triage of surviving mutants (mutation/triage/<area>.json): one entry per survivor the suites cannot or
 * need not kill, with the reason (equivalent: no observable difference; not observable: the difference never
 * reaches the interface). An entry names the mutant by file, mutator, the original text and its replacement,
 * not by Stryker's id, so it stays valid when lines move. Its `line` decides only among mutants of the same text:
 * an entry whose line holds a mutant of its text explains that one alone (so an entry cannot hide another
 * survivor of the same text elsewhere in the file); an entry whose line holds none (the code moved) explains
 * every mutant of its text that no entry names by line.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface TriageEntry {
  file: string;
  line?: number;
  mutator: string;
  original: string;
  replacement: string;
  /** Why the mutant is no bug a user could observe through the interface. */
  reason: string;
}

export interface Mutant {
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  status: string;
}

/** Spaces do not matter in a mutant's text (Stryker prints replacements re-formatted). */
const squash = (text: string) => text.replace(/\s+/g, "");

export const mutantKey = (m: Pick<Mutant, "file" | "mutator" | "original" | "replacement">): string =>
  `${m.file}\u0000${m.mutator}\u0000${squash(m.original)}\u0000${squash(m.replacement)}`;

/**
 * Which triage entry explains a mutant (undefined: none), given every mutant of the run (any status), whose
 * lines say which entries are pinned to a line and which float (see the header).
 */
export function triageMatcher(triage: TriageEntry[], mutants: Mutant[]): (m: Mutant) => TriageEntry | undefined {
  const linesOf = new Map<string, Set<number>>();
  for (const m of mutants) {
    const key = mutantKey(m);
    const lines = linesOf.get(key) ?? new Set<number>();
    lines.add(m.line);
    linesOf.set(key, lines);
  }
  const pinned = new Map<string, TriageEntry>();
  const floating = new Map<string, TriageEntry>();
  for (const t of triage) {
    const key = mutantKey(t);
    if (t.line !== undefined && linesOf.get(key)?.has(t.line)) {
      if (!pinned.has(`${key}\u0000${t.line}`)) pinned.set(`${key}\u0000${t.line}`, t);
    } else if (!floating.has(key)) floating.set(key, t);
  }
  return (m) => {
    const key = mutantKey(m);
    return pinned.get(`${key}\u0000${m.line}`) ?? floating.get(key);
  };
}

export function triagePath(root: string, area: string): string {
  return path.join(root, "mutation", "triage", `${area}.json`);
}

/**
 * Every triage entry of an area: `<area>.json` and any `<area>.<part>.json` beside it (e.g.
 * `dns-records.types.json`), so that people triaging different files of one area keep separate files.
 */
export function readAreaTriage(root: string, area: string): TriageEntry[] {
  const dir = path.join(root, "mutation", "triage");
  if (!existsSync(dir)) return [];
  const parts = readdirSync(dir)
    .filter((f) => f === `${area}.json` || (f.startsWith(`${area}.`) && f.endsWith(".json")))
    .sort();
  return parts.flatMap((f) => readTriage(path.join(dir, f)));
}

/** The triage of an area; a file that is missing is an empty triage, a malformed one an error naming it. */
export function readTriage(file: string): TriageEntry[] {
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { entries?: unknown };
  if (!Array.isArray(parsed.entries)) throw new Error(`${file}: expected { "entries": [...] }`);
  parsed.entries.forEach((e, i) => {
    const entry = e as Partial<TriageEntry>;
    for (const k of ["file", "mutator", "original", "replacement", "reason"] as const) {
      if (typeof entry[k] !== "string" || (k === "reason" && !entry.reason?.trim())) {
        throw new Error(`${file}: entry ${i} needs a string "${k}"${k === "reason" ? " that says why" : ""}`);
      }
    }
  });
  return parsed.entries as TriageEntry[];
}

/** The original text a mutant replaces, from the source and the location in Stryker's report (1-based lines and columns). */
export function originalText(
  source: string,
  location: { start: { line: number; column: number }; end: { line: number; column: number } },
): string {
  const lines = source.split("\n");
  const [from, to] = [location.start.column - 1, location.end.column - 1];
  if (location.start.line === location.end.line) return (lines[location.start.line - 1] ?? "").slice(from, to);
  const first = (lines[location.start.line - 1] ?? "").slice(from);
  const middle = lines.slice(location.start.line, location.end.line - 1);
  const last = (lines[location.end.line - 1] ?? "").slice(0, to);
  return [first, ...middle, last].join("\n");
}
