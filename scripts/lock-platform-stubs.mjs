#!/usr/bin/env node
// Fills package-lock.json with entries for optional platform packages (other OS / CPU builds of
// biome, rollup, ...) that the registry this project installs from does not serve. `npm install`
// leaves them out of the lock when it cannot fetch their metadata, and `npm ci` then refuses the
// lock as "out of sync". Each stub names the package's OS and CPU (from its name), so `npm ci`
// skips it on every other platform without fetching anything.
//
//   node scripts/lock-platform-stubs.mjs      (after any `npm install` that rewrote the lock)
import { readFileSync, writeFileSync } from "node:fs";

const OSES = ["android", "darwin", "linux", "win32", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPUS = {
  arm64: "arm64",
  aarch64: "arm64",
  x64: "x64",
  x86_64: "x64",
  ia32: "ia32",
  arm: "arm",
  eabi: "arm",
  gnueabihf: "arm",
  musleabihf: "arm",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => OSES.includes(t));
  const cpuToken = [...tokens].reverse().find((t) => t in CPUS);
  const libc =
    tokens.includes("musl") || tokens.some((t) => t.startsWith("musl"))
      ? "musl"
      : tokens.includes("gnu")
        ? "glibc"
        : undefined;
  return { os, cpu: cpuToken ? CPUS[cpuToken] : undefined, libc };
}

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const added = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[`${where}/node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    lock.packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added.push(`${dep}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `stubbed ${added.length}: ${added.join(", ")}` : "nothing to stub");
