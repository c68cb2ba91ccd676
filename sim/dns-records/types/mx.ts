/**
 * MX: content is the mail server's hostname, priority a top-level integer 0..65535 (platform).
 *
 * Gaps / by design: a null MX (content ".") is accepted, as RFC 7505 allows it.
 */
import { contentError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import { priorityField, type RecordTypeSpec } from "./common.ts";

export const mxRecord: RecordTypeSpec = {
  type: "MX",
  build(input) {
    const host = normalizeHostname(input.content);
    if (host === undefined) throw contentError("MX", "content must be the mail server's hostname");
    return { content: host, priority: priorityField("MX", input.priority) };
  },
};
