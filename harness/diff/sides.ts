/**
 * Where each side of a diff is, from the command line of `edgeconf diff` and `edgeconf replay`: the
 * target options of `edgeconf run` (--base-url, --kt-url, --worker-url, --module, parsed by the same
 * parseTargetLocation), which go to whichever side is of that kind, and, for two sides of the same kind,
 * `--against-<option>` for the second (`--target module --module A --against module --against-module B`).
 * Pure; also gives the options a printed replay command needs, so that it works as printed.
 */
import path from "node:path";
import { displayPath, shellQuote } from "../report/shell.ts";
import {
  parseTargetLocation,
  type SideSpelling,
  strayTargetFlag,
  TARGET_FLAGS,
  TARGET_SIDE,
  type TargetFlag,
  type TargetLocation,
} from "../run/options.ts";

/** The options `parseCommandArgs` needs for both sides' locations. */
export const SIDE_OPTIONS = Object.fromEntries(
  TARGET_FLAGS.flatMap((k) => [
    [k, { type: "string" as const }],
    [`against-${k}`, { type: "string" as const }],
  ]),
) as Record<TargetFlag | `against-${TargetFlag}`, { type: "string" }>;

/** The target a location option goes with (`base-url` and `kt-url`: http). */
const KIND: Record<TargetFlag, string> = {
  "base-url": "http",
  "kt-url": "http",
  "worker-url": "worker",
  module: "module",
};

export interface DiffSides {
  left: TargetLocation;
  right: TargetLocation;
  /** The options a replay of this diff needs, as shell words (` --module fixtures/m.ts`). */
  replayArgs: string;
}

export function parseDiffSides(
  target: string,
  against: string,
  values: Readonly<Record<string, unknown>>,
  ctx: { env: NodeJS.ProcessEnv; cwd: string },
): DiffSides | { error: string } {
  const text = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  for (const k of TARGET_FLAGS) {
    if (text(k) !== undefined && target !== KIND[k] && against !== KIND[k]) {
      return { error: `--${k} goes with a side of target ${KIND[k]} (--target ${KIND[k]} or --against ${KIND[k]})` };
    }
  }
  const againstSpelling: SideSpelling = {
    flag: (k) => (text(`against-${k}`) !== undefined ? `--against-${k}` : `--${k}`),
    side: "--against",
  };
  const stray = strayTargetFlag(against, (k) => text(`against-${k}`), {
    flag: (k) => `--against-${k}`,
    side: "--against",
  });
  if (stray) return { error: stray };
  const left = parseTargetLocation(target, (k) => text(k), ctx, TARGET_SIDE);
  if ("error" in left) return left;
  const right = parseTargetLocation(against, (k) => text(`against-${k}`) ?? text(k), ctx, againstSpelling);
  if ("error" in right) return right;
  const shown = (k: TargetFlag, v: string) => (k === "module" ? displayPath(ctx.cwd, path.resolve(ctx.cwd, v)) : v);
  const words: string[] = [];
  const field = { "base-url": "baseUrl", "kt-url": "ktUrl", "worker-url": "workerUrl", module: "module" } as const;
  for (const k of TARGET_FLAGS) {
    const l = target === KIND[k] ? left[field[k]] : undefined;
    const r = against === KIND[k] ? right[field[k]] : undefined;
    if (l !== undefined) words.push(`--${k}`, shellQuote(shown(k, l)));
    if (r !== undefined && r !== l) words.push(l === undefined ? `--${k}` : `--against-${k}`, shellQuote(shown(k, r)));
  }
  return { left, right, replayArgs: words.length ? ` ${words.join(" ")}` : "" };
}
