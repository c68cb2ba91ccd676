/**
 * The core shared by every area: clock, seeded random streams, hashing, time formats, errors.
 *
 * Gaps / by design: no I/O of any kind lives here.
 */

export * from "./area.ts";
export * from "./clock.ts";
export * from "./context.ts";
export * from "./errors.ts";
export * from "./hash.ts";
export * from "./random.ts";
export * from "./time.ts";
