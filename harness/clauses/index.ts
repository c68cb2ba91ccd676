/**
 * The clause catalogue: every normative statement of the spec, one typed id each.
 * A test names the ids it checks (`clauseTest`); naming an unknown id fails the type check.
 */
import { dnsProtectionClauses } from "./dns-protection.ts";
import { dnsRecordsClauses } from "./dns-records.ts";
import { keyTransparencyClauses } from "./key-transparency.ts";
import { objectStoreClauses } from "./object-store.ts";
import type { Clause } from "./types.ts";

export * from "./types.ts";

export const clauses: readonly Clause[] = [
  ...dnsProtectionClauses,
  ...dnsRecordsClauses,
  ...keyTransparencyClauses,
  ...objectStoreClauses,
];

export type ClauseId =
  | (typeof dnsProtectionClauses)[number]["id"]
  | (typeof dnsRecordsClauses)[number]["id"]
  | (typeof keyTransparencyClauses)[number]["id"]
  | (typeof objectStoreClauses)[number]["id"];

const byId = new Map(clauses.map((c) => [c.id, c]));

export function clauseById(id: string): Clause | undefined {
  return byId.get(id);
}
