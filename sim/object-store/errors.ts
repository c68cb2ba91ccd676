/**
 * Area D errors: the platform's storage errors (`Error`, message `"<action>: <message> (<code>)"`)
 * and the binding's argument errors (TypeError / RangeError with the platform's exact text).
 *
 * Storage errors are plain `Error`s, as the platform throws them (workerd `R2Result::throwIfError`):
 * constructor `Error`, no own property but `message` (and `stack`); the v4 code is only at the end of
 * the message. `storeErrorCode(e)` / `storeErrorAction(e)` read them back for callers that need them.
 *
 * Gaps / by design: no stack shaping. Only the codes the reference lists are modelled, plus the
 * edgeconf choices for limits whose code the platform does not document (see docs/choices).
 */

export type StoreAction =
  | "head"
  | "get"
  | "put"
  | "delete"
  | "list"
  | "createMultipartUpload"
  | "uploadPart"
  | "completeMultipartUpload"
  | "abortMultipartUpload";

/** The storage error catalogue: code -> message (reference, "Storage error catalogue"). */
export const STORE_ERRORS = {
  internal: { code: 10001, message: "We encountered an internal error. Please try again." },
  entityTooSmall: { code: 10011, message: "Your proposed upload is smaller than the minimum allowed object size." },
  metadataTooLarge: { code: 10012, message: "Your metadata headers exceed the maximum allowed metadata size." },
  invalidObjectName: { code: 10020, message: "The specified object name is not valid." },
  invalidMaxKeys: { code: 10022, message: "MaxKeys params must be positive integer <= 1000." },
  noSuchUpload: { code: 10024, message: "The specified multipart upload does not exist." },
  invalidPart: { code: 10025, message: "One or more of the specified parts could not be found." },
  badDigest: { code: 10037, message: "" },
  invalidRange: { code: 10039, message: "The requested range is not satisfiable" },
  invalidStorageClass: { code: 10040, message: "The storage class specified is not valid." },
  badUpload: { code: 10048, message: "There was a problem with the multipart upload." },
  entityTooLarge: { code: 100100, message: "Your proposed upload exceeds the maximum allowed object size." },
  /** edgeconf: the docs state the limit, not the code. */
  tooManyKeys: { code: 10001, message: "Up to 1000 keys may be deleted per call." },
  /** edgeconf (S3's InvalidRequest text): an object stored with a customer key, read without one. */
  ssecKeyMissing: {
    code: 10003,
    message:
      "The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.",
  },
  /** edgeconf (S3's AccessDenied text): a customer key other than the one the object was stored with. */
  ssecKeyMismatch: {
    code: 10003,
    message: "The calculated MD5 hash of the key did not match the hash that was provided.",
  },
} as const;

export type StoreErrorName = keyof typeof STORE_ERRORS;

/** A storage-side error, shaped as the platform's: a plain `Error`, `"<action>: <message> (<code>)"`. */
export function storageError(action: StoreAction, message: string, code: number): Error {
  return new Error(`${action}: ${message} (${code})`);
}

export function storeError(action: StoreAction, name: Exclude<StoreErrorName, "badDigest">): Error {
  const e = STORE_ERRORS[name];
  return storageError(action, e.message, e.code);
}

const CODE_AT_END = /\((\d+)\)$/;
const ACTION_AT_START = /^([A-Za-z]+): /;

/**
 * The v4 code of a storage error (the number in parentheses ending its message), or undefined for
 * anything else. Works on the platform's errors too: they carry the code only in the message.
 */
export function storeErrorCode(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : undefined;
  const m = message === undefined ? null : CODE_AT_END.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** The action a storage error names at the start of its message (`put`, `get`, ...), or undefined. */
export function storeErrorAction(error: unknown): string | undefined {
  if (storeErrorCode(error) === undefined) return undefined;
  return ACTION_AT_START.exec((error as Error).message)?.[1];
}

/** 10037: a supplied checksum differs from the content. `algorithm` is the platform's display name. */
export function badDigest(action: StoreAction, algorithm: string, providedHex: string, actualHex: string): Error {
  const message =
    `The ${algorithm} checksum you specified did not match what we received.\n` +
    `You provided a ${algorithm} checksum with value: ${providedHex}\n` +
    `Actual ${algorithm} was: ${actualHex}`;
  return storageError(action, message, STORE_ERRORS.badDigest.code);
}

/** The binding's message for a value of the wrong type (put / uploadPart). */
export function wrongValueType(method: "put" | "uploadPart", className: "R2Bucket" | "R2MultipartUpload"): TypeError {
  const types = "ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob";
  return new TypeError(`Failed to execute '${method}' on '${className}': parameter 2 is not of type '${types}'.`);
}

export const UNKNOWN_LENGTH_STREAM =
  "Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)";

export const BODY_USED =
  "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.";

export const STREAM_LOCKED = "This ReadableStream is currently locked to a reader.";

/** The binding's checks of an SSE-C key (plain `Error`s, as workerd's `buildSsecKey`). */
export const SSEC_BAD_FORMAT = "SSE-C Key has invalid format";
export const SSEC_BAD_LENGTH = "SSE-C Key must be 32 bytes in length";
