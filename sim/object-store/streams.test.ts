/**
 * The lengths of Request/Response bodies and Blob streams (streams.ts) when the simulator's modules are
 * evaluated more than once in one realm (vi.resetModules, vitest `isolate: false`, two copies of the package):
 * the prototype hooks are installed once, by the first copy, and every copy must still see the lengths
 * (else put refuses those streams as of unknown length).
 */
import { describe, expect, test, vi } from "vitest";

describe("known lengths across copies of the module", () => {
  test("a second evaluation still accepts Blob streams and Request/Response bodies for put", async () => {
    const first = await import("./values.ts");
    vi.resetModules();
    const second = await import("./values.ts");
    expect(second.checkValue, "vi.resetModules(): a second copy of values.ts").not.toBe(first.checkValue);
    for (const copy of [first, second]) {
      const which = copy === first ? "first" : "second";
      const streams: [string, ReadableStream, number][] = [
        ["a Blob's stream", new Blob(["abcd"]).stream(), 4],
        ["a Response's body", new Response("abc").body!, 3],
        ["a Request's body", new Request("https://example.com/", { method: "POST", body: "ab" }).body!, 2],
      ];
      for (const [what, stream, length] of streams) {
        const value = copy.requireKnownLength(copy.checkValue(stream, "put"));
        const chunks = await copy.readValue(value);
        const size = chunks.reduce((n, c) => n + c.byteLength, 0);
        expect(size, `${which} copy: put's value of ${what} reads its ${length} bytes`).toBe(length);
      }
    }
  });
});
