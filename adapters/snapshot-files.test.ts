import { createFsFromVolume, Volume } from "memfs";
import { describe, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";
import { loadSnapshot, loadSnapshotDir, type SnapshotFs, saveSnapshot, saveSnapshotDir } from "./snapshot-files.ts";

function memfs() {
  const vol = new Volume();
  return { vol, fs: createFsFromVolume(vol) as unknown as SnapshotFs };
}

const allBytes = new Uint8Array(256).map((_, i) => i);

describe("snapshot files", () => {
  test("one JSON file: save, mutate, load gives the bodies back byte for byte", async () => {
    const { vol, fs } = memfs();
    const sim = createSimulator({ seed: 2 });
    await sim.bucket("media").put("all-bytes.bin", allBytes);
    await saveSnapshot(sim, "/state.json", { fs });
    await sim.bucket("media").put("all-bytes.bin", "changed");
    await sim.bucket("media").put("new", "x");
    const fresh = createSimulator({ seed: 2 });
    await loadSnapshot(fresh, "/state.json", { fs });
    await loadSnapshot(sim, "/state.json", { fs });
    for (const s of [sim, fresh]) {
      const got = await s.bucket("media").get("all-bytes.bin");
      expect(new Uint8Array(await got!.arrayBuffer())).toEqual(allBytes);
      expect(await s.bucket("media").head("new")).toBeNull();
    }
    expect(Object.keys(vol.toJSON())).toEqual(["/state.json"]);
  });

  test("directory form: bodies as raw files named by SHA-256, equal bodies stored once, corruption detected", async () => {
    const { vol, fs } = memfs();
    const sim = createSimulator({ seed: 2 });
    await sim.bucket("media").put("a.bin", allBytes);
    await sim.bucket("media").put("b.bin", allBytes);
    await sim.bucket("docs").put("readme", "hello");
    await saveSnapshotDir(sim, "/snap", { fs });
    const files = Object.keys(vol.toJSON()).sort();
    expect(files).toContain("/snap/snapshot.json");
    const blobFiles = files.filter((f) => f.startsWith("/snap/blobs/"));
    const raw = blobFiles.map((f) => new Uint8Array(vol.readFileSync(f) as Buffer));
    expect(raw.some((b) => b.length === 256 && b.every((v, i) => v === i))).toBe(true);
    expect(raw.some((b) => new TextDecoder().decode(b) === "hello")).toBe(true);

    await sim.bucket("media").delete(["a.bin", "b.bin"]);
    await loadSnapshotDir(sim, "/snap", { fs });
    expect(new Uint8Array(await (await sim.bucket("media").get("b.bin"))!.arrayBuffer())).toEqual(allBytes);
    expect(await (await sim.bucket("docs").get("readme"))!.text()).toBe("hello");

    const victim = blobFiles.find((f) => (vol.readFileSync(f) as Buffer).toString() === "hello")!;
    vol.writeFileSync(victim, "HELLO");
    await sim.bucket("docs").put("readme", "kept");
    await expect(loadSnapshotDir(sim, "/snap", { fs })).rejects.toThrow(/corrupted/);
    expect(await (await sim.bucket("docs").get("readme"))!.text()).toBe("kept");
  });

  test("a snapshot of another seed is refused and changes nothing", async () => {
    const { fs } = memfs();
    await saveSnapshot(createSimulator({ seed: 1 }), "/s.json", { fs });
    const sim = createSimulator({ seed: 2 });
    await sim.bucket("b").put("k", "v");
    await expect(loadSnapshot(sim, "/s.json", { fs })).rejects.toThrow(/seed 1; this simulator has seed 2/);
    expect(await (await sim.bucket("b").get("k"))!.text()).toBe("v");
  });
});
