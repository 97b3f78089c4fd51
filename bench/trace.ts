/**
 * `npx tsx bench/trace.ts [--hand] [step…]`: a Chromium trace of interactions of bench/interactions.ts
 * on /order (ours, or with --hand the hand-written page), printed as the main thread's tasks from the
 * click to 150 ms after its result: when each began (ms after the click), how long it ran and what it
 * held (event handlers by type, script, style, layout, paint, garbage collection), then the frames
 * presented and the interaction's Event Timing entries. Where a profile (bench/profile.ts) says which
 * functions ran, this says in which task and frame, and what the browser itself did between them.
 * Build first (`npm run build`). Writes the raw trace to /tmp/trace-<step>.json (Chromium's
 * Performance panel opens it). `REPEAT=n` runs the chosen steps' whole sequence n times (the menu steps
 * in the first round only: the other list is kept after it).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { adminToken } from './lib';
import { serveHandwritten } from './handwritten/serve';
import { armStep, listSteps, openOrderList, stepFigures } from './interactions';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; frame?: string } };
}

const CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame'];

/** What a task's time went to: its direct and nested events that name a kind of work (self time per kind). */
const KINDS: Record<string, string> = {
  EventDispatch: 'event',
  FunctionCall: 'script',
  TimerFire: 'timer',
  FireAnimationFrame: 'raf',
  'v8.callFunction': 'script',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  ResourceReceiveResponse: 'net',
  ResourceReceivedData: 'net',
  ResourceFinish: 'net',
  ParseHTML: 'parse',
  HitTest: 'hit',
};

/** The renderer main thread's events of the page (its thread is named CrRendererMain; the page's renderer has the user-timing mark). */
function mainThread(events: TraceEvent[], mark: string): { main: TraceEvent[]; markTs: number; pid: number } {
  const m = events.find((e) => e.name === mark && e.cat.includes('blink.user_timing'));
  if (!m) throw new Error(`no ${mark} mark in the trace`);
  const tid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === m.pid && e.args?.name === 'CrRendererMain')?.tid ?? m.tid;
  return { main: events.filter((e) => e.pid === m.pid && e.tid === tid && e.ph === 'X'), markTs: m.ts, pid: m.pid };
}

/** Self time per kind of each top-level task, and the event types it dispatched. */
function tasks(main: TraceEvent[], from: number, to: number) {
  const top = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').filter((e) => e.ts + (e.dur ?? 0) >= from && e.ts <= to);
  return top.map((t) => {
    const inner = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && KINDS[e.name]);
    const kinds = new Map<string, number>();
    const types = new Set<string>();
    for (const e of inner) {
      // self time: minus the named events nested directly in it
      const nested = inner.filter((c) => c !== e && c.ts >= e.ts && c.ts + (c.dur ?? 0) <= e.ts + (e.dur ?? 0));
      const direct = nested.filter((c) => !nested.some((p) => p !== c && c.ts >= p.ts && c.ts + (c.dur ?? 0) <= p.ts + (p.dur ?? 0)));
      const self = (e.dur ?? 0) - direct.reduce((s, c) => s + (c.dur ?? 0), 0);
      kinds.set(KINDS[e.name], (kinds.get(KINDS[e.name]) ?? 0) + self);
      if (e.name === 'EventDispatch' && e.args?.data?.type) types.add(e.args.data.type);
    }
    return { ts: t.ts, dur: t.dur ?? 0, kinds, types };
  });
}

const args = process.argv.slice(2);
const hand = args.includes('--hand');
const wanted = args.filter((a) => a !== '--hand');
const repeat = Math.max(1, Number(process.env.REPEAT) || 1);
const server = await startServer();
const handPage = hand ? await serveHandwritten(server.base, { minify: true }) : null;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const token = await adminToken(server.base);
  const { page } = await openOrderList(browser, handPage?.base ?? server.base, { Authorization: token }, process.env.INIT ? [process.env.INIT] : []);
  const steps = listSteps({ searchField: 'customerName', searchValue: '田超', secondList: '/staff', secondListRows: '.ant-table-tbody tr.ant-table-row' });
  for (let round = 1; round <= repeat; round++) {
    for (const step of steps) {
      // the other list is a kept page after the first round: its menu steps are the first round's only
      if (round > 1 && step.name.startsWith('menu: ')) continue;
      const traced = wanted.length === 0 || wanted.includes(step.name);
      await armStep(page, step);
      if (traced) await browser.startTracing(page, { categories: CATEGORIES });
      const markAt = (await page.evaluate(`performance.mark('bench-armed').startTime`)) as number;
      await step.act(page);
      const f = await stepFigures(page, step);
      if (!traced) continue;
      await page.waitForTimeout(200);
      const buf = await browser.stopTracing();
      const file = `/tmp/trace-${step.name.replace(/\W+/g, '-')}${repeat > 1 ? `-${round}` : ''}.json`;
      writeFileSync(file, buf);
      const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const { main, markTs, pid } = mainThread(events, 'bench-armed');
      // trace µs of performance.now() = 0
      const origin = markTs - markAt * 1000;
      const at = (ts: number) => (ts - origin) / 1000 - f.startMs;
      const from = origin + f.startMs * 1000 - 5000;
      const to = origin + f.doneAtMs * 1000 + 150_000;
      console.log(
        `\n== ${step.name}${repeat > 1 ? ` (${round})` : ''}: result at ${Math.round(f.doneAtMs - f.startMs)} ms, request at ${f.beforeReqMs ?? '—'}, API ${f.apiMs ?? '—'} ms, Event Timing ${f.inpMs} ms  (${file})`,
      );
      // the page's own performance marks (what its code says it reached), among the tasks
      const marks = events
        .filter((e) => e.pid === pid && e.cat.includes('blink.user_timing') && e.name !== 'bench-armed' && e.ts >= from && e.ts <= to)
        .map((e) => ({ t: at(e.ts), line: `  ${at(e.ts).toFixed(0).padStart(5)}  mark ${e.name}` }));
      const lines: { t: number; line: string }[] = [...marks];
      for (const t of tasks(main, from, to)) {
        if (t.dur < 1000 && !t.kinds.has('net')) continue;
        const kinds = [...t.kinds.entries()]
          .filter(([k, v]) => v >= 500 || (k === 'net' && v > 0))
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
          .join(', ');
        lines.push({
          t: at(t.ts),
          line: `  ${at(t.ts).toFixed(0).padStart(5)} +${(t.dur / 1000).toFixed(1).padStart(5)}  ${kinds}${t.types.size ? `  [${[...t.types].join(' ')}]` : ''}`,
        });
      }
      for (const { line } of lines.sort((a, b) => a.t - b.t)) console.log(line);
      const frames = events
        .filter((e) => e.pid === pid && (e.name === 'PipelineReporter' || e.name === 'Display::FrameDisplayed') && e.ph !== 'M')
        .map((e) => at(e.ts + (e.dur ?? 0)))
        .filter((t) => t > -5 && t < f.doneAtMs - f.startMs + 150);
      console.log(`  frames ended at: ${[...new Set(frames.map((t) => Math.round(t)))].sort((a, b) => a - b).join(' ')}`);
      const et = (await page.evaluate(`window.__events`)) as [string, number, number][];
      console.log(`  event timing: ${et.map(([n, s, d]) => `${n} @${Math.round(s - f.startMs)} ${d}ms`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
  await handPage?.stop();
  await server.stop();
}
