/**
 * URI: data {weight 0..65535, target (non-empty, no quote)} with a top-level priority 0..65535;
 * content `<weight> "<target>"`. NAPTR: data {order, preference, flags, service, regex,
 * replacement}; content `<order> <preference> "<flags>" "<service>" "<regex>" <replacement>`.
 *
 * Gaps / by design: URI targets and NAPTR regexes are not parsed further.
 */
import { contentError } from "../errors.ts";
import { normalizeHostname } from "../names.ts";
import { intField, priorityField, type RecordTypeSpec, requireData, stringField } from "./common.ts";

export const uriRecord: RecordTypeSpec = {
  type: "URI",
  build(input) {
    const d = requireData("URI", input.data);
    const weight = intField("URI", d, "weight", 0, 65535);
    const target = stringField("URI", d, "target", /^[^"\s]+$/);
    return {
      content: `${weight} "${target}"`,
      data: { weight, target },
      priority: priorityField("URI", input.priority),
    };
  },
};

export const naptrRecord: RecordTypeSpec = {
  type: "NAPTR",
  build(input) {
    const d = requireData("NAPTR", input.data);
    const order = intField("NAPTR", d, "order", 0, 65535);
    const preference = intField("NAPTR", d, "preference", 0, 65535);
    const flags = stringField("NAPTR", d, "flags", /^[A-Za-z0-9]*$/);
    const service = stringField("NAPTR", d, "service", /^[^"]*$/);
    const regex = stringField("NAPTR", d, "regex", /^[^"]*$/);
    const replacement = normalizeHostname(d.replacement);
    if (replacement === undefined) throw contentError("NAPTR", 'data.replacement must be a hostname or "."');
    return {
      content: `${order} ${preference} "${flags}" "${service}" "${regex}" ${replacement}`,
      data: { order, preference, flags, service, regex, replacement },
    };
  },
};
