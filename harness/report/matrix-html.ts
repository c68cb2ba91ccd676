/**
 * matrix.html: one self-contained page (inline CSS and JS, no network). Sticky run headers and clause
 * column; the clauses that differ between runs first, then every other clause by area and feature;
 * filters by area, status, "differs between runs" and text; a cell with a message (failure, skip
 * reason, why not tested) opens it in a panel. Rows are rendered here, so the page reads without
 * JavaScript; the script filters and opens cells. The URL's hash keeps the view:
 * `#differs&area=object-store&status=fail&open=D.put.etag@2` (run numbers from 1).
 */
import { htmlEscape } from "./html.ts";
import { CELL_STATUSES, type CellStatus, type Matrix, type MatrixRow, percent, REAL_LABELS } from "./matrix.ts";

const CELL: Record<CellStatus, { glyph: string; label: string; color: string }> = {
  pass: { glyph: "✓", label: "pass", color: "#2e7d32" },
  fail: { glyph: "✗", label: "fail", color: "#c62828" },
  "expected-fail": { glyph: "!", label: "expected fail", color: "#ef6c00" },
  skip: { glyph: "s", label: "skipped", color: "#757575" },
  "not-tested": { glyph: "·", label: "not tested", color: "#b0bec5" },
};

/** JSON that can sit inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#212121}
h1{font-size:21px;margin:0 0 6px}h2{font-size:16px;margin:18px 0 6px}.meta{color:#555}
table{border-collapse:separate;border-spacing:0}td,th{padding:3px 6px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
#interop td.n{text-align:right;font-variant-numeric:tabular-nums}
.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:10px 0}.filters fieldset{border:1px solid #ddd;border-radius:4px;padding:2px 8px}
.filters legend{font-size:12px;color:#666}.legend span{margin-right:12px;white-space:nowrap}
#wrap{overflow:auto;max-height:calc(100vh - 32px);border:1px solid #ddd}
#matrix thead th{position:sticky;top:0;z-index:2;background:#fafafa;border-bottom:2px solid #ccc;font-weight:600;min-width:70px;max-width:160px;font-size:12px}
#matrix thead th small{display:block;font-weight:400;color:#666}
#matrix th.c{position:sticky;left:0;z-index:1;background:#fff;width:400px;min-width:400px;max-width:400px;font-weight:400}
#matrix thead th.c{z-index:3;background:#fafafa}
#matrix th.c code{font-size:12px}#matrix .t{color:#666;font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}#matrix .w{color:#999;font-size:11px}
#matrix tr.sect th{background:#37474f;color:#fff;position:sticky;left:0}
#matrix tr.grp th{background:#eceff1;font-weight:600;position:sticky;left:0}#matrix tr.feat th{background:#f7f9fa;color:#455a64;font-size:12px;position:sticky;left:0}
#matrix td.x{text-align:center;font-weight:700;min-width:32px}#matrix td[data-m]{cursor:pointer}#matrix td[data-m]:hover{outline:2px solid #1565c0}
${CELL_STATUSES.map((s) => `td.s-${s}{color:${CELL[s].color}}`).join("")}
td.s-fail{background:#fdecea}td.s-expected-fail{background:#fff3e0}tr.r[data-d] th.c{box-shadow:inset 3px 0 #c62828}
#matrix td.lp{font-size:12px;color:#555;white-space:nowrap}#matrix td.lp.never{color:#aaa}
#panel{position:fixed;right:16px;bottom:16px;width:min(720px,90vw);max-height:60vh;overflow:auto;background:#fff;border:1px solid #999;box-shadow:0 4px 18px rgba(0,0,0,.25);padding:10px 14px;z-index:10}
#panel h3{margin:0 30px 6px 0;font-size:14px}#panel pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;margin:0}#close{position:absolute;top:8px;right:8px}`;

const JS = `(function(){
var t0=performance.now(),B=document.body;
window.addEventListener('error',function(e){B.setAttribute('data-error',String(e.message))});
var details=JSON.parse(document.getElementById('details').textContent),runs=JSON.parse(document.getElementById('runs').textContent);
var rows=[].slice.call(document.querySelectorAll('#matrix tr.r')),heads=[].slice.call(document.querySelectorAll('#matrix tr.grp,#matrix tr.feat,#matrix tr.sect'));
var areaBoxes=[].slice.call(document.querySelectorAll('#f-area input')),statusBoxes=[].slice.call(document.querySelectorAll('#f-status input'));
var interop=[].slice.call(document.querySelectorAll('#interop tbody tr'));
var differs=document.getElementById('f-differs'),q=document.getElementById('q'),shown=document.getElementById('shown');
var panel=document.getElementById('panel'),ptitle=document.getElementById('p-title'),pbody=document.getElementById('p-body');
function on(boxes){var o={};boxes.forEach(function(b){o[b.value]=b.checked});return o}
function apply(){var a=on(areaBoxes),s=on(statusBoxes),d=differs.checked,text=(q.value||'').toLowerCase(),n=0;
rows.forEach(function(r){var ok=a[r.dataset.a]&&(!d||r.hasAttribute('data-d'))&&r.dataset.s.split(' ').some(function(x){return s[x]})&&(!text||r.cells[0].textContent.toLowerCase().indexOf(text)>=0);r.hidden=!ok;if(ok)n++});
heads.forEach(function(h){var k=h.dataset.k,any=false;for(var e=h.nextElementSibling;e&&!(e.classList.contains('sect')||(k!=='sect'&&e.classList.contains('grp'))||(k==='feat'&&e.classList.contains('feat')));e=e.nextElementSibling){if(e.classList.contains('r')&&!e.hidden){any=true;break}}h.hidden=!any});
interop.forEach(function(r){r.hidden=!a[r.dataset.a]});shown.textContent='showing '+n+' of '+rows.length+' clauses';save()}
function save(){var p=[];if(differs.checked)p.push('differs');var a=areaBoxes.filter(function(b){return b.checked});if(a.length<areaBoxes.length)p.push('area='+a.map(function(b){return b.value}).join(','));
var s=statusBoxes.filter(function(b){return b.checked});if(s.length<statusBoxes.length)p.push('status='+s.map(function(b){return b.value}).join(','));
if(q.value)p.push('q='+encodeURIComponent(q.value));if(panel.dataset.open)p.push('open='+panel.dataset.open);var h=p.length?'#'+p.join('&'):'';
if(location.hash!==h)history.replaceState(null,'',h||location.pathname+location.search)}
function openCell(td){var i=Number(td.dataset.m),tr=td.parentNode,run=td.cellIndex-1,id=tr.dataset.id,st=td.className.replace(/.*s-/,'');
ptitle.textContent=id+' · run '+(run+1)+' ('+runs[run]+') · '+st;pbody.textContent=details[i];panel.hidden=false;panel.dataset.open=id+'@'+(run+1);save()}
function close(){panel.hidden=true;delete panel.dataset.open;save()}
document.getElementById('matrix').addEventListener('click',function(e){var td=e.target.closest&&e.target.closest('td[data-m]');if(td)openCell(td)});
document.getElementById('close').addEventListener('click',close);document.addEventListener('keydown',function(e){if(e.key==='Escape')close()});
areaBoxes.concat(statusBoxes,[differs]).forEach(function(b){b.addEventListener('change',apply)});q.addEventListener('input',apply);
var hash=location.hash.slice(1).split('&'),want={};hash.forEach(function(p){var i=p.indexOf('=');if(p)want[i<0?p:p.slice(0,i)]=i<0?'1':decodeURIComponent(p.slice(i+1))});
if(want.differs)differs.checked=true;if(want.q)q.value=want.q;
if(want.area){var wa=want.area.split(',');areaBoxes.forEach(function(b){b.checked=wa.indexOf(b.value)>=0})}
if(want.status){var ws=want.status.split(',');statusBoxes.forEach(function(b){b.checked=ws.indexOf(b.value)>=0})}
apply();
if(want.open){var at=want.open.lastIndexOf('@'),oid=want.open.slice(0,at),orun=Number(want.open.slice(at+1));rows.some(function(r){if(r.dataset.id!==oid)return false;var td=r.cells[orun];if(td&&td.dataset.m!==undefined)td.click();return true})}
void B.offsetHeight;B.setAttribute('data-render-ms',String(Math.round(performance.now())));B.setAttribute('data-script-ms',String(Math.round(performance.now()-t0)));B.setAttribute('data-ready','1');})();`;

function lastPassedCells(m: Matrix, r: MatrixRow): string {
  return m.real
    .map((x) => {
      const p = r.lastPassed[x];
      if (!p) return '<td class="lp never">never</td>';
      return `<td class="lp" title="run ${p.run + 1}">${htmlEscape(p.date.slice(0, 10))}${p.version ? ` <span class="w">${htmlEscape(p.version)}</span>` : ""}</td>`;
    })
    .join("");
}

export function renderMatrixHtml(m: Matrix): string {
  const details: string[] = [];
  const width = 1 + m.runs.length + m.real.length;
  const rowHtml = (r: MatrixRow, where: boolean) => {
    const statuses = [...new Set(r.cells.map((c) => c.status))].join(" ");
    const cells = r.cells
      .map((c) => {
        if (c.detail === undefined) return `<td class="x s-${c.status}">${CELL[c.status].glyph}</td>`;
        details.push(c.detail);
        return `<td class="x s-${c.status}" data-m="${details.length - 1}">${CELL[c.status].glyph}</td>`;
      })
      .join("");
    const note = r.notInCatalogue ? ' <span class="w">(not in this catalogue)</span>' : "";
    const at = where ? ` <span class="w">${r.area} · ${htmlEscape(r.feature)}</span>` : "";
    return `<tr class="r" data-id="${htmlEscape(r.id)}" data-a="${r.area}" data-s="${statuses}"${r.differs ? " data-d" : ""}><th class="c"><code>${htmlEscape(r.id)}</code>${note}${at}<div class="t" title="${htmlEscape(r.text)}">${htmlEscape(r.text)}</div></th>${cells}${lastPassedCells(m, r)}</tr>`;
  };
  const differing = m.rows.filter((r) => r.differs);
  const body: string[] = [
    `<tbody id="differ"><tr class="sect" data-k="sect"><th colspan="${width}">Differences between runs (${differing.length})</th></tr>`,
    ...differing.map((r) => rowHtml(r, true)),
    "</tbody>",
    `<tbody id="same"><tr class="sect" data-k="sect"><th colspan="${width}">Every other clause (${m.rows.length - differing.length}), by area and feature</th></tr>`,
  ];
  let area = "";
  let feature = "";
  for (const r of m.rows) {
    if (r.differs) continue;
    if (r.area !== area) {
      area = r.area;
      feature = "";
      body.push(`<tr class="grp" data-k="grp"><th colspan="${width}">${htmlEscape(area)}</th></tr>`);
    }
    if (r.feature !== feature) {
      feature = r.feature;
      body.push(`<tr class="feat" data-k="feat"><th colspan="${width}">${htmlEscape(feature)}</th></tr>`);
    }
    body.push(rowHtml(r, false));
  }
  body.push("</tbody>");
  const runHead = m.runs
    .map((r) => {
      const impl = r.implementation
        ? `${r.implementation.name}${r.implementation.version ? ` ${r.implementation.version}` : ""}`
        : (r.identity ?? "");
      return `<th class="run" title="${htmlEscape(r.label)}">${r.index + 1}. ${htmlEscape(r.target)}<small>${htmlEscape(impl)}</small><small>${htmlEscape(r.started.slice(0, 16).replace("T", " "))}</small></th>`;
    })
    .join("");
  const interop = m.areas
    .map(
      (a) =>
        `<tr data-a="${a.area}"><th>${a.area}</th><td class="n">${a.clauses}</td><td class="n">${a.runsCounted.length ? `${a.interop.passed} (${percent(a.interop.share)})` : "n/a"}</td><td class="n">${a.differing}</td>${a.perRun.map((p) => `<td class="n">${p.passed === null ? "n/a" : `${p.passed} (${percent(p.share)})`}</td>`).join("")}</tr>`,
    )
    .join("\n");
  const areas = [...new Set(m.rows.map((r) => r.area))];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>edgeconf conformance matrix: ${m.runs.length} runs</title>
<style>${CSS}</style></head>
<body>
<h1>edgeconf conformance matrix</h1>
<div class="meta">${m.rows.length} clauses × ${m.runs.length} runs · made ${htmlEscape(m.generated)} by edgeconf ${htmlEscape(m.edgeconf)}</div>
<h2>Interoperability per area</h2>
<p class="meta">Testable clauses every run that tested the area passes, and each run's own share (n/a: the run did not test the area).</p>
<table id="interop"><thead><tr><th>area</th><th>clauses</th><th>every run passes</th><th>differ</th>${m.runs.map((r) => `<th title="${htmlEscape(r.label)}">${r.index + 1}. ${htmlEscape(r.target)}</th>`).join("")}</tr></thead><tbody>
${interop}
</tbody></table>
<div class="filters">
<fieldset id="f-area"><legend>area</legend>${areas.map((a) => `<label><input type="checkbox" value="${a}" checked> ${a}</label>`).join(" ")}</fieldset>
<fieldset id="f-status"><legend>rows with a cell</legend>${CELL_STATUSES.map((s) => `<label><input type="checkbox" value="${s}" checked> ${CELL[s].label}</label>`).join(" ")}</fieldset>
<label><input type="checkbox" id="f-differs"> differs between runs</label>
<input id="q" type="search" placeholder="clause id or text" aria-label="filter clauses by text">
<span id="shown">showing ${m.rows.length} of ${m.rows.length} clauses</span></div>
<div class="legend">${CELL_STATUSES.map((s) => `<span><b style="color:${CELL[s].color}">${CELL[s].glyph}</b> ${CELL[s].label}</span>`).join("")}<span>a marked cell opens its message</span></div>
<div id="wrap"><table id="matrix"><thead><tr><th class="c">clause</th>${runHead}${m.real.map((x) => `<th class="lp">last passed: ${htmlEscape(REAL_LABELS[x])}</th>`).join("")}</tr></thead>
${body.join("\n")}
</table></div>
<div id="panel" role="dialog" aria-labelledby="p-title" hidden><button id="close" type="button" aria-label="close">×</button><h3 id="p-title"></h3><pre id="p-body"></pre></div>
<script type="application/json" id="details">${scriptJson(details)}</script>
<script type="application/json" id="runs">${scriptJson(m.runs.map((r) => r.label))}</script>
<script>${JS}</script>
</body></html>
`;
}
