/**
 * Area B at scale: the time of one list page (per_page 100) and of each indexed filter on a zone of
 * 100,000 records against the same on a zone of 1,000, through `sim.fetch` (routing, auth, JSON
 * included); and a batch of 200 operations on each. Prints each time and the 100k/1k ratio
 * (goal: <= 2 for the default order and the indexed filters), and the matches (total_count) in each
 * zone, so that a row timing an empty lookup shows. Orders other than the default, filters without
 * an index (contains, endswith, comment, search) and combinations the index does not answer whole
 * (content exact with proxied: the content's records are checked) are printed too: they scan, check
 * or sort the matching records, so they grow with the zone.
 *
 * The two zones live in two simulators; measurements alternate between them (1k, 100k, 1k, ...)
 * so that load from elsewhere hits both alike; each figure is the median of its repetitions.
 */
import { performance } from "node:perf_hooks";
import { createSimulator, type Simulator } from "../sim/index.ts";

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_ZONE ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 15);
const TYPES = ["A", "AAAA", "TXT", "MX", "CNAME"] as const;

interface Zone {
  sim: Simulator;
  path: string;
  headers: Record<string, string>;
  n: number;
  /** Ids of records created, for batch patches and deletes. */
  ids: string[];
}

function body(i: number): Record<string, unknown> {
  const type = TYPES[i % TYPES.length]!;
  const name = `h${(i * 7919) % 1_000_003}`; // spread names, not in creation order
  const common = { name, ttl: 300, tags: i % 50 === 0 ? [`team:t${i % 7}`] : [], comment: i % 9 === 0 ? "note" : null };
  switch (type) {
    case "A":
      return { ...common, type, content: `198.51.${(i >> 8) & 255}.${i & 255}`, proxied: i % 10 === 0 };
    case "AAAA":
      return { ...common, type, content: `2001:db8::${(i & 0xffff).toString(16)}` };
    case "TXT":
      return { ...common, type, content: `v=txt ${i}` };
    case "MX":
      return { ...common, type, content: `mx${i % 13}.example.net`, priority: i % 20 };
    case "CNAME":
      return { ...common, type, name: `c${name}`, content: `target${i}.example.net` };
  }
}

