/**
 * Area B: bodies and fields of the wrong JSON kind. A body that is JSON but not an object (null, a number, a
 * string, a boolean, an array) is refused on create, PUT, PATCH and batch, as is a batch item that is not an
 * object; `comment` not a string, `tags` not an array of strings, `settings` not an object of booleans and
 * `proxied` not a boolean are refused (the SDK's RecordCreateParams: `comment?: string`,
 * `tags?: Array<RecordTags>` (strings), `settings?: {ipv4_only?: boolean, ...}`, `proxied?: boolean`).
 * Only the status (400) and that nothing changes are pinned: the platform's codes for these are not public.
 * `settings: null` may be taken as no settings or refused, never a server error.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const NOT_OBJECTS: readonly unknown[] = [null, 42, "A", true, [], [{ type: "A" }]];

describe("dns records: bodies and fields of the wrong kind", () => {
  clauseTest(
    ["B.validation.no-change", "B.envelope.failure", "B.batch.order-atomic"],
    "a JSON body that is not an object is refused (400) on create, PUT, PATCH and batch, and changes nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("bk");
      const fqdn = await records.fqdn(name);
      const kept = await records.create({ type: "TXT", name, content: '"kept"', comment: "Kept", tags: ["k:v"] });
      const before = await records.state();
      for (const body of NOT_OBJECTS) {
        const shown = JSON.stringify(body);
        expectFailure(await records.post(body), 400);
        expectFailure(await records.put(kept.id, body), 400);
        expectFailure(await records.patch(kept.id, body), 400);
        expectFailure(await records.batch(body), 400);
        expectFailure(await records.batch({ posts: [body] }), 400);
        expectFailure(await records.batch({ puts: [body] }), 400);
        expectFailure(await records.batch({ patches: [body] }), 400);
        expectFailure(await records.batch({ deletes: [body] }), 400);
        expect(
          await records.state(),
          `after the bodies ${shown}: the zone's records as they were [B.validation.no-change]`,
        ).toBe(before);
      }
      expect(
        records.ok(await records.get(kept.id)),
        "GET of the record after the refused PUT and PATCH bodies: the record as created [B.validation.no-change]",
      ).toEqual(kept);
      expect(
        (await records.at(fqdn)).map((r) => r.id),
        `the records at ${fqdn} after the refused bodies: only the one created [B.validation.no-change]`,
      ).toEqual([kept.id]);
    },
  );

  clauseTest(
    ["B.record.comment-tags-format", "B.settings.per-type", "B.record.proxied-boolean", "B.validation.no-change"],
    "comment not a string, tags not an array of strings, settings not an object of booleans, proxied not a boolean: refused (400) on create and PATCH",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const bad: readonly [string, Record<string, unknown>][] = [
        ...[5, true, {}, ["note"]].map((v) => ["comment", { comment: v }] as [string, Record<string, unknown>]),
        ...["web", { a: "b" }, 7, [5], [null], ["ok", 7], [["x"]]].map(
          (v) => ["tags", { tags: v }] as [string, Record<string, unknown>],
        ),
        ...[5, "ipv4_only", true, [], [true]].map(
          (v) => ["settings", { settings: v }] as [string, Record<string, unknown>],
        ),
        ...[{ ipv4_only: "true" }, { ipv6_only: 1 }, { ipv6_only: {} }].map(
          (v) => ["settings", { settings: v }] as [string, Record<string, unknown>],
        ),
        ...["true", 1, "false", 0, {}].map((v) => ["proxied", { proxied: v }] as [string, Record<string, unknown>]),
      ];
      const name = uniqueLabel("bf");
      const fqdn = await records.fqdn(name);
      for (const [field, extra] of bad) {
        const res = await records.post({ type: "A", name, content: "198.51.100.140", ...extra });
        expectFailure(res, 400);
        expect(
          await records.at(fqdn),
          `POST A with ${field} ${JSON.stringify(extra[field])}: refused, nothing created [B.validation.no-change]`,
        ).toEqual([]);
      }
      const kept = await records.create({ type: "A", name, content: "198.51.100.141", comment: "Kept", tags: ["k:v"] });
      for (const [field, extra] of bad) {
        expectFailure(await records.patch(kept.id, extra), 400);
        expect(
          records.ok(await records.get(kept.id)),
          `GET after PATCH {${field}: ${JSON.stringify(extra[field])}}: the record as created [B.validation.no-change]`,
        ).toEqual(kept);
      }
    },
  );

  clauseTest(
    ["B.settings.per-type", "B.record.tags"],
    "settings: null is taken as no settings or refused, never a server error; tags and comment as sent are kept (control)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const control = await records.create({ type: "A", name: uniqueLabel("sn"), content: "198.51.100.142" });
      const name = uniqueLabel("sn");
      const res = await records.post({ type: "A", name, content: "198.51.100.143", settings: null });
      if (res.status === 200) {
        expect(
          records.ok(res).settings,
          "POST A with settings null, accepted: the settings of an A record created without settings",
        ).toEqual(control.settings);
      } else {
        expectFailure(res, 400);
        expect(
          await records.at(await records.fqdn(name)),
          "POST A with settings null, refused: nothing created",
        ).toEqual([]);
      }
      const good = await records.create({
        type: "A",
        name: uniqueLabel("sn"),
        content: "198.51.100.144",
        comment: "ok",
        tags: ["web", "env:prod"],
        settings: { ipv4_only: false },
        proxied: false,
      });
      expect(
        { comment: good.comment, tags: [...good.tags].sort(), proxied: good.proxied, ipv4: good.settings?.ipv4_only },
        "POST A with fields of the right kinds (the control): comment, tags, proxied and settings.ipv4_only as sent",
      ).toEqual({ comment: "ok", tags: ["env:prod", "web"], proxied: false, ipv4: false });
    },
  );
});
