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

// The public test vectors of the platform's open-source auditor library, byte for byte as published
// (cloudflare/plexi, plexi_core/tests/test-vectors.json, checked by plexi's own `test_vector`).
const PLEXI_VECTORS = [
  {
    signing_key: "d6af1bca3db4fc2766b0c483706c20bf4837a46d54c1d39c2a34a9088572d712",
    verifying_key: "606a878700158d92b3a14a0fd37ec82e0f05f92fcf23146abfda2e3a2f10a9bc",
    key_id: 188,
    namespace: "log1.example.com",
    timestamp: 1717084639921,
    epoch: 1,
    digest: "1111111111111111111111111111111111111111111111111111111111111111",
    signature:
      "769d1ae73792dd8da1515793ba29f2f33f2fca84ba7386f9a01d8272e67c4379bdcfd91ea4fa49eafd8f243ac36fe3a7aae90ae92f1729c3c468ddf4e6d2a309",
    ciphersuite: 1,
  },
  {
    signing_key: "d6af1bca3db4fc2766b0c483706c20bf4837a46d54c1d39c2a34a9088572d712",
    verifying_key: "606a878700158d92b3a14a0fd37ec82e0f05f92fcf23146abfda2e3a2f10a9bc",
    key_id: 188,
    namespace: "log2.example.com",
    timestamp: 1717084639921,
    epoch: 1,
    digest: "1111111111111111111111111111111111111111111111111111111111111111",
    signature:
      "a73807da5d7e12f7ed6328c918e2071173793fea3af96d98f0a649a5f498b5bfebbe96ce7b21b027ccc04e69ac8cf40c2ed2d45ee23b0c30c00abca9753f7909",
    ciphersuite: 2,
  },
] as const;
const SIGNING_KEY = PLEXI_VECTORS[0].signing_key;
const VERIFYING_KEY = PLEXI_VECTORS[0].verifying_key;

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

  for (const v of PLEXI_VECTORS) {
    test(`plexi's vector ${v.namespace} (ciphersuite ${v.ciphersuite}): same key, same signature, byte for byte`, () => {
      const key = auditorKeyFromSeed(Buffer.from(v.signing_key, "hex"));
      expect(key.publicKeyHex).toBe(v.verifying_key);
      expect(key.keyId).toBe(v.key_id);
      const signed = signMessage(key, {
        ciphersuite: v.ciphersuite,
        namespace: v.namespace,
        timestamp: v.timestamp,
        epoch: v.epoch,
        digest: new Uint8Array(Buffer.from(v.digest, "hex")),
      });
      expect(Buffer.from(signed.signature).toString("hex")).toBe(v.signature);
      const pub = createPublicKey({
        key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(v.verifying_key, "hex")]),
        format: "der",
        type: "spki",
      });
      expect(verify(null, signed.serialized, pub, signed.signature)).toBe(true);
    });
  }

  test("epochs past 2^53 are serialised exactly (u64 varint and little-endian)", () => {
    const big = 2n ** 64n - 1n;
    const m = { ...message("ab", 1), timestamp: 1, epoch: big, digest: new Uint8Array([7]) };
    expect(Buffer.from(serializeProtobuf(m)).toString("hex")).toContain("220b08ffffffffffffffffff01");
    expect(Buffer.from(serializeBincode({ ...m, ciphersuite: 2 })).toString("hex")).toContain("ffffffffffffffff0100");
  });

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
