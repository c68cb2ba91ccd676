import { expect, test } from "vitest";
import { resultJsonIn, successEnvelope, successEnvelopeJson } from "./envelope.ts";

test("successEnvelopeJson writes JSON.stringify(successEnvelope(...))'s bytes; resultJsonIn gives the result back", () => {
  const results: unknown[] = [{ id: "a", tags: ["x:y"], n: 1 }, [1, "two", null], "text", 0, null];
  for (const result of results) {
    const json = JSON.stringify(result);
    const envelope = successEnvelopeJson(json);
    expect(envelope).toBe(JSON.stringify(successEnvelope(result)));
    expect(resultJsonIn(envelope)).toBe(json);
    const info = { page: 2, per_page: 10, count: 1, total_count: 11 };
    expect(successEnvelopeJson(json, info)).toBe(JSON.stringify(successEnvelope(result, info)));
  }
});
