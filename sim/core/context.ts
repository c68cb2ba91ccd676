/**
 * SimCore: what every area of one simulator shares (seed, clock, random streams, credentials).
 *
 * Gaps / by design: areas take their own random stream with `random.fork(area)`, so that the ids
 * of one area do not depend on how many calls another area made.
 */
import { brokenTimeRule, FakeClock, givenValue } from "./clock.ts";
import { SeededRandom } from "./random.ts";
import { parseIsoInstant } from "./time.ts";

export interface Credentials {
  account_id: string;
  zone_id: string;
  zone_name: string;
  api_token: string;
  auth_email: string;
  auth_key: string;
}

export interface SimCore {
  readonly seed: number;
  readonly clock: FakeClock;
  readonly random: SeededRandom;
  readonly credentials: Credentials;
}

/** 2025-01-01T00:00:00.000Z: the default simulated start, so that runs without `start` agree. */
export const DEFAULT_START_MS = Date.UTC(2025, 0, 1, 0, 0, 0, 0);

export function toStartMs(start: number | Date | string | undefined): number {
  return start === undefined ? DEFAULT_START_MS : toTimeMs(start, "start");
}

/**
 * A time given as ms, a Date or an ISO 8601 date string (`parseIsoInstant`: only a real instant exactly
 * as written), in ms; a RangeError naming `field` (the name the caller used: `start`, `set`) and
 * showing the value as given when it is not a whole number of ms inside the JavaScript Date range.
 */
export function toTimeMs(at: number | Date | string, field: string): number {
  let ms: number;
  let why: string | undefined;
  if (at instanceof Date) ms = at.getTime();
  else if (typeof at === "string") {
    const parsed = parseIsoInstant(at);
    if (typeof parsed === "string") why = parsed;
    ms = typeof parsed === "number" ? parsed : Number.NaN;
  } else ms = at;
  if (why === undefined) {
    const rule = brokenTimeRule(ms);
    if (rule !== undefined) why = `not ${rule}`;
  }
  if (why !== undefined) {
    throw new RangeError(
      `${field} must be a valid time (a whole number of ms since the epoch, a Date or an ISO 8601 date, inside the JavaScript Date range), got ${givenValue(at)}: ${why}`,
    );
  }
  return ms;
}

/** Credentials the simulator accepts, derived from the seed (the same values `edgeconf serve` prints). */
export function credentialsFromSeed(random: SeededRandom, given: Partial<Credentials> = {}): Credentials {
  const r = random.fork("credentials");
  const account_id = r.hex(32);
  const zone_id = r.hex(32);
  const zoneWord = r.string(8, "abcdefghijklmnopqrstuvwxyz");
  const api_token = r.string(40, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
  const auth_key = r.hex(37);
  const userWord = r.string(6, "abcdefghijklmnopqrstuvwxyz");
  return {
    account_id,
    zone_id,
    zone_name: `${zoneWord}.example.com`,
    api_token,
    auth_email: `${userWord}@example.com`,
    auth_key,
    ...given,
  };
}

export function createCore(options: {
  seed?: number;
  start?: number | Date | string;
  credentials?: Partial<Credentials>;
}): SimCore {
  const seed = options.seed ?? 0;
  const random = new SeededRandom(seed);
  return {
    seed,
    clock: new FakeClock(toStartMs(options.start)),
    random,
    credentials: credentialsFromSeed(random, options.credentials),
  };
}
