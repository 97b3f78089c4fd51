/**
 * Live-update delay: an order created through the API → the header badge of a console open in
 * Chromium shows it. Measured per order (20 orders, one at a time) from just before the POST to the
 * moment the badge's count changes in the page (a MutationObserver stamps it), on PGlite (one
 * server) and, with DATABASE_URL, on PostgreSQL across two servers (the order created on A, the
 * console open on B). Prints p50 / p95 / max, and the POST's own time for comparison.
 */
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer, type RunningServer } from '../e2e/lib/server';
import { adminToken, assertLoopback, percentile } from './lib';

const ORDERS = 20;

async function addOrder(base: string, token: string, merchantId: string, i: number): Promise<void> {
  const r = await fetch(`${base}/api/order/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-misi-token': token },
    body: JSON.stringify({
      merchantId,
      productTitle: 'Live bench',
      customerName: `Bench ${i}`,
      customerPhone: '13812345678',
      region: ['310000', '310100', '310115'],
      address: 'Zhangjiang Rd 88',
      paidAmount: '120.00',
    }),
  });
  const body = (await r.json()) as { code: number; msg: string };
  if (body.code !== 0) throw new Error(`order/add: ${body.msg}`);
}

export async function measureLiveDelay(writer: string, viewer: string): Promise<{ delays: number[]; posts: number[] }> {
  assertLoopback(writer);
  assertLoopback(viewer);
  const token = await adminToken(writer);
  const list = await fetch(`${writer}/api/merchant/list?current=1&pageSize=1`, { headers: { 'x-misi-token': token } });
  const merchantId = /"id":(\d+)/.exec(await list.text())![1]!;
  await fetch(`${writer}/api/live/seen`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-misi-token': token }, body: '{}' });
  const viewerToken = await adminToken(viewer);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await ctx.addInitScript((t: string) => localStorage.setItem('Authorization', t), viewerToken);
    const page = await ctx.newPage();
    await page.goto(`${viewer}/index`);
    const badge = page.locator('header button[data-live-count]');
    await badge.waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { __live: { count: string; at: number }[] };
      w.__live = [];
      const el = document.querySelector('header button[data-live-count]')!;
      new MutationObserver(() => w.__live.push({ count: el.getAttribute('data-live-count')!, at: Date.now() })).observe(el, { attributes: true });
    });
    const delays: number[] = [];
    const posts: number[] = [];
    for (let i = 1; i <= ORDERS; i++) {
      const sent = Date.now();
      await addOrder(writer, token, merchantId, i);
      posts.push(Date.now() - sent);
      const at = await page.waitForFunction(
        (want) => (window as unknown as { __live: { count: string; at: number }[] }).__live.find((e) => e.count === String(want))?.at,
        i,
        { timeout: 10_000, polling: 50 },
      );
      delays.push(((await at.jsonValue()) as number) - sent);
      await page.waitForTimeout(200);
    }
    return { delays, posts };
  } finally {
    await browser.close();
  }
}

function line(name: string, r: { delays: number[]; posts: number[] }): string {
  const d = [...r.delays].sort((a, b) => a - b);
  const p = [...r.posts].sort((a, b) => a - b);
  // the part after the write: from the POST's answer to the badge (negative: the badge came first)
  const after = r.delays.map((x, i) => x - r.posts[i]).sort((a, b) => a - b);
  return `${name}: create → badge p50 ${percentile(d, 50)} ms, p95 ${percentile(d, 95)} ms, max ${d[d.length - 1]} ms over ${d.length} orders; the POST itself p50 ${percentile(p, 50)} ms; POST answered → badge p50 ${percentile(after, 50)} ms, p95 ${percentile(after, 95)} ms`;
}

export async function liveBench(): Promise<string[]> {
  const out: string[] = [];
  const one = await startServer();
  try {
    out.push(line('PGlite, one server', await measureLiveDelay(one.base, one.base)));
  } finally {
    await one.stop();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_live_${process.pid}`;
    const servers: RunningServer[] = [];
    try {
      servers.push(await startServer({ DATABASE_URL: url, DATABASE_SCHEMA: schema }));
      servers.push(await startServer({ DATABASE_URL: url, DATABASE_SCHEMA: schema }));
      out.push(line('PostgreSQL, created on A, console on B', await measureLiveDelay(servers[0].base, servers[1].base)));
    } finally {
      for (const s of servers) await s.stop();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  }
  return out;
}
