/**
 * Area B validation fuzzing: bodies valid by construction are accepted with what the spec says they
 * answer; bodies that break exactly one labelled rule are refused with the rule's error family
 * (status + code) and create nothing. Every input, shrunk ones included, is first checked against
 * the independent oracle `breaks(rule, ...)`, so a minimal counterexample still breaks its rule.
 */
import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { cleanupAfterAll, codesOf, recordsOf, uniqueLabel } from "../../suites/dns-records/helpers.ts";
import { type BrokenBody, breaks, brokenBody, RULES, validBody } from "./arbitraries.ts";

cleanupAfterAll();

/** Makes a broken body's name unique without touching the rule it breaks. */
function uniquify(b: BrokenBody, suffix: string): Record<string, unknown> {
  const body = { ...b.body };
  const name = String(body.name);
  if (b.rule === "name-too-long") body.name = `${name.slice(0, name.length - suffix.length)}${suffix}`;
  else if (b.rule === "name-bad-last-char") body.name = `${name.slice(0, -1)}${suffix}${name.slice(-1)}`;
  else body.name = `${name}${suffix}`;
  return body;
}

describe("dns records: validation fuzzing", () => {
  clauseProperty(
    [
      "B.create.endpoint",
      "B.name.full-lowercase",
      "B.ttl.proxied-auto",
      "B.ttl.dns-only-custom",
      "B.txt.auto-quote",
      "B.srv.content",
    ],
    "valid bodies are accepted and answer the name, TTL, proxy status and content the rules give",
    (ctx) =>
      fc.asyncProperty(validBody, async ({ body, expect: want }) => {
        const { records } = await recordsOf(ctx);
        const sent = { ...body, name: `${String(body.name)}${uniqueLabel("v").slice(1)}` };
        const res = await records.post(sent);
        const r = records.ok(res);
        expect(r.name, "POST (valid body): name lower case, in the zone").toBe(
          `${String(sent.name).toLowerCase()}.${await records.zoneName()}`,
        );
        expect(r.type, "POST (valid body): type as sent").toBe(want.type);
        expect(r.ttl, "POST (valid body): ttl as the rules give it (1 when proxied or left out)").toBe(want.ttl);
        expect(r.proxied, "POST (valid body): proxied as sent, false when left out").toBe(want.proxied);
        if (want.content !== undefined)
          expect(r.content, "POST (valid body): content in its stored form (TXT quoted, SRV from data)").toBe(
            want.content,
          );
        await records.delete(r.id);
        return true;
      }),
    { numRuns: 60 },
  );

  clauseProperty(
    [
      "B.name.max-63",
      "B.name.first-letter",
      "B.name.last-letter-digit",
      "B.name.charset",
      "B.ttl.range",
      "B.ttl.not-string",
      "B.type.a-ipv4",
      "B.type.no-platform-ip",
      "B.proxy.address-types-only",
      "B.txt.inconsistent-quotes",
      "B.cname.not-self",
      "B.validation.no-change",
      "B.envelope.failure",
    ],
    "bodies breaking exactly one rule are refused with that rule's error family and create nothing",
    (ctx) =>
      fc.asyncProperty(brokenBody, async (broken) => {
        const { records } = await recordsOf(ctx);
        const zone = await records.zoneName();
        const body = uniquify(broken, uniqueLabel("m").slice(1));
        const fqdn = `${String(body.name).toLowerCase()}.${zone}`;
        if (broken.rule === "cname-to-itself") body.content = fqdn;
        expect(breaks(broken.rule, body, fqdn), `mutation does not break ${broken.rule}: ${JSON.stringify(body)}`).toBe(
          true,
        );
        const res = await records.post(body);
        const family = RULES[broken.rule];
        expect(res.json.success, `${broken.rule} accepted: ${res.text.slice(0, 300)}`).toBe(false);
        expect(res.status, `${broken.rule}: ${res.text.slice(0, 300)}`).toBe(family.status);
        if (family.code !== undefined)
          expect(codesOf(res.json), `${broken.rule}: ${res.text.slice(0, 300)}`).toContain(family.code);
        const list = await records.list(`name=${encodeURIComponent(fqdn)}`);
        expect(list.result, `records at the name after the refused POST (${broken.rule}): none`).toEqual([]);
        return true;
      }),
    { numRuns: 80 },
  );
});
