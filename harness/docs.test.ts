/**
 * The documents that ship with the package read well everywhere: README.md and CONTRIBUTING.md have no
 * line over 120 characters, and every relative link of them and of docs/ resolves to a file the package
 * ships (package.json "files"), never to the repository's tests, examples or ../shared.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "./expectations.ts";

const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
  files: string[];
  repository: { url: string };
};

/** Whether a path relative to the package root is published (the "files" entries, "!" ones excluded). */
function shipped(rel: string): boolean {
  const glob = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "(?:.*/)?")
        .replace(/\*/g, "[^/]*")}(?:/.*)?$`,
    );
  let ok = false;
  for (const entry of pkg.files) {
    if (entry.startsWith("!")) {
      if (glob(entry.slice(1)).test(rel)) ok = false;
    } else if (glob(entry).test(rel)) ok = true;
  }
  return ok || rel === "package.json";
}

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? docs(`${dir}/${e.name}`) : e.name.endsWith(".md") ? [`${dir}/${e.name}`] : [],
    );
  return ["README.md", "CONTRIBUTING.md", ...docs("docs")];
}

function links(text: string): string[] {
  const out: string[] = [];
  const outside = text.replace(/```[\s\S]*?```/g, "");
  for (const m of outside.matchAll(/\]\(([^)\s]+)\)/g)) out.push(m[1] ?? "");
  return out;
}

describe("shipped documents", () => {
  test("README.md and CONTRIBUTING.md: no line over 120 characters", () => {
    for (const file of ["README.md", "CONTRIBUTING.md"]) {
      const long = readFileSync(path.join(PROJECT_ROOT, file), "utf8")
        .split("\n")
        .map((l, i) => [i + 1, l.length] as const)
        .filter(([, n]) => n > 120);
      expect(long, `${file}: [line, length] over 120`).toEqual([]);
    }
  });

  test("every relative link resolves to a shipped file; others point to the repository", () => {
    const repo = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(repo).toBe("https://github.com/edgeconf/edgeconf");
    const bad: string[] = [];
    for (const file of markdownFiles()) {
      for (const link of links(readFileSync(path.join(PROJECT_ROOT, file), "utf8"))) {
        if (link.startsWith("#") || /^mailto:/.test(link)) continue;
        if (/^https?:\/\//.test(link)) {
          if (file === "README.md" && !link.startsWith(repo)) bad.push(`${file}: ${link} (not the repository)`);
          continue;
        }
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), link.split("#")[0] ?? ""));
        if (!existsSync(path.join(PROJECT_ROOT, target))) bad.push(`${file}: ${link} (no such file)`);
        else if (!shipped(target)) bad.push(`${file}: ${link} (not in the package)`);
      }
    }
    expect(bad).toEqual([]);
  });

  test("the package ships none of the repository's unit tests", () => {
    for (const rel of ["sim/core/clock.test.ts", "harness/cli.test.ts", "adapters/nock.test.ts", "examples/x.ts"]) {
      expect(shipped(rel), rel).toBe(false);
    }
    for (const rel of ["suites/object-store/put.test.ts", "docs/clauses.md", "harness/cli.ts", "CONTRIBUTING.md"]) {
      expect(shipped(rel), rel).toBe(true);
    }
  });
});
