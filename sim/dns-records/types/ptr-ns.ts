/**
 * PTR and NS: content is a hostname (NS a fully qualified nameserver name). That NS shares no name
 * with other types is a zone rule (conflicts.ts, 81056).
 *
 * Gaps / by design: PTR is accepted in any zone, though the spec prefers reverse zones.
 */
import { contentError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import type { RecordTypeSpec } from "./common.ts";

function hostContent(type: "PTR" | "NS"): RecordTypeSpec {
  return {
    type,
    build(input) {
      const host = normalizeHostname(input.content);
      if (host === undefined || host === "." || !host.includes(".")) {
        throw contentError(type, "content must be a fully qualified hostname");
      }
      return { content: host };
    },
  };
}

export const ptrRecord = hostContent("PTR");
export const nsRecord = hostContent("NS");
