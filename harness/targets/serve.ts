/** The `serve` target: `edgeconf serve` started in this process on free ports, reached over HTTP(S). STUB. */
import type { Target } from "./types.ts";

export async function createServeTarget(): Promise<Target> {
  throw new Error("serve target not implemented yet");
}
