/**
 * LOC (RFC 1876): data {lat_degrees 0..90, lat_minutes 0..59, lat_seconds 0..59.999, lat_direction
 * N|S, long_degrees 0..180, long_minutes, long_seconds, long_direction E|W, altitude
 * -100000..42849672.95, size, precision_horz, precision_vert 0..90000000} (metres);
 * content `<lat> <long> <altitude>m <size>m <precision_horz>m <precision_vert>m`.
 *
 * Gaps / by design: 90 degrees latitude with non-zero minutes is refused; no rounding of metres.
 */
import { contentError } from "../errors.ts";
import { intField, numberField, type RecordTypeSpec, requireData, stringField } from "./common.ts";

export const locRecord: RecordTypeSpec = {
  type: "LOC",
  build(input) {
    const d = requireData("LOC", input.data);
    const lat_degrees = intField("LOC", d, "lat_degrees", 0, 90);
    const lat_minutes = intField("LOC", d, "lat_minutes", 0, 59);
    const lat_seconds = numberField("LOC", d, "lat_seconds", 0, 59.999);
    const lat_direction = stringField("LOC", d, "lat_direction", /^[NS]$/);
    const long_degrees = intField("LOC", d, "long_degrees", 0, 180);
    const long_minutes = intField("LOC", d, "long_minutes", 0, 59);
    const long_seconds = numberField("LOC", d, "long_seconds", 0, 59.999);
    const long_direction = stringField("LOC", d, "long_direction", /^[EW]$/);
    const altitude = numberField("LOC", d, "altitude", -100000, 42849672.95);
    const size = numberField("LOC", d, "size", 0, 90000000);
    const precision_horz = numberField("LOC", d, "precision_horz", 0, 90000000);
    const precision_vert = numberField("LOC", d, "precision_vert", 0, 90000000);
    if (lat_degrees === 90 && (lat_minutes > 0 || lat_seconds > 0))
      throw contentError("LOC", "latitude exceeds 90 degrees");
    if (long_degrees === 180 && (long_minutes > 0 || long_seconds > 0))
      throw contentError("LOC", "longitude exceeds 180 degrees");
    const data = {
      lat_degrees,
      lat_minutes,
      lat_seconds,
      lat_direction,
      long_degrees,
      long_minutes,
      long_seconds,
      long_direction,
      altitude,
      size,
      precision_horz,
      precision_vert,
    };
    const content =
      `${lat_degrees} ${lat_minutes} ${lat_seconds} ${lat_direction} ` +
      `${long_degrees} ${long_minutes} ${long_seconds} ${long_direction} ` +
      `${altitude}m ${size}m ${precision_horz}m ${precision_vert}m`;
    return { content, data };
  },
};
