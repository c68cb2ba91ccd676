/** Validates a report against fixtures/schemas/report.schema.json (ajv, with formats). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RunReport } from "./types.ts";

export const REPORT_SCHEMA_PATH = path.join(PROJECT_ROOT, "fixtures", "schemas", "report.schema.json");

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (validate) return validate;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
    addFormatsModule) as unknown as (a: Ajv) => Ajv;
  addFormats(ajv);
  validate = ajv.compile(JSON.parse(readFileSync(REPORT_SCHEMA_PATH, "utf8")) as object);
  return validate;
}

/** The schema errors of a report, one line each (empty when valid). */
export function reportSchemaErrors(report: unknown): string[] {
  const v = validator();
  if (v(report)) return [];
  return (v.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

export function assertValidReport(report: RunReport): void {
  const errors = reportSchemaErrors(report);
  if (errors.length > 0) throw new Error(`report.json does not match its schema:\n${errors.join("\n")}`);
}
