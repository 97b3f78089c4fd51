// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dashboardJson from '../../../schemas/dashboard.json';
import dashboardZh from '../../../locales/zh-CN/dashboard.json';
import enumsZh from '../../../locales/zh-CN/enums.json';
import orderZh from '../../../locales/zh-CN/order.json';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import type { Resource } from '../../schema';
import { platformOption, statusOption, trendOption } from './chart-options';
import DashboardScreen from './DashboardScreen';
import type { DashboardPerformance as Performance } from '../../generated/types';

// ECharts needs a real canvas; the charts' options are tested as data below.
vi.mock('./Chart', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const resource = dashboardJson as unknown as Resource;
const messages = { ...enumsZh, ...orderZh, ...dashboardZh } as Record<string, string>;

const DATA: Performance = {
  range: { dateFrom: '2026-10-24', dateTo: '2026-11-22', days: 30, previousFrom: '2026-09-24', previousTo: '2026-10-23', granularity: 'day' },
  summary: {
    orders: { value: 1234, previous: 1000, change: 0.234 },
    gmv: { value: '245678.50', previous: '200000.00', change: 0.2284 },
    refunded: { value: '5210.00', previous: '4000.00', change: 0.3025 },
    net: { value: '240468.50', previous: '196000.00', change: 0.2269 },
    settled: { value: '98000.00', previous: '0.00', change: null },
    pendingSettlement: { value: '12000.00', previous: '15000.00', change: -0.2 },
    avgTicket: { value: '199.09', previous: '200.00', change: -0.0046 },
    assignmentRate: { value: 0.8123, previous: 0.75, change: 0.0623 },
    completionRate: { value: 0.5, previous: 0.5, change: 0 },
  },
  trend: [
    { bucket: '2026-11-21', orders: 40, gmv: '8000.00', refunded: '100.00' },
    { bucket: '2026-11-22', orders: 42, gmv: '8400.50', refunded: '0.00' },
  ],
  byStatus: [
    { status: 'settled', orders: 600, gmv: '120000.00' },
    { status: 'pending', orders: 634, gmv: '125678.50' },
  ],
  byPlatform: [
    { platform: 'taobao', orders: 700, gmv: '140000.00' },
    { platform: 'jd', orders: 534, gmv: '105678.50' },
  ],
  topStores: [
    {
      rank: 1,
      storeId: '9000000000000000001',
      storeName: '杭州西湖旗舰店',
      merchantName: '杭州安居家政服务有限公司',
      orders: 120,
      completed: 90,
      completionRate: 0.75,
      settledAmount: '12345.60',
    },
    {
      rank: 2,
      storeId: '9000000000000000002',
      storeName: '上海浦东服务站',
      merchantName: '上海优家',
      orders: 80,
      completed: 20,
      completionRate: 0.25,
      settledAmount: '0.00',
    },
  ],
};

function setup(handler: (input: Record<string, unknown>) => unknown = () => DATA) {
  const rt = fakeRuntime({
    '/analytics/performance': handler,
    '/merchant/list': () => ({ list: [{ id: '7000000000000000001', name: '杭州安居家政服务有限公司' }], total: 1, current: 1, pageSize: 20 }),
    '/dict/store': () => [{ value: '9000000000000000001', label: '杭州西湖旗舰店' }],
  });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
      <App>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </App>
    </IntlProvider>
  );
  render(
    <Wrapper>
      <DashboardScreen resource={resource} />
    </Wrapper>,
  );
  return rt;
}

afterEach(cleanup);

