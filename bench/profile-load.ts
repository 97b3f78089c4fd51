/**
 * `npx tsx bench/profile-load.ts <base> [route] [--naive]`: where the time from navigation to an
 * interactive list goes, from one cold load's Chromium trace: the chunk and request waterfall, the main
 * thread's work by kind (script compile/evaluation per file, style recalculation, layout, paint, tasks)
 * and a sampled CPU profile attributed to the file whose code ran. The evidence behind bench/web.ts's
 * figures (issue 10 point 2). With `--naive` no session is stored (the baseline page).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { adminToken } from './lib';

const base = process.argv[2] ?? 'http://127.0.0.1:8437';
const route = process.argv[3] ?? '/order';
const naive = process.argv.includes('--naive');
const file = (url: string) => url.split('/').pop()?.split('?')[0] || url;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string; stackTrace?: { url: string }[] }; name?: string; fileName?: string };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
if (!naive) {
  const t = await adminToken(base);
  await ctx.addInitScript((tk: string) => localStorage.setItem('Authorization', tk), t);
}
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await browser.startTracing(page, {
  categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8'],
});
await page.goto(base + route);
await page.locator('#root .ant-table-tbody tr.ant-table-row').nth(4).waitFor({ timeout: 60_000 });
// a string: tsx (esbuild keepNames) would wrap a named inner function in __name(), absent in the page
const interactiveAt = (await page.evaluate(`new Promise((resolve) => {
  const tick = () => {
    const el = document.querySelector('#root form input.ant-input[type="text"]');
    if (el && Object.keys(el).some((k) => k.startsWith('__reactProps$'))) return resolve(performance.now());
    requestAnimationFrame(tick);
  };
  tick();
})`)) as number;
await page.waitForTimeout(300);
const buf = await browser.stopTracing();
const { profile } = (await cdp.send('Profiler.stop')) as {
  profile: {
    nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
};
const res = await page.evaluate(() =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
    name: e.name,
    start: e.startTime,
    end: e.responseEnd,
    kb: e.transferSize / 1024,
    type: e.initiatorType,
  })),
);
const nav = await page.evaluate(() => {
  const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  return { responseEnd: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventEnd };
});
await browser.close();

console.log(`${naive ? 'naive' : 'ours'} ${route}: search input React-owned at ${interactiveAt.toFixed(0)} ms (rows seen before)`);
console.log(
  `document received ${nav.responseEnd.toFixed(0)} ms, DOM interactive ${nav.domInteractive.toFixed(0)} ms, DOMContentLoaded ${nav.dcl.toFixed(0)} ms`,
);
console.log('--- waterfall (start–end ms, KB transferred)');
for (const r of res.sort((a, b) => a.start - b.start))
  console.log(`${r.start.toFixed(0).padStart(6)}–${r.end.toFixed(0).padEnd(6)} ${r.kb.toFixed(1).padStart(7)} ${r.type.padEnd(8)} ${r.name.replace(base, '')}`);

const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] };
const ev = trace.traceEvents;
const mainTid = ev.find(
  (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain' && ev.some((x) => x.tid === e.tid && x.name === 'EvaluateScript'),
)?.tid;
const navStart = ev.find((e) => e.name === 'navigationStart' && e.tid === mainTid)?.ts ?? ev.find((e) => e.name === 'TracingStartedInBrowser')?.ts ?? 0;
const main = ev.filter((e) => e.tid === mainTid && e.ph === 'X' && e.dur !== undefined && (e.ts - navStart) / 1000 <= interactiveAt);
const byName = new Map<string, number>();
const kinds = [
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'RunTask',
];
for (const e of main) if (kinds.includes(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000);
console.log(`--- main thread until interactive (${interactiveAt.toFixed(0)} ms), summed durations (events nest: RunTask holds the rest)`);
for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1])) console.log(`${v.toFixed(0).padStart(7)} ${k}`);
const perUrl = new Map<string, number>();
for (const e of main)
  if (e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript' || e.name === 'v8.compile') {
    const u = file(e.args?.data?.url ?? e.args?.fileName ?? '?');
    const k = `${e.name} ${u}`;
    perUrl.set(k, (perUrl.get(k) ?? 0) + e.dur! / 1000);
  }
console.log('--- script compile/evaluate by file (ms)');
for (const [k, v] of [...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${v.toFixed(0).padStart(7)} ${k}`);
// long tasks on a time line: what ran when
console.log('--- tasks over 30 ms (start ms, duration, first function/script inside)');
for (const t of main.filter((e) => e.name === 'RunTask' && e.dur! > 30_000)) {
  const inner = main.find((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.name !== 'RunTask');
  const what = inner ? `${inner.name} ${file(inner.args?.data?.url ?? '')}` : '';
  console.log(`${((t.ts - navStart) / 1000).toFixed(0).padStart(6)} ${(t.dur! / 1000).toFixed(0).padStart(5)} ${what}`);
}

// CPU samples until interactive, by the file whose code ran (self time): which library the work is in
const nodeUrl = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url ? file(n.callFrame.url) : n.callFrame.functionName || '(anon)']));
const bySelf = new Map<string, number>();
let ts = profile.startTime;
const startMs = (profile.startTime - navStart) / 1000;
let busy = 0;
for (let i = 0; i < profile.samples.length; i++) {
  ts += profile.timeDeltas[i];
  const at = startMs + (ts - profile.startTime) / 1000;
  if (at > interactiveAt) break;
  const k = nodeUrl.get(profile.samples[i]) ?? '?';
  const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  bySelf.set(k, (bySelf.get(k) ?? 0) + d);
  if (k !== '(idle)') busy += d;
}
console.log(`--- CPU samples until interactive by file (self ms; busy ${busy.toFixed(0)} ms)`);
for (const [k, v] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${v.toFixed(0).padStart(7)} ${k}`);
// the hottest functions (self), with file:line:column, to read in the built chunk
const fnSelf = new Map<string, number>();
const nodeKey = new Map(
  profile.nodes.map((n) => [
    n.id,
    `${n.callFrame.functionName || '(anon)'} ${file(n.callFrame.url)}:${(n.callFrame as { lineNumber?: number }).lineNumber}:${(n.callFrame as { columnNumber?: number }).columnNumber}`,
  ]),
);
ts = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  ts += profile.timeDeltas[i];
  if (startMs + (ts - profile.startTime) / 1000 > interactiveAt) break;
  const k = nodeKey.get(profile.samples[i]) ?? '?';
  fnSelf.set(k, (fnSelf.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
}
console.log('--- hottest functions until interactive (self ms)');
for (const [k, v] of [...fnSelf]
  .sort((a, b) => b[1] - a[1])
  .filter(([k]) => !/^\((idle|program|garbage)/.test(k))
  .slice(0, 30))
  console.log(`${v.toFixed(0).padStart(7)} ${k}`);
