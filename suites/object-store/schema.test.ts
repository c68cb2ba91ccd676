import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { PROJECT_ROOT } from "../../harness/expectations.ts";
import { open } from "./helpers.ts";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const validate = ajv.compile(
  JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, "fixtures/schemas/object-store/store-object.schema.json"), "utf8"),
  ) as object,
);

function expectSchema(value: unknown, what: string): void {
  const json = JSON.parse(JSON.stringify(value)) as unknown;
  expect(validate(json), `${what}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(json)}`).toBe(true);
}

describe("StoreObject JSON form", () => {
  clauseTest(
    ["D.object.fields", "D.storage-class.values"],
    "put, head, get, list and complete results match the StoreObject schema",
    async (ctx) => {
      const { bucket } = await open(ctx, { minPartSize: 1 });
      expectSchema(
        await bucket.put("a", "hello", {
          httpMetadata: { contentType: "text/plain", cacheExpiry: new Date(0) },
          sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
        }),
        "put",
      );
      expectSchema(await bucket.head("a"), "head");
      expectSchema(await bucket.get("a", { range: { offset: 1 } }), "get");
      for (const o of (await bucket.list({ include: ["httpMetadata", "customMetadata"] })).objects)
        expectSchema(o, "list");
      const u = await bucket.createMultipartUpload("m");
      expectSchema(await u.complete([await u.uploadPart(1, "x")]), "complete");
    },
  );
});
