/**
 * Area B wire errors: one class, `DnsRecordError`, carrying HTTP status, the top-level code and
 * message, and the optional `error_chain` of the platform's validation failures.
 *
 * Gaps / by design: codes the reference names (1004, 9000, 9003, 9004, 9005, 9015, 9021, 9022,
 * 81044, 81053, 81056, 81058) carry the platform's message; the few codes the platform does not
 * publish (9006, 9007, 9100-9105) are edgeconf's choice and listed in docs/choices/dns-records.md.
 */
import { ApiError } from "../http/errors.ts";

export interface ChainItem {
  code: number;
  message: string;
}

/** An area B error; the transport encodes it (it is an `ApiError` of sim/http). */
export class DnsRecordError extends ApiError {
  override readonly name = "DnsRecordError";
  readonly chain: readonly ChainItem[] | undefined;
  constructor(status: number, code: number, message: string, chain?: readonly ChainItem[]) {
    super(status, [chain ? { code, message, error_chain: chain.map((c) => ({ ...c })) } : { code, message }]);
    this.chain = chain;
  }
}

/** Codes of area B, by what they mean. */
export const CODES = {
  validation: 1004,
  nameInvalid: 9000,
  targetNotAllowed: 9003,
  notProxiable: 9004,
  aInvalid: 9005,
  aaaaInvalid: 9006,
  cnameInvalid: 9007,
  tooLarge: 9015,
  ttlRange: 9021,
  ttlNotNumber: 9022,
  contentInvalid: 9100,
  fieldInvalid: 9101,
  typeInvalid: 9102,
  cnameChain: 9103,
  notCreatable: 9104,
  queryInvalid: 9105,
  notFound: 81044,
  addressConflict: 81053,
  nsConflict: 81056,
  identical: 81058,
} as const;

/** 400 "DNS Validation Error" (1004) with one chain item. */
export function validationError(code: number, message: string): DnsRecordError {
  return new DnsRecordError(400, CODES.validation, "DNS Validation Error", [{ code, message }]);
}

/** A content error of a record type without a published code of its own. */
export function contentError(type: string, why: string): DnsRecordError {
  return validationError(CODES.contentInvalid, `Content for ${type} record is invalid: ${why}`);
}

export function fieldError(why: string): DnsRecordError {
  return validationError(CODES.fieldInvalid, why);
}

export function notFound(): DnsRecordError {
  return new DnsRecordError(404, CODES.notFound, "Record does not exist.");
}
