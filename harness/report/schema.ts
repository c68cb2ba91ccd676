/**
 * Validates a report against fixtures/schemas/report.schema.json, and a diff.json against
 * fixtures/schemas/diff-report.schema.json (ajv, with formats).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RunReport } from "./types.ts";

export const REPORT_SCHEMA_PATH = path.join(PROJECT_ROOT, "fixtures", "schemas", "report.schema.json");

/** The schema of a diff.json (`edgeconf diff`), which a run report embeds only when it matches. */
export const DIFF_REPORT_SCHEMA_PATH = path.join(PROJECT_ROOT, "fixtures", "schemas", "diff-report.schema.json");

const validators = new Map<string, ValidateFunction>();

/** A compiled validator of one schema file (ajv, strict, with formats), compiled once. */
export function schemaValidator(file: string): ValidateFunction {
  const known = validators.get(file);
  if (known) return known;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as unknown as (a: Ajv) => Ajv;
  addFormats(ajv);
  const v = ajv.compile(JSON.parse(readFileSync(file, "utf8")) as object);
  validators.set(file, v);
  return v;
}

function validator(): ValidateFunction {
  return schemaValidator(REPORT_SCHEMA_PATH);
}

function errorsOf(v: ValidateFunction, value: unknown): string[] {
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

/** The schema errors of a report, one line each (empty when valid). */
export function reportSchemaErrors(report: unknown): string[] {
  return errorsOf(validator(), report);
}

/** The schema errors of a diff.json, one line each (empty when valid). */
export function diffReportSchemaErrors(diff: unknown): string[] {
  return errorsOf(schemaValidator(DIFF_REPORT_SCHEMA_PATH), diff);
}

export function assertValidReport(report: RunReport): void {
  const errors = reportSchemaErrors(report);
  if (errors.length > 0) throw new Error(`report.json does not match its schema:\n${errors.join("\n")}`);
}
