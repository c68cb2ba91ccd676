/**
 * Error types shared by the simulator's areas.
 *
 * Each area defines its wire errors on top of these (object-store errors carry the platform's exact
 * message and numeric code; HTTP areas carry status, code and message). `SimUsageError` is for
 * misuse of the simulator's own API (bad seed, bad clock call), never for platform behaviour.
 *
 * Gaps / by design: no stack-trace shaping; messages are the platform's where it has one.
 */
export class SimUsageError extends Error {
  override readonly name = "SimUsageError";
}

/** A platform error with a stable numeric code. */
export class PlatformError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}
