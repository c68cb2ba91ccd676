/**
 * Reachability of a network target before a run: one request per URL with a short timeout. Any
 * HTTP answer (even 404 or 401) means reachable; a refused connection, a DNS failure or silence
 * past the timeout means not, and the run stops with exit 2 and a report saying why.
 */
export const PROBE_TIMEOUT_MS = 5_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Undefined when reachable, else why not. */
export async function probeUrl(
  url: string,
  timeoutMs = PROBE_TIMEOUT_MS,
  fetchImpl: FetchLike = fetch,
): Promise<string | undefined> {
  try {
    const res = await fetchImpl(url, { method: "GET", redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => {});
    return undefined;
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    if (err.name === "TimeoutError" || err.name === "AbortError") {
      return `${url} did not answer within ${timeoutMs} ms`;
    }
    const cause = err.cause?.code ?? err.cause?.message;
    return `${url} is unreachable: ${err.message}${cause ? ` (${cause})` : ""}`;
  }
}

/** Probes every URL of a target; the reasons of those that cannot be reached. */
export async function probeTarget(
  urls: readonly { name: string; url: string }[],
  timeoutMs = PROBE_TIMEOUT_MS,
  fetchImpl: FetchLike = fetch,
): Promise<string[]> {
  const results = await Promise.all(
    urls.map(async ({ name, url }) => {
      const why = await probeUrl(url, timeoutMs, fetchImpl);
      return why ? `target unreachable (${name}): ${why}` : undefined;
    }),
  );
  return results.filter((r): r is string => r !== undefined);
}
