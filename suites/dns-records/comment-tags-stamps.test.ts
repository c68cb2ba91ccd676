/**
 * Area B: `comment_modified_on` and `tags_modified_on` (the SDK's RecordResponse, cloudflare-typescript
 * src/resources/dns/records.ts: "When the record comment was last modified. Omitted if there is no
 * comment."; the same for tags). Between writes the target's clock is moved off whole seconds where it
 * can be (the simulators), else a little real time passes, so that a stamp taken from the wrong write
 * shows.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Stamped = DnsRecord & { comment_modified_on?: string; tags_modified_on?: string };

async function tick(): Promise<void> {
  const target = await getTarget();
  if (target.capabilities.has("clock") && target.objectStore?.advanceClock) {
    await target.objectStore.advanceClock(1_337);
  } else {
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The two stamps of `r` (undefined when omitted), and whether each key is present at all. */
function stamps(r: Stamped) {
  return {
    comment_modified_on: r.comment_modified_on,
    tags_modified_on: r.tags_modified_on,
    hasComment: Object.hasOwn(r, "comment_modified_on"),
    hasTags: Object.hasOwn(r, "tags_modified_on"),
  };
}

describe("dns records: comment_modified_on and tags_modified_on", () => {
  clauseTest(
    ["B.record.comment-tags-modified-on", "B.patch.partial", "B.put.overwrite"],
    "set by the write that changes the comment or the tags, kept by other writes, omitted when there are none",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("cm");
      const bare = (await records.create({ type: "A", name, content: "198.51.100.80", ttl: 300 })) as Stamped;
      expect(
        stamps(bare),
        "POST (no comment, no tags): neither stamp is present [B.record.comment-tags-modified-on]",
      ).toMatchObject({
        hasComment: false,
        hasTags: false,
      });

      await tick();
      const c0 = (await records.create({
        type: "TXT",
        name,
        content: '"stamps"',
        comment: "First Note",
        tags: ["Owner:dns"],
      })) as Stamped;
      expect(
        stamps(c0),
        "POST with comment and tags: comment_modified_on and tags_modified_on are created_on [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment_modified_on: c0.created_on, tags_modified_on: c0.created_on });

      await tick();
      const c1 = records.ok(await records.patch(c0.id, { ttl: 600 })) as Stamped;
      expect(
        stamps(c1),
        "PATCH {ttl} (comment and tags untouched): both stamps are left as they were [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment_modified_on: c0.created_on, tags_modified_on: c0.created_on });
      expect(c1.modified_on, "PATCH {ttl}: modified_on moves [B.record.modified-on-moves]").not.toBe(c0.modified_on);

      await tick();
      const c2 = records.ok(await records.patch(c0.id, { comment: "Second note" })) as Stamped;
      expect(
        stamps(c2),
        "PATCH {comment}: comment_modified_on is this write's modified_on; tags_modified_on stays [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment_modified_on: c2.modified_on, tags_modified_on: c0.created_on });
      expect(c2.comment, "PATCH {comment}: comment [B.record.comment-tags-modified-on]").toBe("Second note");

      await tick();
      const c3 = records.ok(await records.patch(c0.id, { tags: ["owner:dns", "env:prod"] })) as Stamped;
      expect(
        stamps(c3),
        "PATCH {tags}: tags_modified_on is this write's modified_on; comment_modified_on stays [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment_modified_on: c2.modified_on, tags_modified_on: c3.modified_on });
      expect([...c3.tags].sort(), "PATCH {tags}: tags are the ones sent [B.record.comment-tags-modified-on]").toEqual([
        "env:prod",
        "owner:dns",
      ]);

      await tick();
      const c4 = records.ok(await records.patch(c0.id, { comment: null, tags: [] })) as Stamped;
      expect(
        { comment: c4.comment, tags: c4.tags, ...stamps(c4) },
        "PATCH {comment: null, tags: []}: comment null, tags [], both stamps omitted [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment: null, tags: [], hasComment: false, hasTags: false });

      await tick();
      const c5 = records.ok(
        await records.put(c0.id, { type: "TXT", name, content: '"stamps"', comment: "put note", tags: ["a:b"] }),
      ) as Stamped;
      expect(
        stamps(c5),
        "PUT with comment and tags: both stamps are this write's modified_on [B.record.comment-tags-modified-on]",
      ).toMatchObject({
        comment_modified_on: c5.modified_on,
        tags_modified_on: c5.modified_on,
      });

      await tick();
      const c6 = records.ok(await records.put(c0.id, { type: "TXT", name, content: '"stamps"' })) as Stamped;
      expect(
        { comment: c6.comment, tags: c6.tags, ...stamps(c6) },
        "PUT without comment and tags: comment null, tags [], both stamps omitted [B.put.overwrite]",
      ).toMatchObject({ comment: null, tags: [], hasComment: false, hasTags: false });

      const read = records.ok(await records.get(c0.id)) as Stamped;
      expect(
        read,
        "GET after the writes: the record the last PUT answered [B.record.comment-tags-modified-on]",
      ).toEqual(c6);
      for (const r of [c1, c2, c3, c4, c5, c6]) {
        expect(r.created_on, `PATCH/PUT of ${c0.id}: created_on never changes [B.record.modified-on-moves]`).toBe(
          c0.created_on,
        );
      }
    },
  );

  clauseTest(
    ["B.record.comment-tags-modified-on", "B.batch.order-atomic"],
    "batch patches and posts stamp comment and tags the same way",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("cb");
      const r0 = (await records.create({ type: "A", name, content: "198.51.100.81", comment: "keep" })) as Stamped;
      await tick();
      const res = await records.batch({
        patches: [{ id: r0.id, tags: ["team:edge"] }],
        posts: [{ type: "A", name, content: "198.51.100.82", tags: ["x"] }],
      });
      expect(res.status, "POST dns_records/batch {patches, posts}: status [B.record.comment-tags-modified-on]").toBe(
        200,
      );
      const out = res.json.result as { patches: Stamped[]; posts: Stamped[] };
      const p = out.patches[0]!;
      expect(
        stamps(p),
        "batch patch {tags}: tags_modified_on is its modified_on; comment_modified_on is the create's [B.record.comment-tags-modified-on]",
      ).toMatchObject({ comment_modified_on: r0.created_on, tags_modified_on: p.modified_on });
      const n = out.posts[0]!;
      expect(
        stamps(n),
        "batch post with tags, no comment: tags_modified_on is created_on; no comment stamp [B.record.comment-tags-modified-on]",
      ).toMatchObject({
        tags_modified_on: n.created_on,
        hasComment: false,
      });
    },
  );

  // cloudflare-go #1195 (the official Go SDK, 2023-01-31): "allow sending empty strings to the API to clear DNS
  // comment values"; a cleared comment is absent: null, and its stamp omitted.
  clauseTest(
    ["B.record.comment-null", "B.record.comment-tags-modified-on", "B.patch.partial", "B.put.overwrite"],
    "an empty comment clears it on PATCH and PUT: comment null, comment_modified_on omitted",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("ce");
      const r0 = (await records.create({ type: "TXT", name, content: '"clear"', comment: "Clear Me" })) as Stamped;
      const p = records.ok(await records.patch(r0.id, { comment: "" })) as Stamped;
      expect(
        { comment: p.comment, hasComment: stamps(p).hasComment },
        'PATCH {comment: ""}: comment null, comment_modified_on omitted [B.record.comment-null]',
      ).toEqual({ comment: null, hasComment: false });
      records.ok(await records.patch(r0.id, { comment: "Again" }));
      const q = records.ok(await records.put(r0.id, { type: "TXT", name, content: '"clear"', comment: "" })) as Stamped;
      expect(
        { comment: q.comment, hasComment: stamps(q).hasComment },
        'PUT with comment "": comment null, comment_modified_on omitted [B.record.comment-null]',
      ).toEqual({ comment: null, hasComment: false });
      const read = records.ok(await records.get(r0.id)) as Stamped;
      expect(read.comment, "GET after the PUT with an empty comment: comment null [B.record.comment-null]").toBeNull();
    },
  );
});
