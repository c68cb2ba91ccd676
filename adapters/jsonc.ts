/**
 * JSONC: JSON with `//` and `/* *\/` comments and trailing commas, as wrangler.json(c) allows.
 *
 * Gaps / by design: comments and trailing commas are removed outside strings, then JSON.parse does
 * the rest; errors name the line and column of the (comment-free, same-layout) text.
 */

export class JsoncError extends Error {
  override readonly name = "JsoncError";
}

/** The text with comments blanked (newlines kept, so positions stay) and trailing commas removed. */
export function stripJsonc(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      out += text.slice(start, i);
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") {
        out += " ";
        i++;
      }
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  // A comma followed (across blanks) by } or ] outside strings: rewrite it as a space.
  let result = "";
  for (let j = 0; j < out.length; j++) {
    const c = out[j]!;
    if (c === '"') {
      const start = j++;
      while (j < out.length && out[j] !== '"') j += out[j] === "\\" ? 2 : 1;
      result += out.slice(start, j + 1);
      continue;
    }
    if (c === ",") {
      let k = j + 1;
      while (k < out.length && /\s/.test(out[k]!)) k++;
      if (out[k] === "}" || out[k] === "]") {
        result += " ";
        continue;
      }
    }
    result += c;
  }
  return result;
}

export function parseJsonc(text: string): unknown {
  const clean = stripJsonc(text);
  try {
    return JSON.parse(clean);
  } catch (e) {
    const message = (e as Error).message;
    const pos = /position (\d+)/.exec(message);
    if (pos) {
      const before = clean.slice(0, Number(pos[1]));
      const line = before.split("\n").length;
      const col = before.length - before.lastIndexOf("\n");
      throw new JsoncError(`JSON line ${line}, column ${col}: ${message}`);
    }
    throw new JsoncError(`JSON: ${message}`);
  }
}
