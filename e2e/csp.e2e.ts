/**
 * The console under its Content-Security-Policy (server/core/security-headers.ts): sign in through
 * the form, the order list, a detail drawer, a form drawer and a dialog, the dashboard with its
 * charts — and not one violation: no `securitypolicyviolation` event, no CSP console error, no report
 * posted to the report-uri. Two injections at the end prove the policy is really on and watched.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, signIn, DEMO } from './lib/browser';
import { msg } from './lib/expect';
import { drawer, modal, rows, runRowAction } from './lib/order-helpers';

after(closeBrowser);
const zh = (key: string) => msg('zh-CN', key);

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Everything the browser says about the policy, from the first script on. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const consoleErrors: string[] = [];
  const reports: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('request', (r) => {
    if (r.url().includes('/api/public/csp-report')) reports.push(r.postData() ?? '');
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp ?? []),
    consoleErrors,
    reports,
  };
}

describe('content security policy', () => {
  test('sign-in, /order, a detail drawer, a form, a dialog and /dashboard run without one violation', async () => {
    const { ctx, page } = await newPage({ fresh: true });
    const csp = await watchPolicy(page);
    const first = await page.goto('/login');
    const policy = first?.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/, policy);
    assert.match(policy, /style-src-elem 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.equal(first?.headers()['x-content-type-options'], 'nosniff');

    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    // the sign-in left this browser a device cookie (login throttling exempts it): not readable by scripts
    const device = (await ctx.cookies()).find((c) => c.name.startsWith('misi_dev_'));
    assert.ok(device && device.httpOnly && device.sameSite === 'Strict' && device.path === '/api/user/login', JSON.stringify(device));
    await page.goto('/order');
    await rows(page).first().waitFor();
    // every <style> element on the page carries the response's nonce (antd's generated ones included)
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce));
    assert.ok(styles.length > 0 && styles.every((n) => n && n.length >= 16), JSON.stringify(styles));

    await runRowAction(page, rows(page).first(), zh('common.view'));
    const det = drawer(page);
    await det.getByText(zh('order.section.logs')).waitFor();
    await page.keyboard.press('Escape');
    await det.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: zh('order.add') }).click();
    const form = drawer(page);
    await form.getByText(zh('order.addTitle'), { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    await runRowAction(page, rows(page).first(), zh('order.remarkAction'));
    const dialog = modal(page);
    await dialog.locator('textarea').first().waitFor();
    // a click on the close button while the dialog still zooms in can be lost under load: as a user
    // would, close it once it stands still
    await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal')].some((m) => /ant-zoom-appear/.test(m.className)), null, { timeout: 15_000 });
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/dashboard');
    await page.getByTestId('metric-orders').or(page.locator('[data-testid^="metric-"]').first()).first().waitFor();
    await page.locator('canvas, svg').first().waitFor();
    await page.waitForTimeout(500); // let late effects (charts, observers) run under the policy too

    assert.deepEqual(await csp.violations(), []);
    assert.deepEqual(csp.consoleErrors, []);
    assert.deepEqual(csp.reports, []);

    // The policy is on and the watch works: an injected inline script and injected <style> markup are refused.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
      const div = document.createElement('div');
      div.innerHTML = '<style>body{background:red}</style>';
      document.body.appendChild(div);
    });
    const refused = await page.waitForFunction(() => ((window as unknown as { __csp: Violation[] }).__csp ?? []).length >= 2).then(() => csp.violations());
    assert.deepEqual(refused.map((v) => v.directive).sort(), ['script-src-elem', 'style-src-elem']);
    assert.equal(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), undefined);
    await ctx.close();
  });
});
