/**
 * What a list route ships (vite.config.ts): in few scripts; ProField's value types the console never
 * draws are lazy chunks of their own (lazyProFields), and TypeBox, which only defines the schema's
 * meta-schema, is not in the browser at all. The route must not load them, and the lazy chunks must still load and
 * give their component when something asks for them.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeBrowser, pageAs } from './lib/browser';

after(closeBrowser);

const LAZY = ['ColorPicker', 'Rate', 'Slider', 'TreeSelect', 'Progress'];
/** Scripts a cold /order loads up to its first rows and idle network, background work held back: 16 today. */
const MAX_LIST_SCRIPTS = 20;

/** The built file of each lazy ProField value type, from the build's manifest. */
function lazyChunks(): Map<string, string> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
  const out = new Map<string, string>();
  for (const name of LAZY) {
    const entry = manifest[`node_modules/@ant-design/pro-field/es/components/${name}/index.js`];
    assert.ok(entry?.isDynamicEntry, `${name} is a lazy chunk of its own`);
    out.set(name, `/${entry.file}`);
  }
  return out;
}

/** The built files of every schema but the order list's own (the menu's screens, preloaded when idle). */
function otherSchemaChunks(): Set<string> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return new Set(
    Object.entries(manifest)
      .filter(([src]) => /^schemas\/\w+\.json$/.test(src) && src !== 'schemas/order.json')
      .map(([, e]) => `/${e.file}`),
  );
}

describe('what the order route ships', () => {
  test("few scripts, none of ProField's unused value types and no TypeBox on /order; each lazy type still loads with its component", async () => {
    const chunks = lazyChunks();
    const { ctx, page } = await pageAs('admin', { locale: 'zh-CN', fresh: true });
    // What waits for the browser to be idle once the page is up (the menu's schemas, the drawer's and
    // the dialogs' code, the live bar) is background work, not what the route ships: held back here.
    // (a string: tsx names the arrow functions of an object literal with a helper the page does not have)
    await ctx.addInitScript({ content: 'window.requestIdleCallback = function () { return 0; }; window.cancelIdleCallback = function () {};' });
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push({ url: new URL(r.url()).pathname, body: r.text().catch(() => '') });
    });
    await page.goto('/order');
    await page.locator('#root .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    const loaded = scripts.map((s) => s.url);
    assert.ok(loaded.length > 10, `the route's scripts were seen (${loaded.length})`);
    // the app's boot modules and what a list route adds come in one chunk each (stepGraph): split along
    // every lazy import they were ~60 requests, queued over the browser's six connections
    // (the other menu screens' schemas come later, in the background: not the route's own)
    const others = otherSchemaChunks();
    const own = loaded.filter((u) => !others.has(u));
    assert.ok(own.length <= MAX_LIST_SCRIPTS, `/order loads ${own.length} scripts, at most ${MAX_LIST_SCRIPTS}:\n${own.join('\n')}`);
    for (const [name, file] of chunks) assert.ok(!loaded.includes(file), `${name} (${file}) is not loaded by /order`);
    for (const s of scripts) assert.ok(!(await s.body).includes('TypeBox'), `${s.url} holds no TypeBox code`);

    for (const [name, file] of chunks) {
      const kind = await page.evaluate(async (f) => typeof (await import(f)).default, file);
      assert.ok(['function', 'object'].includes(kind), `${name} loads and exports its component (${kind})`);
    }
    await ctx.close();
  });
});
