/**
 * Area B: list filters an implementation is likely to answer from a sorted index without checking each
 * record (a name exact or startswith range, a tag index), asked where such a shortcut goes wrong:
 * - names that sort before a `name.startswith` prefix, in the same type (a range whose end is searched with
 *   a test that is not monotone finds nothing);
 * - a name that starts with another record's full name (`<n>.<zone>-x.<zone>` after `<n>.<zone>`): `name=`
 *   must not take it as a prefix;
 * - `name.exact` with `name.startswith` (both must hold under match=all, whichever comes first);
 * - a tag filter on `<name>:` (an empty value): `tag.exact` holds only the empty value, while every value
 *   contains, starts and ends with the empty string.
 * Whether `tag.exact=<name>:` lists a tag without a value is edgeconf's choice: not asked here.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const enc = encodeURIComponent;

describe("dns records: list filters answered from an index", () => {
  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.unknown-param"],
    "name ranges and tag filters: names sorting before a prefix, a name starting with another full name, name.exact with name.startswith, tag filters on an empty value",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("pr");
      const zone = await records.zoneName();
      const tag = `${u}:v`;
      const bodies: Record<string, Record<string, unknown>> = {
        a1: { name: `${u}-a1` },
        a2: { name: `${u}-a2` },
        a3: { name: `${u}-a3` },
        a4: { name: `${u}-a4` },
        a5: { name: `${u}-a5` },
        m1: { name: `${u}-m1` },
        // Its full name starts with m1's full name: `<u>-m1.<zone>-x.<zone>`.
        mx: { name: `${u}-m1.${zone}-x` },
        m2: { name: `${u}-m2` },
        n: { name: `${u}-n`, untagged: true },
      };
      const posts = Object.entries(bodies).map(([k, b]) => ({
        type: "TXT",
        name: b.name,
        content: `"${k}"`,
        ...(b.untagged ? {} : { tags: [tag] }),
      }));
      const res = await records.batch({ posts });
      expect(res.status, "POST dns_records/batch (9 TXT posts of the fixture): status 200").toBe(200);
      const made = checkEnvelope<{ posts: DnsRecord[] }>(res).result.posts;
      expect(made.length, "POST dns_records/batch: result.posts holds every posted record").toBe(9);
      const keyOf = new Map(Object.keys(bodies).map((k, i) => [made[i]!.id, k]));
      const keysOf = (rs: DnsRecord[]) => rs.map((r) => keyOf.get(r.id) ?? `${r.type} ${r.name}`).sort();
      const tagged = ["a1", "a2", "a3", "a4", "a5", "m1", "m2", "mx"];

      const cases: [string, string[], string][] = [
        [
          `name.startswith=${enc(`${u}-m`)}`,
          ["m1", "m2", "mx"],
          "the names under the prefix, after five that sort before it",
        ],
        [
          `type=TXT&name.startswith=${enc(`${u}-m`)}`,
          ["m1", "m2", "mx"],
          "the names under the prefix, after five that sort before it",
        ],
        [
          `tag.present=${enc(u)}&name.startswith=${enc(`${u}-m`)}`,
          ["m1", "m2", "mx"],
          "the tagged names under the prefix",
        ],
        [`name=${enc(`${u}-m1`)}`, ["m1"], "the record at that name, not the one whose name starts with it"],
        [
          `type=TXT&name.exact=${enc(`${u}-m1.${zone}`)}`,
          ["m1"],
          "the record at that name, not the one whose name starts with it",
        ],
        [`tag.present=${enc(u)}&name=${enc(`${u}-m1`)}`, ["m1"], "the tagged record at that name only"],
        [`name.exact=${enc(`${u}-m1`)}&name.startswith=${enc(u)}`, ["m1"], "both name filters hold (match=all)"],
        [`name.startswith=${enc(u)}&name.exact=${enc(`${u}-m1`)}`, ["m1"], "both name filters hold (match=all)"],
        [`name.exact=${enc(`${u}-m1`)}&name.startswith=${enc(`${u}-a`)}`, [], "no name is both (match=all)"],
        [
          `name.exact=${enc(`${u}-a1`)}&name.startswith=${enc(`${u}-a`)}&type=TXT`,
          ["a1"],
          "both name filters hold (match=all)",
        ],
      ];
      for (const [q, want, rule] of cases) {
        const got = (await records.list(`${q}&per_page=100`)).result;
        expect(keysOf(got), `GET dns_records?${q}: ${rule} [B.list.filters]`).toEqual(want);
      }

      // A tag filter on `<name>:`: exact asks for the empty value (every fixture tag has the value "v");
      // contains / startswith / endswith of the empty string hold for every tag of that name. The platform
      // may refuse an empty value as a malformed parameter (400 / 1004); it must not answer other records,
      // nor fail otherwise (the sim turned a crash of its planner into 400 / 6000).
      const emptyValue: [string, string[]][] = [
        ["tag.exact", []],
        ["tag", []],
        ["tag.contains", tagged],
        ["tag.startswith", tagged],
        ["tag.endswith", tagged],
      ];
      for (const [key, want] of emptyValue) {
        const q = `${key}=${enc(`${u}:`)}&per_page=100`;
        const r = await records.api.request("GET", `${records.path}?${q}`);
        if (r.status !== 200) {
          // Refused: only as a malformed list parameter (400 / 1004), never as a failure of the list.
          expectFailure(r, 400, 1004);
          continue;
        }
        const got = checkEnvelope<DnsRecord[]>(r).result;
        expect(
          keysOf(got),
          `GET dns_records?${q}: the records with a tag "${u}" whose value ${key === "tag.exact" || key === "tag" ? 'is exactly "" (ours are "v")' : "has the empty string in it (all of ours)"} [B.list.filter-params]`,
        ).toEqual([...want].sort());
      }
    },
  );
});
