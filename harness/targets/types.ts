/**
 * The Target interface: what suites reach, whatever implementation is behind it.
 *
 * A target offers some areas (objectStore, api, kt) and says what else it can do (capabilities).
 * Suites skip, with a reason shown in the report, what a target cannot do.
 */
import type { ApiTarget } from "./api.ts";
import type { KtTarget } from "./kt.ts";
import type { ObjectStoreTarget } from "./object-store.ts";

export type TargetName = "sim" | "serve" | "http" | "miniflare" | "workerd" | "worker" | "module";

export const TARGET_NAMES: readonly TargetName[] = ["sim", "serve", "http", "miniflare", "workerd", "worker", "module"];

export type Capability =
  /** Area D is reachable. */
  | "object-store"
  /** Areas A and B are reachable. */
  | "api"
  /** Area C is reachable. */
  | "kt"
  /** Time can be moved forward (multipart 7-day expiry). Only simulators have it. */
  | "clock"
  /** The multipart minimum part size can be lowered per bucket, so multipart tests stay small. */
  | "min-part-size"
  /** Buckets can be made with a chosen compatibility date and flags. */
  | "compat-date"
  /** Area C: more than one operator identity (client certificate) is available. */
  | "kt-identities"
  /** Areas A/B: a second tenant's credentials are available (isolation tests). */
  | "tenants";

export interface Target {
  readonly name: TargetName;
  readonly capabilities: ReadonlySet<Capability>;
  /** Why the target lacks a capability, in its own words (a module names what it did not declare). */
  readonly whyNot?: Partial<Record<Capability, string>>;
  readonly objectStore?: ObjectStoreTarget;
  readonly api?: ApiTarget;
  readonly kt?: KtTarget;
  /** Releases what the target holds (servers, Miniflare instances). */
  close(): Promise<void>;
}
