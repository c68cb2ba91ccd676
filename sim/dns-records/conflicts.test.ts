import { describe, expect, test } from "vitest";
import { checkConflicts, cnameChainProblem } from "./conflicts.ts";
import type { RecordDraft } from "./record.ts";

const zone = "example.com";
const draft = (type: string, name: string, content: string, proxied = false): RecordDraft => ({
  type,
  name,
  content,
  proxied,
  proxiable: false,
  ttl: 1,
  settings: {},
  comment: null,
  tags: [],
});
const codeOf = (f: () => void) => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe("conflicts", () => {
  test("identical record 81058", () => {
    expect(
      codeOf(() => checkConflicts(draft("A", "a.example.com", "8.8.8.8"), [draft("A", "a.example.com", "8.8.8.8")])),
    ).toBe(81058);
    expect(
      codeOf(() => checkConflicts(draft("A", "a.example.com", "8.8.8.8"), [draft("A", "a.example.com", "8.8.4.4")])),
    ).toBeUndefined();
  });
  test("CNAME with A/AAAA/CNAME 81053", () => {
    expect(
      codeOf(() => checkConflicts(draft("CNAME", "a.example.com", "x.net"), [draft("A", "a.example.com", "8.8.8.8")])),
    ).toBe(81053);
    expect(
      codeOf(() =>
        checkConflicts(draft("AAAA", "a.example.com", "2a00::1"), [draft("CNAME", "a.example.com", "x.net")]),
      ),
    ).toBe(81053);
    expect(
      codeOf(() =>
        checkConflicts(draft("CNAME", "a.example.com", "y.net"), [draft("CNAME", "a.example.com", "x.net")]),
      ),
    ).toBe(81053);
    expect(
      codeOf(() => checkConflicts(draft("TXT", "a.example.com", '"x"'), [draft("CNAME", "a.example.com", "x.net")])),
    ).toBeUndefined();
  });
  test("NS with other types 81056", () => {
    expect(
      codeOf(() => checkConflicts(draft("NS", "s.example.com", "ns.x.net"), [draft("TXT", "s.example.com", '"x"')])),
    ).toBe(81056);
    expect(
      codeOf(() => checkConflicts(draft("TXT", "s.example.com", '"x"'), [draft("NS", "s.example.com", "ns.x.net")])),
    ).toBe(81056);
    expect(
      codeOf(() =>
        checkConflicts(draft("NS", "s.example.com", "ns2.x.net"), [draft("NS", "s.example.com", "ns.x.net")]),
      ),
    ).toBeUndefined();
  });
  test("at the zone apex NS sits beside other types; identical and CNAME rules still hold there", () => {
    const apex = [draft("DNSKEY", zone, "256 3 13 k"), draft("A", zone, "192.0.2.1")];
    expect(codeOf(() => checkConflicts(draft("NS", zone, "ns.x.net"), apex, zone))).toBeUndefined();
    expect(
      codeOf(() => checkConflicts(draft("TXT", zone, '"x"'), [draft("NS", zone, "ns.x.net")], zone)),
    ).toBeUndefined();
    expect(codeOf(() => checkConflicts(draft("NS", zone, "ns.x.net"), [draft("NS", zone, "ns.x.net")], zone))).toBe(
      81058,
    );
    expect(codeOf(() => checkConflicts(draft("CNAME", zone, "x.net"), apex, zone))).toBe(81053);
    // Below the apex, with the zone given, the NS rule stands; without the zone every name is checked.
    const sub = [draft("TXT", "s.example.com", '"x"')];
    expect(codeOf(() => checkConflicts(draft("NS", "s.example.com", "ns.x.net"), sub, zone))).toBe(81056);
    expect(codeOf(() => checkConflicts(draft("NS", zone, "ns.x.net"), apex))).toBe(81056);
  });
  test("proxied CNAME chains end at A or AAAA", () => {
    const zoneRecords = [
      draft("CNAME", "b.example.com", "c.example.com"),
      draft("A", "c.example.com", "8.8.8.8"),
      draft("CNAME", "d.example.com", "e.example.com"),
      draft("TXT", "e.example.com", '"x"'),
      draft("CNAME", "l1.example.com", "l2.example.com"),
      draft("CNAME", "l2.example.com", "l1.example.com"),
    ];
    expect(
      cnameChainProblem(draft("CNAME", "a.example.com", "b.example.com", true), zoneRecords, zone),
    ).toBeUndefined();
    expect(cnameChainProblem(draft("CNAME", "a.example.com", "d.example.com", true), zoneRecords, zone)).toMatch(
      /no A or AAAA/,
    );
    expect(cnameChainProblem(draft("CNAME", "a.example.com", "nothing.example.com", true), zoneRecords, zone)).toMatch(
      /no A/,
    );
    expect(cnameChainProblem(draft("CNAME", "a.example.com", "l1.example.com", true), zoneRecords, zone)).toMatch(
      /loops/,
    );
    expect(
      cnameChainProblem(draft("CNAME", "a.example.com", "elsewhere.net", true), zoneRecords, zone),
    ).toBeUndefined();
    expect(
      cnameChainProblem(draft("CNAME", "a.example.com", "d.example.com", false), zoneRecords, zone),
    ).toBeUndefined();
    expect(cnameChainProblem(draft("CNAME", "a.example.com", "a.example.com", false), zoneRecords, zone)).toMatch(
      /own name/,
    );
  });
});
