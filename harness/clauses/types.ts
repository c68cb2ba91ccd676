/** The shape of one normative clause of the spec (or of observed platform behaviour). */
export type Area = "dns-protection" | "dns-records" | "key-transparency" | "object-store";

export const AREAS: readonly Area[] = ["dns-protection", "dns-records", "key-transparency", "object-store"];

export interface Clause {
  /** Stable id: `<A|B|C|D>.<family>.<rule>`, e.g. `D.put.precondition-null`. */
  readonly id: string;
  readonly area: Area;
  /** A short paraphrase of the rule. */
  readonly text: string;
  /** `spec`: stated by the spec. `platform`: the spec is silent; observed platform behaviour (reference). */
  readonly source: "spec" | "platform";
  /** Present when no test can check the clause, with the reason. */
  readonly untestable?: string;
}
