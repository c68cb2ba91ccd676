/**
 * The consistency check inside `edgeconf run`: concurrent clients on the run's target, a small history
 * (4 clients x 100 operations), checked for linearizability against the area's sequential model
 * (harness/consistency: `edgeconf check consistency` records larger ones and draws a violation). A
 * violation fails the test with the smallest sub-history found that proves it; a check that cannot decide
 * in time fails too (nothing is credited that was not shown).
 *
 * On the simulator the calls overlap less than under `edgeconf check consistency --target sim`, which
 * injects latency through the control surface (the suites reach the target only through harness/targets).
 */
import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkAreaHistory } from "../../harness/consistency/areas/check.ts";
import { areaViolationText } from "../../harness/consistency/areas/command.ts";
import { dnsProtectionWorkload } from "../../harness/consistency/areas/dns-protection.ts";
import { dnsRecordsWorkload } from "../../harness/consistency/areas/dns-records.ts";
import { keyTransparencyWorkload } from "../../harness/consistency/areas/key-transparency.ts";
import type { AreaWorkload } from "../../harness/consistency/areas/record.ts";
import { recordAreaHistory } from "../../harness/consistency/areas/record.ts";
import { AREA_MODELS, apiSend, ktSend, withZoneName } from "../../harness/consistency/areas/targets.ts";
import type { HttpArea, Send } from "../../harness/consistency/areas/types.ts";
import { checkHistory } from "../../harness/consistency/check.ts";
import { violationText } from "../../harness/consistency/command.ts";
import { recordHistory } from "../../harness/consistency/record.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { apiOf } from "../http/support.ts";
import { ktOf } from "../key-transparency/support.ts";
import { open } from "../object-store/helpers.ts";

const SIZE = { clients: 4, ops: 100 } as const;
const SEED = 24;

/**
 * Nothing is credited that was not served: every call answered (a failed call's effect is unknown, and a
 * history of failed calls is trivially linearizable), and some write took effect.
 */
function expectServed<O extends { call: unknown; outcome: unknown }>(
  what: string,
  ops: readonly O[],
  wrote: (op: O) => boolean,
): void {
  const failed = ops.filter((o) => (o.outcome as { kind: string }).kind === "error");
  expect(
    failed.map((o) => (o.outcome as { message?: string }).message).slice(0, 3),
    `${what}: calls that failed (no answer, or a 5xx), of ${ops.length}`,
  ).toEqual([]);
  expect(ops.filter(wrote).length, `${what}: writes that took effect (a positive control)`).toBeGreaterThan(0);
}

async function expectAreaLinearizable(area: HttpArea, workload: AreaWorkload<unknown>, send: Send): Promise<void> {
  const history = await recordAreaHistory(workload, send, {
    ...SIZE,
    keys: 2,
    seed: SEED,
    tag: randomBytes(4).toString("hex"),
  });
  await workload.cleanup(send, history);
  const model = AREA_MODELS[area];
  expectServed(area, history.ops, (op) => model.wrote(op));
  const v = checkAreaHistory(history, model, { timeLimitMs: 5_000 });
  const why =
    v.result === "violation"
      ? `no order of these operations gives what they returned:\n${areaViolationText(v.violation, model)}`
      : v.result === "unknown"
        ? v.reason
        : "";
  expect(
    v.result,
    `${area}: ${history.ops.length} overlapping calls of ${SIZE.clients} clients, linearizable? ${why}`,
  ).toBe("linearizable");
}

describe("concurrent calls are linearizable", () => {
  clauseTest(["D.consistency.linearizable"], "put, get, head, delete, list and multipart of 4 clients", async (ctx) => {
    // Two small parts where the minimum part size can be lowered; else one part (the last may be any size).
    const small = (await getTarget()).capabilities.has("min-part-size");
    const { bucket } = await open(ctx, small ? { minPartSize: 1 } : undefined);
    const parts = small ? 2 : 1;
    const history = await recordHistory(bucket, { ...SIZE, keys: 4, seed: SEED, multipartParts: parts });
    expectServed("object-store", history.ops, (op) => op.call.op === "put" && op.outcome.kind === "object");
    const v = checkHistory(history, { timeLimitMs: 5_000 });
    const why = v.result === "violation" ? `\n${violationText(v.violation)}` : v.result === "unknown" ? v.reason : "";
    expect(v.result, `object-store: ${history.ops.length} overlapping calls of 4 clients, linearizable? ${why}`).toBe(
      "linearizable",
    );
  });

  clauseTest(
    ["B.consistency.conflict-create"],
    "record creates, deletes and lists of 4 clients at 2 names",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const zoned = await withZoneName(api);
      const c = zoned.credentials;
      await expectAreaLinearizable(
        "dns-records",
        dnsRecordsWorkload({ zoneId: c.zone_id, zoneName: c.zone_name }) as unknown as AreaWorkload<unknown>,
        apiSend(zoned),
      );
    },
  );

  clauseTest(["C.consistency.publish-once"], "publishes and audit reads of 4 clients on 2 namespaces", async (ctx) => {
    const { kt } = await ktOf(ctx);
    await expectAreaLinearizable(
      "key-transparency",
      keyTransparencyWorkload() as unknown as AreaWorkload<unknown>,
      ktSend(kt),
    );
  });

  clauseTest(["A.consistency.patch-atomic"], "PATCHes and GETs of 4 clients on 2 rules", async (ctx) => {
    const { api } = await apiOf(ctx);
    await expectAreaLinearizable(
      "dns-protection",
      dnsProtectionWorkload(api.credentials.account_id) as unknown as AreaWorkload<unknown>,
      apiSend(api),
    );
  });
});
