/** Versions recorded in a report: edgeconf, node, vitest, fast-check (read from their package.json). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PROJECT_ROOT } from "../expectations.ts";

export function packageVersion(name: string): string {
  try {
    const require = createRequire(path.join(PROJECT_ROOT, "package.json"));
    let dir = path.dirname(require.resolve(name));
    for (;;) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
          name?: string;
          version?: string;
        };
        if (pkg.name === name && pkg.version) return pkg.version;
      } catch {}
      const up = path.dirname(dir);
      if (up === dir) return "unknown";
      dir = up;
    }
  } catch {
    return "unknown";
  }
}

export function versions(): { edgeconf: string; node: string; vitest: string; fastCheck: string } {
  let edgeconf = "unknown";
  try {
    edgeconf = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {}
  return { edgeconf, node: process.version, vitest: packageVersion("vitest"), fastCheck: packageVersion("fast-check") };
}
