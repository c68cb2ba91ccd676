/** Reports name who answered: the workerd and Miniflare versions, the bridge Worker's URL, the module. */
import { describe, expect, test } from "vitest";
import { packageVersion } from "../run/versions.ts";
import { targetIdentity } from "./identity.ts";
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
