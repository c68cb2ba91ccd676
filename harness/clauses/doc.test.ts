import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { anchor, CLAUSES_DOC, clausesMarkdown } from "./doc.ts";
import { clauses } from "./index.ts";

test("docs/clauses.md is what the catalogue makes (npm run docs:clauses rewrites it)", () => {
  const text = readFileSync(path.join(PROJECT_ROOT, CLAUSES_DOC), "utf8");
  expect(text === clausesMarkdown(clauses), `${CLAUSES_DOC} is out of date: run npm run docs:clauses`).toBe(true);
  for (const c of clauses) expect(text).toContain(`\`${c.id}\``);
});

test("heading anchors as GitHub makes them", () => {
  expect(anchor("A. DNS protection rules (`dns-protection`)")).toBe("a-dns-protection-rules-dns-protection");
});
