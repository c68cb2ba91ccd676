import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
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
  test("a server that does not speak HTTP is unreachable, saying so", async () => {
    const garbage = createNetServer((socket) => socket.end("SSH-2.0-not-http\r\n\r\n"));
    await new Promise<void>((r) => garbage.listen(0, "127.0.0.1", r));
    try {
      const port = (garbage.address() as AddressInfo).port;
      expect(await probeUrl(`http://127.0.0.1:${port}/`, 2000)).toMatch(/does not answer HTTP|unreachable/);
    } finally {
      garbage.close();
      garbage.unref();
    }
  });
  test("an HTTPS server with a certificate nobody trusts is reachable (the target checks trust)", async () => {
    expect(
      await probeUrl("https://x", 2000, async () => {
        throw Object.assign(new Error("self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" });
      }),
    ).toBeUndefined();
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
