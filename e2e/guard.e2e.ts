/** The navigation guard of spec §2 (open routes, redirect query, last visited path, roles, title, scroll, keep-alive). */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, newPage, pageAs, shot } from './lib/browser';
import { ADMIN_SCREENS, ALL_SCREENS, eventuallyEqual, expectPath, menuLabels, msg, pathOf, storageItem, until } from './lib/expect';
import { recordApi } from './lib/intercept';
import { PRESS_TTL_MS } from '../src/shell/request/prefetch';
import { REST_MS } from '../src/engine/rest';

after(closeBrowser);
/** What a test notes in the page: when it took in the pointer over each menu item, and a press. */
type Probe = { __over: [string, number][]; __down: number };
/** What a test notes in the page: what the page shown holds (`__look`), and held in the first frame a new page showed its rows. */
type Frames = { __first?: string[]; __look: () => string[]; __frame: () => void };
const LAST = 'lastPath'; // schemas/app.json session.lastPathKey
const rows = (page: import('playwright-core').Page) => page.locator('tr.ant-table-row:visible');
/** The header menu's selected items (the page shown, by its menu title). */
const selectedMenu = (page: import('playwright-core').Page) =>
  page
    .locator('.ant-layout-header .ant-menu-item-selected')
    .allInnerTexts()
    .then((t) => [...new Set(t.map((x) => x.trim()))]);

describe('signed out', () => {
  test('a route that is not open goes to /index with the encoded full path as redirect', async () => {
    const { ctx, page } = await newPage();
    await page.goto('/merchant?status=1');
    await expectPath(page, '/index?redirect=%2Fmerchant%3Fstatus%3D1');
    await page.getByTestId('home-guest').waitFor();
    await shot(page, 'guard-signed-out-redirect');
    await ctx.close();
  });

  test('open routes are reachable; an unknown path shows the 404 page', async () => {
    const { ctx, page } = await newPage();
    await page.goto('/login');
    await page.locator('#username').waitFor();
    assert.equal(pathOf(page), '/login');
    for (const code of ['401', '403', '404']) {
      await page.goto(`/${code}`);
      await page.getByTestId(`result-${code}`).getByText(code, { exact: true }).waitFor();
      assert.equal(pathOf(page), `/${code}`);
    }
    await page.goto('/error');
    await page.getByTestId('result-error').getByText(msg('zh-CN', 'error.error.title')).waitFor();
    assert.equal(pathOf(page), '/error');
    await page.goto('/index');
    await page.getByTestId('home-guest').waitFor();
    assert.equal(pathOf(page), '/index');
    await page.goto('/no/such/page');
    await page.getByText('404', { exact: true }).waitFor();
    assert.equal(pathOf(page), '/no/such/page');
    await shot(page, 'guard-404-signed-out');
    await ctx.close();
  });

  test('the last visited path is kept for every route except /login', async () => {
    const { ctx, page } = await newPage();
    await page.goto('/404');
    await page.getByTestId('result-404').waitFor();
    assert.equal(await storageItem(page, LAST), '/404');
    await page.goto('/index?x=1');
    await page.getByTestId('home-guest').waitFor();
    assert.equal(await storageItem(page, LAST), '/index?x=1');
    await page.goto('/login');
    await page.locator('#username').waitFor();
    await page.waitForTimeout(200);
    assert.equal(await storageItem(page, LAST), '/index?x=1');
    await ctx.close();
  });
});

