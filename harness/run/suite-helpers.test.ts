/**
 * Helpers the area C suites judge targets with, checked on hand-made answers (no target): what they
 * accept and what they refuse. They count for no target.
 */
import { describe, expect, test } from "vitest";
import {
  DISABLED_MESSAGE,
  expectDisabledRefusal,
  type KtResult,
  targetNow,
} from "../../suites/key-transparency/support.ts";

function answer(status: number, text: string, headers: Record<string, string> = {}): KtResult<unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, text, json, headers: new Headers(headers) };
}

describe("the Disabled refusal", () => {
  test("the docs' plain-text body and a JSON error carrying the message are both accepted", () => {
    expect(() => expectDisabledRefusal(answer(400, `${DISABLED_MESSAGE}\n`))).not.toThrow();
    expect(() =>
      expectDisabledRefusal(answer(400, JSON.stringify({ error: DISABLED_MESSAGE, code: "x" }))),
    ).not.toThrow();
    expect(() => expectDisabledRefusal(answer(400, JSON.stringify({ message: DISABLED_MESSAGE })))).not.toThrow();
  });

  test("another status, another message or an empty body is refused", () => {
    expect(() => expectDisabledRefusal(answer(409, DISABLED_MESSAGE))).toThrow();
    expect(() => expectDisabledRefusal(answer(400, "Bad Request"))).toThrow();
    expect(() => expectDisabledRefusal(answer(400, JSON.stringify({ error: "disabled" })))).toThrow();
    expect(() => expectDisabledRefusal(answer(400, ""))).toThrow();
  });
});

describe("the target's clock", () => {
  test("read from the Date header; the local clock only when there is none", () => {
    expect(targetNow(answer(200, "{}", { date: "Wed, 01 Jan 2025 00:00:05 GMT" }))).toBe(Date.UTC(2025, 0, 1, 0, 0, 5));
    const before = Date.now();
    expect(targetNow(answer(200, "{}"))).toBeGreaterThanOrEqual(before);
  });
});
