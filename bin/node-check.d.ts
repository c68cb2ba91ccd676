/** The oldest Node.js edgeconf runs on, [major, minor]. */
export declare const MIN_NODE: readonly [number, number];
/** Why Node.js `version` (e.g. "18.19.0") cannot run edgeconf, or undefined when it can. */
export declare function nodeVersionProblem(version: string): string | undefined;
