/** Reports name who answered: the workerd and Miniflare versions, the bridge Worker's URL, the module. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { packageVersion, versions } from "../run/versions.ts";
import { createHttpApiTarget } from "./api.ts";
import {
  moduleImplementation,
  recordedImplementation,
  runImplementation,
  serverImplementation,
  targetIdentity,
  targetImplementation,
} from "./identity.ts";
import { bridgeCompatibilityDate } from "./workerd.ts";

describe("target identity", () => {
  test("workerd names workerd's and Miniflare's versions and the bridge's compatibility date", () => {
    const id = targetIdentity({ target: "workerd" }, "/p", bridgeCompatibilityDate);
    expect(id).toBe(
      `workerd ${packageVersion("workerd")} (Miniflare ${packageVersion("miniflare")}), bridge Worker, compatibility date ${bridgeCompatibilityDate()}`,
    );
    expect(packageVersion("workerd")).toMatch(/^\d+\.\d{8}\.\d+$/);
    expect(bridgeCompatibilityDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("worker names the URL, module the path from the current directory", () => {
    expect(targetIdentity({ target: "worker", workerUrl: "https://b.example.workers.dev" }, "/p", () => "")).toBe(
      "bridge Worker at https://b.example.workers.dev",
    );
    expect(targetIdentity({ target: "module", module: "/p/lib/my-bucket.ts" }, "/p", () => "")).toBe(
      "module lib/my-bucket.ts",
    );
  });
});

describe("implementation stamps", () => {
  test("the main process names the simulator, workerd and Miniflare with their versions; other targets tell it themselves", () => {
    expect(targetImplementation("sim"), "sim: the simulator at edgeconf's version").toEqual({
      name: "edgeconf simulator",
      version: versions().edgeconf,
    });
    expect(targetImplementation("workerd"), "workerd: the workerd package's version").toEqual({
      name: "workerd",
      version: packageVersion("workerd"),
    });
    expect(targetImplementation("module"), "module: told by the module in its test workers").toBeUndefined();
    expect(runImplementation("module", [undefined, { name: "m", version: "2" }]), "first a test recorded").toEqual({
      name: "m",
      version: "2",
    });
    expect(runImplementation("sim", [{ name: "m" }]), "the main process's wins").toMatchObject({
      name: "edgeconf simulator",
    });
  });

  test("a server header's first product is the name and version; a module's name and version exports", () => {
    expect(serverImplementation("nginx/1.25.3 (Ubuntu)"), "server: nginx/1.25.3 (Ubuntu)").toEqual({
      name: "nginx",
      version: "1.25.3",
    });
    expect(serverImplementation("cloudflare"), "server: cloudflare").toEqual({ name: "cloudflare" });
    expect(serverImplementation(null), "no server header").toBeUndefined();
    expect(serverImplementation("  "), "a blank server header").toBeUndefined();
    expect(moduleImplementation({ name: "my-r2", version: "0.3.1" }), "string exports").toEqual({
      name: "my-r2",
      version: "0.3.1",
    });
    expect(moduleImplementation({ name: "my-r2", version: 3 }), "a version that is not a string").toEqual({
      name: "my-r2",
    });
    expect(moduleImplementation({ version: "1" }), "no name export").toBeUndefined();
  });
});

describe("the http target tells its implementation", () => {
  test("the first response's server header is recorded for the report", async () => {
    const server = createServer((_req, res) => {
      res.setHeader("server", "testserver/2.1 (edgeconf test)");
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const api = createHttpApiTarget(`http://127.0.0.1:${port}/client/v4`, { CLOUDFLARE_API_TOKEN: "t" });
      expect(recordedImplementation(), "nothing recorded before a response").toBeUndefined();
      await (await api.fetch("/zones")).text();
      expect(recordedImplementation(), "recorded from the server header").toEqual({
        name: "testserver",
        version: "2.1",
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
