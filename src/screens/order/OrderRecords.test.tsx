// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import orderJson from '../../../schemas/order.json';
import type { Resource } from '../../schema';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import orderZh from '../../../locales/zh-CN/order.json';
import enumsZh from '../../../locales/zh-CN/enums.json';
import rendererZh from '../../../locales/zh-CN/renderer.json';
import shellZh from '../../../locales/zh-CN/shell.json';
import staffZh from '../../../locales/zh-CN/staff.json';
import OrderRecords from './OrderRecords';

const order = orderJson as unknown as Resource;
const messages = { ...enumsZh, ...rendererZh, ...shellZh, ...staffZh, ...orderZh } as Record<string, string>;

function Wrapper({ children }: { children: ReactNode }) {
  const rt = fakeRuntime({});
  return (
    <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
      <App>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </App>
    </IntlProvider>
  );
}

afterEach(cleanup);

const section = order.detail!.sections.find((s) => s.slot === 'orderRecords')!;

describe('OrderRecords', () => {
  it('shows work orders, price adjustments, refunds and the settlement of the order', () => {
    const record = {
      id: '912190582341029888',
      workOrders: [
        {
          id: '1',
          type: 'repair',
          appointmentAt: '2026-11-23T02:00:00.000Z',
          staffName: '师傅甲',
          notes: '带梯子',
          status: 'done',
          createdAt: '2026-11-22T02:00:00.000Z',
        },
      ],
      priceAdjustments: [
        { id: '2', beforeAmount: '200.00', afterAmount: '180.00', reason: '老客户优惠', operatorName: '财务小周', at: '2026-11-22T03:00:00.000Z' },
      ],
      refunds: [{ id: '3', amount: '30.00', kind: 'partial', reason: '服务未完成，按比例退款', operatorName: '财务小周', at: '2026-11-22T04:00:00.000Z' }],
      settlement: {
        id: '4',
        storeName: '小羊管家（浦东店）',
        amount: '90.00',
        status: 'settled',
        confirmedAt: '2026-11-22T05:00:00.000Z',
        settledAt: '2026-11-23T05:00:00.000Z',
      },
    };
    render(
      <Wrapper>
        <OrderRecords resource={order} record={record} section={section} />
      </Wrapper>,
    );
    expect(screen.getByText('工单')).toBeTruthy();
    expect(screen.getByText('维修')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('带梯子')).toBeTruthy();
    const adj = screen.getByText('改价记录').parentElement!;
    expect(within(adj).getByText('¥200.00')).toBeTruthy();
    expect(within(adj).getByText('¥180.00')).toBeTruthy();
    expect(screen.getByText('部分退款')).toBeTruthy();
    expect(screen.getByText('¥30.00')).toBeTruthy();
    const settle = screen.getByText('结算记录').parentElement!;
    expect(within(settle).getByText('¥90.00')).toBeTruthy();
    expect(within(settle).getByText('小羊管家（浦东店）')).toBeTruthy();
    expect(within(settle).getByText('已结算')).toBeTruthy();
  });

  it('says there is nothing yet for a new order', () => {
    render(
      <Wrapper>
        <OrderRecords resource={order} record={{ id: '1', workOrders: [], priceAdjustments: [], refunds: [], settlement: null }} section={section} />
      </Wrapper>,
    );
    expect(screen.getByText('暂无记录')).toBeTruthy();
    expect(screen.queryByText('工单')).toBeNull();
  });
});
