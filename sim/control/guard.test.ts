import { describe, expect, test } from "vitest";
import { allowedHostnames, controlAccessProblem, presentedToken, sameSecret } from "./guard.ts";

const access = { token: "s3cret-token", hosts: ["127.0.0.1"] };
const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });

describe("control surface access (serve)", () => {
  test("the token, as Bearer or the dedicated header; compared in constant time", () => {
    expect(presentedToken(headers({ authorization: "Bearer abc" }))).toBe("abc");
    expect(presentedToken(headers({ authorization: "bearer   abc " }))).toBe("abc");
    expect(presentedToken(headers({ authorization: "Basic abc" }))).toBeUndefined();
    expect(presentedToken(headers({ "x-edgeconf-control-token": "xyz" }))).toBe("xyz");
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
    const ok = { host: "127.0.0.1:8787", authorization: "Bearer s3cret-token" };
    expect(controlAccessProblem(headers(ok), access)).toBeUndefined();
    expect(controlAccessProblem(headers({ host: "127.0.0.1:8787" }), access)?.status).toBe(401);
    expect(controlAccessProblem(headers({ ...ok, authorization: "Bearer s3cret-tokeN" }), access)?.status).toBe(401);
  });

  test("Host must be loopback or the listening address; Origin, if any, too", () => {
    const token = { authorization: "Bearer s3cret-token" };
    for (const host of ["localhost", "LOCALHOST:1", "127.0.0.1", "[::1]:80"]) {
      expect(controlAccessProblem(headers({ ...token, host }), access), host).toBeUndefined();
    }
    for (const host of ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "", "a b", "user@localhost"]) {
      expect(controlAccessProblem(headers({ ...token, host }), access)?.status, host).toBe(403);
    }
    expect(controlAccessProblem(headers(token), access)?.status).toBe(403);
    const host = { ...token, host: "localhost:1" };
    expect(controlAccessProblem(headers({ ...host, origin: "http://localhost:3000" }), access)).toBeUndefined();
    for (const origin of [
      "https://evil.example",
      "null",
      "http://localhost.evil.example",
      "file://",
      "chrome-extension://x",
    ]) {
      expect(controlAccessProblem(headers({ ...host, origin }), access)?.status, origin).toBe(403);
    }
    expect(controlAccessProblem(headers({ ...host, "sec-fetch-site": "cross-site" }), access)?.status).toBe(403);
    expect([...allowedHostnames({ hosts: ["0.0.0.0", "::", "192.168.1.5", "::1"] })].sort()).toEqual(
      ["127.0.0.1", "192.168.1.5", "[::1]", "localhost"].sort(),
    );
  });
});
