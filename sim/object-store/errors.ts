/**
 * Area D errors: the platform's storage errors (`Error`, message `"<action>: <message> (<code>)"`)
 * and the binding's argument errors (TypeError / RangeError with the platform's exact text).
 *
 * Gaps / by design: storage errors are plain `Error`s carrying `code` and `action` (as the platform's
 * R2Error does); no stack shaping. Only the codes the reference lists are modelled.
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
} as const;

export type StoreErrorName = keyof typeof STORE_ERRORS;

/** A storage-side error, shaped as the platform's: `Error` with `"<action>: <message> (<code>)"`. */
export class StoreError extends Error {
  readonly code: number;
  readonly action: StoreAction;
  constructor(action: StoreAction, message: string, code: number) {
    super(`${action}: ${message} (${code})`);
    this.code = code;
    this.action = action;
  }
}

export function storeError(action: StoreAction, name: Exclude<StoreErrorName, "badDigest">): StoreError {
  const e = STORE_ERRORS[name];
  return new StoreError(action, e.message, e.code);
}

/** 10037: a supplied checksum differs from the content. `algorithm` is the platform's display name. */
export function badDigest(action: StoreAction, algorithm: string, providedHex: string, actualHex: string): StoreError {
  const message =
    `The ${algorithm} checksum you specified did not match what we received.\n` +
    `You provided a ${algorithm} checksum with value: ${providedHex}\n` +
    `Actual ${algorithm} was: ${actualHex}`;
  return new StoreError(action, message, STORE_ERRORS.badDigest.code);
}

/** The binding's message for a value of the wrong type (put / uploadPart). */
export function wrongValueType(method: "put" | "uploadPart", className: "R2Bucket" | "R2MultipartUpload"): TypeError {
  const types =
    method === "put"
      ? "ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob"
      : "ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob";
  return new TypeError(`Failed to execute '${method}' on '${className}': parameter 2 is not of type '${types}'.`);
}

export const UNKNOWN_LENGTH_STREAM =
  "Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)";

export const BODY_USED =
  "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.";
