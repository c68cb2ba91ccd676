/**
 * fast-check commands over a bucket, each checked against the reference model (BucketModel).
 */
import type fc from "fast-check";
import { expect } from "vitest";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { type BucketModel, md5 } from "./reference-model.ts";

type Cmd = fc.AsyncCommand<BucketModel, ObjectStoreBucket>;

const enc = (s: string) => new TextEncoder().encode(s);

export class PutCommand implements Cmd {
  constructor(
    readonly key: string,
    readonly value: string,
    readonly meta: Record<string, string>,
    readonly ifAbsent: boolean,
  ) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const bytes = enc(this.value);
    const existed = m.objects.has(this.key);
    const result = this.ifAbsent
      ? await r.put(this.key, this.value, { customMetadata: this.meta, onlyIf: { etagDoesNotMatch: "*" } })
      : await r.put(this.key, this.value, { customMetadata: this.meta });
    if (this.ifAbsent && existed) {
      expect(result, `${this}: null, the key exists and onlyIf etagDoesNotMatch "*" fails`).toBeNull();
      return;
    }
    const o = m.put(this.key, bytes, this.meta);
    expect(result, `${this}: an object (the key is absent or no condition)`).not.toBeNull();
    expect(result!.key, `${this}.key: the key written`).toBe(this.key);
    expect(result!.size, `${this}.size: the UTF-8 bytes of the value`).toBe(bytes.byteLength);
    expect(result!.etag, `${this}.etag: the MD5 of the value, as the model has it`).toBe(o.etag);
  }
  toString = () =>
    `put(${JSON.stringify(this.key)}, ${JSON.stringify(this.value)}${this.ifAbsent ? ", ifAbsent" : ""})`;
}

export class GetCommand implements Cmd {
  constructor(readonly key: string) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const want = m.objects.get(this.key);
    const got = await r.get(this.key);
    if (!want) {
      expect(got, `${this}: null, the model holds no such key`).toBeNull();
      return;
    }
    expect(got, `${this}: an object, the model holds the key`).not.toBeNull();
    expect(new Uint8Array(await got!.arrayBuffer()), `${this} bytes: the last value written`).toEqual(want.bytes);
    expect(got!.etag, `${this}.etag: the model's etag`).toBe(want.etag);
    expect(got!.customMetadata, `${this}.customMetadata: the last put's customMetadata`).toEqual(want.customMetadata);
  }
  toString = () => `get(${JSON.stringify(this.key)})`;
}

export class HeadCommand implements Cmd {
  constructor(readonly key: string) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const want = m.objects.get(this.key);
    const got = await r.head(this.key);
    if (!want) {
      expect(got, `${this}: null, the model holds no such key`).toBeNull();
      return;
    }
    expect(got!.size, `${this}.size: the model's byte length`).toBe(want.bytes.byteLength);
    expect(got!.etag, `${this}.etag: the model's etag`).toBe(want.etag);
  }
  toString = () => `head(${JSON.stringify(this.key)})`;
}

export class DeleteCommand implements Cmd {
  constructor(readonly keys: string[]) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    await r.delete(this.keys.length === 1 ? this.keys[0]! : this.keys);
    m.delete(this.keys);
    for (const k of this.keys)
      expect(await r.head(k), `head(${JSON.stringify(k)}) after ${this}: null, deleted`).toBeNull();
  }
  toString = () => `delete(${JSON.stringify(this.keys)})`;
}

export class ListCommand implements Cmd {
  constructor(
    readonly prefix: string,
    readonly delimiter: string | undefined,
    readonly limit: number,
  ) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const keys: string[] = [];
    const prefixes: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages++) {
      const page = await r.list({
        prefix: this.prefix,
        limit: this.limit,
        ...(this.delimiter ? { delimiter: this.delimiter } : {}),
        ...(cursor ? { cursor } : {}),
      });
      expect(
        page.objects.length + page.delimitedPrefixes.length,
        `${this} one page: objects + delimitedPrefixes within the limit`,
      ).toBeLessThanOrEqual(this.limit);
      keys.push(...page.objects.map((o) => o.key));
      prefixes.push(...page.delimitedPrefixes);
      if (!page.truncated) {
        expect((page as { cursor?: string }).cursor, `${this} last page (truncated false): no cursor`).toBeUndefined();
        break;
      }
      cursor = page.cursor;
    }
    const want = m.listAll(this.prefix, this.delimiter);
    expect(keys, `${this}: every key of the model under the prefix, in order, each once`).toEqual(want.keys);
    expect(prefixes, `${this}: the model's delimited prefixes, in order`).toEqual(want.prefixes);
  }
  toString = () => `listAll(${JSON.stringify(this.prefix)}, ${JSON.stringify(this.delimiter)}, ${this.limit})`;
}

