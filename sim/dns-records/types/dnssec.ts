/**
 * DNSSEC and certificate records: DS {key_tag, algorithm, digest_type, digest (hex)},
 * DNSKEY {flags, protocol (3, RFC 4034), algorithm, public_key (base64)},
 * CERT {type, key_tag, algorithm, certificate (base64)}; content is the fields in that order.
 *
 * Gaps / by design: digests and keys are checked for encoding, not against algorithms.
 */
import { contentError } from "../errors.ts";
import { base64Field, hexField, intField, type RecordTypeSpec, requireData } from "./common.ts";

export const dsRecord: RecordTypeSpec = {
  type: "DS",
  build(input) {
    const d = requireData("DS", input.data);
    const key_tag = intField("DS", d, "key_tag", 0, 65535);
    const algorithm = intField("DS", d, "algorithm", 0, 255);
    const digest_type = intField("DS", d, "digest_type", 0, 255);
    const digest = hexField("DS", d, "digest");
    return {
      content: `${key_tag} ${algorithm} ${digest_type} ${digest}`,
      data: { key_tag, algorithm, digest_type, digest },
    };
  },
};

export const dnskeyRecord: RecordTypeSpec = {
  type: "DNSKEY",
  build(input) {
    const d = requireData("DNSKEY", input.data);
    const flags = intField("DNSKEY", d, "flags", 0, 65535);
    const protocol = intField("DNSKEY", d, "protocol", 0, 255);
    if (protocol !== 3) throw contentError("DNSKEY", "data.protocol must be 3");
    const algorithm = intField("DNSKEY", d, "algorithm", 0, 255);
    const public_key = base64Field("DNSKEY", d, "public_key");
    return {
      content: `${flags} ${protocol} ${algorithm} ${public_key}`,
      data: { flags, protocol, algorithm, public_key },
    };
  },
};

export const certRecord: RecordTypeSpec = {
  type: "CERT",
  build(input) {
    const d = requireData("CERT", input.data);
    const type = intField("CERT", d, "type", 0, 65535);
    const key_tag = intField("CERT", d, "key_tag", 0, 65535);
    const algorithm = intField("CERT", d, "algorithm", 0, 255);
    const certificate = base64Field("CERT", d, "certificate");
    return {
      content: `${type} ${key_tag} ${algorithm} ${certificate}`,
      data: { type, key_tag, algorithm, certificate },
    };
  },
};
