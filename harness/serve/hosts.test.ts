/**
 * `edgeconf serve --host 0.0.0.0` (or `::`) prints URLs a client on the machine can use: loopback, which
 * the control surface's Host check accepts (the check itself is unchanged), never the wildcard address.
 */
import { request } from "node:http";
import { describe, expect, test } from "vitest";
import { reachableHost, urlHostOf } from "./hosts.ts";
import { startServe } from "./index.ts";

describe("URLs printed for wildcard hosts", () => {
  test("a wildcard address becomes loopback; other hosts are unchanged", () => {
    expect(reachableHost("0.0.0.0")).toBe("127.0.0.1");
    expect(reachableHost("::")).toBe("::1");
    expect(urlHostOf("::")).toBe("[::1]");
    expect(urlHostOf("::1")).toBe("[::1]");
    expect(urlHostOf("127.0.0.1")).toBe("127.0.0.1");
    expect(urlHostOf("192.0.2.5")).toBe("192.0.2.5");
  });

  test("serve --host 0.0.0.0: control_url, base_url and kt_url are loopback, and control_url answers", async () => {
    const served = await startServe({ seed: 5, host: "0.0.0.0" });
    try {
      const { info } = served;
      expect(info.control_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__edgeconf$/);
      expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
      if (info.kt_url !== null) expect(info.kt_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(info.control_url, { headers: { authorization: `Bearer ${info.control_token}` } });
      expect(res.status).toBe(200);
      // The Host check is as it was: the wildcard address itself is still refused.
      const port = new URL(info.control_url).port;
      const wild = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: "/__edgeconf",
            headers: { authorization: `Bearer ${info.control_token}`, host: `0.0.0.0:${port}` },
          },
          (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(wild).toBe(403);
    } finally {
      await served.close();
    }
  });
});
