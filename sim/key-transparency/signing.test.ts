import { createPublicKey, verify } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  auditorKeyFromSeed,
  type SignatureMessage,
  serializeBincode,
  serializeProtobuf,
  serializeSignatureMessage,
  signMessage,
} from "./signing.ts";

// Public test vectors of the platform's open-source auditor library (cloudflare/plexi,
// plexi_core/tests/test-vectors.json): same key, same message, same signature.
const SIGNING_KEY = "d6af1bca3db4fc2766b0c483706c20bf4837a46d54c1d39c2a34a9088572d712";
const VERIFYING_KEY = "606a878700158d92b3a14a0fd37ec82e0f05f92fcf23146abfda2e3a2f10a9bc";
const VECTORS: { ns: string; version: 1 | 2; signature: string }[] = [
  {
    ns: "log1.example.test",
    version: 1,
    signature:
      "31fbef3ed02ea0c8570e3740857d343857118102698a0822ee070a03d7a20637d6507fc855669ac30b959d6a0d35cba455a39e287ce2a101dbc16236027a400c",
  },
  {
    ns: "log2.example.test",
    version: 2,
    signature:
      "9e666ec61efb48e7d0a4c63f9eb50ab3d1674ac7841d97e1a2d85946a7da00bde6ce2dff0d56bcf40d61f4cfcac290001cf20b662c5e223f5e8ce192bb0f7101",
  },
];

function message(ns: string, version: 1 | 2): SignatureMessage {
  return {
    ciphersuite: version,
    namespace: ns,
    timestamp: 1717084639921,
    epoch: 1,
    digest: new Uint8Array(32).fill(0x11),
  };
}

describe("auditor signatures", () => {
  test("the key derived from a seed matches the platform's test vector (key id = last byte)", () => {
    const key = auditorKeyFromSeed(Buffer.from(SIGNING_KEY, "hex"));
    expect(key.publicKeyHex).toBe(VERIFYING_KEY);
    expect(key.keyId).toBe(188);
  });

  for (const v of VECTORS) {
    test(`signature_version ${v.version} signs exactly as the platform's test vector`, () => {
      const key = auditorKeyFromSeed(Buffer.from(SIGNING_KEY, "hex"));
      const signed = signMessage(key, message(v.ns, v.version));
      expect(Buffer.from(signed.signature).toString("hex")).toBe(v.signature);
      const pub = createPublicKey({
        key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(VERIFYING_KEY, "hex")]),
        format: "der",
        type: "spki",
      });
      expect(verify(null, signed.serialized, pub, signed.signature)).toBe(true);
    });
  }

  test("protobuf layout: tags 08 12 18 22 2a with varints and an embedded epoch message", () => {
    const bytes = serializeProtobuf({ ...message("ab", 1), timestamp: 300, epoch: 2, digest: new Uint8Array([7]) });
    expect(Buffer.from(bytes).toString("hex")).toBe("0801" + "12026162" + "18ac02" + "22020802" + "2a0107");
  });

  test("bincode layout: u32 LE, then u64 LE lengths and integers", () => {
    const bytes = serializeBincode({ ...message("ab", 2), timestamp: 300, epoch: 2, digest: new Uint8Array([7]) });
    expect(Buffer.from(bytes).toString("hex")).toBe(
      "02000000" + "0200000000000000" + "6162" + "2c01000000000000" + "0200000000000000" + "0100000000000000" + "07",
    );
  });

  test("serializeSignatureMessage picks the layout by ciphersuite", () => {
    const m1 = message("n", 1);
    const m2 = message("n", 2);
    expect(serializeSignatureMessage(m1)).toEqual(serializeProtobuf(m1));
    expect(serializeSignatureMessage(m2)).toEqual(serializeBincode(m2));
  });

  test("a seed of the wrong length is refused", () => {
    expect(() => auditorKeyFromSeed(new Uint8Array(31))).toThrow(RangeError);
  });
});
