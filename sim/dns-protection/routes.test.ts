import { describe, expect, test } from "vitest";
import { ValidationError } from "../http/errors.ts";
import { parseOrder } from "./routes.ts";

const q = (s: string) => new URLSearchParams(s);
/** The error_chain codes parseOrder refuses `s` with ([] when accepted). */
const chainOf = (s: string): number[] => {
  try {
    parseOrder(q(s));
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.errors.flatMap((x) => (x.error_chain ?? []).map((c) => c.code));
  }
};

describe("area A list order", () => {
  test("order=prefix, the OpenAPI's documented default, is the default order", () => {
    expect(parseOrder(q("order=prefix"))).toEqual({ desc: false });
    expect(parseOrder(q("order=prefix&direction=DESC"))).toEqual({ desc: true });
    expect(parseOrder(q(""))).toEqual({ desc: false });
  });
  test("direction: ASC and DESC as documented; lower case accepted too", () => {
    expect(parseOrder(q("order=mode&direction=ASC"))).toEqual({ field: "mode", desc: false });
    expect(parseOrder(q("order=mode&direction=DESC"))).toEqual({ field: "mode", desc: true });
    expect(parseOrder(q("order=mode&direction=asc"))).toEqual({ field: "mode", desc: false });
    expect(parseOrder(q("direction=desc"))).toEqual({ desc: true });
  });
  test("an unknown order or direction, an unknown or repeated parameter: 1004", () => {
    expect(chainOf("order=colour")).toEqual([1203]);
    expect(chainOf("order=PREFIX")).toEqual([1203]);
    expect(chainOf("direction=sideways")).toEqual([1204]);
    expect(chainOf("colour=red")).toEqual([1205]);
    expect(chainOf("order=mode&order=name")).toEqual([1205]);
    expect(chainOf("order=prefix")).toEqual([]);
  });
});
