/**
 * Frames of the edgeconf bridge protocol (see protocol.js): one message per HTTP body,
 *   [u32 big-endian length of H][H: UTF-8 JSON][blob bytes, in order][stream bytes, to the end].
 * Shared by the bridge Worker and the Node client; plain JavaScript with no imports.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The head of a frame: the length, the JSON and the blobs, as one byte array. */
export function frameHead(header, blobs) {
  const json = encoder.encode(JSON.stringify({ ...header, blobs: blobs.map((b) => b.byteLength) }));
  const total = 4 + json.byteLength + blobs.reduce((n, b) => n + b.byteLength, 0);
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, json.byteLength);
  out.set(json, 4);
  let at = 4 + json.byteLength;
  for (const b of blobs) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

/**
 * A whole frame as a stream: its head, then the bytes of `stream` (when there is one) as they come.
 * `control.finish(reason?)` (set here) ends the frame early, e.g. once the answer came and nobody will read
 * the rest of a stream that was never sent (a declared length refused unread), cancelling it with `reason`.
 */
export function frameStream(head, stream, control = {}) {
  if (!stream) {
    control.finish = () => undefined;
    return new ReadableStream({
      start(c) {
        c.enqueue(head);
        c.close();
      },
    });
  }
  let reader;
  let sentHead = false;
  let finished = false;
  let controller;
  control.finish = (reason) => {
    if (!finished) {
      finished = true;
      try {
        controller?.close();
      } catch {}
      (reader ?? stream).cancel(reason).catch(() => undefined);
    }
    // Given a reason (the binding cancelled its stream): unlocked, as the binding leaves a stream it
    // cancelled, even when this side had already read it to its end.
    if (reason !== undefined) reader?.releaseLock();
  };
  return new ReadableStream({
    start(c) {
      controller = c;
    },
    async pull(c) {
      if (finished) return;
      if (!sentHead) {
        sentHead = true;
        c.enqueue(head);
        return;
      }
      reader ??= stream.getReader();
      const { done, value } = await reader.read();
      if (finished) return;
      if (done) {
        finished = true;
        c.close();
      } else c.enqueue(toBytes(value));
    },
    cancel(reason) {
      finished = true;
      return (reader ?? stream).cancel(reason);
    },
  });
}

export function toBytes(chunk) {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError("edgeconf bridge: a stream chunk must be bytes");
}

/**
 * Reads a frame from a byte stream: the header, the blobs, and the rest as a stream. With
 * `{ drain: true }` (the Worker's side), cancelling the rest does not cancel the request body but
 * reads it to its end: a server that stops reading a request body mid-way breaks the connection.
 */
export async function readFrame(body, options = {}) {
  const reader = body.getReader();
  // The bytes read and not yet taken, as the chunks they came in: chunks[ci] onwards, of which the first
  // `first` bytes are already taken. Every byte is copied once, when it is taken: a frame of n bytes reads
  // in O(n) (a buffer grown by a copy per chunk made it O(n^2): 48 MiB took 17 times as long as 8 MiB).
  let chunks = [];
  let ci = 0;
  let first = 0;
  let available = 0;
  let ended = false;
  async function fill(n) {
    while (available < n) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        throw new TypeError(`edgeconf bridge: frame ended after ${available} bytes, needed ${n}`);
      }
      const chunk = toBytes(value);
      if (chunk.byteLength === 0) continue;
      chunks.push(chunk);
      available += chunk.byteLength;
    }
  }
  function take(n) {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const chunk = chunks[ci];
      const m = Math.min(n - at, chunk.byteLength - first);
      out.set(chunk.subarray(first, first + m), at);
      at += m;
      first += m;
      if (first === chunk.byteLength) {
        ci += 1;
        first = 0;
      }
    }
    available -= n;
    if (ci === chunks.length) {
      chunks = [];
      ci = 0;
    }
    return out;
  }
  /** What was read past the blobs: the start of the stream, as chunks (views, not copies). */
  function leftover() {
    const out = chunks.slice(ci).map((c, i) => (i === 0 ? c.subarray(first) : c));
    chunks = [];
    ci = 0;
    first = 0;
    available = 0;
    return out;
  }
  await fill(4);
  const length = new DataView(take(4).buffer).getUint32(0);
  await fill(length);
  const header = JSON.parse(decoder.decode(take(length)));
  const blobs = [];
  for (const n of header.blobs ?? []) {
    await fill(n);
    blobs.push(take(n));
  }
  let restTaken = false;
  const rest = () => {
    if (restTaken) throw new TypeError("edgeconf bridge: the frame's stream is taken");
    restTaken = true;
    const pending = leftover();
    return new ReadableStream({
      async pull(c) {
        if (pending.length > 0) {
          c.enqueue(pending.shift());
          return;
        }
        if (ended) return c.close();
        const { done, value } = await reader.read();
        if (done) c.close();
        else c.enqueue(toBytes(value));
      },
      cancel(reason) {
        if (options.drain) {
          void drain();
          return undefined;
        }
        return reader.cancel(reason);
      },
    });
  };
  /** Reads what is left of the body to its end, dropping it. */
  async function drain() {
    try {
      while (!ended) {
        const { done } = await reader.read();
        if (done) ended = true;
      }
    } catch {}
  }
  /** Releases what is left of the body (no stream in the frame, or nobody wants it). */
  const discard = () => (restTaken ? undefined : reader.cancel().catch(() => undefined));
  return { header, blobs, rest, discard, drain };
}
