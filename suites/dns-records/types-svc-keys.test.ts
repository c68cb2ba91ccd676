/**
 * Area B: SvcParam keys in the keyNNNNN form are 16-bit numbers (RFC 9460 2.1: "keyNNNNN" names the
 * SvcParamKey, a 16-bit field, by its number): key65534 is a key, key65536 and key99999 are not.
 * (The registered keys, unknown names and empty values: data-formats.test.ts.)
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: SvcParam keys (RFC 9460)", () => {
  clauseTest(
    ["B.type.svcb-https", "B.type.data-content"],
    "SVCB/HTTPS keyNNNNN: key65534 accepted and read back; key65536, key99999 and key123456 (past 16 bits) refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const type of ["SVCB", "HTTPS"]) {
        const body = (value: string) => ({
          type,
          name: uniqueLabel("sk"),
          data: { priority: 1, target: "svc.example.net", value },
        });
        const made = await records.create(body("key65534=abc"));
        const got = records.ok(await records.get(made.id));
        expect(got.data, `GET ${type} with key65534=abc by id: result.data as sent [B.type.data-content]`).toEqual({
          priority: 1,
          target: "svc.example.net",
          value: "key65534=abc",
        });
        for (const value of ["key65536=abc", "key99999=abc", "key123456=abc"]) {
          const name = uniqueLabel("sk");
          expectFailure(await records.post({ ...body(value), name }), 400);
          expect(
            await records.at(await records.fqdn(name)),
            `records at the name after POST ${type} ${value} (not a 16-bit key) was refused: none`,
          ).toEqual([]);
        }
      }
    },
  );
});
