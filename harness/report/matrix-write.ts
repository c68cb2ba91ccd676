/**
 * The files of `edgeconf report matrix`: matrix.json (checked against fixtures/schemas/matrix.schema.json
 * before anything is written), matrix.md and matrix.html.
 */
import path from "node:path";
import { PROJECT_ROOT } from "../expectations.ts";
import type { Matrix } from "./matrix.ts";
import { renderMatrixHtml } from "./matrix-html.ts";
import { renderMatrixMarkdown } from "./matrix-markdown.ts";
import { schemaValidator } from "./schema.ts";

export const MATRIX_SCHEMA_PATH = path.join(PROJECT_ROOT, "fixtures", "schemas", "matrix.schema.json");
export const MATRIX_FILES = ["matrix.json", "matrix.md", "matrix.html"] as const;

/** The schema errors of a matrix, one line each (empty when valid). */
export function matrixSchemaErrors(matrix: unknown): string[] {
  const v = schemaValidator(MATRIX_SCHEMA_PATH);
  if (v(matrix)) return [];
  return (v.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

/** The three files, after the matrix passed its schema (throws with the first errors otherwise). */
export function renderMatrixFiles(matrix: Matrix): Record<(typeof MATRIX_FILES)[number], string> {
  const errors = matrixSchemaErrors(matrix);
  if (errors.length > 0) {
    throw new Error(`matrix.json does not match its schema: ${errors.slice(0, 3).join("; ")}`);
  }
  return {
    "matrix.json": `${JSON.stringify(matrix, null, 2)}\n`,
    "matrix.md": renderMatrixMarkdown(matrix),
    "matrix.html": renderMatrixHtml(matrix),
  };
}