async function call(z: Zone, method: string, path: string, payload?: unknown): Promise<{ result: unknown }> {
  const res = await z.sim.fetch(`https://api.cloudflare.com/client/v4${path}`, {
    method,
    headers: z.headers,
    ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
  });
  const json = (await res.json()) as { success: boolean; result: unknown; errors: unknown };
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json.errors).slice(0, 300)}`);
  return json;
}

async function zoneOf(n: number): Promise<Zone> {
  const sim = createSimulator({ seed: 5 });
  const c = sim.credentials;
  const z: Zone = {
    sim,
    path: `/zones/${c.zone_id}/dns_records`,
    headers: { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" },
    n,
    ids: [],
  };
  for (let from = 0; from < n; from += 1000) {
    const posts = Array.from({ length: Math.min(1000, n - from) }, (_, k) => body(from + k));
    const out = (await call(z, "POST", `${z.path}/batch`, { posts })).result as { posts: { id: string }[] };
    for (const r of out.posts) z.ids.push(r.id);
  }
  return z;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const t0 = performance.now();
  const small = await zoneOf(SMALL);
  const large = await zoneOf(LARGE);
  console.log(`zones of ${SMALL} and ${LARGE} records built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const name = (z: Zone) => (body(z.n >> 1).name as string).toString();
  const queries: { label: string; indexed: boolean; q: (z: Zone) => string }[] = [
    { label: "default order, page 1", indexed: true, q: () => "" },
    { label: "default order, page 5", indexed: true, q: () => "page=5" },
    { label: "default order, desc", indexed: true, q: () => "direction=desc&page=3" },
    { label: "type=AAAA", indexed: true, q: () => "type=AAAA&page=2" },
    { label: "proxied=true", indexed: true, q: () => "proxied=true" },
    { label: "name exact", indexed: true, q: (z) => `name=${name(z)}` },
    { label: "name.startswith", indexed: true, q: () => "name.startswith=h1" },
    { label: "type + name.startswith", indexed: true, q: () => "type=TXT&name.startswith=h1&per_page=20" },
    // TXT content is stored quoted: `"v=txt 502"` is one record in both zones.
    { label: "content exact, 1 match", indexed: true, q: () => "content=%22v%3Dtxt%20502%22" },
    // mx3.example.net: 1 MX record in 65 (16 at 1k, 1,539 at 100k); pages of 10 (3 for team:t3,
    // 3 at 1k, 286 at 100k), full in both zones, so that both sides present as many records.
    { label: "content exact, many", indexed: true, q: () => "content=MX3.example.net&per_page=10" },
    {
      label: "content exact, desc page",
      indexed: true,
      q: () => "content=mx3.example.net&direction=desc&per_page=5&page=3",
    },
    { label: "type + content exact", indexed: true, q: () => "type=MX&content=mx3.example.net&per_page=10" },
    { label: "tag.present", indexed: true, q: () => "tag.present=team&per_page=20" },
    { label: "tag.exact", indexed: true, q: () => "tag.exact=team:T3&per_page=3" },
    { label: "type + tag.exact", indexed: true, q: () => "type=A&tag=team:t3&per_page=3&direction=desc" },
    {
      label: "content exact + proxied",
      indexed: false,
      q: () => "content=mx3.example.net&proxied=false&per_page=10",
    },
    { label: "order=ttl (sorts matches)", indexed: false, q: () => "order=ttl" },
    { label: "order=name, type=MX", indexed: false, q: () => "order=name&type=MX" },
    { label: "name.contains (scan)", indexed: false, q: () => "name.contains=777" },
    { label: "comment.present (scan)", indexed: false, q: () => "comment.present=1" },
  ];
  const rows: string[] = [];
  let worst = 0;
  const matches = async (z: Zone, q: string) =>
    ((await call(z, "GET", `${z.path}?${q}`)) as unknown as { result_info: { total_count: number } }).result_info
      .total_count;
  for (const { label, indexed, q } of queries) {
    const ts: number[] = [];
    const tl: number[] = [];
    // The matches in each zone, shown beside the times: a row that matches nothing times nothing.
    const found = `${await matches(small, q(small))}/${await matches(large, q(large))}`;
    for (let k = 0; k < REPS; k++) {
      ts.push(await time(() => call(small, "GET", `${small.path}?${q(small)}`)));
      tl.push(await time(() => call(large, "GET", `${large.path}?${q(large)}`)));
    }
    const [s, l] = [median(ts), median(tl)];
    if (indexed) worst = Math.max(worst, l / s);
    rows.push(
      `${label.padEnd(28)} ${s.toFixed(3).padStart(8)} ms ${l.toFixed(3).padStart(9)} ms  ratio ${(l / s).toFixed(2).padEnd(6)} ${found.padStart(13)}${indexed ? "" : "  (not indexed)"}`,
    );
  }
  // A batch of 200: 50 deletes, 50 patches, 100 posts; alternating zones, fresh records each time.
  const batchTimes = { small: [] as number[], large: [] as number[] };
  let serial = 0;
  for (let k = 0; k < 7; k++) {
    for (const [key, z] of [
      ["small", small],
      ["large", large],
    ] as const) {
      const deletes = z.ids.splice(0, 50).map((id) => ({ id }));
      const patches = z.ids.slice(0, 50).map((id) => ({ id, comment: `b${k}` }));
      const posts = Array.from({ length: 100 }, () => ({
        type: "TXT",
        name: `batch${serial}`,
        content: `b ${serial++}`,
      }));
      const t = await time(() => call(z, "POST", `${z.path}/batch`, { deletes, patches, posts }));
      batchTimes[key].push(t);
    }
  }
  const [bs, bl] = [median(batchTimes.small), median(batchTimes.large)];
  console.log(`list page (per_page 100 unless set) and batch, median of ${REPS}: ${SMALL} records vs ${LARGE}`);
  console.log(
    `${"query".padEnd(28)} ${"1k".padStart(11)} ${`${LARGE / 1000}k`.padStart(12)} ${"".padEnd(12)} ${"matches".padStart(13)}`,
  );
  for (const r of rows) console.log(r);
  console.log(
    `${"batch of 200 (50/50/100)".padEnd(28)} ${bs.toFixed(3).padStart(8)} ms ${bl.toFixed(3).padStart(9)} ms  ratio ${(bl / bs).toFixed(2)}`,
  );
  console.log(`worst indexed ratio: ${worst.toFixed(2)} (goal <= 2)`);
}
