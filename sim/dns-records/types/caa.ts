/**
 * CAA: data {flags 0..255, tag (issue, issuewild, iodef), value}; content `<flags> <tag> "<value>"`.
 *
 * Gaps / by design: the value is not parsed further (issuer domain / iodef URL syntax).
 */
import { contentError } from "../errors.ts";
import { intField, type RecordTypeSpec, requireData, stringField } from "./common.ts";

export const CAA_TAGS: readonly string[] = ["issue", "issuewild", "iodef"];

export const caaRecord: RecordTypeSpec = {
  type: "CAA",
  build(input) {
    const d = requireData("CAA", input.data);
    const flags = intField("CAA", d, "flags", 0, 255);
    const tag = stringField("CAA", d, "tag");
    if (!CAA_TAGS.includes(tag)) throw contentError("CAA", `data.tag must be one of ${CAA_TAGS.join(", ")}`);
    const value = stringField("CAA", d, "value");
    if (value.includes('"')) throw contentError("CAA", "data.value must not contain a double quote");
    return { content: `${flags} ${tag} "${value}"`, data: { flags, tag, value } };
  },
};
