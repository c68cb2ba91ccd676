/**
 * The v4 envelope: `{result, success, errors, messages}` (+ `result_info` on lists), as a Response.
 *
 * Gaps / by design: key order follows the platform's responses (result first). No `messages` are
 * ever produced (the spec: "Empty in all examples").
 */
import type { ApiError } from "./errors.ts";
import type { ErrorItem, ResultInfo } from "./types.ts";

export interface SuccessEnvelope {
  result: unknown;
  success: true;
  errors: [];
  messages: [];
  result_info?: ResultInfo;
}

export interface FailureEnvelope {
  result: null;
  success: false;
  errors: ErrorItem[];
  messages: [];
}

export function successEnvelope(result: unknown, resultInfo?: ResultInfo): SuccessEnvelope {
  const body: SuccessEnvelope = {
    result: result === undefined ? null : result,
    success: true,
    errors: [],
    messages: [],
  };
  if (resultInfo) body.result_info = { ...resultInfo };
  return body;
}

export function failureEnvelope(errors: readonly ErrorItem[]): FailureEnvelope {
  return { result: null, success: false, errors: errors.map((e) => ({ ...e })), messages: [] };
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(failureEnvelope(error.errors), error.status);
}
