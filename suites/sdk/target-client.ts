/**
 * The official `cloudflare` SDK (v7) as the SDK suites use it: a client whose every request goes
 * through the run's API target (`target.api.fetch`), whatever it is: the in-process simulator, serve,
 * or the user's implementation behind `--target http --base-url`.
 *
 * The client's `baseURL` is the target's base URL and its `fetch` option (harness/targets/sdk-fetch.ts)
 * hands each request to the target unchanged (method, path below the base URL, query string, headers,
 * body) except for the credentials: the SDK is given placeholder credentials (it refuses to send a
 * request without some), its auth headers are dropped, and the target adds its own for the scheme the
 * test asks for. Time limits are the target's (EDGECONF_TIMEOUT_MS on http); the SDK keeps its default
 * and does not retry.
 * The SDK is an optional peer dependency of edgeconf: without it installed, the tests skip and say so.
 */
import type Cloudflare from "cloudflare";
import type { TestContext } from "vitest";
import type { ApiTarget, AuthScheme } from "../../harness/targets/api.ts";
import { targetFetch } from "../../harness/targets/sdk-fetch.ts";

export type Sdk = typeof Cloudflare;

let loading: Promise<Sdk | undefined> | undefined;

/** The SDK's client class, or undefined when `cloudflare` is not installed. */
export function loadSdk(): Promise<Sdk | undefined> {
  loading ??= import("cloudflare").then(
    (m) => m.default,
    () => undefined,
  );
  return loading;
}

/** Placeholders that satisfy the SDK's check that some credentials are set; never sent. */
const PLACEHOLDER = "edgeconf-replaces-this";

/**
 * The SDK and a client on `api` that authenticates with `scheme` ("default": the scheme of each
 * path's area, as the target's own requests do). Skips the test, saying why, when the SDK is not
 * installed or the target has no credentials of that scheme.
 */
export async function sdkClient(
  ctx: TestContext,
  api: ApiTarget,
  scheme: AuthScheme | "default",
): Promise<{ Sdk: Sdk; client: Cloudflare }> {
  const Sdk = await loadSdk();
  if (!Sdk) ctx.skip("the official SDK is not installed in this project (npm install --save-dev cloudflare@7)");
  if (scheme === "token" && !api.schemes.has("token")) {
    ctx.skip("this target has no API token (CLOUDFLARE_API_TOKEN): this SDK client authenticates with a Bearer token");
  }
  if (scheme === "key" && !api.schemes.has("key")) {
    ctx.skip(
      "this target has no email and key (CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY): this SDK client authenticates with them",
    );
  }
  if (api.schemes.size === 0) {
    ctx.skip("this target has no credentials (CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY)");
  }
  const client = new Sdk({
    baseURL: api.baseUrl,
    fetch: targetFetch(api, scheme),
    maxRetries: 0,
    userServiceKey: null,
    ...(scheme === "token"
      ? { apiToken: PLACEHOLDER, apiEmail: null, apiKey: null }
      : { apiEmail: "placeholder@edgeconf.invalid", apiKey: PLACEHOLDER, apiToken: null }),
  });
  return { Sdk, client };
}
