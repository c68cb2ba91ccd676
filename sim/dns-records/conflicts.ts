/**
 * Zone rules a record must keep with the other records of its zone: identical records (81058),
 * CNAME sharing a name with A/AAAA/CNAME (81053), NS sharing a name with other types (81056) below
 * the zone apex (at the apex NS records always sit beside SOA, DNSKEY and the rest: the docs'
 * multi-signer DNSSEC and multi-provider set-ups add NS records there), a CNAME pointing at itself,
 * and a proxied CNAME chain that must end at a name with A or AAAA.
 *
 * Gaps / by design: a chain is followed only inside the zone; a target outside the zone is
 * resolved by the platform and accepted. Deleting or changing the end of a chain later does not
 * re-check the proxied CNAMEs that lead to it (the platform does not either, as far as documented).
 * The zone's records come either as a list or as a lookup by exact name (`RecordsByName`, what the
 * model keeps, so a check costs the records at the names it visits, not the size of the zone).
 */
import { CODES, DnsRecordError, validationError } from "./errors.ts";
import type { RecordDraft } from "./record.ts";

export interface ZoneRecordView {
  name: string;
  type: string;
  content: string;
}

const ADDRESS = new Set(["A", "AAAA"]);

/** The zone's records other than the one being written, by exact name. */
export interface RecordsByName {
  atName(name: string): readonly ZoneRecordView[];
}

/** A zone's other records: a plain list, or an index by name. */
export type ZoneRecords = readonly ZoneRecordView[] | RecordsByName;

/** The records of `zone` named exactly `name`. */
export function recordsAt(zone: ZoneRecords, name: string): readonly ZoneRecordView[] {
  return "atName" in zone ? zone.atName(name) : zone.filter((o) => o.name === name);
}

/**
 * Throws the conflict `draft` has with `others` (the zone's records other than the one being written).
 * `zoneName` (the apex) exempts the apex from the NS rule; without it every name is checked.
 */
export function checkConflicts(
  draft: Pick<RecordDraft, "name" | "type" | "content">,
  others: ZoneRecords,
  zoneName?: string,
): void {
  const same = recordsAt(others, draft.name);
  if (same.some((o) => o.type === draft.type && o.content === draft.content)) {
    throw new DnsRecordError(400, CODES.identical, "An identical record already exists.");
  }
  const cnameClash =
    (draft.type === "CNAME" && same.some((o) => o.type === "CNAME" || ADDRESS.has(o.type))) ||
    (ADDRESS.has(draft.type) && same.some((o) => o.type === "CNAME"));
  if (cnameClash) {
    throw new DnsRecordError(400, CODES.addressConflict, "An A, AAAA, or CNAME record with that host already exists.");
  }
  // The apex holds NS records beside every other type (docs multi-signer-dnssec/setup.mdx step 3).
  if (zoneName !== undefined && draft.name === zoneName.toLowerCase()) return;
  // DS records sit beside the NS records of a delegation point (RFC 4035 section 2.4).
  const nsClash =
    (draft.type === "NS" && same.some((o) => o.type !== "NS" && o.type !== "DS")) ||
    (draft.type !== "NS" && draft.type !== "DS" && same.some((o) => o.type === "NS"));
  if (nsClash) {
    throw new DnsRecordError(400, CODES.nsConflict, "An NS record cannot share a name with records of other types.");
  }
}

function inZone(host: string, zoneName: string): boolean {
  return host === zoneName || host.endsWith(`.${zoneName}`);
}

/** Why the CNAME chain from `draft` breaks the rules, or undefined. */
export function cnameChainProblem(
  draft: Pick<RecordDraft, "name" | "type" | "content" | "proxied">,
  others: ZoneRecords,
  zoneName: string,
): string | undefined {
  if (draft.type !== "CNAME") return undefined;
  if (draft.content === draft.name) return "a CNAME cannot point at its own name";
  if (!draft.proxied) return undefined;
  const seen = new Set([draft.name]);
  let target = draft.content;
  for (;;) {
    if (!inZone(target, zoneName)) return undefined;
    if (seen.has(target)) return `the proxied CNAME chain loops at ${target}`;
    seen.add(target);
    const at = recordsAt(others, target);
    if (at.some((o) => ADDRESS.has(o.type))) return undefined;
    const next = at.find((o) => o.type === "CNAME");
    if (!next) return `the proxied CNAME chain ends at ${target}, which has no A or AAAA record`;
    target = next.content;
  }
}

export function checkCnameChain(
  draft: Pick<RecordDraft, "name" | "type" | "content" | "proxied">,
  others: ZoneRecords,
  zoneName: string,
): void {
  const problem = cnameChainProblem(draft, others, zoneName);
  if (problem === undefined) return;
  if (draft.content === draft.name) {
    throw validationError(CODES.cnameInvalid, "Content for CNAME record cannot be the record's own name.");
  }
  throw validationError(CODES.cnameChain, `A proxied CNAME must lead to a name with an A or AAAA record: ${problem}.`);
}
