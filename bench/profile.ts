/**
 * `npx tsx bench/profile.ts <base> [interaction]`: a CPU profile of one interaction on /order (Chromium's
 * Profiler domain), summed by function (self and total time) — the evidence behind an optimisation.
 */
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';

const base = process.argv[2] ?? 'http://127.0.0.1:8437';
const what = process.argv[3] ?? 'page2';

async function token(): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"username":"admin","password":"admin123"}',
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
  children?: number[];
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const t = await token();
await ctx.addInitScript((tk: string) => localStorage.setItem('Authorization', tk), t);
const page = await ctx.newPage();
await page.goto(base + '/order');
await page.locator('#root .ant-table-tbody tr.ant-table-row').nth(19).waitFor();
await page.waitForTimeout(1500);
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await page.evaluate(() => {
  (window as any).__req = [];
  const of = window.fetch;
  window.fetch = function (...a: Parameters<typeof fetch>) {
    (window as any).__req.push([String(a[0] instanceof Request ? a[0].url : a[0]), performance.now()]);
    return of.apply(this, a);
  };
  const os = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, m: string, u: string | URL, ...rest: any[]) {
    (window as any).__req.push([String(u), performance.now()]);
    return (os as any).call(this, m, u, ...rest);
  } as any;
  document.addEventListener(
    'click',
    (e) => {
      (window as any).__click = e.timeStamp;
    },
    true,
  );
});
const t0 = await page.evaluate(() => performance.now());
await cdp.send('Profiler.start');
if (what === 'page2') await page.locator('.ant-pagination-item-2').click();
if (what === 'tab') await page.locator('.ant-pro-table-list-toolbar-menu .ant-tabs-tab').nth(1).click();
await page.waitForTimeout(2500);
const { profile } = (await cdp.send('Profiler.stop')) as {
  profile: { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
};
const req = await page.evaluate(() => ({ click: (window as any).__click, req: (window as any).__req }));
console.log(JSON.stringify(req));
writeFileSync(`/tmp/prof/${what}.cpuprofile`, JSON.stringify(profile));
// Samples between the click and the request (profile µs ↔ performance.now ms via the start offset),
// attributed to the component (the function rendered by renderWithHooks) or effect they ran under.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId0 = new Map(profile.nodes.map((n) => [n.id, n]));
function phases(fromMs: number, toMs: number) {
  const out = new Map<string, number>();
  let ts = profile.startTime;
  let sum = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i];
    const ms = t0 + (ts - profile.startTime) / 1000;
    if (ms < fromMs || ms > toMs) continue;
    const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    // walk up: the innermost component/effect
    let id: number | undefined = profile.samples[i];
    let label = '';
    const chain: string[] = [];
    while (id !== undefined) {
      const n = byId0.get(id)!;
      chain.push(n.callFrame.functionName);
      const up = parent.get(id);
      const pn = up !== undefined ? byId0.get(up)!.callFrame.functionName : '';
      if (!label && (pn === 'renderWithHooks' || pn === 'renderWithHooksAgain' || pn === 'finishClassComponent'))
        label = 'render ' + (n.callFrame.functionName || '(anon)') + ' ' + n.callFrame.url.split('/').pop() + ':' + n.callFrame.lineNumber;
      if (!label && (pn === 'commitHookEffectListMount' || pn === 'commitHookEffectListUnmount'))
        label =
          pn.replace('commitHookEffectList', 'effect ') +
          ' ' +
          (n.callFrame.functionName || '(anon)') +
          ' ' +
          n.callFrame.url.split('/').pop() +
          ':' +
          n.callFrame.lineNumber;
      id = up;
    }
    const top = chain[0];
    if (top === '(idle)') continue;
    if (!label) label = top === '(program)' || top === '(garbage collector)' ? top : 'other ' + chain.slice(0, 3).join(' < ');
    out.set(label, (out.get(label) ?? 0) + d);
    sum += d;
  }
  console.log(`busy ${sum.toFixed(0)} ms between ${fromMs.toFixed(0)} and ${toMs.toFixed(0)}`);
  console.log(
    [...out]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 45)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`)
      .join('\n'),
  );
}
const firstReq = req.req.find((r: [string, number]) => r[1] >= req.click);
console.log('=== click -> request');
phases(req.click, firstReq ? firstReq[1] : req.click + 2000);
console.log('=== request -> +1500ms');
if (firstReq) phases(firstReq[1], firstReq[1] + 1500);
// self time per node from samples
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + profile.timeDeltas[i] / 1000);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const key = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
const selfBy = new Map<string, number>();
const totalBy = new Map<string, number>();
function walk(id: number, stack: Set<string>): number {
  const n = byId.get(id)!;
  let tot = self.get(id) ?? 0;
  for (const c of n.children ?? []) tot += walk(c, new Set([...stack, key(n)]));
  const k = key(n);
  selfBy.set(k, (selfBy.get(k) ?? 0) + (self.get(id) ?? 0));
  if (!stack.has(k)) totalBy.set(k, (totalBy.get(k) ?? 0) + tot);
  return tot;
}
walk(profile.nodes[0].id, new Set());
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .filter(([k]) => !/^\((idle|program|root|garbage)/.test(k))
    .slice(0, 40)
    .map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`)
    .join('\n');
console.log('SELF\n' + top(selfBy));
console.log('TOTAL\n' + top(totalBy));
console.log(
  'idle',
  (selfBy.get('(idle) :-1:-1') ?? 0).toFixed(0),
  'program',
  (selfBy.get('(program) :-1:-1') ?? 0).toFixed(0),
  'gc',
  (selfBy.get('(garbage collector) :-1:-1') ?? 0).toFixed(0),
);
await browser.close();
