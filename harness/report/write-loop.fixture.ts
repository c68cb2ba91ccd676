/**
 * For write-atomic.test.ts: writes reports to the folder in argv[2] again and again (run ids r0, r1,
 * ...; each with a large extra file so that a write takes a while), printing "ready" after the first,
 * until it is killed.
 */
import * as nodeFs from "node:fs";
import { buildReport } from "./build.ts";
import { sampleInput } from "./sample.ts";
import { writeReport } from "./write.ts";

const out = process.argv[2]!;
const big = "x".repeat(2 * 1024 * 1024);
for (let i = 0; ; i++) {
  const report = buildReport(sampleInput({ runId: `r${i}` }));
  writeReport(report, out, nodeFs, { "replays/big.json": big, "replays/id.txt": `r${i}` });
  if (i === 0) process.stdout.write("ready\n");
}
