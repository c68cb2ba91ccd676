/** Types of bridge/protocol.js (the bridge protocol, shared by the Worker and the Node client). */
export declare const PROTOCOL_VERSION: number;
export declare const SECRET_HEADER: string;
export declare const PREFIX_HEADER: string;

/** A JSON tree with tagged values (see protocol.js). */
export type Tree = unknown;

export interface EncodeOut {
  blobs: Uint8Array[];
  stream: null | { stream: ReadableStream; length: number | null };
}

export interface EncodeHooks {
  instance?(value: object): Tree | undefined;
  streamLength?(stream: ReadableStream): number | null;
}

export interface DecodeContext {
  blobs: Uint8Array[];
  stream(): ReadableStream<Uint8Array>;
  makeStream(length: number | null, stream: ReadableStream<Uint8Array>): ReadableStream;
  instance(className: string, own: [string, unknown][], extra: unknown): unknown;
  Headers?: typeof Headers;
}

export declare function encodeValue(value: unknown, out: EncodeOut, hooks?: EncodeHooks): Tree;
/** The whole of a stream's bytes (chunks of any byte view). */
export declare function readAll(stream: ReadableStream): Promise<Uint8Array>;
export declare function blobsToBytes<T>(value: T, known?: (stream: ReadableStream) => boolean): Promise<T>;
export declare function decodeValue(tree: Tree, ctx: DecodeContext): unknown;
export declare function frameHead(header: Record<string, unknown>, blobs: Uint8Array[]): Uint8Array;
export declare function frameStream(
  head: Uint8Array,
  stream?: ReadableStream | null,
  control?: { finish?: (reason?: unknown) => void },
): ReadableStream<Uint8Array>;

export interface Frame {
  header: Record<string, unknown> & { blobs?: number[] };
  blobs: Uint8Array[];
  /** The rest of the body (the frame's stream); once. */
  rest(): ReadableStream<Uint8Array>;
  /** Cancels the rest of the body, unless it was taken. */
  discard(): Promise<void> | undefined;
  /** Reads the rest of the body to its end, dropping it. */
  drain(): Promise<void>;
}

export declare function readFrame(body: ReadableStream<Uint8Array>, options?: { drain?: boolean }): Promise<Frame>;
