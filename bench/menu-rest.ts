/**
 * A menu click to a list not visited yet, two ways, on ours (`npm run bench -- menu`, and in `web`):
 *  - pressed as the pointer arrives (as bench/interactions.ts "menu: other list": the pointer has no time
 *    to rest on the item; the list is asked for as the button goes down);
 *  - pressed after the pointer rested 300 ms on the item, as a person's does before pressing: the list
 *    is asked for while it rests (src/shell/layout/menu-rest.ts).
 * Four lists a run (/staff, /store, /merchant, /product), the two ways alternating between the lists
 * and between runs, each run a fresh page on /order left until the menu's lists are drawn ahead. Per
 * way: press → result (min–max and median), and pressed on arrival, result − API.
 */
import type { Browser, Page } from 'playwright-core';
import { armStep, menuStep, openOrderList, stepFigures } from './interactions';

const LISTS = ['/staff', '/store', '/merchant', '/product'];
const ROWS = '.ant-table-tbody tr.ant-table-row';
const REST = 300;
/** the lists of the menu are drawn ahead while the browser is idle, some seconds after the load */
const DRAWN_AHEAD_MS = 12_000;

async function backToOrders(page: Page) {
  await page.locator('.ant-menu-item a[href^="/order"]').first().click();
  await page.waitForURL((u) => u.pathname === '/order');
  await page.waitForTimeout(500);
}

export async function menuRest(browser: Browser, base: string, storage: Record<string, string>, runs = 3): Promise<string[]> {
  const onArrival: { result: number; overApi: number }[] = [];
  const rested: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { ctx, page } = await openOrderList(browser, base, storage);
    try {
      await page.waitForTimeout(DRAWN_AHEAD_MS);
      for (const [i, path] of LISTS.entries()) {
        const rest = (i + run) % 2 === 1;
        const step = menuStep(`menu → ${path}`, path, ROWS, rest ? { rest: REST } : {});
        await armStep(page, step);
        await step.act(page);
        const f = await stepFigures(page, step);
        if (rest) rested.push(f.resultMs);
        else onArrival.push({ result: f.resultMs, overApi: f.resultMs - (f.apiMs ?? 0) });
        await backToOrders(page);
      }
    } finally {
      await ctx.close();
    }
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s[0]}–${s[s.length - 1]} (median ${s[Math.floor(s.length / 2)]}, n=${s.length})`;
  };
  return [
    `menu → a list not visited yet (ours, ms; ${runs} runs × ${LISTS.join(' ')})`,
    `  pressed as the pointer arrives   press → result ${stat(onArrival.map((x) => x.result))}; result − API ${stat(onArrival.map((x) => x.overApi))}`,
    `  pressed after a ${REST} ms rest      press → result ${stat(rested)}`,
  ];
}
