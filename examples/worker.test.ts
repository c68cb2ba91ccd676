import { beforeEach, expect, test } from "vitest";
import { envFromWranglerConfig } from "../adapters/wrangler.ts";
import { createSimulator } from "../sim/index.ts";
import worker, { type Env } from "./worker.ts";

const sim = createSimulator({ seed: 1 });
const env = envFromWranglerConfig<Env>(new URL("./wrangler.toml", import.meta.url), sim);

beforeEach(() => sim.control.reset());

test("the worker writes, reads, lists and deletes through its bucket binding", async () => {
  const put = await worker.fetch(new Request("https://files.test/notes/a.txt", { method: "PUT", body: "hi" }), env);
  expect(put.status).toBe(201);

  const got = await worker.fetch(new Request("https://files.test/notes/a.txt"), env);
  expect(await got.text()).toBe("hi");
  expect(got.headers.get("etag")).toBe(put.headers.get("etag"));

  const cached = await worker.fetch(
    new Request("https://files.test/notes/a.txt", { headers: { "if-none-match": put.headers.get("etag")! } }),
    env,
  );
  expect(cached.status).toBe(304);

  // The bucket is the simulator's: the test can look inside it directly.
  const stored = await sim.bucket("file-service-files").head("notes/a.txt");
  expect(stored?.size).toBe(2);

  const listed = await worker.fetch(new Request("https://files.test/"), env);
  expect(await listed.json()).toEqual({ greeting: "hello from the simulator", keys: ["notes/a.txt"] });

  await worker.fetch(new Request("https://files.test/notes/a.txt", { method: "DELETE" }), env);
  expect((await worker.fetch(new Request("https://files.test/notes/a.txt"), env)).status).toBe(404);
});

test("an injected storage fault reaches the worker as the platform's error", async () => {
  sim.control.faults.add({ operation: "object-store.put", error: { code: 10001 }, times: 1 });
  const put = worker.fetch(new Request("https://files.test/x", { method: "PUT", body: "x" }), env);
  await expect(put).rejects.toThrow("put: We encountered an internal error. Please try again. (10001)");
  const retry = await worker.fetch(new Request("https://files.test/x", { method: "PUT", body: "x" }), env);
  expect(retry.status).toBe(201);
});
