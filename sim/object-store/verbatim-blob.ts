/**
 * A Blob whose type is a Content-Type verbatim: Node's Blob lowercases `type`, workerd's does not
 * (GetResult.blob() types the Blob with httpMetadata.contentType as stored). Shared by the bucket and
 * the bridge target's rebuilt results; internal (not part of the public types, which stay DOM-free).
 * Its class is named `Blob` (constructor.name), as the platform's.
 *
 * Gaps / by design: only `type` differs from Node's Blob; slice() returns Node's Blob (type lowercased).
 */
const Named = {
  Blob: class extends Blob {
    readonly #type: string;
    constructor(parts: readonly Uint8Array[], type: string) {
      super(parts as Uint8Array<ArrayBuffer>[]);
      this.#type = type;
    }
    override get type(): string {
      return this.#type;
    }
  },
};

export const VerbatimBlob = Named.Blob;
