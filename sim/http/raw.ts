/**
 * The lower-level form of a request and an answer, for in-process servers (`edgeconf serve`): plain
 * method, URL, headers and body bytes in; status, headers and body out. No web Request or Response
 * is built on the v4 API's path, which is where serve spends its time.
 *
 * Gaps / by design: headers follow the web Headers rules the fetch path applies (names in lower
 * case, a repeated header joined with ", "), so both entries decide alike. A body is whole bytes:
 * a streamed body goes through `sim.fetch` instead.
 */

/** Header names in lower case; a repeated header is one value joined with ", " (as web Headers do). */
export type RawHeaders = ReadonlyMap<string, string>;

export interface RawRequest {
  method: string;
  /** Absolute URL (what a web Request would be built with). */
  url: string;
  headers: RawHeaders;
  /** The whole body; omit for none. */
  body?: Uint8Array;
  /** Area C: the identity (CN) of the caller's client certificate. */
  clientIdentity?: string;
  /**
   * Aborted when the caller gives up (the client went away, the server is closing): an injected
   * latency stops waiting. Read only when a latency fires, so a server may make it lazily (a getter).
   */
  readonly signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/**
 * Headers from node's `rawHeaders` list (name, value, name, value, ...): names lowered, repeats
 * joined with ", ", values trimmed of spaces and tabs, `skip` (lower case) left out.
 */
export function headersFromRaw(raw: readonly string[], skip?: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === skip) continue;
    const value = trimHttpWhitespace(raw[i + 1]!);
    const had = out.get(name);
    out.set(name, had === undefined ? value : `${had}, ${value}`);
  }
  return out;
}

function isHttpWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function trimHttpWhitespace(v: string): string {
  let start = 0;
  let end = v.length;
  while (start < end && isHttpWhitespace(v.charCodeAt(start))) start++;
  while (end > start && isHttpWhitespace(v.charCodeAt(end - 1))) end--;
  return start === 0 && end === v.length ? v : v.slice(start, end);
}

const NORMALIZED = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);
const FORBIDDEN = new Set(["CONNECT", "TRACE", "TRACK"]);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The method as a web Request normalises it; throws the TypeError `new Request` would. */
export function normalizeMethod(method: string): string {
  if (NORMALIZED.has(method)) return method;
  const upper = method.toUpperCase();
  if (!TOKEN.test(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`);
  if (FORBIDDEN.has(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
  return NORMALIZED.has(upper) ? upper : method;
}

class RawHeaderView {
  readonly #headers: RawHeaders;
  constructor(headers: RawHeaders) {
    this.#headers = headers;
  }
  get(name: string): string | null {
    return this.#headers.get(name.toLowerCase()) ?? null;
  }
}

/** `headers.get` of a web Headers, over RawHeaders. */
export function headerGetter(headers: RawHeaders): { get(name: string): string | null } {
  return new RawHeaderView(headers);
}

/** The web Request of a raw one (for the parts of the simulator that take Requests). */
export function requestOfRaw(raw: RawRequest): Request {
  const method = raw.method;
  const body = method === "GET" || method === "HEAD" ? undefined : raw.body;
  const signal = raw.signal;
  return new Request(raw.url, {
    method,
    headers: [...raw.headers],
    ...(body !== undefined ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    ...(signal !== undefined ? { signal } : {}),
  });
}

/** The raw form of a web Response (its whole body read). */
export async function rawOfResponse(response: Response): Promise<RawResponse> {
  const headers = Object.create(null) as Record<string, string>;
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
}
