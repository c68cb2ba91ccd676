/**
 * Record names: the spec's rules for A, AAAA and CNAME names, DNS label rules for other types,
 * apex `@`, relative names completed with the zone, full lowercased Punycode names in responses.
 *
 * Gaps / by design: the spec's 63-character limit is per label (each dot-separated part), and its
 * first/last character rules apply to the name with `*` and `_`-led labels allowed, since the
 * platform's docs create `*`, `*.www`, `_xmpp._tcp` and `_acme-challenge` names (see
 * docs/choices/dns-records.md). Fully qualified names are at most 253 characters (platform).
 * Non-ASCII labels are converted to Punycode one by one (UTS #46), ASCII labels kept; one final dot is
 * dropped, a second is an empty label and refused (names and targets).
 */
import { domainToASCII } from "node:url";
import { CODES, type DnsRecordError, validationError } from "./errors.ts";

export const ADDRESS_NAME_TYPES: ReadonlySet<string> = new Set(["A", "AAAA", "CNAME"]);
export const MAX_RELATIVE_NAME = 63;
export const MAX_FQDN = 253;
export const MAX_LABEL = 63;

export type NameResult = { ok: true; name: string; relative: string } | { ok: false; why: string };

/** Lowercases and converts to Punycode; trailing dot dropped. `undefined` when not convertible. */
export function toAsciiName(raw: string): string | undefined {
  const trimmed = raw.endsWith(".") ? raw.slice(0, -1) : raw;
  if (trimmed === "") return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII check
  if (/^[\x00-\x7f]*$/.test(trimmed)) return trimmed.toLowerCase();
  // Label by label: the URL host parser reads a whole name whose last label is a number (`bücher.2024`) as an
  // IPv4 address and fails it; ASCII labels are kept as they are (lowercased), as in an all-ASCII name.
  const labels: string[] = [];
  for (const label of trimmed.split(".")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII check
    if (/^[\x00-\x7f]*$/.test(label)) labels.push(label.toLowerCase());
    else {
      const ascii = domainToASCII(label);
      if (ascii === "") return undefined;
      labels.push(ascii.toLowerCase());
    }
  }
  return labels.join(".");
}

/**
 * Why `relative` breaks the spec's rules for A, AAAA and CNAME names, or undefined when it keeps them.
 * The rules are read per label, as the platform's own examples require (docs: `*`, `*.www`,
 * `_xmpp._tcp`, `_acme-challenge` names): every label has at most 63 characters of letters,
 * digits, hyphens and underscores, or is `*` (a wildcard first, a literal `*` elsewhere); the name
 * starts with a letter, an underscore (allowed, discouraged) or a `*` label, and ends with a letter,
 * a digit or a `*` label. See docs/choices/dns-records.md.
 */
export function addressNameProblem(relative: string): string | undefined {
  // The common case in one pass (labels of 1..63 of [a-z0-9_-], no `*`): only the first and last
  // characters are left to check. Anything else takes the label-by-label path below.
  let label = 0;
  let plain = relative.length > 0;
  for (let i = 0; i < relative.length && plain; i++) {
    const c = relative.charCodeAt(i);
    if (c === 46) {
      plain = label > 0;
      label = 0;
    } else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45) {
      plain = ++label <= MAX_RELATIVE_NAME;
    } else plain = false;
  }
  if (plain && label > 0) {
    const first = relative.charCodeAt(0);
    const last = relative.charCodeAt(relative.length - 1);
    if (!((first >= 97 && first <= 122) || first === 95)) return "name must start with a letter";
    if (!((last >= 97 && last <= 122) || (last >= 48 && last <= 57))) return "name must end with a letter or a digit";
    return undefined;
  }
  return addressNameProblemByLabel(relative);
}

function addressNameProblemByLabel(relative: string): string | undefined {
  const labels = relative.split(".");
  for (const label of labels) {
    if (label === "") return "name has an empty label";
    if (label === "*") continue;
    if (label.length > MAX_RELATIVE_NAME)
      return `label "${label}" has ${label.length} characters, at most ${MAX_RELATIVE_NAME}`;
    if (!/^[a-z0-9_-]+$/.test(label)) return "name may contain only letters, digits, hyphens and underscores";
  }
  if (labels[0] !== "*" && !/^[a-z_]/.test(relative)) return "name must start with a letter";
  if (labels[labels.length - 1] !== "*" && !/[a-z0-9]$/.test(relative)) return "name must end with a letter or a digit";
  return undefined;
}

/** Why `relative` breaks DNS label rules (other types), or undefined. */
export function labelNameProblem(relative: string): string | undefined {
  for (const label of relative.split(".")) {
    if (label === "") return "name has an empty label";
    if (label === "*") continue;
    if (label.length > MAX_LABEL) return `label "${label}" is longer than ${MAX_LABEL} characters`;
    if (!/^[a-z0-9_-]+$/.test(label))
      return `label "${label}" may contain only letters, digits, hyphens and underscores`;
  }
  return undefined;
}

/**
 * Resolves a record name for `type` in `zoneName`: `@` or the zone itself is the apex; a name that
 * does not end with the zone gets the zone appended. Returns the full lowercased name.
 */
export function resolveName(raw: unknown, zoneName: string, type: string): NameResult {
  if (typeof raw !== "string" || raw === "") return { ok: false, why: "name is required" };
  const zone = zoneName.toLowerCase();
  if (raw === "@") return { ok: true, name: zone, relative: "" };
  const ascii = toAsciiName(raw);
  if (ascii === undefined) return { ok: false, why: "name is not a valid domain name" };
  let relative: string;
  if (ascii === zone) relative = "";
  else if (ascii.endsWith(`.${zone}`)) relative = ascii.slice(0, -(zone.length + 1));
  else relative = ascii;
  const full = relative === "" ? zone : `${relative}.${zone}`;
  if (full.length > MAX_FQDN) return { ok: false, why: `full name is longer than ${MAX_FQDN} characters` };
  if (relative !== "") {
    const problem = ADDRESS_NAME_TYPES.has(type) ? addressNameProblem(relative) : labelNameProblem(relative);
    if (problem) return { ok: false, why: problem };
  }
  return { ok: true, name: full, relative };
}

/** `resolveName` or the platform's 9000 error. */
export function resolveNameOrThrow(raw: unknown, zoneName: string, type: string): string {
  const r = resolveName(raw, zoneName, type);
  if (!r.ok) throw nameError(r.why);
  return r.name;
}

export function nameError(why: string): DnsRecordError {
  return validationError(CODES.nameInvalid, `DNS name is invalid. (${why})`);
}

/**
 * Whether `host` (its final dot already dropped: `toAsciiName`) is a syntactically valid hostname: labels of
 * letters, digits, hyphens and underscores. A second final dot is an empty label, refused (`a.example..`).
 */
export function isHostname(host: string): boolean {
  if (host === "" || host.length > MAX_FQDN) return false;
  return host
    .split(".")
    .every(
      (l) =>
        l.length > 0 && l.length <= MAX_LABEL && /^[A-Za-z0-9_-]+$/.test(l) && !l.startsWith("-") && !l.endsWith("-"),
    );
}

/** A hostname as stored: lowercased, Punycode, trailing dot dropped; undefined when invalid. */
export function normalizeHostname(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw === "") return undefined;
  if (raw === ".") return ".";
  const ascii = toAsciiName(raw);
  if (ascii === undefined || !isHostname(ascii)) return undefined;
  return ascii;
}
