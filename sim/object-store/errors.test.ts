import { describe, expect, test } from "vitest";
import { storeError, storeErrorAction, storeErrorCode } from "./errors.ts";

describe("storage errors", () => {
  test("are plain Errors; the code and action are read back from the message", () => {
    const e = storeError("put", "invalidObjectName");
    expect(e.constructor).toBe(Error);
    expect(Object.getOwnPropertyNames(e).sort()).toEqual(["message", "stack"]);
    expect(storeErrorCode(e)).toBe(10020);
    expect(storeErrorAction(e)).toBe("put");
    // The platform's own errors parse the same way (workerd R2Result::throwIfError).
    const platform = new Error(
      "completeMultipartUpload: One or more of the specified parts could not be found. (10025)",
    );
    expect(storeErrorCode(platform)).toBe(10025);
    expect(storeErrorAction(platform)).toBe("completeMultipartUpload");
    expect(storeErrorCode(new TypeError("MD5 is 32 hex characters, not 3"))).toBeUndefined();
    expect(storeErrorAction("put: x (1)")).toBeUndefined();
  });
});
