import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { probeTarget, probeUrl } from "./probe.ts";

let answering: Server;
let silent: Server;
const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/client/v4`;

beforeAll(async () => {
  answering = createServer((_req, res) => {
    res.statusCode = 404;
    res.end("garbage, not an envelope");
  });
  silent = createServer(() => {}); // accepts, never answers
  await Promise.all([answering, silent].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
});
afterAll(async () => {
  silent.closeAllConnections();
  await Promise.all([answering, silent].map((s) => new Promise((r) => s.close(r))));
});

describe("probe", () => {
  test("any HTTP answer, even a 404 with garbage, means reachable", async () => {
    expect(await probeUrl(url(answering), 2000)).toBeUndefined();
  });
  test("a refused connection is unreachable, with the cause", async () => {
    expect(await probeUrl("http://127.0.0.1:9/client/v4", 2000)).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/client\/v4 is unreachable: .*ECONNREFUSED/,
    );
  });
  test("silence past the timeout is unreachable", async () => {
    const started = Date.now();
    expect(await probeUrl(url(silent), 200)).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
  test("probeTarget names each URL that cannot be reached", async () => {
    const problems = await probeTarget(
      [
        { name: "base-url", url: url(answering) },
        { name: "kt-url", url: "http://127.0.0.1:9" },
      ],
      2000,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^target unreachable \(kt-url\): http:\/\/127\.0\.0\.1:9 is unreachable/);
  });
});
