/**
 * Keeps docs/test-double.md, README.md and the examples in step: every block after a marker
 * `<!-- example: examples/<file> -->` is exactly that file, with the repository's relative imports
 * written as a user writes them (`../sim/index.ts` -> `edgeconf`, `../adapters/undici.ts` ->
 * `edgeconf/undici`, ...). examples/docs.test.ts fails when they differ;
 *
 *   npx tsx examples/doc-sync.ts        rewrites the doc's blocks from the examples.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DOC = join(ROOT, "docs/test-double.md");
export const README = join(ROOT, "README.md");

const IMPORTS: Record<string, string> = {
  "../sim/index.ts": "edgeconf",
  "../adapters/undici.ts": "edgeconf/undici",
  "../adapters/nock.ts": "edgeconf/nock",
  "../adapters/wrangler.ts": "edgeconf/wrangler",
  "../adapters/snapshot-files.ts": "edgeconf/snapshot-files",
  "../adapters/populate.ts": "edgeconf/populate",
};

/** An example file as the doc shows it. */
export function asShown(source: string): string {
  let out = source;
  for (const [from, to] of Object.entries(IMPORTS)) out = out.replaceAll(`"${from}"`, `"${to}"`);
  return out.trimEnd();
}

const MARKER = /<!-- example: (examples\/[\w.-]+) -->\n```(\w+)\n(?:.*\n)*?```$/gm;

/** The doc with every example block rendered from its file. */
export function renderDoc(doc: string, read: (path: string) => string = (p) => readFileSync(join(ROOT, p), "utf8")) {
  const files: string[] = [];
  const text = doc.replace(MARKER, (_m, path: string, lang: string) => {
    files.push(path);
    return `<!-- example: ${path} -->\n\`\`\`${lang}\n${asShown(read(path))}\n\`\`\``;
  });
  return { text, files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [path, name] of [
    [DOC, "docs/test-double.md"],
    [README, "README.md"],
  ] as const) {
    const { text, files } = renderDoc(readFileSync(path, "utf8"));
    writeFileSync(path, text);
    process.stdout.write(`${name}: ${files.length} example blocks written\n`);
  }
}
