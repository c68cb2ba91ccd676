/**
 * SRV: sent as data {priority, weight, port, target}; the response content is
 * `"<weight> <port> <target>"`, data is repeated and priority returned at the top level (spec).
 *
 * Gaps / by design: the `_service._proto` form of the name is not required (platform accepts any
 * valid name); a target of "." (service not available) is accepted.
 */
import { contentError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import { intField, type RecordTypeSpec, requireData } from "./common.ts";

export const srvRecord: RecordTypeSpec = {
  type: "SRV",
  build(input) {
    const d = requireData("SRV", input.data);
    const priority = intField("SRV", d, "priority", 0, 65535);
    const weight = intField("SRV", d, "weight", 0, 65535);
    const port = intField("SRV", d, "port", 0, 65535);
    const target = normalizeHostname(d.target);
    if (target === undefined) throw contentError("SRV", "data.target must be a hostname");
    return { content: `${weight} ${port} ${target}`, data: { priority, weight, port, target }, priority };
  },
};
