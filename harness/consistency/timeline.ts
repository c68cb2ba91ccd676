/**
 * A violation as a self-contained HTML page: one lane per client, each operation a bar from its
 * invocation to its completion (as Porcupine draws a history), the operations of the witness in red, the
 * writes that left the starting state or wrote a value the witness saw in grey, and the starting state above. No script, no external file.
 */
import { describeCall, describeOutcome, describeState } from "./describe.ts";
import type { KeyState, Operation, Violation } from "./types.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface TimelineInfo {
  title: string;
  /** Lines under the title (target, seed, how to replay). */
  lines: string[];
}

/** How an area's operations and states read (default: the bucket's, describe.ts). */
export interface TimelineText {
  call(op: Operation): string;
  outcome(op: Operation): string;
  state(s: unknown): string;
  /** The sentence when the witness starts with the history. */
  start: string;
  /** What is not linearizable ("the bucket"). */
  what: string;
}

const BUCKET_TEXT: TimelineText = {
  call: describeCall,
  outcome: describeOutcome,
  state: (s) => describeState(s as KeyState),
  start: "The history starts with an empty bucket.",
  what: "the bucket",
};

export function renderTimeline(v: Violation, info: TimelineInfo, text: TimelineText = BUCKET_TEXT): string {
  const { call: describeCall, outcome: describeOutcome, state: describeState } = text;
  const shown = [...v.context.map((op) => ({ op, role: "context" })), ...v.ops.map((op) => ({ op, role: "witness" }))];
  const finite = shown.flatMap(({ op }) => [op.invoke, ...(Number.isFinite(op.complete) ? [op.complete] : [])]);
  const t0 = Math.min(...finite);
  const t1 = Math.max(...finite);
  const span = Math.max(t1 - t0, 1e-3);
  const x = (t: number) => (Number.isFinite(t) ? 2 + (96 * (t - t0)) / span : 99.5);
  const clients = [...new Set(shown.map(({ op }) => op.client))].sort((a, b) => a - b);
  // Bars of one client never overlap in time; still, give each its own row if they do (hand-made histories).
  const rows: { client: number; bars: { op: Operation; role: string }[] }[] = [];
  for (const c of clients) {
    const mine = shown.filter(({ op }) => op.client === c).sort((a, b) => a.op.invoke - b.op.invoke);
    const lanes: { end: number; bars: typeof mine }[] = [];
    for (const bar of mine) {
      const lane = lanes.find((l) => l.end <= bar.op.invoke);
      if (lane) {
        lane.bars.push(bar);
        lane.end = bar.op.complete;
      } else lanes.push({ end: bar.op.complete, bars: [bar] });
    }
    for (const l of lanes) rows.push({ client: c, bars: l.bars });
  }
  const start =
    v.startsAt === undefined
      ? text.start
      : `At ${(v.startsAt - t0).toFixed(2)} ms no operation was in flight; every order of the operations before it leaves ${
          v.initial.length === 1 ? "" : "one of "
        }${v.initial
          .map((s) =>
            Object.entries(s)
              .map(([k, st]) => `${esc(k)}: ${esc(describeState(st))}`)
              .join(", "),
          )
          .map((t) => `<b>${t}</b>`)
          .join(" or ")}.`;
  const bar = ({ op, role }: { op: Operation; role: string }) => {
    const left = x(op.invoke);
    const width = Math.max(x(op.complete) - left, 0.6);
    const open = Number.isFinite(op.complete) ? "" : " open";
    const label = `${describeCall(op)} → ${describeOutcome(op)}`;
    const timing = `#${op.id}, ${(op.invoke - t0).toFixed(2)} → ${
      Number.isFinite(op.complete) ? `${(op.complete - t0).toFixed(2)} ms` : "never (failed: effect unknown)"
    }`;
    return `<div class="op ${role}${open}" style="left:${left.toFixed(3)}%;width:${width.toFixed(3)}%" title="${esc(`${label}\n${timing}`)}"><span>${esc(label)}</span></div>`;
  };
  const lanesHtml = rows
    .map(
      (r) =>
        `<div class="lane"><div class="who">client ${r.client}</div><div class="track">${r.bars.map(bar).join("")}</div></div>`,
    )
    .join("\n");
  const table = shown
    .sort((a, b) => a.op.invoke - b.op.invoke)
    .map(
      ({ op, role }) =>
        `<tr class="${role}"><td>${op.id}</td><td>${op.client}</td><td>${(op.invoke - t0).toFixed(2)}</td><td>${
          Number.isFinite(op.complete) ? (op.complete - t0).toFixed(2) : "∞"
        }</td><td>${esc(describeCall(op))}</td><td>${esc(describeOutcome(op))}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
h1{font-size:20px;margin:0 0 6px} p{margin:4px 0}
.timeline{margin:18px 0;border-top:1px solid #ccc}
.lane{display:flex;align-items:center;border-bottom:1px solid #eee;height:46px}
.who{width:80px;flex:none;color:#555;font-size:12px}
.track{position:relative;flex:1;height:100%}
.op{position:absolute;top:8px;height:30px;border-radius:4px;overflow:hidden;white-space:nowrap;font-size:11px;box-sizing:border-box;padding:2px 4px}
.op span{position:relative}
.op.witness,.legend .witness{background:#fde2e1;border:2px solid #c62828}
.op.context,.legend .context{background:#eceff1;border:1px dashed #78909c;color:#555}
tr.witness td{background:#fdf0ef}
.open{border-right-style:dotted}
.axis{display:flex;justify-content:space-between;margin-left:80px;color:#777;font-size:11px}
table{border-collapse:collapse;font-size:12px;margin-top:12px} td,th{border:1px solid #ddd;padding:3px 6px;text-align:left}
tr.context{color:#666} .legend span{display:inline-block;padding:1px 6px;margin-right:8px;border-radius:3px}
</style></head><body>
<h1>${esc(info.title)}</h1>
${info.lines.map((l) => `<p>${esc(l)}</p>`).join("\n")}
<p>${start}</p>
<p>No order of the red operations, each taking effect at one instant between its invocation and its completion, gives the results they returned${
    v.startsAt === undefined ? "" : " from that state"
  }: ${esc(text.what)} is not linearizable on ${v.keys.map(esc).join(", ")} (the smallest such part found of ${v.partitionSize} operation(s) on ${
    v.keys.length === 1 ? "this key" : "these keys"
  }).</p>
<p class="legend"><span class="witness">operation of the violation</span><span class="context">earlier write: left the starting state, or wrote a value seen</span></p>
<div class="timeline">
${lanesHtml}
</div>
<div class="axis"><span>0 ms</span><span>${(span / 2).toFixed(2)} ms</span><span>${span.toFixed(2)} ms</span></div>
<table><tr><th>#</th><th>client</th><th>invoked (ms)</th><th>completed (ms)</th><th>call</th><th>returned</th></tr>
${table}
</table>
</body></html>
`;
}
