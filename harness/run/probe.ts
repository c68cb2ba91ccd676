/**
 * Reachability of a network target before a run: one request per URL with a short timeout. Any
 * HTTP answer (even 404 or 401) means reachable; a refused connection, a DNS failure or silence
 * past the timeout means not, and the run stops with exit 2 and a report saying why.
 */
import { Agent, request } from "undici";

export const PROBE_TIMEOUT_MS = 5_000;

/** Sends one GET; resolves on any HTTP answer, rejects on network failure or timeout. */
export type Getter = (url: string, timeoutMs: number) => Promise<void>;

/**
 * undici's request, not fetch: fetch refuses the "bad ports" of the Fetch standard (9 among them)
 * before connecting, which would hide the real cause.
 */
export const undiciGet: Getter = async (url, timeoutMs) => {
  // Reachability only: the certificate is the target's business (an mTLS service with its own CA
  // answers too), so the probe does not verify it.
  const dispatcher = new Agent({ connect: { rejectUnauthorized: false, timeout: timeoutMs } });
  try {
    const res = await request(url, {
      method: "GET",
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await res.body.dump();
  } finally {
    await dispatcher.destroy().catch(() => {});
  }
};

/** TLS errors come from a server that answered: reachable (the tests then say what is wrong). */
function isTlsError(code: string | undefined, message: string): boolean {
  return (
    /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code ?? "") || /\b(SSL|TLS)\b/.test(message)
  );
}

/** Undefined when reachable, else why not. */
export async function probeUrl(
  url: string,
  timeoutMs = PROBE_TIMEOUT_MS,
  get: Getter = undiciGet,
): Promise<string | undefined> {
  try {
    await get(url, timeoutMs);
    return undefined;
  } catch (e) {
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
    if (
      err.name === "TimeoutError" ||
      err.name === "AbortError" ||
      err.code === "UND_ERR_HEADERS_TIMEOUT" ||
      err.code === "UND_ERR_CONNECT_TIMEOUT"
    ) {
      return `${url} did not answer within ${timeoutMs} ms`;
    }
    const code = err.code ?? err.cause?.code;
    if (isTlsError(code, err.message)) return undefined;
    if (err.name === "HTTPParserError" || code?.startsWith("HPE_")) {
      return `${url} does not answer HTTP: ${err.message}`;
    }
    return `${url} is unreachable: ${err.message}${code && !err.message.includes(code) ? ` (${code})` : ""}`;
  }
}

/** Probes every URL of a target; the reasons of those that cannot be reached. */
export async function probeTarget(
  urls: readonly { name: string; url: string }[],
  timeoutMs = PROBE_TIMEOUT_MS,
  get: Getter = undiciGet,
): Promise<string[]> {
  const results = await Promise.all(
    urls.map(async ({ name, url }) => {
      const why = await probeUrl(url, timeoutMs, get);
      return why ? `target unreachable (${name}): ${why}` : undefined;
    }),
  );
  return results.filter((r): r is string => r !== undefined);
}
