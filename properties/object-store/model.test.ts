import fc from "fast-check";
import { describe } from "vitest";
import { clauseProperty, commandsArbitrary } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import {
  type BadPut,
  BadPutCommand,
  DeleteCommand,
  GetCommand,
  HeadCommand,
  ListCommand,
  MultipartCommand,
  PutCommand,
} from "./commands.ts";
import { BucketModel } from "./reference-model.ts";

// Few distinct characters so keys collide, share prefixes and delimiters; one astral and one
// high-BMP character so UTF-8 order differs from UTF-16 order.
const keyChar = fc.constantFrom("a", "b", "/", "é", "\uFF61", "\u{1F600}");
const key = fc.array(keyChar, { minLength: 1, maxLength: 4 }).map((cs) => cs.join(""));
const value = fc.string({ maxLength: 40 });
const meta = fc.dictionary(fc.constantFrom("m1", "m2"), fc.string({ maxLength: 8 }), { maxKeys: 2 });

const target = await getTarget();

describe("object store against a reference model", () => {
  clauseProperty(
    [
      "D.put.stores",
      "D.get.body",
      "D.get.missing",
      "D.head.missing",
      "D.delete.keys",
      "D.list.order",
      "D.list.utf8-order",
      "D.list.prefix",
      "D.list.delimiter",
      "D.list.cursor",
      "D.list.truncated",
      "D.list.cursor-when-truncated",
      "D.rule.write-consistency",
      "D.rule.delete-consistency",
      "D.put.precondition-failed",
      "D.put.check-order",
    ],
    "sequences of put, get, head, delete, list and refused puts agree with a Map and sorted keys",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      const os = target.objectStore!;
      const commands = [
        fc.tuple(key, value, meta, fc.boolean()).map(([k, v, m, ifAbsent]) => new PutCommand(k, v, m, ifAbsent)),
        key.map((k) => new GetCommand(k)),
        key.map((k) => new HeadCommand(k)),
        fc.array(key, { minLength: 1, maxLength: 3 }).map((ks) => new DeleteCommand(ks)),
        fc
          .tuple(
            key,
            fc.constantFrom<BadPut>("long-key", "bad-md5", "big-metadata", "two-hashes", "quoted-etag", "bad-type"),
          )
          .map(([k, kind]) => new BadPutCommand(k, kind)),
        fc
          .tuple(
            fc.constantFrom("", "a", "b/", "é"),
            fc.constantFrom(undefined, "/", "é"),
            fc.integer({ min: 1, max: 4 }),
          )
          .map(([p, d, l]) => new ListCommand(p, d, l)),
      ];
      return fc.asyncProperty(commandsArbitrary(commands, { size: "medium" }), async (cmds) => {
        const bucket = await os.bucket();
        await fc.asyncModelRun(() => ({ model: new BucketModel(), real: bucket }), cmds);
      });
    },
    { numRuns: 25 },
  );

  clauseProperty(
    [
      "D.multipart.complete",
      "D.multipart.abort",
      "D.multipart.invisible",
      "D.multipart.object-etag",
      "D.rule.part-size",
    ],
    "multipart uploads interleaved with puts and deletes agree with the model",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      skipUnless(ctx, target, "min-part-size");
      const os = target.objectStore!;
      const partSize = 16;
      const commands = [
        fc.tuple(key, value).map(([k, v]) => new PutCommand(k, v, {}, false)),
        key.map((k) => new GetCommand(k)),
        fc.array(key, { minLength: 1, maxLength: 2 }).map((ks) => new DeleteCommand(ks)),
        fc
          .tuple(
            key,
            fc.integer({ min: 1, max: 4 }),
            fc.integer({ min: 1, max: partSize }),
            fc.constantFrom("complete", "abort") as fc.Arbitrary<"complete" | "abort">,
          )
          .map(([k, n, last, finish]) => new MultipartCommand(k, n, last, partSize, finish)),
        fc.constant(new ListCommand("", undefined, 3)),
      ];
      return fc.asyncProperty(commandsArbitrary(commands, { size: "medium" }), async (cmds) => {
        const bucket = await os.bucket({ minPartSize: partSize });
        await fc.asyncModelRun(() => ({ model: new BucketModel(), real: bucket }), cmds);
      });
    },
    { numRuns: 20 },
  );
});
