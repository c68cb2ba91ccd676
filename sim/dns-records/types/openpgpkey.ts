/**
 * OPENPGPKEY (RFC 7929): content is a single base64-encoded OpenPGP Transferable Public Key (the
 * SDK: "A single Base64-encoded OpenPGP Transferable Public Key (RFC 4880 Section 11.1)").
 *
 * Gaps / by design: the key's packets are not parsed; only the base64 form is checked.
 */
import { contentError } from "../errors.ts";
import { contentString, type RecordTypeSpec } from "./common.ts";

export const openpgpkeyRecord: RecordTypeSpec = {
  type: "OPENPGPKEY",
  build(input) {
    const c = contentString("OPENPGPKEY", input.content).replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(c) || c.length % 4 !== 0) {
      throw contentError("OPENPGPKEY", "content must be one base64-encoded OpenPGP public key");
    }
    return { content: c };
  },
};
