/**
 * `A_DIR=/tmp/A/tree npx tsx bench/ab.ts [step…]`: the interactions of bench/interactions.ts on two
 * builds of the console in one run — A, a checkout of another commit (a worktree with its own
 * `npm run build`, node_modules linked), and B, this one (build it first) — each on a server and an
 * embedded database of its own, their runs interleaved (A B, B A, …) so the machine's load falls on
 * both alike. Prints per step the median and range of result − API (click → result for steps without a
 * request) and the median Event Timing. `RUNS` (default 4) runs of each. On this shared 2-core machine
 * two separate runs differ by 10–20 ms a step; this is the comparison to trust for a change.
 *
 * @example
 * git worktree add /tmp/A/tree HEAD~1 && ln -s "$PWD/node_modules" /tmp/A/tree/ && (cd /tmp/A/tree && npm run build)
 * npm run build && A_DIR=/tmp/A/tree RUNS=6 npx tsx bench/ab.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { freePort } from '../e2e/lib/server';
import { adminToken } from './lib';
import { orderListRun, type InteractionFigures } from './interactions';

async function serve(cwd: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'ab-')), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`bench/ab.ts: the server in ${cwd} did not start`);
    try {
      if ((await fetch(base + '/api/public/health')).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop: () => child.kill('SIGTERM') };
}
const runs = Number(process.env.RUNS ?? 4);
const only = process.argv.slice(2);
if (!process.env.A_DIR) throw new Error('bench/ab.ts: set A_DIR to a built checkout of the commit to compare with');
const targets = [
  { name: 'A', dir: process.env.A_DIR },
  { name: 'B', dir: process.cwd() },
];
const servers = await Promise.all(targets.map((t) => serve(t.dir)));
const tokens = await Promise.all(servers.map((s) => adminToken(s.base)));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const all: InteractionFigures[][][] = targets.map(() => []);
try {
  for (let i = 0; i < runs; i++)
    for (const [k] of targets.entries()) {
      const order = i % 2 ? targets.length - 1 - k : k;
      all[order].push(await orderListRun(browser, servers[order].base, { Authorization: tokens[order] }));
    }
} finally {
  await browser.close();
  servers.forEach((s) => s.stop());
}
const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
console.log('result − API (or click→result): A median [range] | B median [range]');
for (let k = 0; k < all[0][0].length; k++) {
  const name = all[0][0][k].name;
  if (only.length && !only.includes(name)) continue;
  const f = (t: number) => all[t].map((r) => r[k].resultMs - (r[k].apiMs ?? 0));
  const a = f(0),
    b = f(1);
  console.log(
    `${name.padEnd(20)} A ${String(med(a)).padStart(4)} [${Math.min(...a)}–${Math.max(...a)}]   B ${String(med(b)).padStart(4)} [${Math.min(...b)}–${Math.max(...b)}]   inp A ${med(all[0].map((r) => r[k].inpMs))} B ${med(all[1].map((r) => r[k].inpMs))}`,
  );
}
