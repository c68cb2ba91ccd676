/**
 * Output that fits the terminal: the width to write for, one line cut to it, and help text wrapped to it.
 *
 * Gaps / by design: widths count UTF-16 code units, not display cells (edgeconf's own text is ASCII
 * but for a few marks: ✓ ✗ … are one cell each); a word longer than the width (a URL, a path, a quoted
 * argument of a command) is left whole rather than broken.
 */

/** The width help texts are written for, and what a stream that is not a terminal gets. */
export const DEFAULT_COLUMNS = 80;

/** The columns of `stream` when it is a terminal, else DEFAULT_COLUMNS (a pipe, a file, CI logs). */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  const columns = stream.isTTY ? stream.columns : undefined;
  return typeof columns === "number" && columns >= 20 ? columns : DEFAULT_COLUMNS;
}

/** `line` cut to `width` columns, ending in "…" when cut. */
export function fitLine(line: string, width: number): string {
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

/** `text` cut in the middle to `max` columns ("…" where it was cut), or as it is when it fits. */
export function fitMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "…".slice(0, Math.max(0, max));
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/**
 * One line of `prefix`, `name` and `suffix` within `width` columns: the name (a test or a file) is cut in
 * its middle, so that what the line says about it (its counts, its time) stays whole.
 */
export function fitParts(prefix: string, name: string, suffix: string, width: number): string {
  const room = width - prefix.length - suffix.length;
  return room >= 8 ? `${prefix}${fitMiddle(name, room)}${suffix}` : fitLine(`${prefix}${name}${suffix}`, width);
}

/**
 * Where a line's text starts and where its continuation lines start: a table row, such as an option
 * line (`  --port N   what it does`, indented, two spaces or more before its text), keeps its first column as written and continues under its
 * description; a usage line (`Usage: edgeconf diff ...`) under its first argument; any other line
 * under its own first word.
 */
function layout(line: string): { head: string; indent: number } {
  const option = /^(\s+\S+(?: \S+)*? {2,})\S/.exec(line);
  if (option) return { head: option[1]!, indent: option[1]!.length };
  const usage = /^(Usage: edgeconf(?: [a-z]+)? )/.exec(line);
  if (usage) return { head: "", indent: usage[1]!.length };
  const lead = /^\s*/.exec(line)![0];
  return { head: lead, indent: lead.length };
}

/** Words with an option group in square brackets (`[--seed N]`, up to 40 columns) kept as one word. */
function keepOptionGroups(words: string[]): string[] {
  const out: string[] = [];
  let open = 0;
  for (const word of words) {
    const last = out.length - 1;
    if (open > 0 && last >= 0 && out[last]!.length + 1 + word.length <= 40) out[last] = `${out[last]} ${word}`;
    else {
      out.push(word);
      open = 0;
    }
    open += (word.match(/\[/g)?.length ?? 0) - (word.match(/\]/g)?.length ?? 0);
  }
  return out;
}

/** `words` after `head`, wrapped to `width`, continuation lines starting with `pad`. */
function fill(head: string, words: string[], pad: string, width: number): string[] {
  const out: string[] = [];
  let current = head;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current);
      current = pad + word;
    } else current += empty ? word : ` ${word}`;
    empty = false;
  }
  out.push(current);
  return out;
}

/**
 * `text` with every block that has a line longer than `width` reflowed to it. A block is a line and the
 * lines after it that start at its continuation column (`layout`): an option and its description's
 * further lines, a paragraph. Reflowed blocks keep their layout (option tables stay tables); blocks
 * that fit are left exactly as written.
 */
export function wrapText(text: string, width: number = DEFAULT_COLUMNS): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const first = lines[i]!;
    if (first.trim() === "") {
      out.push(first);
      i++;
      continue;
    }
    const { head } = layout(first);
    let { indent } = layout(first);
    // A usage line whose own continuation lines say where they start (aligned under an argument) keeps that.
    const next = lines[i + 1];
    if (/^Usage: /.test(first) && next !== undefined && /^ +\[/.test(next)) indent = /^ */.exec(next)![0].length;
    let end = i + 1;
    while (end < lines.length) {
      const next = lines[end]!;
      if (next.trim() === "" || /^\s*/.exec(next)![0].length !== indent || layout(next).head.length > indent) break;
      end++;
    }
    const block = lines.slice(i, end);
    if (block.every((l) => l.length <= width)) out.push(...block);
    else {
      const words = keepOptionGroups(
        [first.slice(head.length), ...block.slice(1)]
          .join(" ")
          .split(/ +/)
          .filter((w) => w !== ""),
      );
      out.push(...fill(head, words, " ".repeat(Math.min(indent, width - 20)), width));
    }
    i = end;
  }
  return out.join("\n");
}

/**
 * One line of output within `width`: `head` as written (an indent, a padded column), then `text`, as written
 * when it fits, else reflowed, its continuation lines starting with `pad`. A word longer than the room is
 * left whole.
 */
export function wrapLine(head: string, text: string, width: number, pad: string): string[] {
  if (head.length + text.length <= width) return [head + text];
  const words = text.split(/ +/).filter((w) => w !== "");
  return fill(head, words, pad, width);
}

/** The words of a shell command: quoted parts ('...', "...") and backslash escapes kept inside their word. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "\\" && quote !== "'" && i + 1 < command.length) {
      word += c + command[++i];
    } else if (quote) {
      if (c === quote) quote = undefined;
      word += c;
    } else if (c === " ") {
      if (word !== "") words.push(word);
      word = "";
    } else {
      if (c === "'" || c === '"') quote = c;
      word += c;
    }
  }
  if (word !== "") words.push(word);
  return words;
}

/**
 * A shell command after `head`, within `width`: broken between its words only (never inside a quoted
 * argument), each line but the last ending in " \", so that the lines pasted into a shell are the command.
 */
export function wrapCommand(head: string, command: string, width: number, pad: string): string[] {
  const lines = fill(head, shellWords(command), pad, width - 2);
  return lines.map((line, i) => (i < lines.length - 1 ? `${line} \\` : line));
}

/**
 * The lines of `text` wider than `width` that are more than one word after their indent and label (a
 * path, a URL or a quoted argument alone on a line cannot be broken): what a test of a command's output
 * expects to be none.
 */
export function linesTooWide(text: string, width: number = DEFAULT_COLUMNS): string[] {
  return text
    .split("\n")
    .filter((l) => l.length > width && !/^ *([A-Za-z]+: )?('[^']*'|\S+)( \\)?,?$/.test(l.replace(/^ *replay: /, "")));
}

/**
 * Markdown for reading in a terminal: paragraph lines and list items wrapped to `width` (a list item's
 * continuation indented under its text, which Markdown reads as the same item); headings, table rows,
 * indented lines and fenced code left as written.
 */
export function wrapMarkdown(text: string, width: number = DEFAULT_COLUMNS): string {
  let fenced = false;
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const item = /^([-*] |\d+\. )/.exec(line);
    if (fenced || line.length <= width || /^(#|\||\s|```|<)/.test(line)) out.push(line);
    else if (item) out.push(...wrapLine(item[1]!, line.slice(item[1]!.length), width, " ".repeat(item[1]!.length)));
    else out.push(...wrapLine("", line, width, ""));
  }
  return out.join("\n");
}
