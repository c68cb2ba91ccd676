/**
 * CNAME: content is a fully qualified hostname (lowercased, trailing dot dropped). Whether it
 * equals the record's own name and whether a proxied chain ends at an address is checked by
 * conflicts.ts, which sees the zone.
 *
 * Gaps / by design: CNAME flattening is a resolver behaviour; the record only carries
 * settings.flatten_cname.
 */
import { CODES, validationError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import type { RecordTypeSpec } from "./common.ts";

export const cnameRecord: RecordTypeSpec = {
  type: "CNAME",
  build(input) {
    const host = normalizeHostname(input.content);
    if (host === undefined || host === "." || !host.includes(".")) {
      throw validationError(CODES.cnameInvalid, "Content for CNAME record must be a fully qualified domain name.");
    }
    return { content: host };
  },
  proxiable: () => true,
};
