/**
 * The v4 envelope: `{result, success, errors, messages}` (+ `result_info` on lists), as a Response.
 *
 * Gaps / by design: key order follows the platform's responses (result first). No `messages` are
 * ever produced (the spec: "Empty in all examples").
 */
import type { ApiError } from "./errors.ts";
import type { ErrorItem, ResultInfo } from "./types.ts";

export interface SuccessEnvelope {
  result?: unknown;
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

/** The success envelope without a `result` key (`{success, errors, messages}`). */
export function resultlessEnvelope(): SuccessEnvelope {
  return { success: true, errors: [], messages: [] };
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

const SUCCESS_HEAD = '{"result":';
const SUCCESS_TAIL = ',"success":true,"errors":[],"messages":[]';

/**
 * The bytes `JSON.stringify(successEnvelope(result, resultInfo))` gives, around a result already
 * written as JSON text (a kept serialisation: nothing parsed or stringified again).
 */
export function successEnvelopeJson(resultJson: string, resultInfo?: ResultInfo): string {
  const info = resultInfo ? `,"result_info":${JSON.stringify(resultInfo)}` : "";
  return `${SUCCESS_HEAD}${resultJson}${SUCCESS_TAIL}${info}}`;
}

/** The result's JSON text inside `successEnvelopeJson(resultJson)` (no result_info): a slice, nothing copied. */
export function resultJsonIn(envelopeJson: string): string {
  return envelopeJson.slice(SUCCESS_HEAD.length, envelopeJson.length - SUCCESS_TAIL.length - 1);
}

export function failureEnvelope(errors: readonly ErrorItem[]): FailureEnvelope {
  return { result: null, success: false, errors: errors.map((e) => ({ ...e })), messages: [] };
}

/** The content type of every answer of the transport. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const JSON_HEADERS = { "content-type": JSON_CONTENT_TYPE };

/**
 * A side channel for in-process servers: the JSON text of a response is attached under this symbol,
 * so `edgeconf serve` can write it without reading the body stream. Only an optimisation.
 */
export const RAW_TEXT = Symbol.for("edgeconf.rawText");

/** A JSON answer from its text (the text also attached under RAW_TEXT). */
export function textResponse(text: string, status = 200): Response {
  const response = new Response(text, { status, headers: JSON_HEADERS });
  (response as unknown as Record<symbol, unknown>)[RAW_TEXT] = text;
  return response;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), status);
}

/** The JSON text of the failure envelope of `error`. */
export function errorText(error: ApiError): string {
  return JSON.stringify(failureEnvelope(error.errors));
}

export function errorResponse(error: ApiError): Response {
  return textResponse(errorText(error), error.status);
}
