/** The output folder of a run (--out): made before the run starts, so a bad path stops it at once. */
import { DirError, makeDir, removeMade } from "../dirs.ts";

/** Makes `dir`; returns how to remove the folders it made (when the run is refused after all), or the error line. */
export function outDirOrError(dir: string, flag = "--out"): { undo(): void } | string {
  let created: string[];
  try {
    created = makeDir(dir);
  } catch (e) {
    if (e instanceof DirError) return `${flag}: ${e.message}`;
    throw e;
  }
  return { undo: () => removeMade(created) };
}
