/** Area B: the create endpoint, the envelope, authentication, versioning and the record's fields. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/;

describe("dns records: create, envelope, fields", () => {
  clauseTest(
    ["B.create.endpoint", "B.envelope.success", "B.version.v4", "B.auth.email-key"],
    "POST /zones/{zone_id}/dns_records with email + key answers the envelope with the record",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      expect(records.api.baseUrl, "the target's API base URL: ends in /v4 [B.version.v4]").toMatch(/\/v4$/);
      const label = uniqueLabel("env");
      const res = await records.post(
        { type: "A", name: label, content: "198.51.100.7", ttl: 3600, proxied: false },
        { auth: "key" },
      );
      const env = checkEnvelope(res);
      expect(res.status, "POST A with email + key: status 200 [B.create.endpoint]").toBe(200);
      expect(env.success, "POST A with email + key: envelope success true [B.envelope.success]").toBe(true);
      expect(env.errors, "POST A with email + key: envelope errors [] [B.envelope.success]").toEqual([]);
      expect(env.messages, "POST A with email + key: envelope messages [] [B.envelope.success]").toEqual([]);
      const r = records.ok(res);
      expect(
        r,
        "POST A with email + key: result is the record as sent, ttl 3600 and proxied false by default [B.create.endpoint]",
      ).toMatchObject({ type: "A", content: "198.51.100.7", ttl: 3600, proxied: false });
    },
  );

  clauseTest(
    [
      "B.record.fields",
      "B.record.meta",
      "B.record.comment-null",
      "B.record.tags",
      "B.record.timestamps",
      "B.record.zone",
    ],
    "a created record carries every listed field with its type",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({ type: "A", name: uniqueLabel("fld"), content: "198.51.100.8", ttl: 120 });
      for (const k of ["id", "zone_id", "zone_name", "name", "type", "content"] as const)
        expect(typeof r[k], `POST A: result.${k} a string [B.record.fields]`).toBe("string");
      for (const k of ["proxiable", "proxied", "locked"] as const)
        expect(typeof r[k], `POST A: result.${k} a boolean [B.record.fields]`).toBe("boolean");
      expect(typeof r.ttl, "POST A: result.ttl a number [B.record.fields]").toBe("number");
      expect(
        Object.keys(r.meta).sort(),
        "POST A: result.meta has auto_added, managed_by_apps, managed_by_tunnel, source [B.record.fields]",
      ).toEqual(expect.arrayContaining(["auto_added", "managed_by_apps", "managed_by_tunnel", "source"]));
      expect(typeof r.meta.auto_added, "POST A: result.meta.auto_added a boolean [B.record.fields]").toBe("boolean");
      expect(typeof r.meta.managed_by_apps, "POST A: result.meta.managed_by_apps a boolean [B.record.fields]").toBe(
        "boolean",
      );
      expect(typeof r.meta.managed_by_tunnel, "POST A: result.meta.managed_by_tunnel a boolean [B.record.fields]").toBe(
        "boolean",
      );
      expect(typeof r.meta.source, "POST A: result.meta.source a string [B.record.fields]").toBe("string");
      expect(r.comment, "POST A without a comment: result.comment null [B.record.fields]").toBeNull();
      expect(r.tags, "POST A without tags: result.tags [] [B.record.fields]").toEqual([]);
      expect(r.created_on, "POST A: result.created_on an ISO 8601 UTC time [B.record.fields]").toMatch(ISO_Z);
      expect(r.modified_on, "POST A: result.modified_on an ISO 8601 UTC time [B.record.fields]").toMatch(ISO_Z);
      expect(
        Number.isNaN(Date.parse(r.created_on)),
        "POST A: result.created_on parses as a date [B.record.fields]",
      ).toBe(false);
      expect(r.zone_id, "POST A: result.zone_id the zone's id [B.record.fields]").toBe(records.zoneId);
      expect(r.zone_name, "POST A: result.zone_name the zone's name [B.record.fields]").toBe(await records.zoneName());
      expect(r.name.endsWith(`.${r.zone_name}`), "POST A: result.name ends in .zone_name [B.record.fields]").toBe(true);
    },
  );

  clauseTest(["B.record.id"], "ids are assigned by the service, one per record", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const a = await records.create({ type: "TXT", name: uniqueLabel("id"), content: "one" });
    const b = await records.create({ type: "TXT", name: uniqueLabel("id"), content: "two" });
    expect(a.id, "two POST TXT: different result.id [B.record.id]").not.toBe(b.id);
    expect(a.id.length, "POST TXT: result.id not empty [B.record.id]").toBeGreaterThan(0);
  });

  clauseTest(
    ["B.envelope.failure", "B.validation.code"],
    "a refused create answers success false, a non-empty errors array, result null",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("bad");
      const res = await records.post({ type: "A", name, content: "not-an-ip" });
      const env = expectFailure(res, 400, 1004);
      // The control: the same record with an address for content is created.
      await records.create({ type: "A", name, content: "198.51.100.7" });
      expect(env.errors.length, "refused POST A: envelope errors not empty [B.envelope.failure]").toBeGreaterThan(0);
      expect(env.result, "refused POST A: envelope result null [B.envelope.failure]").toBeNull();
      expect(
        env.errors[0]?.error_chain?.length ?? 0,
        "refused POST A: errors[0].error_chain not empty [B.validation.code]",
      ).toBeGreaterThan(0);
    },
  );

  clauseTest(
    ["B.auth.missing", "B.envelope.failure"],
    "no credentials: 400/9106 and nothing is created",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = uniqueLabel("noauth");
      const res = await records.post({ type: "A", name: label, content: "198.51.100.9" }, { auth: "none" });
      expectFailure(res, 400, 9106);
      expect(
        await records.at(await records.fqdn(label)),
        "records at the name after a POST without credentials: none [B.auth.missing]",
      ).toEqual([]);
    },
  );

  clauseTest(["B.auth.invalid"], "a wrong key is 403/10000 and nothing is created", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const label = uniqueLabel("badkey");
    const headers = { "x-auth-email": "nobody@example.com", "x-auth-key": "0".repeat(37) };
    const res = await records.post({ type: "A", name: label, content: "198.51.100.9" }, { auth: { headers } });
    expectFailure(res, 403, 10000);
    expect(
      await records.at(await records.fqdn(label)),
      "records at the name after a POST with a wrong key: none [B.auth.invalid]",
    ).toEqual([]);
  });

  clauseTest(
    ["B.create.content-type"],
    "a create body sent without Content-Type application/json is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = uniqueLabel("ctype");
      const res = await records.api.request(
        "POST",
        records.path,
        { type: "A", name: label, content: "198.51.100.9" },
        { headers: { "content-type": "text/plain" } },
      );
      expectFailure(res, 400);
      expect(
        await records.at(await records.fqdn(label)),
        "records at the name after a POST with Content-Type text/plain: none [B.create.content-type]",
      ).toEqual([]);
    },
  );
});
