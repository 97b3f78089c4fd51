// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../schema';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { messages } from '../testing';
import { DetailSections } from './DetailSections';

const res: Resource = {
  name: 'job',
  fields: {
    id: { type: 'bigint', title: 'common.id', readOnly: true },
    title: { type: 'string', title: 'staff.nickname' },
    phone: { type: 'phone', title: 'staff.phone' },
    remark: { type: 'text', title: 'order.remark' },
  },
  api: { get: { method: 'GET', path: '/job/get', input: { fields: ['id'], require: ['id'] }, result: 'record' } },
  detail: { api: 'get', sections: [{ title: 'staff.sectionBasic', fields: ['id', 'title', 'phone', 'remark'] }] },
};

/** The window's width as matchMedia tells it (`(min-width: Npx)` matches from N px); use-narrow keeps its lists. */
let width = 1440;
vi.stubGlobal('matchMedia', (query: string) => ({
  get matches() {
    return width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1]);
  },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
}));

/** The cells in each row of the section's table: 2 a row for two columns, 1 for one. */
function rowsDrawn(windowWidth: number): number[] {
  width = windowWidth;
  const { runtime } = fakeRuntime({});
  const { container, unmount } = render(
    <IntlProvider locale="zh-CN" messages={messages}>
      <RuntimeProvider value={runtime}>
        <DetailSections resource={res} record={{ id: '1', title: '上门安装', phone: '13812341234', remark: '下午' }} />
      </RuntimeProvider>
    </IntlProvider>,
  );
  const rows = [...container.querySelectorAll('.ant-descriptions-row')].map((r) => r.querySelectorAll('.ant-descriptions-item').length);
  unmount();
  return rows;
}

describe('detail sections by window width', () => {
  afterAll(() => vi.unstubAllGlobals());

  it('draws a field section in its two columns on a wide window and in one on a phone (390 px), a value the whole width', () => {
    expect(rowsDrawn(1440)).toEqual([2, 2]);
    expect(rowsDrawn(390)).toEqual([1, 1, 1, 1]);
  });
});
