/** Shared by the restore tests: an edited snapshot is refused whole, in-process and over HTTP. */
import { expect } from "vitest";
import type { Simulator } from "../sim/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the edits reach anywhere into the snapshot JSON
export type Tree = Record<string, any>;

/** The snapshot `text` edited by `edit` is refused in-process and over HTTP, naming `path`; nothing changes. */
export async function expectSnapshotRefused(
  sim: Simulator,
  text: string,
  edit: (t: Tree) => void,
  path: RegExp,
): Promise<void> {
  const tree = JSON.parse(text) as Tree;
  edit(tree);
  const body = JSON.stringify(tree);
  const before = sim.control.exportSnapshot();
  expect(() => sim.control.importSnapshot(body)).toThrow(path);
  expect(sim.control.exportSnapshot()).toBe(before);
  const res = await sim.fetch("http://127.0.0.1/__edgeconf/snapshot", { method: "PUT", body });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(path);
  expect(sim.control.exportSnapshot()).toBe(before);
}
