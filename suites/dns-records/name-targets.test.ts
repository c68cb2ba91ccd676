/**
 * Area B: the hostnames records point at (CNAME, MX and NS content) are domain names (the spec: CNAME content "is a
 * fully qualified domain name"), so RFC 1035's limits bind them as they bind record names (B.name.label-63,
 * B.name.fqdn-253): a label of at most 63 characters, at most 253 characters in all (255 octets on the wire less
 * the length bytes). A target past either limit cannot be served in a DNS answer and is refused (400, nothing
 * made); one at the limits is accepted as sent. The code is not pinned: the platform publishes none for it.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** A hostname under example.net of exactly `n` characters (labels of 63, then one of the rest). */
function hostOf(n: number): string {
  const tail = "example.net";
  let host = "";
  while (n - host.length - tail.length > 64) host += `${"a".repeat(63)}.`;
  return `${host}${"b".repeat(n - host.length - tail.length - 1)}.${tail}`;
}

describe("dns records: target hostnames", () => {
  clauseTest(
    ["B.type.cname-fqdn", "B.type.mx", "B.type.ns", "B.validation.no-change"],
    "CNAME, MX and NS targets: a 63-character label and 253 characters accepted; 64 and 254 refused (400)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const long63 = `${"c".repeat(63)}.example.net`;
      const long64 = `${"c".repeat(64)}.example.net`;
      expect([hostOf(253).length, hostOf(254).length], "the test's own hostnames: 253 and 254 characters").toEqual([
        253, 254,
      ]);
      const bodyOf = (type: string, name: string, content: string) =>
        type === "MX" ? { type, name, content, priority: 10 } : { type, name, content };
      for (const type of ["CNAME", "MX", "NS"]) {
        for (const content of [long63, hostOf(253)]) {
          const r = await records.create(bodyOf(type, uniqueLabel("nt"), content));
          expect(
            r.content,
            `POST ${type} with a target of ${content.length} characters (labels of at most 63): accepted, content as sent [B.type.cname-fqdn]`,
          ).toBe(content);
        }
        for (const content of [long64, hostOf(254)]) {
          const label = uniqueLabel("nt");
          const what = content === long64 ? "a 64-character label" : "254 characters";
          expectFailure(await records.post(bodyOf(type, label, content)), 400);
          expect(
            await records.at(await records.fqdn(label)),
            `POST ${type} with a target of ${what} was refused: no record named ${label} [B.validation.no-change]`,
          ).toEqual([]);
        }
      }
    },
  );
});
