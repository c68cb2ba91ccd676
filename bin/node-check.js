// The Node.js version edgeconf needs, checked by bin/edgeconf.js before it loads anything else (tsx, the CLI):
// on an older Node the user gets one line naming the requirement, not a stack trace. Plain JavaScript
// that any Node parses; keep it in step with "engines" in package.json (bin/node-check.test.ts checks it).

/** The oldest Node.js edgeconf runs on: 20.19 (require of ES modules, which its dependencies use). */
export const MIN_NODE = [20, 19];

/**
 * Why Node.js `version` (as `process.versions.node` gives it, e.g. "18.19.0") cannot run edgeconf, or
 * undefined when it can.
 */
export function nodeVersionProblem(version) {
  const m = /^v?(\d+)\.(\d+)/.exec(String(version));
  const need = `Node.js ${MIN_NODE[0]}.${MIN_NODE[1]} or later`;
  if (!m) return `edgeconf needs ${need}; could not read this Node.js version (${String(version)})`;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  return `edgeconf needs ${need}; this is Node.js ${version}: install a newer Node.js (https://nodejs.org)`;
}
