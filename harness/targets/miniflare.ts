/** The `miniflare` target: R2 buckets of the platform's own local simulator (area D only). STUB. */
import type { Target } from "./types.ts";

export async function createMiniflareTarget(): Promise<Target> {
  throw new Error("miniflare target not implemented yet");
}
