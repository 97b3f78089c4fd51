/**
 * Shops (/merchantAuth), both locales: authorising a sandbox shop starts its product sync at once —
 * the row shows the progress, then the product count; an expired shop of a platform without an
 * adapter explains the manual path and offers it; the shop drawer's trade-import headers take two
 * lines at most, and its columns all show at 1440 px or are reached by a scrollbar that shows, the
 * import time kept in view; the workbench's "expiring" to-do counts the list it opens.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, pageAs, shot, STILL } from './lib/browser';
import { callApi } from './lib/api';
import { msg, until } from './lib/expect';
import { button, listSettled, modal, rowActionLabels, runRowAction } from './lib/order-helpers';

after(closeBrowser);

async function pagerTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text:visible').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** Signed in as admin, the first shop's drawer opened from /merchantAuth. */
async function openFirstShop(locale: 'zh-CN' | 'en-US') {
  const opened = await pageAs('admin', { locale });
  await opened.page.goto('/merchantAuth');
  await listSettled(opened.page);
  const row = opened.page.locator('tr.ant-table-row').first();
  await row.waitFor();
  await runRowAction(opened.page, row, msg(locale, 'common.view'));
  return opened;
}

describe('shops: next step and sync on authorisation', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`authorising a sandbox shop syncs its products at once: progress, then the count (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      const merchants = await callApi(token, 'GET', '/merchant/list', { status: 'enabled', pageSize: 1 });
      // a "slow-" sandbox account answers each product page after 2.5 s: time to see the progress
      const account = `slow-${locale === 'zh-CN' ? 'zh' : 'en'}-${Date.now() % 1e8}`;
      const name = `E2E ${account}`;
      // registered by hand, waiting for its owner to authorise it on the sandbox platform
      const added = await callApi(token, 'POST', '/merchantAuth/add', {
        merchantId: merchants.data.list[0].id,
        platform: 'sandbox',
        name,
        platformShopId: account,
      });
      assert.equal(added.code, 0, added.msg);
      // the newest shop comes first; the platform renames it when it is authorised, so it is found by id
      await page.goto('/merchantAuth');
      const row = page.locator(`tr.ant-table-row[data-row-key="${String(added.data.id)}"]`);
      await row.waitFor();
      const step = row.locator('[data-next-step]');
      assert.equal(await step.getAttribute('data-next-step'), 'authorize');
      assert.ok((await step.innerText()).includes(msg(locale, 'enum.shopNextStep.authorize')));
      assert.equal(await row.locator('[data-product-count]').innerText(), '0');

      await runRowAction(page, row, msg(locale, 'merchantAuth.reauthorize'));
      const dialog = modal(page);
      const open = button(dialog, msg(locale, 'merchantAuth.authorizeOpen'));
      // a failure says which step did not happen: the dialog, or the window its button opens
      await open.waitFor({ timeout: 15_000 }).catch(async (e: Error) => {
        await shot(page, `shops-no-dialog-${locale}`);
        throw new Error(`the authorise dialog did not show (dialogs open: ${await page.locator('.ant-modal-wrap:visible').count()}): ${e.message}`);
      });
      const [popup] = await Promise.all([
        page.waitForEvent('popup', { timeout: 15_000 }).catch(async (e: Error) => {
          await shot(page, `shops-no-popup-${locale}`);
          throw new Error(`no window opened from the dialog's button (dialog text: ${await dialog.innerText().catch(() => '?')}): ${e.message}`);
        }),
        open.click(),
      ]);
      await popup.locator('#approve').click();
      // the callback page tells the console, the dialog closes and the list reloads: the sync is under way
      const progress = row.locator('[data-sync-progress]');
      await progress.waitFor({ timeout: 15_000 });
      assert.equal(await step.getAttribute('data-next-step'), 'syncing');
      await shot(page, `shops-syncing-${locale}`);
      // then, without a reload, the products synced
      const count = await until(
        async () => ((await row.locator('[data-product-count]').count()) ? Number(await row.locator('[data-product-count]').innerText()) : 0),
        (n) => n > 0,
        30_000,
      );
      const detail = await callApi(token, 'GET', '/merchantAuth/detail', { id: added.data.id });
      assert.equal(detail.data.syncStatus, 'done');
      assert.equal(count, detail.data.productCount);
      assert.ok(count > 0);
      await until(
        () => step.getAttribute('data-next-step'),
        (s) => s === 'ready',
      );
      await shot(page, `shops-synced-${locale}`);
      await popup.close().catch(() => {});
      await ctx.close();
    });

    test(`an expired shop of a platform without an adapter explains the manual path and offers it (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      await page.goto('/merchantAuth?platform=taobao&authStatus=expired');
      await listSettled(page);
      const row = page.locator('tr.ant-table-row').first();
      await row.waitFor();
      const step = row.locator('[data-next-step]');
      assert.equal(await step.getAttribute('data-next-step'), 'manualExpired');
      const platform = msg(locale, 'enum.platform.taobao');
      assert.ok((await step.innerText()).includes(msg(locale, 'merchantAuth.nextStepHelp.manualExpired', { platform })));
      const actions = await rowActionLabels(page, row);
      assert.ok(actions.includes(msg(locale, 'merchantAuth.shopOrders')), actions.join(', '));
      assert.ok(!actions.includes(msg(locale, 'merchantAuth.reauthorize')), actions.join(', '));
      assert.ok(!actions.includes(msg(locale, 'merchantAuth.syncProducts')), actions.join(', '));
      await shot(page, `shops-manual-${locale}`);
      await runRowAction(page, row, msg(locale, 'merchantAuth.shopOrders'));
      await page.waitForURL((u) => u.pathname === '/order' && !!u.searchParams.get('shopId'));
      await ctx.close();
    });

    test(`the shop drawer's trade imports: each header on two lines at most, broken between words (${locale})`, async () => {
      const { ctx, page } = await openFirstShop(locale);
      // the headers are what is measured: the table may hold no import yet
      const table = page.locator('.ant-drawer-content .ant-table', { has: page.getByText(msg(locale, 'merchantAuth.importUnmatched')) });
      await table.locator('tbody tr:not(.ant-table-measure-row)').first().waitFor();
      await table.scrollIntoViewIfNeeded();
      await page.evaluate('globalThis.__name ??= (f) => f');
      const problems = await table.evaluate((el) =>
        [...el.querySelectorAll('thead th')].flatMap((th) => {
          const out: string[] = [];
          const title = (th.textContent ?? '').trim();
          const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          const lines = new Set<number>();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const all = document.createRange();
            all.selectNodeContents(node);
            for (const r of all.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
            for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (tops.size > 1) out.push(`"${title}": the word "${m[0]}" breaks over ${tops.size} lines`);
            }
          }
          if (lines.size > 2) out.push(`"${title}" takes ${lines.size} lines`);
          return out;
        }),
      );
      await shot(page, `shops-imports-${locale}`);
      assert.deepEqual(problems, []);
      await ctx.close();
    });

    test(`the shop drawer's trade imports at 1440 px: every column in the drawer, or reached by a scrollbar that shows with the import time kept (${locale})`, async () => {
      const { ctx, page } = await openFirstShop(locale);
      // the demo shops hold no import yet: the headers are what must show ("No imports yet" below them)
      // STILL: measured once the drawer has slid in
      const wrapper = page.locator(`.ant-drawer-content .ant-table-wrapper${STILL}`, { has: page.getByText(msg(locale, 'merchantAuth.importUnmatched')) });
      await wrapper.getByText(msg(locale, 'merchantAuth.importsEmpty')).waitFor();
      await wrapper.scrollIntoViewIfNeeded();
      const box = (await wrapper.boundingBox())!;
      const drawerBox = (await page.locator('.ant-drawer-content-wrapper:visible').boundingBox())!;
      assert.ok(box.x >= drawerBox.x && box.x + box.width <= drawerBox.x + drawerBox.width + 0.5, 'the table is inside the drawer');
      const headers = async () =>
        wrapper.locator('thead th').evaluateAll((ths) =>
          ths.map((th) => {
            const r = th.getBoundingClientRect();
            return { title: (th.textContent ?? '').trim(), left: r.left, right: r.right };
          }),
        );
      const right = box.x + box.width + 0.5;
      const before = await headers();
      const past = before.filter((h) => h.right > right).map((h) => h.title);
      await shot(page, `shops-imports-width-${locale}`);
      if (past.length === 0) return void (await ctx.close()); // all of them fit: nothing to scroll
      // columns past the drawer's edge: a scrollbar says so, whatever the system's scrollbars do
      // (headless Chromium's, like overlay ones, show nothing)
      const bar = wrapper.getByRole('scrollbar');
      assert.ok(await bar.isVisible(), `columns past the drawer's edge (${past.join(', ')}) and no scrollbar shows`);
      const barBox = (await bar.boundingBox())!;
      assert.ok(
        barBox.height >= 4 && barBox.x >= box.x - 0.5 && barBox.x + barBox.width <= right,
        `the scrollbar is inside the drawer: ${JSON.stringify(barBox)}`,
      );
      // dragged to its end, it brings the last columns in while the import time stays where it was
      const thumb = (await bar.locator('> *').boundingBox())!;
      await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
      await page.mouse.down();
      await page.mouse.move(barBox.x + barBox.width + 40, thumb.y + thumb.height / 2, { steps: 8 });
      await page.mouse.up();
      const after = await until(headers, (hs) => hs.every((h) => h.right <= right || h.title === hs[0].title));
      await shot(page, `shops-imports-scrolled-${locale}`);
      assert.deepEqual(
        after.filter((h) => h.right > right).map((h) => h.title),
        [],
        'every column can be scrolled into the drawer',
      );
      assert.equal(after[0].title, msg(locale, 'merchantAuth.importCreatedAt'));
      assert.equal(Math.round(after[0].left), Math.round(before[0].left), 'the import time stays in view');
      for (const title of past) {
        const h = after.find((x) => x.title === title)!;
        assert.ok(h.left >= after[0].right - 0.5, `"${title}" scrolled in beside the import time, not under it`);
      }
      await ctx.close();
    });

    test(`the workbench's expiring-authorisations to-do counts the list it opens (${locale})`, async () => {
      const { ctx, page, token } = await pageAs('admin', { locale });
      await page.goto('/index');
      const card = page.getByTestId('todo-merchantAuth.2');
      await card.waitFor();
      const cards = (await callApi(token, 'GET', '/workbench/todos', {}, { locale })).data as { key: string; title: string; count: number }[];
      const expiring = cards.find((c) => c.key === 'merchantAuth.2')!;
      assert.equal(expiring.title, msg(locale, 'merchantAuth.todo.expiring'));
      assert.ok(expiring.count > 0, 'the demo data has a shop whose authorisation ends within days');
      assert.ok((await card.innerText()).includes(String(expiring.count)));
      await card.click();
      await page.waitForURL((u) => u.pathname === '/merchantAuth' && u.searchParams.get('authExpiring') === 'true');
      await page.locator('tr.ant-table-row:visible').first().waitFor();
      const total = await until(
        () => pagerTotal(page),
        (n) => n === expiring.count,
      );
      assert.equal(total, expiring.count);
      const listed = await callApi(token, 'GET', '/merchantAuth/list', { authExpiring: true, pageSize: 100 });
      assert.equal(listed.data.total, expiring.count);
      await shot(page, `shops-expiring-${locale}`);
      await ctx.close();
    });
  }
});
