/**
 * What React draws, counted: for the first load of /order and for each interaction of
 * bench/interactions.ts, the commits, the components rendered and the fibers mounted — on ours and on
 * the hand-written page. Unlike times, these counts do not move with the machine's load, so a change in
 * what re-renders shows in one run (`npm run bench -- renders`). Counted by a React DevTools hook
 * installed before the page's scripts: at each commit it walks the part of the tree React worked on.
 */
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/lib/browser';
import { armStep, listSteps, openOrderList, stepFigures } from './interactions';

/**
 * Counts into window.__rc: commits, components rendered (React's PerformedWork flag), fibers mounted;
 * `ahead`: components rendered inside a hidden <Activity> or a page drawn ahead and not visited yet
 * (the menu's lists drawn ahead while the browser is idle, KeepAliveOutlet; their effects run and the
 * rows asked for ahead are drawn there too: KeptPage's DrawnAhead context is true), counted apart from
 * what the page draws to be used.
 */
export const RENDER_COUNTER = `(() => {
  const w = window;
  w.__rc = { commits: 0, rendered: 0, mounted: 0, ahead: 0 };
  function visit(root) {
    const stack = [[root, true, false]];
    while (stack.length) {
      const [f, worked, inHidden] = stack.pop();
      // an Offscreen fiber (tag 22) in hidden mode: <Activity mode="hidden">; a context provider (tag 10)
      // of a page drawn ahead (src/engine/drawn-ahead.ts)
      const hidden = inHidden || (f.tag === 22 && f.memoizedProps && f.memoizedProps.mode === 'hidden') ||
        (f.tag === 10 && f.type && f.type.displayName === 'DrawnAhead' && f.memoizedProps && f.memoizedProps.value === true);
      if (worked) {
        if (hidden) { if ((f.flags & 1) && typeof f.type !== 'string') w.__rc.ahead++; }
        else {
          if (!f.alternate) w.__rc.mounted++;
          if ((f.flags & 1) && typeof f.type !== 'string') w.__rc.rendered++;
        }
      }
      // a subtree React skipped keeps its old child: nothing under it was worked on
      const below = worked && (!f.alternate || f.child !== f.alternate.child);
      for (let c = f.child; c; c = c.sibling) stack.push([c, below, hidden]);
    }
  }
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot(id, root) { w.__rc.commits++; visit(root.current); },
  };
})();`;

export interface RenderCounts {
  name: string;
  commits: number;
  rendered: number;
  mounted: number;
  /** rendered in pages drawn ahead while the browser is idle (not shown) */
  ahead: number;
}

const read = (page: Page) => page.evaluate('({ ...window.__rc })') as Promise<Omit<RenderCounts, 'name'>>;
const reset = (page: Page) => page.evaluate('window.__rc.commits = 0; window.__rc.rendered = 0; window.__rc.mounted = 0; window.__rc.ahead = 0');

/** The load (until the list's rows and 1.5 s after) and each interaction, on the page at `base`. */
export async function renderCounts(base: string, storage: Record<string, string>): Promise<RenderCounts[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { page } = await openOrderList(browser, base, storage, [RENDER_COUNTER]);
    const out: RenderCounts[] = [{ name: 'load /order', ...(await read(page)) }];
    for (const step of listSteps({
      searchField: 'customerName',
      searchValue: '田超',
      secondList: '/staff',
      secondListRows: '.ant-table-tbody tr.ant-table-row',
    })) {
      await armStep(page, step);
      await reset(page);
      await step.act(page);
      await stepFigures(page, step);
      out.push({ name: step.name, ...(await read(page)) });
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Ours against the hand-written page, side by side. */
export function printRenderCounts(ours: RenderCounts[], hand: RenderCounts[]): void {
  console.log('components rendered (commits) — what React draws, not timed          ours            hand-written');
  ours.forEach((o, i) => {
    const h = hand[i];
    console.log(`  ${o.name.padEnd(22)} ${`${o.rendered} (${o.commits})`.padStart(26)} ${`${h.rendered} (${h.commits})`.padStart(20)}`);
    if (o.ahead) console.log(`    ${'+ drawn ahead while idle, not shown'.padEnd(36)} ${String(o.ahead).padStart(10)}`);
  });
}
