/**
 * docs/clauses.md, the clause catalogue as a document that ships with the package: every clause of
 * harness/clauses/ with its id, source and text, per area. Pure; `npm run docs:clauses` writes it,
 * and doc.test.ts fails when the file is not what this makes.
 */
import type { Area, Clause } from "./types.ts";

export const CLAUSES_DOC = "docs/clauses.md";

const AREA_TITLES: Record<Area, string> = {
  "dns-protection": "A. DNS protection rules (`dns-protection`)",
  "dns-records": "B. DNS records (`dns-records`)",
  "key-transparency": "C. Key-transparency namespaces (`key-transparency`)",
  "object-store": "D. Object-store bucket binding (`object-store`)",
};

export function clausesMarkdown(clauses: readonly Clause[]): string {
  const areas = Object.keys(AREA_TITLES) as Area[];
  const count = (a: Area, source?: Clause["source"]) =>
    clauses.filter((c) => c.area === a && (source === undefined || c.source === source)).length;
  const out = [
    "# The clause catalogue",
    "",
    "<!-- Generated from harness/clauses/ by `npm run docs:clauses`; do not edit by hand. -->",
    "",
    "Every statement edgeconf checks, in the project's own words, with the id that tests, reports and",
    "expectations files use. Source `spec`: the interface specification states it. Source `platform`: the",
    "specification is silent, and the clause follows the real platform's public behaviour (reports keep the",
    "two apart). A clause marked _untestable_ says why no test can check it.",
    "",
    ...areas.map(
      (a) =>
        `- [${AREA_TITLES[a]}](#${anchor(AREA_TITLES[a])}): ${count(a)} clauses ` +
        `(${count(a, "spec")} spec, ${count(a, "platform")} platform)`,
    ),
  ];
  for (const a of areas) {
    out.push("", `## ${AREA_TITLES[a]}`, "");
    for (const c of clauses.filter((x) => x.area === a)) {
      const untestable = c.untestable ? ` _Untestable: ${c.untestable}_` : "";
      out.push(`- \`${c.id}\` (${c.source}): ${c.text}${untestable}`);
    }
  }
  return `${out.join("\n")}\n`;
}

/** GitHub's heading anchor: lowercase, punctuation dropped, spaces to hyphens. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}
