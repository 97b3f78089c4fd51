/**
 * `npx tsx bench/render-log.ts [step…]`: what React drew for interactions of bench/interactions.ts on
 * /order, commit by commit: the components rendered (by name, `+` for those mounted) and where the
 * commit's work began (the first component rendered, with the components above it). Where `renders.ts`
 * counts, this names: which component's state drew a part of the page again, and in which order the
 * commits of a click came. Build with `npx vite build --minify false` first (component names).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { startServer } from '../e2e/lib/server';
import { adminToken } from './lib';
import { armStep, listSteps, openOrderList, stepFigures } from './interactions';

/** At each commit while window.__logOn: components rendered or mounted by name, and the path to the first one. */
const LOGGER = `(() => {
  const w = window;
  w.__log = [];
  const name = (t) => typeof t === 'function' ? t.displayName || t.name || 'anon'
    : t && typeof t === 'object' ? t.displayName || (t.render && (t.render.displayName || t.render.name)) || (t.type && name(t.type)) || '?' : String(t);
  function visit(root) {
    const stack = [[root, true]];
    const counts = {};
    let top = '';
    while (stack.length) {
      const [f, worked] = stack.pop();
      if (worked && f.type && typeof f.type !== 'string') {
        const mark = !f.alternate ? '+' : f.flags & 1 ? '' : null;
        if (mark !== null) {
          const n = mark + name(f.type);
          counts[n] = (counts[n] || 0) + 1;
          if (!top) { const path = []; for (let p = f; p && path.length < 8; p = p.return) if (p.type && typeof p.type !== 'string') path.push(name(p.type)); top = path.join(' < '); }
        }
      }
      // a subtree React skipped keeps its old child: nothing under it was worked on
      const below = worked && (!f.alternate || f.child !== f.alternate.child);
      for (let c = f.child; c; c = c.sibling) stack.push([c, below]);
    }
    w.__log.push({ counts, top, at: w.__start === undefined ? null : Math.round(performance.now() - w.__start) });
  }
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot(id, root) { if (w.__logOn) visit(root.current); },
  };
})();`;

const wanted = process.argv.slice(2);
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const token = await adminToken(server.base);
  const { page } = await openOrderList(browser, server.base, { Authorization: token }, [LOGGER, ...(process.env.INIT ? [process.env.INIT] : [])]);
  const steps = listSteps({ searchField: 'customerName', searchValue: '田超', secondList: '/staff', secondListRows: '.ant-table-tbody tr.ant-table-row' });
  for (const step of steps) {
    await armStep(page, step);
    await page.evaluate('window.__log = []; window.__logOn = true');
    await step.act(page);
    const f = await stepFigures(page, step);
    const log = (await page.evaluate('window.__log')) as { counts: Record<string, number>; top: string; at: number | null }[];
    // the answers that came during the step (ms after the press), beside the commits' times
    const answers = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.startTime >= window.__start - 1 && /\\/api\\//.test(e.name))
      .map((e) => e.name.split('/api/')[1].split('?')[0] + ' ' + Math.round(e.startTime - window.__start) + '→' + Math.round(e.responseEnd - window.__start))
      .concat(performance.getEntriesByType('mark').filter((e) => e.startTime >= window.__start - 1).map((e) => e.name + ' @' + Math.round(e.startTime - window.__start)))`)) as string[];
    await page.evaluate('window.__logOn = false');
    if (wanted.length && !wanted.includes(step.name)) continue;
    console.log(`== ${step.name}: ${log.length} commits, result at ${f.resultMs} ms; requests ${answers.join(', ') || 'none'}`);
    log.forEach(({ counts, top, at }, i) => {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const byName = Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      console.log(`  #${i} ${total}${at === null ? '' : ` @${at}`}${top ? `  from ${top}` : ''}\n     ${byName}`);
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
