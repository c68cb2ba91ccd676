/**
 * Area B: `tags_modified_on` moves whenever the tags change, also when as many tags are sent as there were (the
 * SDK's RecordResponse: "When the record tags were last modified. Omitted if the record has no tags."). An
 * implementation that compares only how many tags there are misses a replaced tag.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Stamped = DnsRecord & { comment_modified_on?: string; tags_modified_on?: string };

/** Moves the target's clock off whole seconds where it can, else lets a little real time pass. */
async function tick(): Promise<void> {
  const target = await getTarget();
  if (target.capabilities.has("clock") && target.objectStore?.advanceClock) {
    await target.objectStore.advanceClock(2_471);
  } else {
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("dns records: tag changes", () => {
  clauseTest(
    ["B.record.comment-tags-modified-on", "B.patch.partial", "B.put.overwrite"],
    "replacing tags by as many other tags moves tags_modified_on (PATCH, PUT, batch patch); the comment stamp stays",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("tg");
      const r0 = (await records.create({
        type: "TXT",
        name,
        content: '"tag changes"',
        comment: "Kept",
        tags: ["owner:dns", "env:prod"],
      })) as Stamped;
      await tick();
      const p = records.ok(await records.patch(r0.id, { tags: ["owner:dns", "env:test"] })) as Stamped;
      expect(
        [p.tags_modified_on, p.comment_modified_on],
        "PATCH {tags: two other tags for two}: tags_modified_on is this write's modified_on, comment_modified_on the create's [B.record.comment-tags-modified-on]",
      ).toEqual([p.modified_on, r0.created_on]);
      expect(p.modified_on, "PATCH {tags}: modified_on moves [B.record.modified-on-moves]").not.toBe(r0.modified_on);
      await tick();
      const body = { type: "TXT", name, content: '"tag changes"', comment: "Kept", tags: ["team:a", "env:test"] };
      const u = records.ok(await records.put(r0.id, body)) as Stamped;
      expect(
        u.tags_modified_on,
        "PUT with two other tags for two: tags_modified_on is this write's modified_on [B.record.comment-tags-modified-on]",
      ).toBe(u.modified_on);
      await tick();
      const res = await records.batch({ patches: [{ id: r0.id, tags: ["team:b", "env:test"] }] });
      expect(res.status, "POST dns_records/batch {patches: [{tags}]}: status 200 [B.batch.results]").toBe(200);
      const b = (res.json.result as { patches: Stamped[] }).patches[0]!;
      expect(
        b.tags_modified_on,
        "batch patch with two other tags for two: tags_modified_on is its modified_on [B.record.comment-tags-modified-on]",
      ).toBe(b.modified_on);
      expect(b.modified_on, "batch patch {tags}: modified_on moves [B.record.modified-on-moves]").not.toBe(
        u.modified_on,
      );
      expect(
        records.ok(await records.get(r0.id)),
        "GET after the batch: the record the batch answered [B.get.one]",
      ).toEqual(b);
    },
  );
});
