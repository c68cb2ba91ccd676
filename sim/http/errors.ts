/**
 * Wire errors of the v4 management API (areas A and B): one class per error, each with its HTTP
 * status and a stable code (the platform's where the reference gives one).
 *
 * Gaps / by design: messages follow the platform's wording where known; tests assert status and
 * codes, not prose. Area-specific errors (validation, not found) build on `ApiError`.
 */
import type { ErrorItem } from "./types.ts";

/** Any error the API answers with the failure envelope. Throw it from a route; the transport encodes it. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ErrorItem[];
  constructor(status: number, errors: readonly ErrorItem[]) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join("; "));
    this.status = status;
    this.errors = errors;
  }
  /** The first error's code (the stable code of this error). */
  get code(): number {
    return this.errors[0]?.code ?? 0;
  }
}

/** 400 / 7003 + 7000: unknown route, unsupported method, or a malformed object identifier. */
export class NoRouteError extends ApiError {
  constructor(path: string) {
    super(400, [
      { code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` },
      { code: 7000, message: "No route for that URI" },
    ]);
  }
}

/** 400 / 9106: no credential header at all. */
export class MissingCredentialsError extends ApiError {
  constructor() {
    super(400, [{ code: 9106, message: "Missing X-Auth-Key, X-Auth-Email or Authorization headers" }]);
  }
}

/** Codes of the error_chain of 6003 "Invalid request headers". */
export const HEADER_CHAIN = {
  email: { code: 6102, message: "Invalid format for X-Auth-Email header" },
  key: { code: 6103, message: "Invalid format for X-Auth-Key header" },
  contentType: {
    code: 6105,
    message: "Invalid Content-Type header, valid values are application/json,multipart/form-data",
  },
  authorization: { code: 6111, message: "Invalid format for Authorization header" },
} as const satisfies Record<string, ErrorItem>;

/** 400 / 6003 with an error_chain naming the malformed headers (6102, 6103, 6105, 6111). */
export class InvalidHeadersError extends ApiError {
  constructor(chain: readonly ErrorItem[]) {
    super(400, [{ code: 6003, message: "Invalid request headers", error_chain: chain.map((c) => ({ ...c })) }]);
  }
}

/** 403 / 10000: well-formed credentials the platform does not know. */
export class AuthenticationError extends ApiError {
  constructor() {
    super(403, [{ code: 10000, message: "Authentication error" }]);
  }
}

/** 403 / 9109: valid credentials without access to the account or zone of the path. */
export class UnauthorizedError extends ApiError {
  constructor() {
    super(403, [{ code: 9109, message: "Unauthorized to access requested resource" }]);
  }
}

/** 400 / 6007: the body is not valid JSON (or not valid UTF-8). */
export class MalformedJsonError extends ApiError {
  constructor() {
    super(400, [{ code: 6007, message: "Malformed JSON in request body" }]);
  }
}

/** 413 / 6008 (our code): the body is larger than the transport accepts. */
export class PayloadTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, [{ code: 6008, message: `Request body too large (limit ${limit} bytes)` }]);
  }
}

/** 400 / 1004 with details in error_chain: a body or query that breaks a validation rule. */
export class ValidationError extends ApiError {
  constructor(chain: readonly ErrorItem[], message = "Validation error", code = 1004) {
    super(400, [{ code, message, error_chain: chain.map((c) => ({ ...c })) }]);
  }
}

/** 404: the addressed resource does not exist (code chosen by the area). */
export class NotFoundError extends ApiError {
  constructor(code: number, message: string) {
    super(404, [{ code, message }]);
  }
}

/** 400 / 6000 (our code): the last-resort answer when something unexpected went wrong. Never a 5xx. */
export class BadRequestError extends ApiError {
  constructor(detail = "Bad request") {
    super(400, [{ code: 6000, message: detail }]);
  }
}

/**
 * 404 / 7000 (our choice of status): a path outside `/client/v4` on the API's port, including one
 * that started inside it and normalises outside (`/client/v4/../x`). The API's host serves nothing
 * else; area C has its own server.
 */
export class OutsideApiError extends ApiError {
  constructor() {
    super(404, [{ code: 7000, message: "No route for that URI" }]);
  }
}

/**
 * 403 / 6010 (our code): `edgeconf serve` refuses a request whose Host names neither this machine nor a
 * name it was told to accept (`--allow-host`): what a page using DNS rebinding sends. Never raised by the
 * simulator itself (in-process callers hold it already); harness/serve/gate.ts answers it.
 */
export class ForeignHostError extends ApiError {
  constructor(detail: string) {
    super(403, [{ code: 6010, message: detail }]);
  }
}
