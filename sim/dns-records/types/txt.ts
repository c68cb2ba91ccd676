/**
 * TXT: one or more double-quoted character strings. Content that starts with a quote must be a
 * whitespace-separated sequence of balanced quoted strings (`\"` and `\\` escape inside); content
 * without a leading quote must hold no quote at all and gets quoted. Strings longer than 255 bytes
 * are split into 255-byte pieces. DKIM, SPF and DMARC are TXT content (spec).
 *
 * Limits (docs dns-record-types.mdx, TXT note): the content of one TXT record is at most 2,048
 * characters, and the TXT records of one name at most 8,192 in all (checked by the model). The
 * characters counted are the text of the strings, without the quotes and separators the platform
 * adds (what a user types as Content). 9015 for both.
 *
 * Gaps / by design: the whole stored content is also limited to 4096 bytes (9015, platform wire
 * size); a multi-byte UTF-8 character is never cut in two when splitting.
 */
import { CODES, contentError, validationError } from "../errors.ts";
import { contentString, type RecordTypeSpec } from "./common.ts";

export const TXT_PIECE_BYTES = 255;
export const TXT_MAX_BYTES = 4096;
export const TXT_MAX_CHARS = 2048;
export const TXT_MAX_CHARS_PER_NAME = 8192;

/** The characters of a stored TXT content's strings (without quotes and separators). */
export function txtTextLength(stored: string): number {
  const p = parseTxt(stored);
  return p.ok ? p.pieces.reduce((n, s) => n + [...s].length, 0) : [...stored].length;
}

export type TxtParse = { ok: true; pieces: string[] } | { ok: false; why: string };

/** Splits TXT content into its raw (unescaped) strings, or says why the quoting is inconsistent. */
export function parseTxt(content: string): TxtParse {
  const trimmed = content.trim();
  if (!trimmed.startsWith('"')) {
    if (content.includes('"')) return { ok: false, why: "inconsistent quoting: a quote inside unquoted content" };
    return { ok: true, pieces: [content] };
  }
  const pieces: string[] = [];
  let i = 0;
  while (i < trimmed.length) {
    if (trimmed[i] !== '"') return { ok: false, why: "inconsistent quoting: text outside the quoted strings" };
    i++;
    let piece = "";
    let closed = false;
    while (i < trimmed.length) {
      const ch = trimmed[i]!;
      if (ch === "\\" && i + 1 < trimmed.length) {
        piece += trimmed[i + 1];
        i += 2;
        continue;
      }
      if (ch === '"') {
        closed = true;
        i++;
        break;
      }
      piece += ch;
      i++;
    }
    if (!closed) return { ok: false, why: "inconsistent quoting: a quoted string is not closed" };
    pieces.push(piece);
    const rest = trimmed.slice(i);
    const ws = /^\s*/.exec(rest)?.[0] ?? "";
    if (ws === "" && rest !== "")
      return { ok: false, why: "inconsistent quoting: quoted strings must be separated by spaces" };
    i += ws.length;
  }
  return { ok: true, pieces };
}

/** Splits `s` into pieces of at most `max` UTF-8 bytes, never inside a character. */
export function splitBytes(s: string, max = TXT_PIECE_BYTES): string[] {
  const out: string[] = [];
  let cur = "";
  let bytes = 0;
  for (const ch of s) {
    const b = Buffer.byteLength(ch, "utf8");
    if (bytes + b > max) {
      out.push(cur);
      cur = "";
      bytes = 0;
    }
    cur += ch;
    bytes += b;
  }
  if (cur !== "" || out.length === 0) out.push(cur);
  return out;
}

function quote(piece: string): string {
  return `"${piece.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The stored content of TXT input: quoted, 255-byte pieces, single spaces between. */
export function formatTxt(content: string): TxtParse & { content?: string } {
  const parsed = parseTxt(content);
  if (!parsed.ok) return parsed;
  const pieces = parsed.pieces.flatMap((p) => splitBytes(p));
  return { ok: true, pieces, content: pieces.map(quote).join(" ") };
}

export const txtRecord: RecordTypeSpec = {
  type: "TXT",
  build(input) {
    const raw = contentString("TXT", input.content);
    const f = formatTxt(raw);
    if (!f.ok) throw contentError("TXT", f.why);
    const content = f.content ?? "";
    const chars = (f.pieces ?? []).reduce((n, s) => n + [...s].length, 0);
    if (chars > TXT_MAX_CHARS) {
      throw validationError(CODES.tooLarge, `TXT content must be ${TXT_MAX_CHARS} characters or less (has ${chars}).`);
    }
    if (Buffer.byteLength(content, "utf8") > TXT_MAX_BYTES) {
      throw validationError(CODES.tooLarge, `TXT content is longer than ${TXT_MAX_BYTES} bytes.`);
    }
    return { content };
  },
};
