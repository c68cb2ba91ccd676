/**
 * Customer-supplied encryption keys (SSE-C, the `ssecKey` option of put, get, createMultipartUpload
 * and uploadPart): the binding's conversion and checks (workerd `buildSsecKey`: plain `Error`s), and
 * the model: an object written with a key records the key's MD5 (`ssecKeyMd5`), and reading its body
 * needs the same key.
 *
 * Gaps / by design: nothing is encrypted (the bytes are stored as given); `ssecKeyMd5` is the base64
 * MD5 of the 32 key bytes (S3's form; the platform does not document its encoding); head needs no key
 * (it takes no options); a key given for an object stored without one is ignored. The storage error
 * codes of a missing or wrong key are edgeconf's choice (see docs/choices/object-store.md).
 */
import { createHash } from "node:crypto";
import { types } from "node:util";
import { bufferBytes, coerceString } from "./convert.ts";
import { SSEC_BAD_FORMAT, SSEC_BAD_LENGTH } from "./errors.ts";

/** ssecKey once converted (`kj::OneOf<kj::Array<byte>, kj::String>`): bytes, or a coerced string. */
export type ConvertedSsecKey = Uint8Array | string;

export function convertSsecKey(value: unknown): ConvertedSsecKey | undefined {
  if (value === undefined) return undefined;
  // jsg's kj::Array<byte>: an ArrayBuffer, a SharedArrayBuffer or a view (a detached one is 0 bytes).
  if (types.isAnyArrayBuffer(value) || ArrayBuffer.isView(value)) return bufferBytes(value);
  return coerceString(value);
}

const LOWER_HEX = /^[0-9a-f]+$/;

/** Checks a converted key (the binding's messages); returns the MD5 the object will carry. */
export function checkSsecKey(key: ConvertedSsecKey | undefined): string | undefined {
  if (key === undefined) return undefined;
  let bytes: Uint8Array;
  if (typeof key === "string") {
    if (!LOWER_HEX.test(key)) throw new Error(SSEC_BAD_FORMAT);
    if (key.length !== 64) throw new Error(SSEC_BAD_LENGTH);
    bytes = Buffer.from(key, "hex");
  } else {
    if (key.byteLength !== 32) throw new Error(SSEC_BAD_LENGTH);
    bytes = key;
  }
  return createHash("md5").update(bytes).digest("base64");
}

/** Whether a read with `given` (the key's MD5, or undefined) may read an object stored with `stored`. */
export function ssecAccess(stored: string | undefined, given: string | undefined): "ok" | "missing" | "mismatch" {
  if (stored === undefined) return "ok";
  if (given === undefined) return "missing";
  return given === stored ? "ok" : "mismatch";
}
