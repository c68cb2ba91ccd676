/**
 * Checks of the clause catalogue against the test sources: ids well-formed and unique, every clause
 * named by a test (or marked untestable), every id a test names present in the catalogue. Pure: the
 * sources come in as text.
 */
import type { Clause } from "../clauses/types.ts";

export const CLAUSE_ID = /^([ABCD])\.([A-Za-z0-9][A-Za-z0-9_-]*)\.([A-Za-z0-9][A-Za-z0-9_-]*)$/;

const AREA_LETTER: Record<Clause["area"], string> = {
  "dns-protection": "A",
  "dns-records": "B",
  "key-transparency": "C",
  "object-store": "D",
};

/** Problems of the catalogue itself: malformed or duplicate ids, wrong area letter, empty fields. */
export function catalogueProblems(clauses: readonly Clause[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const c of clauses) {
    const m = CLAUSE_ID.exec(c.id);
    if (!m) problems.push(`${c.id}: id is not <A|B|C|D>.<family>.<rule>`);
    else if (m[1] !== AREA_LETTER[c.area])
      problems.push(`${c.id}: area ${c.area} needs the letter ${AREA_LETTER[c.area]}`);
    if (seen.has(c.id)) problems.push(`${c.id}: duplicate id`);
    seen.add(c.id);
    if (!c.text.trim()) problems.push(`${c.id}: empty text`);
    if (c.source !== "spec" && c.source !== "platform") problems.push(`${c.id}: source must be spec or platform`);
    if (c.untestable !== undefined && !c.untestable.trim()) problems.push(`${c.id}: untestable needs a reason`);
  }
  return problems;
}

/** Clause ids quoted in a source text ("A.x.y", 'A.x.y' or `A.x.y`). */
export function quotedClauseIds(source: string): string[] {
  const ids: string[] = [];
  for (const m of source.matchAll(/["'`]([ABCD]\.[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9][A-Za-z0-9_-]*)["'`]/g)) {
    if (m[1]) ids.push(m[1]);
  }
  return ids;
}

export interface CoverageResult {
  /** Testable clauses that no test source names. */
  uncovered: string[];
  /** Ids named in test sources that the catalogue does not hold, with the file naming them. */
  unknown: { id: string; file: string }[];
  /** Clauses marked untestable that a test names anyway (not an error, but worth a look). */
  untestableButNamed: string[];
}

/** Matches the catalogue against test sources (`file -> text`). */
export function coverage(clauses: readonly Clause[], sources: ReadonlyMap<string, string>): CoverageResult {
  const known = new Set(clauses.map((c) => c.id));
  const named = new Set<string>();
  const unknown: { id: string; file: string }[] = [];
  for (const [file, text] of sources) {
    for (const id of quotedClauseIds(text)) {
      named.add(id);
      if (!known.has(id)) unknown.push({ id, file });
    }
    // Catalogue ids are looked up literally too, so a malformed id is reported once (as malformed), not as uncovered.
    for (const c of clauses) {
      if (!named.has(c.id) && [`"${c.id}"`, `'${c.id}'`, `\`${c.id}\``].some((q) => text.includes(q))) named.add(c.id);
    }
  }
  return {
    uncovered: clauses.filter((c) => !c.untestable && !named.has(c.id)).map((c) => c.id),
    unknown,
    untestableButNamed: clauses.filter((c) => c.untestable && named.has(c.id)).map((c) => c.id),
  };
}
