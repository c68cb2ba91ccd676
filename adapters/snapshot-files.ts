/**
 * Snapshots of a whole simulator on disk (or any fs-like volume, e.g. memfs in tests).
 *
 *   await saveSnapshot(sim, "state.json");        // one JSON file, bytes inline as base64
 *   await loadSnapshot(sim, "state.json");
 *   await saveSnapshotDir(sim, "state/");         // state/snapshot.json + state/blobs/<sha256>
 *   await loadSnapshotDir(sim, "state/");         // object bodies as raw files, byte-exact
 *
 * The directory form keeps every byte array (object bodies, parts) as its own raw file named by its
 * SHA-256, so bodies can be inspected or diffed with ordinary tools and equal bodies are stored once.
 * Loading checks every blob against its name; snapshot.json is parsed as JSON (it may be re-formatted,
 * e.g. pretty-printed for a diff). Writes go to a temporary file of a unique name, renamed into place,
 * so two saves to one path at once leave one of them whole, never a mix. The whole state is checked
 * before anything is restored (sim/control), so a bad file changes nothing.
 *
 * Gaps / by design: the pure encoding lives in sim/control (codec.ts); this module only does I/O.
 */
import { createHash, randomUUID } from "node:crypto";
import * as nodeFs from "node:fs";
import { join } from "node:path";
import { decodeState, type Simulator } from "../sim/index.ts";

/** The part of node:fs these functions use (node:fs and memfs volumes both have it). */
export interface SnapshotFs {
  promises: {
    readFile(path: string): Promise<Uint8Array | string>;
    writeFile(path: string, data: Uint8Array | string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
    rename(from: string, to: string): Promise<void>;
    /** Used to remove a temporary file after a failed write, when present. */
    unlink?(path: string): Promise<void>;
  };
}

export interface SnapshotFileOptions {
  /** Default node:fs. */
  fs?: SnapshotFs;
}

export const SNAPSHOT_FILE = "snapshot.json";
export const BLOB_DIR = "blobs";

type SimWithControl = Pick<Simulator, "control">;

function fsOf(options: SnapshotFileOptions): SnapshotFs {
  return options.fs ?? (nodeFs as unknown as SnapshotFs);
}

async function writeAtomic(fs: SnapshotFs, path: string, data: Uint8Array | string): Promise<void> {
  // A name of its own per write: concurrent saves never write into one another's temporary file.
  const tmp = `${path}.tmp-edgeconf-${process.pid}-${randomUUID()}`;
  try {
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, path);
  } catch (e) {
    await fs.promises.unlink?.(tmp).catch(() => {});
    throw e;
  }
}

const BLOB_NAME = /^[0-9a-f]{64}$/;

async function readText(fs: SnapshotFs, path: string): Promise<string> {
  const data = await fs.promises.readFile(path);
  return typeof data === "string" ? data : new TextDecoder().decode(data);
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Writes the whole state of `sim` to one JSON file. */
export async function saveSnapshot(
  sim: SimWithControl,
  path: string,
  options: SnapshotFileOptions = {},
): Promise<void> {
  await writeAtomic(fsOf(options), path, sim.control.exportSnapshot());
}

/** Restores `sim` from a file written by saveSnapshot (all areas or none). */
export async function loadSnapshot(
  sim: SimWithControl,
  path: string,
  options: SnapshotFileOptions = {},
): Promise<void> {
  sim.control.importSnapshot(await readText(fsOf(options), path));
}

/** Writes the state of `sim` to a directory: snapshot.json plus one raw file per distinct byte array. */
export async function saveSnapshotDir(
  sim: SimWithControl,
  dir: string,
  options: SnapshotFileOptions = {},
): Promise<void> {
  const fs = fsOf(options);
  const blobs = new Map<string, Uint8Array>();
  const text = sim.control.exportSnapshot({
    onBytes: (bytes) => {
      const hash = sha256(bytes);
      blobs.set(hash, bytes);
      return { $blob: hash };
    },
  });
  await fs.promises.mkdir(join(dir, BLOB_DIR), { recursive: true });
  for (const [hash, bytes] of blobs) await writeAtomic(fs, join(dir, BLOB_DIR, hash), bytes);
  await writeAtomic(fs, join(dir, SNAPSHOT_FILE), text);
}

/** Restores `sim` from a directory written by saveSnapshotDir. */
export async function loadSnapshotDir(
  sim: SimWithControl,
  dir: string,
  options: SnapshotFileOptions = {},
): Promise<void> {
  const fs = fsOf(options);
  const text = await readText(fs, join(dir, SNAPSHOT_FILE));
  // The blobs it names, found by decoding the JSON (never by matching its text: it may be re-formatted).
  const refs = new Set<string>();
  decodeState(text, {
    resolveBlob: (ref, path) => {
      if (!BLOB_NAME.test(ref)) throw new Error(`${path}: blob reference ${JSON.stringify(ref)} is not a SHA-256 name`);
      refs.add(ref);
      return new Uint8Array(0);
    },
  });
  const blobs = new Map<string, Uint8Array>();
  for (const hash of refs) {
    const data = await fs.promises.readFile(join(dir, BLOB_DIR, hash));
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
    if (sha256(bytes) !== hash)
      throw new Error(`${join(dir, BLOB_DIR, hash)}: contents do not match the name (corrupted)`);
    blobs.set(hash, bytes);
  }
  sim.control.importSnapshot(text, {
    resolveBlob: (ref) => {
      const bytes = blobs.get(ref);
      if (!bytes) throw new Error(`${join(dir, BLOB_DIR, ref)}: blob missing`);
      return bytes.slice();
    },
  });
}
