// @vitest-environment happy-dom
/**
 * The dashboard's default range is counted in the business time zone (schemas/app.json timeZone,
 * Asia/Shanghai), not the browser's: here the browser runs in Los Angeles at a moment when it is
 * still the 21st there and already the 22nd in Shanghai.
 */
process.env.TZ = 'America/Los_Angeles';

import { cleanup, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { IntlProvider } from 'react-intl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import appJson from '../../../schemas/app.json';
import dashboardJson from '../../../schemas/dashboard.json';
import dashboardZh from '../../../locales/zh-CN/dashboard.json';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import type { Resource } from '../../schema';
import DashboardScreen from './DashboardScreen';
import { businessToday } from './FilterBar';

vi.mock('./Chart', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const NOW = new Date('2026-11-21T17:00:00Z'); // 09:00 on the 21st in Los Angeles, 01:00 on the 22nd in Shanghai

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
  cleanup();
});

describe('the dashboard in a browser outside China', () => {
  it("runs where the browser's own calendar says the 21st", () => {
    expect(new Date().getDate()).toBe(21);
    expect(new Date().getTimezoneOffset()).toBe(480);
    expect(appJson.timeZone).toBe('Asia/Shanghai');
  });

  it('asks for the last 30 days up to today in Asia/Shanghai, and shows that range', async () => {
    expect(businessToday(appJson.timeZone).format('YYYY-MM-DD')).toBe('2026-11-22');
    const rt = fakeRuntime({
      '/analytics/performance': () => null,
      '/merchant/list': () => ({ list: [], total: 0, current: 1, pageSize: 20 }),
      '/dict/store': () => [],
    });
    render(
      <IntlProvider locale="zh-CN" messages={dashboardZh as Record<string, string>} onError={() => undefined}>
        <App>
          <RuntimeProvider value={rt.runtime}>
            <DashboardScreen resource={dashboardJson as unknown as Resource} />
          </RuntimeProvider>
        </App>
      </IntlProvider>,
    );
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/analytics/performance')).toBe(true));
    expect(rt.calls.find((c) => c.path === '/analytics/performance')!.input).toMatchObject({ dateFrom: '2026-10-24', dateTo: '2026-11-22' });
    const inputs = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((i) => i.value);
    expect(inputs).toEqual(['2026-10-24', '2026-11-22']);
  });
});
