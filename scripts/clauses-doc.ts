// Writes docs/clauses.md from the clause catalogue (harness/clauses/):  npm run docs:clauses
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CLAUSES_DOC, clausesMarkdown } from "../harness/clauses/doc.ts";
import { clauses } from "../harness/clauses/index.ts";
import { PROJECT_ROOT } from "../harness/expectations.ts";

writeFileSync(path.join(PROJECT_ROOT, CLAUSES_DOC), clausesMarkdown(clauses));
process.stdout.write(`${CLAUSES_DOC}: ${clauses.length} clauses\n`);