/** A whole multipart upload: parts of `partSize` bytes (last smaller), completed or aborted. */
export class MultipartCommand implements Cmd {
  constructor(
    readonly key: string,
    readonly parts: number,
    readonly lastSize: number,
    readonly partSize: number,
    readonly finish: "complete" | "abort",
  ) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const upload = await r.createMultipartUpload(this.key);
    const chunks: Uint8Array[] = [];
    const refs = [];
    for (let n = 1; n <= this.parts; n++) {
      const size = n === this.parts ? this.lastSize : this.partSize;
      const bytes = new Uint8Array(size).fill(n);
      chunks.push(bytes);
      refs.push(await upload.uploadPart(n, bytes));
    }
    // Invisible while in progress.
    const before = m.objects.get(this.key);
    const head = await r.head(this.key);
    if (before)
      expect(head!.etag, `head during ${this}: the object before the upload (parts invisible until complete)`).toBe(
        before.etag,
      );
    else
      expect(
        head,
        `head during ${this}: null, no object before the upload (parts invisible until complete)`,
      ).toBeNull();
    if (this.finish === "abort") {
      await upload.abort();
      return;
    }
    const done = await upload.complete(refs.reverse());
    const bytes = new Uint8Array(Buffer.concat(chunks));
    m.objects.set(this.key, {
      bytes,
      etag: `${md5(...chunks.map((c) => Buffer.from(md5(c), "hex")))}-${this.parts}`,
      customMetadata: {},
    });
    expect(done.size, `${this} complete().size: the bytes of all parts`).toBe(bytes.byteLength);
    expect(done.etag, `${this} complete().etag: MD5 of the part MD5s, -N parts`).toBe(m.objects.get(this.key)!.etag);
  }
  toString = () => `multipart(${JSON.stringify(this.key)}, ${this.parts} parts, last ${this.lastSize}, ${this.finish})`;
}

export type BadPut = "long-key" | "bad-md5" | "big-metadata" | "two-hashes" | "quoted-etag" | "bad-type";

/** A put the platform refuses: it must reject with the platform's error and change nothing. */
export class BadPutCommand implements Cmd {
  constructor(
    readonly key: string,
    readonly kind: BadPut,
  ) {}
  check = () => true;
  async run(m: BucketModel, r: ObjectStoreBucket): Promise<void> {
    const before = m.objects.get(this.key);
    const headBefore = before ? await r.head(this.key) : null;
    const attempt = (): Promise<unknown> => {
      switch (this.kind) {
        case "long-key":
          return r.put(this.key.padEnd(1025, "x"), "v");
        case "bad-md5":
          return r.put(this.key, "v", { md5: "0".repeat(32) });
        case "big-metadata":
          return r.put(this.key, "v", { customMetadata: { m: "x".repeat(9000) } });
        case "two-hashes":
          return r.put(this.key, "v", { md5: md5(enc("v")), sha1: "0".repeat(40) });
        case "quoted-etag":
          return r.put(this.key, "v", { onlyIf: { etagMatches: '"x"' } });
        case "bad-type":
          return r.put(this.key, 7 as unknown as string);
      }
    };
    const error = await attempt().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error, `${this.kind} must be refused`).toBeDefined();
    const code = { "long-key": 10020, "bad-md5": 10037, "big-metadata": 10012 }[this.kind as string];
    if (code !== undefined)
      expect(error!.message, `${this} rejection: put: <text> (code ${code})`).toMatch(
        new RegExp(`^put: [\\s\\S]+ \\(${code}\\)$`),
      );
    else expect(error!.name, `${this} rejection: a TypeError`).toBe("TypeError");
    const after = await r.head(this.key);
    if (!before) expect(after, `head after ${this}: still null, nothing written`).toBeNull();
    else
      expect(after!.version, `head after ${this}: the version from before, nothing written`).toBe(headBefore!.version);
  }
  toString = () => `badPut(${JSON.stringify(this.key)}, ${this.kind})`;
}
