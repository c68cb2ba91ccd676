/** vitest setup file: closes the worker's target when its tests are done. */
import { afterAll } from "vitest";
import { closeTarget } from "./index.ts";

afterAll(async () => {
  await closeTarget();
});
