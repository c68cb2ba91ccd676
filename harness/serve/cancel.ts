/**
 * Cancelling what `edgeconf serve` forwards: a request's `signal` is aborted when its response closes
 * before it is finished, that is when the client went away or when the servers close (close() destroys
 * every connection). An injected latency (the control surface's faults) waiting on it then stops at
 * once, so SIGTERM ends `edgeconf serve` without waiting out a latency of minutes.
 *
 * Gaps / by design: the signal is made only when read (a latency fires rarely; an AbortSignal per
 * request would cost the fast path several microseconds).
 */
import type { ServerResponse } from "node:http";
import type { RawHeaders, RawRequest } from "../../sim/index.ts";

function cancelled(): Error {
  return new Error("the request was cancelled (the client went away or the server closed)");
}

/** An AbortSignal aborted when `res` closes unfinished (or at once if it already has). */
export function responseSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed && !res.writableFinished) controller.abort(cancelled());
  else if (!res.writableFinished) {
    res.once("close", () => {
      if (!res.writableFinished) controller.abort(cancelled());
    });
  }
  return controller.signal;
}

/** The raw request serve hands `sim.handleRaw`, with a lazy `signal` (responseSignal of its response). */
export class ServedRawRequest implements RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: RawHeaders;
  readonly body?: Uint8Array;
  readonly #res: ServerResponse;
  #signal: AbortSignal | undefined;
  constructor(method: string, url: string, headers: RawHeaders, res: ServerResponse, body?: Uint8Array) {
    this.method = method;
    this.url = url;
    this.headers = headers;
    if (body !== undefined) this.body = body;
    this.#res = res;
  }
  get signal(): AbortSignal {
    this.#signal ??= responseSignal(this.#res);
    return this.#signal;
  }
}
