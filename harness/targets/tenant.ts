/**
 * The credentials of one tenant of areas A and B as the suites hold them: where its resources live
 * (account, zone) and its secrets (any may be missing on an http target). Shared by api.ts and
 * second-tenant.ts, so that neither imports the other's module for a type.
 */

/** Where the suites' resources live. */
export interface ApiCredentials {
  account_id: string;
  zone_id: string;
  zone_name: string;
}

/** Secrets of one tenant (any may be missing on an http target). */
export interface ApiSecrets {
  api_token?: string;
  auth_email?: string;
  auth_key?: string;
}

export type TenantCredentials = ApiCredentials & ApiSecrets;
