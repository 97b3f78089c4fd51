/**
 * `npx tsx bench/profile.ts [--hand] [step…]`: a CPU profile of interactions of bench/interactions.ts on /order
 * (ours, or with --hand the hand-written page of bench/handwritten)
 * (Chromium's sampling profiler over CDP), summed per function: self and inclusive time, top 25 each.
 * Build first (`npm run build`; `npx vite build --minify false` keeps component names). Writes the raw
 * profiles to /tmp/profile-<step>.cpuprofile (open them in Chromium's Performance panel). `FIRST_MS=80` sums only
 * the first 80 ms after the click: the click's own task and the frame after it, which its Event Timing covers;
 * `FROM_MS=60` only what runs from 60 ms after the click (after the API's answer: what the page adds to it).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { adminToken } from './lib';
import { serveHandwritten } from './handwritten/serve';
import { armStep, listSteps, openOrderList, stepFigures } from './interactions';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const RENDER = new Set(['renderWithHooks', 'renderWithHooksAgain', 'finishClassComponent']);
const EFFECT = new Set(['commitHookEffectListMount', 'commitHookEffectListUnmount']);

/** Busy time between `from` and `to` (ms of performance.now, `t0` = the profile's start): per function (self, inclusive) and per component rendered or effect run. */
function summarise(p: Profile, t0: number, from: number, to: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const comp = new Map<string, number>();
  const buckets = new Map<number, number>();
  let t = p.startTime;
  let busy = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const ms = t0 + (t - p.startTime) / 1000;
    if (ms < from || ms > to) continue;
    const leaf = byId.get(p.samples[i])!;
    const name = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    if (leaf.callFrame.functionName === '(idle)') continue;
    busy += dt;
    const b = Math.floor((ms - from) / 25) * 25;
    buckets.set(b, (buckets.get(b) ?? 0) + dt);
    // the innermost component (a capitalised function React called to render) or effect it ran under
    let label = '';
    for (let id: number | undefined = leaf.id; id !== undefined && !label; id = parent.get(id)) {
      const up = parent.get(id);
      const pn = up !== undefined ? byId.get(up)!.callFrame.functionName : '';
      const fn = byId.get(id)!.callFrame.functionName;
      if (EFFECT.has(pn)) label = 'effect ' + name(byId.get(id)!);
      else if (RENDER.has(pn) || (/^[A-Z]/.test(fn) && /^(update|mount)\w*Component|updateForwardRef|renderWithHooks/.test(pn)))
        label = 'render ' + name(byId.get(id)!);
    }
    if (!label) label = leaf.callFrame.functionName.startsWith('(') ? leaf.callFrame.functionName : 'other ' + leaf.callFrame.functionName;
    comp.set(label, (comp.get(label) ?? 0) + dt);
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const k = name(byId.get(id)!);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  const timeline = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${k}:${Math.round(v)}`)
    .join(' ');
  return `busy ${busy.toFixed(1)} ms; per 25 ms from the click (start:busy) ${timeline}\ncomponents:\n${top(comp)}\nself:\n${top(self)}\ninclusive:\n${top(incl)}`;
}

const args = process.argv.slice(2);
const hand = args.includes('--hand');
const wanted = args.filter((a) => a !== '--hand');
const server = await startServer();
const handPage = hand ? await serveHandwritten(server.base, { minify: false }) : null;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const token = await adminToken(server.base);
  const { ctx, page } = await openOrderList(browser, handPage?.base ?? server.base, { Authorization: token });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const steps = listSteps({ searchField: 'customerName', searchValue: '田超', secondList: '/staff', secondListRows: '.ant-table-tbody tr.ant-table-row' });
  for (const step of steps) {
    const measure = wanted.length === 0 || wanted.includes(step.name);
    await armStep(page, step);
    const t0 = (await page.evaluate('performance.now()')) as number;
    if (measure) await cdp.send('Profiler.start');
    await step.act(page);
    const f = await stepFigures(page, step);
    if (!measure) continue;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const r = (await page.evaluate(`({ req: window.__req,
      resp: performance.getEntriesByType('resource').filter((e) => /\\/api\\//.test(e.name)).slice(-3).map((e) => [e.name, e.startTime, e.responseEnd]) })`)) as {
      req: [string, number][];
      resp: [string, number, number][];
    };
    const start = f.startMs;
    writeFileSync(`/tmp/profile-${step.name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    console.log(
      `\n== ${step.name}: click→result ${Math.round(f.doneAtMs - start)} ms; requests ${r.req.map(([u, t]) => `${u.split('?')[0]} @${Math.round(t - start)}`).join(', ')}; responses ${r.resp
        .map(([u, s, e]) => `${u.split('/api/')[1]?.split('?')[0]} ${Math.round(s - start)}→${Math.round(e - start)}`)
        .join(', ')}`,
    );
    // FIRST_MS=n: only the first n ms after the click (what the click's own task and the frame after it cost: its Event Timing)
    const until = Number(process.env.FIRST_MS) > 0 ? Math.min(f.doneAtMs, start + Number(process.env.FIRST_MS)) : f.doneAtMs;
    // FROM_MS=n: only from n ms after the click (e.g. after the API answered: what the page adds to the API's time)
    const from = Number(process.env.FROM_MS) > 0 ? start + Number(process.env.FROM_MS) : start;
    console.log(`profile window (ms from the profile's start): ${Math.round(from - t0)}→${Math.round(until - t0)}`);
    console.log(summarise(profile, t0, from, until));
  }
} finally {
  await browser.close();
  await handPage?.stop();
  await server.stop();
}
