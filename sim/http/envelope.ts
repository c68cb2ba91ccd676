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

/**
 * A side channel for in-process servers: the JSON text of a response is attached under this symbol,
 * so `edgeconf serve` can write it without reading the body stream. Only an optimisation.
 */
export const RAW_TEXT = Symbol.for("edgeconf.rawText");

export function jsonResponse(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, { status, headers: JSON_HEADERS });
  (response as unknown as Record<symbol, unknown>)[RAW_TEXT] = text;
  return response;
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(failureEnvelope(error.errors), error.status);
}