describe('signed in', () => {
  test('/ goes to /order', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/');
    await expectPath(page, '/order');
    await ctx.close();
  });

  test('/login goes to the decoded redirect value, else the last visited path, else /index', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/login?redirect=%2Fstaff%3Fusername%3Dadmin');
    await expectPath(page, '/staff?username=admin');
    await page.goto('/store');
    await rows(page).first().waitFor();
    assert.equal(await storageItem(page, LAST), '/store');
    await page.goto('/login');
    await expectPath(page, '/store');
    await ctx.close();

    const fresh = await pageAs('finance');
    await fresh.page.goto('/login');
    await expectPath(fresh.page, '/index');
    await fresh.page.getByTestId('home-user').waitFor();
    await fresh.ctx.close();
  });

  test('/index?redirect=<path> goes on to <path>: its redirect waited for a sign-in that has happened', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/index?redirect=%2Fstaff%3Fusername%3Dadmin');
    await expectPath(page, '/staff?username=admin');
    await rows(page).first().waitFor();
    // and so does /login when the last visited path is such a stop (a sign-out passes through one)
    await page.evaluate((k) => localStorage.setItem(k, '/index?redirect=%2Fstore%3Fname%3Dx'), LAST);
    await page.goto('/login');
    await expectPath(page, '/store?name=x');
    await page.locator('.ant-pro-table').waitFor();
    assert.equal(await storageItem(page, LAST), '/store?name=x');
    await ctx.close();
  });

  test('a deep link in a fresh tab (token, no user info yet) lands where it points', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/merchant?status=1');
    await eventuallyEqual(() => menuLabels(page).then((m) => m.length), ADMIN_SCREENS.length, 'menu loads with the user info');
    assert.equal(pathOf(page), '/merchant?status=1');
    await page.locator('.ant-pro-table').waitFor();
    await ctx.close();
  });

  test('/redirect/<path> opens <path> with its query', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff');
    await rows(page).first().waitFor();
    await page.goto('/redirect/staff?username=admin');
    await expectPath(page, '/staff?username=admin');
    await until(
      () => rows(page).count(),
      (n) => n === 1,
      8000,
    );
    await shot(page, 'guard-redirect-helper');
    await eventuallyEqual(() => rows(page).count(), 1, 'one visible row after /redirect', 1000);
    assert.match((await rows(page).first().innerText()).trim(), /^admin/); // after the selection checkbox's empty cell
    await ctx.close();
  });

  test('after navigation the progress bar finishes and the page scrolls to the top after ~300 ms', async () => {
    const { ctx, page } = await pageAs('admin', { storage: {} });
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/merchant');
    await rows(page).first().waitFor();
    await page.locator('.ant-menu-item', { hasText: msg('zh-CN', 'menu.staff') }).click();
    await expectPath(page, '/staff');
    await rows(page).nth(5).waitFor();
    // scroll down and make sure it stays down: the /staff navigation's own scroll-to-top comes 300 ms
    // after the route tree has the new location, which can be a few hundred ms after the list's rows
    // show (they follow the router's location as it changes), and a late list-URL update may run one too
    const scrolled = await until(
      async () => {
        await page.evaluate(() => window.scrollTo(0, 400));
        await page.waitForTimeout(500);
        const first = await page.evaluate(() => document.scrollingElement!.scrollTop);
        await page.waitForTimeout(400);
        return Math.min(first, await page.evaluate(() => document.scrollingElement!.scrollTop));
      },
      (v) => v > 0,
      5000,
      0,
    );
    assert.ok(scrolled > 0, 'staff list is scrollable and stays scrolled');
    // the clock starts before the click: click() itself returns only after the navigation has begun
    const t0 = Date.now();
    await page.locator('.ant-menu-item', { hasText: msg('zh-CN', 'menu.merchant') }).click();
    await expectPath(page, '/merchant');
    // the kept-alive merchant list is tall at once, so nothing but the guard's timer brings it to the top
    assert.ok(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight > 400), 'merchant list is tall');
    const top = () => page.evaluate(() => document.scrollingElement!.scrollTop);
    const zero = await until(top, (v) => v === 0, 2000, 20);
    const when = Date.now() - t0;
    assert.equal(zero, 0, 'scrolled to the top');
    assert.ok(when >= 250, `scrolled after the delay, not at once (${when} ms after the click)`);
    await eventuallyEqual(() => page.locator('#nprogress').count(), 0, 'progress bar done');
    await ctx.close();
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`document title follows the route (${locale})`, async () => {
      const { ctx, page } = await pageAs('admin', { locale });
      const app = msg(locale, 'app.title');
      for (const name of ['staff', 'order', 'index'] as const) {
        await page.goto(`/${name}`);
        const want = `${msg(locale, `menu.${name}`)} - ${app}`;
        await eventuallyEqual(() => page.title(), want);
      }
      await page.goto('/login');
      await ctx.close();
    });
  }

  const allMenu = ALL_SCREENS.map((s) => msg('zh-CN', `menu.${s}`));
  const adminMenu = ADMIN_SCREENS.map((s) => msg('zh-CN', `menu.${s}`));
  for (const [role, want] of [
    ['admin', adminMenu],
    ['finance', allMenu],
    ['dispatcher', [msg('zh-CN', 'menu.index'), msg('zh-CN', 'menu.order')]],
  ] as const) {
    test(`menu shows the screens ${role} may open`, async () => {
      const { ctx, page } = await pageAs(role);
      await page.goto('/index');
      await page.getByTestId('home-user').waitFor();
      const got = await until(
        () => menuLabels(page),
        (m) => m.length === want.length,
      );
      assert.deepEqual([...got].sort(), [...want].sort());
      await shot(page, `guard-menu-${role}`);
      await ctx.close();
    });
  }

  test('a typed URL without the role shows the 403 page, and asks the API nothing of that screen', async () => {
    const { ctx, page } = await pageAs('dispatcher');
    // signed in and seen once (as after /login): the console knows the user's roles from then on
    await page.goto('/index');
    await page.getByTestId('home-user').waitFor();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    for (const path of ['/staff', '/merchant?status=1', '/logisticsOrder']) {
      await page.goto(path);
      await page.getByTestId('result-403').getByText('403', { exact: true }).waitFor();
      assert.equal(pathOf(page), path);
    }
    await page.waitForTimeout(300);
    assert.deepEqual(refused, [], 'the 403 page sent calls that were refused');
    await shot(page, 'guard-403-dispatcher');
    await ctx.close();
  });

  test('keep-alive: a list filter survives switching menus; the menu marks the page shown', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/staff');
    await rows(page).first().waitFor();
    await eventuallyEqual(() => selectedMenu(page), [msg('zh-CN', 'menu.staff')]);
    await page.locator('form #username:visible').fill('zhao');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expectPath(page, '/staff?username=zhao');
    await until(
      async () => (await rows(page).allInnerTexts()).map((r) => r.trim()), // the selection checkbox's cell is empty
      (t) => t.length > 0 && t.every((r) => r.startsWith('zhao')),
    );
    await page.locator('.ant-menu-item', { hasText: msg('zh-CN', 'menu.store') }).click();
    await expectPath(page, '/store');
    await rows(page).first().waitFor();
    await eventuallyEqual(() => selectedMenu(page), [msg('zh-CN', 'menu.store')]);
    await page.locator('.ant-menu-item', { hasText: msg('zh-CN', 'menu.staff') }).click();
    await rows(page).first().waitFor();
    await eventuallyEqual(() => selectedMenu(page), [msg('zh-CN', 'menu.staff')]);
    await shot(page, 'guard-keepalive-back');
    assert.equal(await page.locator('form #username:visible').inputValue(), 'zhao', 'the filter input keeps its value');
    const texts = await until(
      async () => (await rows(page).allInnerTexts()).map((r) => r.trim()), // the selection checkbox's cell is empty
      (t) => t.length > 0 && t.every((r) => r.startsWith('zhao')),
    );
    assert.ok(texts.length > 0 && texts.every((r) => r.startsWith('zhao')), `rows filtered: ${texts.map((t) => t.split('\n')[0]).join(',')}`);
    await expectPath(page, '/staff?username=zhao'); // the list state lives in the query string
    // the browser's back and a typed URL move the mark too
    await page.goBack();
    await expectPath(page, '/store');
    await eventuallyEqual(() => selectedMenu(page), [msg('zh-CN', 'menu.store')]);
    await page.goto('/index');
    await eventuallyEqual(() => selectedMenu(page), [msg('zh-CN', 'menu.index')]);
    await ctx.close();
  });

  test('a pointer resting on a menu item asks for its list once, and the click shows those rows without asking again; one passing over asks nothing', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/order');
    await rows(page).first().waitFor();
    const seen = recordApi(page);
    // the requests since the last attempt that counted (see below)
    let from = 0;
    const lists = () =>
      seen
        .slice(from)
        .filter((r) => r.path.endsWith('/list'))
        .map((r) => r.path);
    const item = (key: string) => page.locator('.ant-menu-item', { hasText: msg('zh-CN', key) });
    // on its way to Staff the pointer passes over Stores (engine/rest.ts: REST_MS 100); again until the
    // menu's screens are in (they load while the browser is idle after the page's load)
    const centre = async (key: string) => {
      const b = (await item(key).boundingBox())!;
      return [b.x + b.width / 2, b.y + b.height / 2] as const;
    };
    const [store, staff] = [await centre('menu.store'), await centre('menu.staff')];
    const [storeLabel, staffLabel] = [msg('zh-CN', 'menu.store'), msg('zh-CN', 'menu.staff')];
    // when the page took in the pointer reaching each item: two moves sent one after the other can reach
    // a loaded page more than REST_MS apart, and the page then rightly saw a rest on Stores
    await page.evaluate(() => {
      const w = window as unknown as Probe;
      w.__over = [];
      document.addEventListener(
        'pointerover',
        (e) => {
          const li = (e.target as Element).closest?.('.ant-menu-item');
          if (li) w.__over.push([li.textContent ?? '', performance.now()]);
        },
        true,
      );
    });
    const end = Date.now() + 60_000;
    let gap = NaN;
    for (;;) {
      await page.mouse.move(700, 500);
      await page.evaluate(() => ((window as unknown as Probe).__over = []));
      await page.mouse.move(...store);
      await page.mouse.move(...staff);
      await page.waitForTimeout(400);
      const over = await page.evaluate(() => (window as unknown as Probe).__over);
      const at = (label: string) => over.find(([text]) => text.includes(label))?.[1];
      const [onStore, onStaff] = [at(storeLabel), at(staffLabel)];
      gap = onStore !== undefined && onStaff !== undefined ? onStaff - onStore : NaN;
      const passed = gap < REST_MS;
      if (passed && lists().length) break;
      assert.ok(Date.now() < end, `no attempt in 60 s both passed over Stores in under ${REST_MS} ms and asked for a list: ${JSON.stringify(lists())}`);
      if (!passed && lists().length) {
        // a rest after all: its answers go stale (PRESS_TTL_MS), then the next attempt counts alone
        await page.waitForTimeout(PRESS_TTL_MS + 500);
        from = seen.length;
      }
    }
    assert.deepEqual(lists(), ['/api/user/list'], `only the item the pointer rests on is asked for, once (Stores to Staff in ${Math.round(gap)} ms)`);
    await page.evaluate(() =>
      document.addEventListener('pointerdown', () => ((window as unknown as Probe).__down = performance.now()), { capture: true, once: true }),
    );
    await item('menu.staff').click();
    await expectPath(page, '/staff');
    await rows(page).first().waitFor();
    await page.waitForTimeout(300);
    // the answer asked for while resting is kept PRESS_TTL_MS from its request: a click that a loaded
    // machine brings later than that asks again, as it should
    const { down, asked } = await page.evaluate(() => ({
      down: (window as unknown as Probe).__down,
      // the last ask before the click: the rest's (an attempt before it may have asked too)
      asked: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/user/list') && e.startTime < (window as unknown as Probe).__down)
        .pop()?.startTime,
    }));
    assert.ok(asked !== undefined, "the resting ask is in the page's resource timing");
    const late = down - asked >= PRESS_TTL_MS;
    assert.deepEqual(
      lists(),
      late ? ['/api/user/list', '/api/user/list'] : ['/api/user/list'],
      `the click takes the answer asked for while resting${late ? ' (the click came after it went stale: asked again)' : ''}`,
    );
    // a page kept alive is not asked for again by a resting pointer
    await item('menu.order').click();
    await expectPath(page, '/order');
    await item('menu.staff').hover();
    await page.waitForTimeout(400);
    assert.deepEqual(lists(), late ? ['/api/user/list', '/api/user/list'] : ['/api/user/list']);
    await ctx.close();
  });

  test("a list's first visit from the menu shows it whole in its first frame: toolbar on one line, every cell drawn", async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/order');
    await rows(page).first().waitFor();
    // the menu's lists are drawn ahead, hidden, while the browser is idle (Merchants, Stores, Staff,
    // Products first): the visits below show such pages (the check holds for a page not drawn ahead too)
    await until(
      () => page.locator('.kept-page[hidden]').count(),
      (n) => n >= 4,
      30_000,
    );
    for (const [path, key] of [
      ['/staff', 'menu.staff'],
      ['/product', 'menu.product'],
    ] as const) {
      // each frame until the new page shows its rows: what the page shown holds in the window, element by
      // element (tag, classes, a leaf's text), without the pointer's and the motions' passing classes
      await page.evaluate(() => {
        const w = window as unknown as Frames;
        const old = document.querySelector('.kept-page:not([aria-hidden])');
        // what shows in the window: rows below its edge may come a frame later (list/rows-in-view.ts)
        w.__look = () =>
          [...(document.querySelector('.kept-page:not([aria-hidden])')?.querySelectorAll('*') ?? [])]
            .filter((e) => e.getBoundingClientRect().top < window.innerHeight)
            .map((e) => {
              const cls = typeof e.className === 'string' ? e.className.split(/\s+/).filter((c) => c && !/^css-|hover|focus|active|wave|motion/.test(c)) : [];
              return `${e.tagName}.${cls.join('.')}${e.children.length ? '' : `:${(e.textContent ?? '').slice(0, 30)}`}`;
            });
        w.__first = undefined;
        // (members, not named consts: the test runner's transform names those with a helper the page lacks)
        w.__frame = () => {
          const shown = document.querySelector('.kept-page:not([aria-hidden])');
          if (shown && shown !== old && shown.querySelector('tr.ant-table-row')) w.__first = w.__look();
          else requestAnimationFrame(w.__frame);
        };
        requestAnimationFrame(w.__frame);
      });
      await page.locator('.ant-menu-item', { hasText: msg('zh-CN', key) }).click();
      await expectPath(page, path);
      await rows(page).first().waitFor();
      await page.waitForTimeout(1000);
      const [first, now] = await page.evaluate(() => {
        const w = window as unknown as Frames;
        return [w.__first ?? [], w.__look()];
      });
      assert.ok(first.length > 0, `${path}: a frame showed its rows`);
      assert.ok(!first.some((e) => e.includes('toolbar-container-mobile')), `${path}: the first frame's toolbar is on one line, not stacked`);
      const differs = now.findIndex((e, i) => first[i] !== e);
      const at = differs === -1 && first.length !== now.length ? now.length : differs;
      assert.equal(
        at,
        -1,
        `${path}: the first frame holds what the page shows a second later; it differs at element ${at}: ` +
          `${first.slice(at, at + 6).join(' ')} | a second later: ${now.slice(at, at + 6).join(' ')} (${first.length} and ${now.length} elements)`,
      );
    }
    await ctx.close();
  });

  test('the header menu: a pointer over an item shows its hover look and marks nothing; the arrow keys move along the items, mark the one focused, and Enter opens it', async () => {
    const { ctx, page } = await pageAs('admin');
    await page.goto('/order');
    await rows(page).first().waitFor();
    const item = (key: string) => page.locator('.ant-layout-header .ant-menu-item', { hasText: msg('zh-CN', key) });
    // the underline a horizontal menu item shows on hover (antd: the ::after border), as a colour
    const underline = (key: string) => item(key).evaluate((li) => getComputedStyle(li, '::after').borderBottomColor);
    const marked = (key: string) => item(key).evaluate((li) => li.classList.contains('ant-menu-item-active'));
    const plain = await underline('menu.store');
    await item('menu.store').hover();
    await until(
      () => underline('menu.store'),
      (c) => c !== plain,
    );
    // rc-menu's own "active" item, set from the pointer, drew the whole menu again on every item crossed
    assert.equal(await marked('menu.store'), false, 'the pointer does not mark the item');
    await page.mouse.move(700, 500);
    // the keyboard: from the Orders link, two items on
    await item('menu.order').locator('a').focus();
    const focusedItem = () => page.evaluate(() => document.activeElement?.closest('li')?.textContent?.trim());
    await page.keyboard.press('ArrowRight');
    // rc-menu moves the focus in an animation frame after each key (read at once, a loaded machine's
    // long frame still showed the item before); a person sees it move before pressing on
    await until(focusedItem, (t) => t === msg('zh-CN', 'menu.merchant'));
    await page.keyboard.press('ArrowRight');
    const focused = await until(focusedItem, (t) => t === msg('zh-CN', 'menu.store'));
    assert.equal(focused, msg('zh-CN', 'menu.store'), 'the arrow keys move the focus along the menu');
    assert.equal(await marked('menu.store'), true, 'the item the keyboard reached is marked');
    await page.keyboard.press('Enter');
    await expectPath(page, '/store');
    await rows(page).first().waitFor();
    await ctx.close();
  });
});
