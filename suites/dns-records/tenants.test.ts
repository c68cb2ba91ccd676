/**
 * Area B: tenant isolation. The second tenant's email/key, and its API token, must not read or write
 * the primary tenant's zone (403 / 9109) on any operation, and a refused call changes nothing; nor may
 * the primary key or token reach the second tenant's zone, nor the second tenant's key reach a record of
 * this zone by its id through its own zone's path. Also: PATCH with a `name` renames the record.
 */
import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { checkEnvelope, cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Ctx = Parameters<Parameters<typeof clauseTest>[2]>[0];

/**
 * With the other tenant's credentials (`auth`), every read and write of a record of this zone (list,
 * filtered list, get, create, PATCH, PUT, DELETE, each batch kind) is 403 / 9109 with a null result,
 * and the zone is unchanged. Record contents are 198.51.100.<ip>..<ip + 3>.
 */
async function expectOtherTenantRefused(ctx: Ctx, auth: "other-key" | "other-token", label: string, ip: number) {
  const { records } = await recordsOf(ctx);
  skipUnless(ctx, await getTarget(), "tenants");
  const api = records.api;
  const r = await records.create({ type: "A", name: uniqueLabel(label), content: `198.51.100.${ip}`, comment: "mine" });
  const before = await records.state();
  const other = { auth } as const;
  const one = `${records.path}/${r.id}`;
  const body = { type: "A", name: uniqueLabel(label), content: `198.51.100.${ip + 1}` };
  const calls: [string, string, unknown][] = [
    ["GET", records.path, undefined],
    ["GET", `${records.path}?name=${encodeURIComponent(r.name)}`, undefined],
    ["GET", one, undefined],
    ["POST", records.path, body],
    ["PATCH", one, { content: `198.51.100.${ip + 2}` }],
    ["PUT", one, body],
    ["DELETE", one, undefined],
    ["POST", `${records.path}/batch`, { posts: [body] }],
    ["POST", `${records.path}/batch`, { deletes: [{ id: r.id }] }],
    ["POST", `${records.path}/batch`, { patches: [{ id: r.id, content: `198.51.100.${ip + 3}` }] }],
    ["POST", `${records.path}/batch`, { puts: [{ id: r.id, ...body }] }],
  ];
  for (const [method, path, b] of calls) {
    const env = expectFailure(await api.request(method, path, b, other), 403, 9109);
    expect(env.result, `${method} ${path} (${auth}): result is null [B.tenant.isolation]`).toBeNull();
  }
  expect(
    await records.state(),
    `after every refused call with ${auth}: the zone is unchanged [B.validation.no-change]`,
  ).toBe(before);
  expect(
    records.ok(await records.get(r.id)),
    `GET our record after the refused calls with ${auth}: unchanged [B.validation.no-change]`,
  ).toEqual(r);
  return { records, other, body };
}

describe("dns records: tenants", () => {
  clauseTest(
    ["B.tenant.isolation", "B.validation.no-change"],
    "another tenant's key cannot list, read, create, update, delete or batch in this zone (403 / 9109), nothing changes",
    async (ctx) => {
      await expectOtherTenantRefused(ctx, "other-key", "tn", 60);
    },
  );

  clauseTest(
    ["B.tenant.isolation"],
    "the primary key cannot reach the second tenant's zone; the second tenant's key works on its own zone only",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const target = await getTarget();
      skipUnless(ctx, target, "tenants");
      const api = records.api;
      const theirs = `/zones/${api.otherTenant!.zone_id}/dns_records`;
      const body = { type: "TXT", name: uniqueLabel("tn"), content: "theirs" };
      expectFailure(await api.request("GET", theirs), 403, 9109);
      expectFailure(await api.request("POST", theirs, body), 403, 9109);
      expectFailure(await api.request("POST", `${theirs}/batch`, { posts: [body] }), 403, 9109);
      // With its own key, the second tenant creates in its own zone; the primary zone does not see it.
      const made = await api.request<{ success: boolean; result: { id: string; zone_id: string } }>(
        "POST",
        theirs,
        body,
        { auth: "other-key" },
      );
      expect(
        made.status,
        `POST ${theirs} (second tenant's key, its own zone): status 200 [B.tenant.isolation]: ${made.text.slice(0, 300)}`,
      ).toBe(200);
      expect(
        made.json.result.zone_id,
        `POST ${theirs} (second tenant): result.zone_id is its zone [B.record.zone]`,
      ).toBe(api.otherTenant!.zone_id);
      expectFailure(await api.request("GET", `${theirs}/${made.json.result.id}`), 403, 9109);
      expectFailure(await api.request("DELETE", `${theirs}/${made.json.result.id}`), 403, 9109);
      expectFailure(await records.get(made.json.result.id), 404, 81044);
      const gone = await api.request("DELETE", `${theirs}/${made.json.result.id}`, undefined, { auth: "other-key" });
      expect(
        gone.status,
        `DELETE ${theirs}/{id} (second tenant's key, its own record): status 200 [B.delete.result-id]`,
      ).toBe(200);
    },
  );

  clauseTest(
    ["B.tenant.isolation-token", "B.validation.no-change"],
    "another tenant's API token cannot list, read, create, update, delete or batch in this zone (403 / 9109), nothing changes",
    async (ctx) => {
      const { records, other, body } = await expectOtherTenantRefused(ctx, "other-token", "tt", 65);
      const api = records.api;
      // The second tenant's token works on its own zone (so the refusals above are about the zone).
      const theirs = `/zones/${api.otherTenant!.zone_id}/dns_records`;
      const own = await api.request<{ result: { id: string } }>("POST", theirs, body, other);
      expect(
        own.status,
        `POST ${theirs} (second tenant's token, its own zone): status 200 [B.tenant.isolation-token]: ${own.text.slice(0, 300)}`,
      ).toBe(200);
      try {
        // The primary tenant's token, when the target has one, cannot reach the second tenant's zone.
        if (api.schemes.has("token")) {
          for (const [method, path] of [
            ["GET", theirs],
            ["GET", `${theirs}/${own.json.result.id}`],
            ["DELETE", `${theirs}/${own.json.result.id}`],
          ] as const) {
            expectFailure(await api.request(method, path, undefined, { auth: "token" }), 403, 9109);
          }
        }
      } finally {
        // The second tenant's record goes whatever happened above (a failure leaves nothing on its account).
        const gone = await api.request("DELETE", `${theirs}/${own.json.result.id}`, undefined, other);
        expect(
          gone.status,
          `DELETE ${theirs}/{id} (second tenant's token, its own record): status 200 [B.delete.result-id]`,
        ).toBe(200);
      }
    },
  );

  clauseTest(
    ["B.tenant.isolation", "B.validation.no-change"],
    "the second tenant's key, through its own zone's path, cannot read, change or delete a record of this zone by its id (404 / 81044 one by one, a refused batch), nothing changes",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      skipUnless(ctx, await getTarget(), "tenants");
      const api = records.api;
      const r = await records.create({ type: "A", name: uniqueLabel("ti"), content: "198.51.100.70", comment: "mine" });
      const before = await records.state();
      // The implementation that finds a record by its id alone, whatever zone the path names, is caught here.
      const theirs = `/zones/${api.otherTenant!.zone_id}/dns_records`;
      const one = `${theirs}/${r.id}`;
      const other = { auth: "other-key" } as const;
      const body = { type: "A", name: uniqueLabel("ti"), content: "198.51.100.71" };
      for (const [method, b] of [
        ["GET", undefined],
        ["PATCH", { content: "198.51.100.72" }],
        ["PUT", body],
        ["DELETE", undefined],
      ] as const) {
        const env = expectFailure(await api.request(method, one, b, other), 404, 81044);
        expect(
          env.result,
          `${method} ${one} (second tenant's key, our record's id): result is null [B.tenant.isolation]`,
        ).toBeNull();
      }
      for (const b of [
        { deletes: [{ id: r.id }] },
        { patches: [{ id: r.id, content: "198.51.100.73" }] },
        { puts: [{ id: r.id, ...body }] },
      ]) {
        const res = await api.request("POST", `${theirs}/batch`, b, other);
        const what = `batch ${Object.keys(b)[0]}: ${res.text.slice(0, 300)}`;
        const env = checkEnvelope(res);
        expect(env.success, `POST ${theirs}/batch ${what}: success false [B.tenant.isolation]`).toBe(false);
        expect(res.status, `POST ${theirs}/batch ${what}: a 4xx status [B.tenant.isolation]`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.status, `POST ${theirs}/batch ${what}: a 4xx status [B.tenant.isolation]`).toBeLessThan(500);
        expect(env.result ?? null, `POST ${theirs}/batch ${what}: result is null [B.tenant.isolation]`).toBeNull();
      }
      expect(
        await records.state(),
        "after the second tenant's calls on our record's id: the zone is unchanged [B.validation.no-change]",
      ).toBe(before);
      expect(
        records.ok(await records.get(r.id)),
        "GET our record after the second tenant's calls: unchanged [B.validation.no-change]",
      ).toEqual(r);
    },
  );

  clauseTest(
    ["B.tenant.isolation", "B.list.filter-params"],
    "the second tenant's list of its own zone, filtered or not, holds none of this zone's records; ours none of its",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      skipUnless(ctx, await getTarget(), "tenants");
      const api = records.api;
      const label = uniqueLabel("tl");
      const content = "198.51.100.77";
      const ours = await records.create({ type: "A", name: label, content, comment: "Both Zones", tags: ["iso:zone"] });
      const theirs = `/zones/${api.otherTenant!.zone_id}/dns_records`;
      const other = { auth: "other-key" } as const;
      const made = await api.request<{ result: { id: string } }>(
        "POST",
        theirs,
        { type: "A", name: label, content, comment: "Both Zones", tags: ["iso:zone"] },
        other,
      );
      expect(
        made.status,
        `POST ${theirs} (second tenant's key, the same relative name and content): status 200 [B.tenant.isolation]`,
      ).toBe(200);
      const their = made.json.result.id;
      try {
        for (const q of [
          "per_page=5000",
          `content=${content}`,
          `name.startswith=${label.toUpperCase()}`,
          "comment.exact=both%20zones",
          "tag.exact=iso:zone",
          "type=A&proxied=false&per_page=5000",
        ]) {
          const res = await api.request<{ result: { id: string }[] }>("GET", `${theirs}?${q}`, undefined, other);
          const env = checkEnvelope<{ id: string }[]>(res);
          const ids = env.result.map((x) => x.id);
          expect(ids, `GET ${theirs}?${q} (second tenant): holds its own record [B.list.filter-params]`).toContain(
            their,
          );
          expect(
            ids,
            `GET ${theirs}?${q} (second tenant): none of our zone's records [B.tenant.isolation]`,
          ).not.toContain(ours.id);
          const mine = (await records.list(q)).result.map((x) => x.id);
          expect(mine, `GET our dns_records?${q}: holds our record [B.list.filter-params]`).toContain(ours.id);
          expect(mine, `GET our dns_records?${q}: not the second tenant's record [B.tenant.isolation]`).not.toContain(
            their,
          );
        }
      } finally {
        const gone = await api.request("DELETE", `${theirs}/${their}`, undefined, other);
        expect(
          gone.status,
          `DELETE ${theirs}/{id} (second tenant's key, its own record): status 200 [B.delete.result-id]`,
        ).toBe(200);
      }
    },
  );

  clauseTest(["B.patch.name", "B.patch.partial"], "PATCH with a name renames the record", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "A", name: uniqueLabel("rn"), content: "198.51.100.64", ttl: 300 });
    const to = uniqueLabel("rn2");
    const p = records.ok(await records.patch(r.id, { name: to }));
    expect(
      p,
      "PATCH {name}: the same record under the new full name, content and ttl kept [B.patch.name]",
    ).toMatchObject({ id: r.id, name: await records.fqdn(to), content: r.content, ttl: 300 });
    expect(
      await records.at(r.name),
      "GET dns_records?name=<old name> after the rename: nothing [B.patch.name]",
    ).toEqual([]);
    expect(
      (await records.at(await records.fqdn(to))).map((x) => x.id),
      "GET dns_records?name=<new name> after the rename: the record [B.patch.name]",
    ).toEqual([r.id]);
  });
});
