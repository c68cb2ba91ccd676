/**
 * Area A timestamps as the model writes them: microseconds since the epoch, with a `+00:00` offset
 * (`2023-10-01T13:10:38.762503+00:00`). Shared by the model and the snapshot check.
 *
 * Gaps / by design: none; the microsecond digits come from the model (clock + seeded stream).
 */
import { isoMicros } from "../core/time.ts";

/** Formats a timestamp given in microseconds since the epoch, with a +00:00 offset. */
export function formatStamp(micros: number): string {
  return isoMicros(Math.floor(micros / 1000), micros % 1000, 0, false);
}
