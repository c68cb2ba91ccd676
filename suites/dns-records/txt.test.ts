/** Area B: TXT quoting, long strings, and email-authentication records as TXT content. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: TXT", () => {
  clauseTest(
    ["B.txt.auto-quote", "B.txt.quoted"],
    "a TXT record saved without quotes gets double quotes",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({ type: "TXT", name: uniqueLabel("tq"), content: "hello world" });
      expect(r.content, 'POST TXT hello world (unquoted): result.content "hello world" quoted [B.txt.auto-quote]').toBe(
        '"hello world"',
      );
    },
  );

  clauseTest(["B.txt.quoted"], "quoted TXT strings are kept as quoted strings", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "TXT", name: uniqueLabel("tq"), content: '"part one" "part two"' });
    expect(r.content, "POST TXT with two quoted strings: result.content as sent [B.txt.quoted]").toBe(
      '"part one" "part two"',
    );
  });

  clauseTest(
    ["B.txt.inconsistent-quotes", "B.validation.code", "B.validation.no-change"],
    "inconsistent quoting is a validation error and creates nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const content of ['"unterminated', 'trailing"', 'mid"dle', '"a"b', '"a" "b']) {
        const label = uniqueLabel("tb");
        expectFailure(await records.post({ type: "TXT", name: label, content }), 400, 1004);
        expect(
          await records.at(await records.fqdn(label)),
          `records at the name after the refused TXT ${content}: none [B.validation.no-change]`,
        ).toEqual([]);
      }
    },
  );

  clauseTest(["B.txt.split-255"], "a TXT string longer than 255 bytes is split into 255-byte pieces", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const long = "k".repeat(300);
    const r = await records.create({ type: "TXT", name: uniqueLabel("tl"), content: long });
    expect(r.content, "POST TXT of 300 bytes: result.content two quoted strings of 255 and 45 [B.txt.split-255]").toBe(
      `"${"k".repeat(255)}" "${"k".repeat(45)}"`,
    );
  });

  clauseTest(["B.txt.email-auth"], "SPF, DKIM and DMARC are created as TXT content", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const sub = uniqueLabel("mail");
    const spf = await records.create({ type: "TXT", name: sub, content: "v=spf1 include:_spf.example.net -all" });
    expect(spf.content, "POST TXT SPF: result.content the SPF text, quoted [B.txt.email-auth]").toBe(
      '"v=spf1 include:_spf.example.net -all"',
    );
    const dkim = await records.create({
      type: "TXT",
      name: `sel1._domainkey.${sub}`,
      content: "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC",
    });
    expect(dkim.type, "POST TXT DKIM at sel1._domainkey: result.type TXT [B.txt.email-auth]").toBe("TXT");
    const dmarc = await records.create({ type: "TXT", name: `_dmarc.${sub}`, content: "v=DMARC1; p=reject" });
    expect(dmarc.name, "POST TXT DMARC at _dmarc: result.name the full _dmarc name [B.txt.email-auth]").toBe(
      await records.fqdn(`_dmarc.${sub}`),
    );
    expect(dmarc.content, "POST TXT DMARC: result.content the DMARC text, quoted [B.txt.email-auth]").toBe(
      '"v=DMARC1; p=reject"',
    );
  });
});