describe('DashboardScreen', () => {
  it('asks for the last 30 days and shows the cards with their change', async () => {
    const rt = setup();
    expect(await screen.findByTestId('metric-gmv')).toBeTruthy();
    const call = rt.calls.find((c) => c.path === '/analytics/performance')!;
    expect(call.input).toMatchObject({ granularity: 'day' });
    const from = new Date(`${call.input.dateFrom}T00:00:00Z`).getTime();
    const to = new Date(`${call.input.dateTo}T00:00:00Z`).getTime();
    expect((to - from) / 86_400_000).toBe(29);

    expect(screen.getByTestId('metric-orders').textContent).toBe('1,234');
    expect(screen.getByTestId('metric-gmv').textContent).toBe('¥245,678.50');
    expect(screen.getByTestId('metric-refunded').textContent).toBe('¥5,210.00');
    expect(screen.getByTestId('metric-assignmentRate').textContent).toBe('81.2%');
    expect(screen.getByText('成交额（GMV）')).toBeTruthy();
    const changes = screen.getAllByTestId('change').map((e) => e.textContent?.trim());
    expect(changes).toContain('23.4%');
    expect(changes).toContain('6.2 个百分点');
    expect(screen.getByText('上期无数据')).toBeTruthy();
    // more refunds is bad (red), more orders is good (green)
    const refundCard = screen.getByTestId('metric-refunded').closest('.ant-card') as HTMLElement;
    expect((within(refundCard).getByTestId('change') as HTMLElement).style.color).toBe('#cf1322');
    const ordersCard = screen.getByTestId('metric-orders').closest('.ant-card') as HTMLElement;
    expect((within(ordersCard).getByTestId('change') as HTMLElement).style.color).toBe('#3f8600');
    expect(screen.getByRole('img', { name: '订单与成交趋势' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '订单状态分布' })).toBeTruthy();
  });

  it('lists the top stores with counts, rates and money by locale', async () => {
    setup();
    const row = (await screen.findByText('杭州西湖旗舰店')).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['1', '杭州西湖旗舰店', '杭州安居家政服务有限公司', '120', '90', '75.0%', '¥12,345.60']);
  });

  it('changes the granularity and shows a failure with a retry', async () => {
    let fail = false;
    const rt = setup((input) => {
      if (fail) throw new Error('统计区间最长 366 天，当前为 400 天');
      return { ...DATA, range: { ...DATA.range, granularity: input.granularity } };
    });
    await screen.findByTestId('metric-gmv');
    fail = true;
    fireEvent.click(screen.getByText('按周'));
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/analytics/performance').at(-1)!.input.granularity).toBe('week'));
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.getByText('统计区间最长 366 天，当前为 400 天')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText(/重\s*试/));
    await waitFor(() => expect(screen.queryByText('数据加载失败')).toBeNull());
  });

  it("filters by merchant, then offers only that merchant's stores", async () => {
    const rt = setup();
    await screen.findByTestId('metric-gmv');
    const merchantSelect = screen.getByText('全部商户').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(merchantSelect.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('杭州安居家政服务有限公司', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/analytics/performance').at(-1)!.input.merchantId).toBe('7000000000000000001'));
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/dict/store' && c.input.merchantId === '7000000000000000001')).toBe(true));
  });

  it('says so when the range holds no orders', async () => {
    const zero = { value: 0, previous: 0, change: null };
    setup(() => ({ ...DATA, summary: { ...DATA.summary, orders: zero }, byStatus: [], byPlatform: [], topStores: [], trend: [] }));
    await waitFor(() => expect(screen.getAllByText('该区间暂无数据')).toHaveLength(4));
    expect(screen.queryByRole('img', { name: '订单与成交趋势' })).toBeNull();
  });
});

describe('chart options', () => {
  const t = (k: string) => messages[k] ?? k;
  it('draws the trend with money on the left axis and orders on the right', () => {
    const o = trendOption(DATA, t, 'zh-CN');
    expect(o.xAxis.data).toEqual(['11-21', '11-22']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['成交额', [8000, 8400.5]],
      ['退款金额', [100, 0]],
      ['订单量', [40, 42]],
    ]);
    expect(o.series[2].yAxisIndex).toBe(1);
    expect(trendOption(DATA, t, 'en-US').xAxis.data).toEqual(['Nov 21', 'Nov 22']);
  });
  it('labels statuses and platforms', () => {
    const s = statusOption(DATA, t, 'zh-CN', (x) => t(`enum.orderStatus.${x}`));
    expect(s.series[0].data).toEqual([
      { name: '已结算', value: 600 },
      { name: '待派单', value: 634 },
    ]);
    const p = platformOption(DATA, t, 'zh-CN', (x) => t(`enum.platform.${x}`));
    expect(p.yAxis.data).toEqual(['京东', '淘宝']);
    expect(p.series[0].data).toEqual([534, 700]);
  });
  it("puts the status legend under the ring on a phone's card (beside it, it ran over the ring) and beside it on a wide one", () => {
    const s = statusOption(DATA, t, 'en-US', (x) => t(`enum.orderStatus.${x}`));
    // what ECharts applies for a chart `width` px wide: the media rules whose maxWidth it is within
    const at = (width: number) => (s.media ?? []).filter((m) => width <= m.query.maxWidth).map((m) => m.option);
    expect(s.legend).toMatchObject({ orient: 'vertical', right: 8 });
    expect(at(560)).toEqual([]); // half of a 1280 px page
    const [phone] = at(310); // a 390 px phone's card
    expect(phone?.legend).toMatchObject({ orient: 'horizontal', left: 'center', bottom: 0 });
    expect(phone?.series[0].center).toEqual(['50%', '40%']);
  });
  it("gives the platform chart fewer value ticks on a phone's card (seven ran together) and the default on a wide one", () => {
    const p = platformOption(DATA, t, 'en-US', (x) => t(`enum.platform.${x}`));
    const at = (width: number) => (p.media ?? []).filter((m) => width <= m.query.maxWidth).map((m) => m.option);
    expect(at(560)).toEqual([]);
    expect(at(310)).toEqual([{ xAxis: { splitNumber: 3 } }]);
  });
});
