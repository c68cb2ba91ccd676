/**
 * put's edges the timeout retest of the mutation run found unasked: the method a missing key's TypeError
 * names. (An unknown storage class is refused by edgeconf's choice only, docs/choices/object-store.md: Miniflare
 * accepts anything, so no suite pins it.)
 */
import { describe } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

describe("put edges", () => {
  clauseTest(["D.arg.missing"], "put() without a key is a TypeError naming put", async (ctx) => {
    const { bucket } = await open(ctx);
    const call = bucket as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await expectRejects(
      call.put!(),
      "TypeError",
      "Failed to execute 'put' on 'R2Bucket': parameter 1 is not of type 'string'.",
    );
  });
});
