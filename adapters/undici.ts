/**
 * `edgeconf/undici`: an undici Dispatcher that answers the platform's hosts from an in-process
 * simulator, with no server and no network.
 *
 *   const sim = createSimulator({ seed: 1 });
 *   setGlobalDispatcher(simulatorDispatcher(sim));
 *   await fetch("https://api.cloudflare.com/client/v4/zones/.../dns_records", ...); // served by sim.fetch
 *
 * It serves `api.cloudflare.com` (areas A, B), `plexi.key-transparency.cloudflare.com` (area C),
 * `/__edgeconf/...` (control) on those, and any `hosts` you add; any other host fails with an error
 * that names it, unless `passthrough` lets it reach the network. Installed with undici's
 * `setGlobalDispatcher`, it serves Node's global `fetch` (Node's bundled undici reads the same global),
 * undici's own `fetch`/`request`, and the official `cloudflare` SDK at its default base URL.
 */
import { Agent, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import {
  forwardToSimulator,
  type HostOptions,
  isHopByHop,
  isServedHost,
  refusedHostError,
  type SimulatorLike,
  servedHosts,
} from "./hosts.ts";

export { PLATFORM_API_HOST, PLATFORM_HOSTS, PLATFORM_KT_HOST } from "./hosts.ts";

export interface SimulatorDispatcherOptions extends HostOptions {
  /**
   * What to do with a host that is not served: `false` (default) fails the request with an error
   * naming the host; `true` sends it to the network through a new undici Agent; a Dispatcher sends
   * it there (e.g. the global dispatcher you had before).
   */
  passthrough?: boolean | Dispatcher;
}

type Handler = Dispatcher.DispatchHandler;

/** One response stream towards a handler of either undici handler API (legacy or controller). */
class Sink {
  #aborted = false;
  #errored = false;
  #paused = false;
  #resume: (() => void) | undefined;
  readonly #handler: Handler;
  readonly #modern: boolean;
  readonly #controller: Dispatcher.DispatchController;
  /** Aborted when the handler aborts, so that the simulator stops waiting (injected latency). */
  readonly signalSource = new AbortController();

  constructor(handler: Handler) {
    this.#handler = handler;
    this.#modern = typeof handler.onRequestStart === "function";
    const self = this;
    this.#controller = {
      get aborted() {
        return self.#aborted;
      },
      get paused() {
        return self.#paused;
      },
      get reason() {
        return null;
      },
      abort: (reason: Error) => self.abort(reason),
      pause: () => {
        self.#paused = true;
      },
      resume: () => self.#wake(),
    };
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  start(): void {
    if (this.#modern) this.#handler.onRequestStart?.(this.#controller, {});
    else this.#handler.onConnect?.((err?: Error) => this.abort(err ?? new Error("request aborted")));
  }

  abort(reason: Error): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.signalSource.abort(reason);
    this.#wake();
    this.error(reason);
  }

  #wake(): void {
    this.#paused = false;
    const r = this.#resume;
    this.#resume = undefined;
    r?.();
  }

  /** Waits while the handler asked for a pause. */
  async flow(): Promise<void> {
    while (this.#paused && !this.#aborted) await new Promise<void>((resolve) => (this.#resume = resolve));
  }

  headers(status: number, headers: Headers, statusText: string): void {
    if (this.#aborted) return;
    if (this.#modern) {
      const obj: Record<string, string | string[]> = {};
      headers.forEach((value, name) => {
        obj[name] = name === "set-cookie" ? headers.getSetCookie() : value;
      });
      this.#handler.onResponseStart?.(this.#controller, status, obj, statusText);
      return;
    }
    const raw: Buffer[] = [];
    headers.forEach((value, name) => {
      if (name === "set-cookie") for (const c of headers.getSetCookie()) raw.push(Buffer.from(name), Buffer.from(c));
      else raw.push(Buffer.from(name), Buffer.from(value));
    });
    this.#handler.onResponseStarted?.();
    const go = this.#handler.onHeaders?.(status, raw, () => this.#wake(), statusText);
    if (go === false) this.#paused = true;
  }

  data(chunk: Buffer): void {
    if (this.#aborted) return;
    if (this.#modern) this.#handler.onResponseData?.(this.#controller, chunk);
    else if (this.#handler.onData?.(chunk) === false) this.#paused = true;
  }

  complete(): void {
    if (this.#aborted) return;
    if (this.#modern) this.#handler.onResponseEnd?.(this.#controller, {});
    else this.#handler.onComplete?.([]);
  }

  error(err: Error): void {
    if (this.#errored) return;
    this.#errored = true;
    if (this.#modern) this.#handler.onResponseError?.(this.#controller, err);
    else this.#handler.onError?.(err);
  }
}

function toHeaders(input: Dispatcher.DispatchOptions["headers"]): Headers {
  const out = new Headers();
  const add = (name: unknown, value: unknown) => {
    const n = String(name);
    if (value === undefined || value === null || isHopByHop(n)) return;
    if (Array.isArray(value)) for (const v of value) out.append(n, String(v));
    else out.append(n, String(value));
  };
  if (input == null) return out;
  if (Array.isArray(input)) {
    if (input.length > 0 && Array.isArray(input[0]))
      for (const [n, v] of input as unknown as [string, string][]) add(n, v);
    else for (let i = 0; i + 1 < input.length; i += 2) add(input[i], input[i + 1]);
    return out;
  }
  if (typeof (input as Iterable<unknown>)[Symbol.iterator] === "function") {
    for (const [n, v] of input as Iterable<[string, string]>) add(n, v);
    return out;
  }
  for (const [n, v] of Object.entries(input as Record<string, unknown>)) add(n, v);
  return out;
}

async function collectBody(body: unknown): Promise<Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  if (body instanceof FormData) return new Uint8Array(await new Response(body).arrayBuffer());
  const iterable = body as AsyncIterable<unknown> & Iterable<unknown>;
  if (typeof iterable[Symbol.asyncIterator] === "function" || typeof iterable[Symbol.iterator] === "function") {
    const chunks: Uint8Array[] = [];
    for await (const c of iterable as AsyncIterable<unknown>) {
      chunks.push(typeof c === "string" ? new TextEncoder().encode(c) : new Uint8Array(c as ArrayBufferLike));
    }
    return Buffer.concat(chunks);
  }
  throw new TypeError(`edgeconf: unsupported request body type ${Object.prototype.toString.call(body)}`);
}

function requestUrl(opts: Dispatcher.DispatchOptions): URL {
  if (opts.origin === undefined) throw new TypeError("edgeconf: a dispatched request needs an origin");
  const url = new URL(opts.path, String(opts.origin));
  if (opts.query) for (const [k, v] of Object.entries(opts.query)) url.searchParams.append(k, String(v));
  return url;
}

/** An undici Dispatcher that answers the platform's hosts from a simulator. */
export class SimulatorDispatcher extends Dispatcher {
  readonly #sim: SimulatorLike;
  readonly #options: SimulatorDispatcherOptions;
  readonly #hosts: string[];
  #passthrough: Dispatcher | undefined;
  readonly #ownsPassthrough: boolean;
  #closed = false;

  constructor(sim: SimulatorLike, options: SimulatorDispatcherOptions = {}) {
    super();
    this.#sim = sim;
    this.#options = options;
    this.#hosts = servedHosts(options);
    this.#ownsPassthrough = options.passthrough === true;
    this.#passthrough =
      options.passthrough === true ? new Agent() : options.passthrough ? options.passthrough : undefined;
  }

  /** The hosts served from the simulator. */
  get hosts(): readonly string[] {
    return this.#hosts;
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Handler): boolean {
    const sink = new Sink(handler);
    let url: URL;
    try {
      if (this.#closed) throw new Error("edgeconf: the simulator dispatcher is closed");
      url = requestUrl(opts);
      if (opts.upgrade || opts.method === "CONNECT") {
        throw new Error("edgeconf: upgrades and CONNECT are not served by the simulator");
      }
    } catch (e) {
      queueMicrotask(() => sink.error(e as Error));
      return true;
    }
    if (!isServedHost(url, this.#hosts)) {
      if (this.#passthrough) return this.#passthrough.dispatch(opts, handler);
      const err = refusedHostError(url, this.#hosts, "pass { passthrough: true }");
      queueMicrotask(() => sink.error(err));
      return true;
    }
    void this.#serve(url, opts, sink).catch((e: unknown) => sink.error(e instanceof Error ? e : new Error(String(e))));
    return true;
  }

  async #serve(url: URL, opts: Dispatcher.DispatchOptions, sink: Sink): Promise<void> {
    sink.start();
    if (sink.aborted) return;
    const method = String(opts.method).toUpperCase();
    const body = await collectBody(opts.body);
    const request = new Request(url, {
      method,
      headers: toHeaders(opts.headers),
      signal: sink.signalSource.signal,
      ...(body !== undefined && body.byteLength > 0 && method !== "GET" && method !== "HEAD"
        ? { body: body as BodyInit }
        : {}),
    });
    const response = await forwardToSimulator(this.#sim, request, this.#options);
    if (sink.aborted) return;
    sink.headers(response.status, response.headers, response.statusText);
    if (response.body && method !== "HEAD") {
      const reader = response.body.getReader();
      for (;;) {
        await sink.flow();
        if (sink.aborted) {
          await reader.cancel();
          return;
        }
        const { done, value } = await reader.read();
        if (done) break;
        sink.data(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      }
    }
    sink.complete();
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.#closed = true;
    const done = this.#ownsPassthrough && this.#passthrough ? this.#passthrough.close() : Promise.resolve();
    if (callback) {
      void done.then(callback, callback);
      return;
    }
    return done;
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const callback = typeof a === "function" ? a : b;
    this.#closed = true;
    const done = this.#ownsPassthrough && this.#passthrough ? this.#passthrough.destroy() : Promise.resolve();
    if (callback) {
      void done.then(callback, callback);
      return;
    }
    return done;
  }
}

/** A Dispatcher serving the platform's hosts (and `options.hosts`) from `sim`. */
export function simulatorDispatcher(sim: SimulatorLike, options: SimulatorDispatcherOptions = {}): SimulatorDispatcher {
  return new SimulatorDispatcher(sim, options);
}

/**
 * Installs a simulator dispatcher as undici's global dispatcher (Node's global `fetch` included) and
 * returns a function that puts the previous one back and closes the simulator dispatcher.
 */
export function installSimulatorDispatcher(
  sim: SimulatorLike,
  options: SimulatorDispatcherOptions = {},
): () => Promise<void> {
  const previous = getGlobalDispatcher();
  const dispatcher = new SimulatorDispatcher(sim, {
    ...options,
    ...(options.passthrough === true ? { passthrough: previous } : {}),
  });
  setGlobalDispatcher(dispatcher);
  return async () => {
    setGlobalDispatcher(previous);
    await dispatcher.close();
  };
}
