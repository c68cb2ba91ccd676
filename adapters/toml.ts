/**
 * TOML as wrangler reads it: the `smol-toml` parser (TOML 1.0), after the UTF-8 byte order mark is
 * stripped. Errors name the line and column. Dates and times come back as smol-toml's TomlDate
 * objects (a `Date`), so an unquoted `compatibility_date = 2024-09-23` is not a string, and
 * wrangler refuses it too.
 */
import { parse, TomlError as SmolTomlError } from "smol-toml";
import { stripBom } from "./jsonc.ts";

export class TomlError extends Error {
  override readonly name = "TomlError";
}

export function parseToml(text: string): Record<string, unknown> {
  try {
    return parse(stripBom(text)) as Record<string, unknown>;
  } catch (e) {
    if (!(e instanceof SmolTomlError)) throw e;
    const what = (e.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "");
    throw new TomlError(`TOML line ${e.line}, column ${e.column}: ${what}`);
  }
}
