/**
 * Area C wire errors: one class, a stable `code` per kind, an HTTP status and the message.
 *
 * The wire shape is a bare JSON object `{"error": "<message>", "code": "<code>"}` (no envelope,
 * like every area C body). Suites assert statuses and the presence of `error`; the `code` strings
 * are the simulator's own (the platform's are not public).
 *
 * Gaps / by design: the platform's exact messages are known for one case only ("Namespace is
 * disabled and read-only."); the other messages are ours and say what failed and how to fix it.
 */

export type KtErrorCode =
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "unsupported_media_type"
  | "payload_too_large"
  | "invalid_json"
  | "invalid_body"
  | "missing_field"
  | "invalid_field"
  | "namespace_exists"
  | "namespace_disabled"
  | "invalid_status_transition"
  | "epoch_out_of_order"
  | "epoch_exists"
  | "root_mismatch"
  | "digest_reused";

export const KT_ERROR_STATUS: Readonly<Record<KtErrorCode, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  payload_too_large: 413,
  invalid_json: 400,
  invalid_body: 400,
  missing_field: 400,
  invalid_field: 400,
  namespace_exists: 409,
  namespace_disabled: 400,
  invalid_status_transition: 400,
  epoch_out_of_order: 400,
  epoch_exists: 409,
  root_mismatch: 400,
  digest_reused: 409,
};

/** The platform's own message for a write to a Disabled namespace (reference, area C). */
export const DISABLED_MESSAGE = "Namespace is disabled and read-only.";

export class KtError extends Error {
  override readonly name = "KtError";
  readonly code: KtErrorCode;
  readonly status: number;
  constructor(code: KtErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = KT_ERROR_STATUS[code];
  }

  toJSON(): { error: string; code: KtErrorCode } {
    return { error: this.message, code: this.code };
  }
}
