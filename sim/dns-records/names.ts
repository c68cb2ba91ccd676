/**
 * Record names: the spec's rules for A, AAAA and CNAME names, DNS label rules for other types,
 * apex `@`, relative names completed with the zone, full lowercased Punycode names in responses.
 *
 * Gaps / by design: the 63-character limit of the spec is applied to the name as the user writes
 * it relative to the zone (the part before the zone suffix); wildcard names (`*.x`) are accepted
 * only for types other than A, AAAA and CNAME, since the spec requires those names to start with a
 * letter. Fully qualified names are at most 253 characters (platform).
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
  const ascii = domainToASCII(trimmed);
  return ascii === "" ? undefined : ascii.toLowerCase();
}

/** Why `relative` breaks the spec's rules for A, AAAA and CNAME names, or undefined when it keeps them. */
export function addressNameProblem(relative: string): string | undefined {
  if (relative.length > MAX_RELATIVE_NAME)
    return `name has ${relative.length} characters, at most ${MAX_RELATIVE_NAME}`;
  if (!/^[a-z]/.test(relative)) return "name must start with a letter";
  if (!/[a-z0-9]$/.test(relative)) return "name must end with a letter or a digit";
  if (!/^[a-z0-9_.-]+$/.test(relative)) return "name may contain only letters, digits, hyphens and underscores";
  if (relative.split(".").some((l) => l === "")) return "name has an empty label";
  return undefined;
}

/** Why `relative` breaks DNS label rules (other types), or undefined. */
export function labelNameProblem(relative: string): string | undefined {
  const labels = relative.split(".");
  for (const [i, label] of labels.entries()) {
    if (label === "") return "name has an empty label";
    if (label === "*" && i === 0) continue;
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

/** Whether `host` is a syntactically valid hostname (labels of letters, digits, hyphens, underscores). */
export function isHostname(host: string): boolean {
  const h = host.endsWith(".") ? host.slice(0, -1) : host;
  if (h === "" || h.length > MAX_FQDN) return false;
  return h
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
