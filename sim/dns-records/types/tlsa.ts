/**
 * TLSA and SMIMEA {usage, selector, matching_type, certificate (hex)}; SSHFP {algorithm, type,
 * fingerprint (hex)}; content is the fields in that order.
 *
 * Gaps / by design: the hex length is not checked against matching_type / fingerprint type.
 */
import { hexField, intField, type RecordTypeSpec, requireData } from "./common.ts";

function tlsaFamily(type: "TLSA" | "SMIMEA"): RecordTypeSpec {
  return {
    type,
    build(input) {
      const d = requireData(type, input.data);
      const usage = intField(type, d, "usage", 0, 255);
      const selector = intField(type, d, "selector", 0, 255);
      const matching_type = intField(type, d, "matching_type", 0, 255);
      const certificate = hexField(type, d, "certificate");
      return {
        content: `${usage} ${selector} ${matching_type} ${certificate}`,
        data: { usage, selector, matching_type, certificate },
      };
    },
  };
}

export const tlsaRecord = tlsaFamily("TLSA");
export const smimeaRecord = tlsaFamily("SMIMEA");

export const sshfpRecord: RecordTypeSpec = {
  type: "SSHFP",
  build(input) {
    const d = requireData("SSHFP", input.data);
    const algorithm = intField("SSHFP", d, "algorithm", 0, 255);
    const type = intField("SSHFP", d, "type", 0, 255);
    const fingerprint = hexField("SSHFP", d, "fingerprint");
    return { content: `${algorithm} ${type} ${fingerprint}`, data: { algorithm, type, fingerprint } };
  },
};
