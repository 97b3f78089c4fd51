// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../schema';
import { announceChanges, RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { ResourceScreen } from '../ResourceScreen';
import { messages, mountScreen } from '../testing';
import { lazyPreload } from '../../engine/lazy-preload';
import { registerSlot } from '../slots';
import { DetailSections } from './DetailSections';

vi.setConfig({ testTimeout: 60_000 });

const ID = '1876543210987654321';
const res: Resource = {
  name: 'job',
  enums: {
    jobStatus: {
      values: [
        { value: 'open', label: 'renderer.yes', color: 'processing' },
        { value: 'done', label: 'renderer.no' },
      ],
    },
  },
  fields: {
    id: { type: 'bigint', title: 'common.id', readOnly: true },
    title: { type: 'string', title: 'staff.nickname' },
    phone: { type: 'phone', title: 'staff.phone', mask: true },
    amount: { type: 'money', title: 'staff.store' },
    status: { type: 'enum', enum: 'jobStatus', title: 'staff.enabled' },
  },
  api: {
    list: { method: 'GET', path: '/job/list', input: { page: true }, result: 'page' },
    get: { method: 'GET', path: '/job/get', input: { fields: ['id'], require: ['id'] }, result: 'record' },
    logs: { method: 'GET', path: '/job/logs', input: { fields: ['id'], require: ['id'] }, result: 'list' },
    close: { method: 'POST', path: '/job/close', input: { fields: ['id'] } },
  },
  list: { api: 'list', columns: ['title', 'phone', 'status'], rowActions: ['view', 'close'] },
  detail: {
    api: 'get',
    sections: [
      { title: 'staff.sectionBasic', fields: ['id', 'title', 'phone', 'amount', 'status'] },
      { title: 'renderer.detail', slot: 'timeline', api: 'logs' },
    ],
  },
  actions: {
    view: { title: 'common.view', kind: 'detail' },
    close: { title: 'staff.disable', kind: 'api', api: 'close', when: { status: ['open'] } },
  },
};

describe('detail drawer', () => {
  it('shows the record as it is now when a live update says it changed elsewhere (once per burst; other records leave it alone)', async () => {
    let status = 'open';
    const { rt } = mountScreen(<ResourceScreen resource={res} />, {
      '/job/list': () => ({ list: [{ id: ID, title: '上门安装', phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': (i) => ({ id: i.id, title: '上门安装', phone: '13812341234', amount: '88.5', status }),
      '/job/logs': () => [],
    });
    await screen.findByText('上门安装');
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(drawer).findByText('基本信息', {}, { timeout: 10_000 });
    expect(within(drawer).getByText(messages['renderer.yes'])).toBeTruthy();
    const gets = () => rt.calls.filter((c) => c.path === '/job/get').length;
    const before = gets();
    announceChanges('job', ['1876543210987654320']); // another job
    announceChanges('order', [ID]); // another resource
    await new Promise((r) => setTimeout(r, 600));
    expect(gets()).toBe(before);
    status = 'done';
    announceChanges('job', [ID]);
    announceChanges('job', [ID]);
    announceChanges('job', '*');
    await within(drawer).findByText(messages['renderer.no'], {}, { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 600));
    expect(gets()).toBe(before + 1);
  });

  it('a section that changed the record reloads it, and the list behind it (its row shows some of the same fields)', async () => {
    registerSlot('testChangeSlot', ({ onRecordChanged }) => (
      <button type="button" onClick={() => onRecordChanged?.()}>
        change-it
      </button>
    ));
    const changing: Resource = { ...res, detail: { api: 'get', sections: [...res.detail!.sections, { title: 'renderer.detail', slot: 'testChangeSlot' }] } };
    let title = '上门安装';
    const { rt } = mountScreen(<ResourceScreen resource={changing} />, {
      '/job/list': () => ({ list: [{ id: ID, title, phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': (i) => ({ id: i.id, title, phone: '13812341234', amount: '88.5', status: 'open' }),
      '/job/logs': () => [],
    });
    await screen.findByText('上门安装');
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const count = (path: string) => rt.calls.filter((c) => c.path === path).length;
    const lists = count('/job/list');
    const gets = count('/job/get');
    title = '上门维修';
    fireEvent.click(await within(drawer).findByText('change-it', {}, { timeout: 10_000 }));
    await vi.waitFor(() => expect(count('/job/list')).toBe(lists + 1), { timeout: 5_000 });
    expect(count('/job/get')).toBe(gets + 1);
    expect(await within(drawer).findByText('上门维修')).toBeTruthy();
  });

  it('Escape closes the drawer when focus has left it (after an action dialog, its button gone)', async () => {
    mountScreen(<ResourceScreen resource={res} />, {
      '/job/list': () => ({ list: [{ id: ID, title: '上门安装', phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': (i) => ({ id: i.id, title: '上门安装', phone: '13812341234', amount: '88.5', status: 'open' }),
      '/job/logs': () => [],
    });
    await screen.findByText('上门安装');
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(drawer).findByText('基本信息', {}, { timeout: 10_000 });
    // the page behind does not scroll while the drawer is open: locked by drawer-host.ts once the
    // drawer is painted (the drawer lives in a host of its own, so antd's lock, which measured inside
    // the click, is off)
    expect(drawer.closest('.drawer-host')?.parentElement).toBe(document.body);
    expect(document.querySelector('style[rc-util-key^="rc-util-locker"]')).toBeNull();
    await vi.waitFor(() => expect(document.body.style.overflowY).toBe('hidden'), { timeout: 5_000 });
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement === document.body || !document.activeElement).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await vi.waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull(), { timeout: 5_000 });
    // and scrolls again once it is closed
    expect(document.body.style.overflowY).toBe('');
  });

  it('draws its sections again only for another record (the drawer closing or its actions changing draw none)', () => {
    const drawn = vi.fn();
    registerSlot('testCountSlot', ({ record }) => {
      drawn();
      return <span>{String(record.title)}-slot</span>;
    });
    const counted: Resource = { ...res, detail: { api: 'get', sections: [{ title: 'renderer.detail', slot: 'testCountSlot' }] } };
    const refetch = () => {};
    const first = { id: ID, title: '上门安装' };
    // the drawer around them draws again (open → closed, new actions): the same resource, record and handler
    const { runtime } = fakeRuntime({});
    const view = (record: Record<string, unknown>, open: boolean) => (
      <IntlProvider locale="zh-CN" messages={messages}>
        <RuntimeProvider value={runtime}>
          <div data-open={open}>
            <DetailSections resource={counted} record={record} onRecordChanged={refetch} />
          </div>
        </RuntimeProvider>
      </IntlProvider>
    );
    const { rerender } = render(view(first, true));
    expect(screen.getByText('上门安装-slot')).toBeTruthy();
    expect(drawn).toHaveBeenCalledTimes(1);
    rerender(view(first, false));
    expect(drawn).toHaveBeenCalledTimes(1);
    rerender(view({ ...first, title: '维修' }, true));
    expect(screen.getByText('维修-slot')).toBeTruthy();
    expect(drawn).toHaveBeenCalledTimes(2);
  });

  it('shows long texts whole, wrapping in their cells: an `ellipsis` address is cut in a table only, a remark keeps its lines', () => {
    const ADDRESS = '浙江省杭州市西湖区文三路 100 号万科城 6 栋 3 单元 1222 室（东门进，电梯到 12 楼右转第二户，门口有鞋柜）';
    const REMARK = '上午不在家\n请下午两点后上门';
    const long: Resource = {
      ...res,
      fields: {
        ...res.fields,
        address: { type: 'text', title: 'order.address', ellipsis: true, maxLength: 200 },
        title: { type: 'string', title: 'staff.nickname', ellipsis: true },
        remark: { type: 'text', title: 'order.remark' },
      },
      detail: { api: 'get', sections: [{ title: 'staff.sectionBasic', columns: 2, fields: ['title', 'phone', 'address', 'remark'] }] },
    };
    const { runtime } = fakeRuntime({});
    render(
      <IntlProvider locale="zh-CN" messages={messages}>
        <RuntimeProvider value={runtime}>
          <DetailSections
            resource={long}
            record={{ id: ID, title: '上门安装空调并移机到二楼卧室，旧机拆除带走', phone: '13812341234', address: ADDRESS, remark: REMARK }}
          />
        </RuntimeProvider>
      </IntlProvider>,
    );
    const valueOf = (label: string) => screen.getByText(label).closest('.ant-descriptions-item-container')!.querySelector('.ant-descriptions-item-content')!;
    for (const [label, text] of [
      [messages['order.address'], ADDRESS],
      [messages['staff.nickname'], '上门安装空调并移机到二楼卧室，旧机拆除带走'],
    ]) {
      const value = valueOf(label);
      // the whole text, in no element that cuts it to one line or to a width
      expect(value.textContent).toBe(text);
      expect(value.querySelector('.cell-ellipsis, [style*="max-width"]'), label).toBeNull();
    }
    // a text area's lines stay lines
    const remark = valueOf(messages['order.remark']);
    expect(remark.textContent).toBe(REMARK);
    expect(remark.querySelector('.cell-lines')?.textContent).toBe(REMARK);
  });

  it('opens from the row, loads the record by its string id, shows sections, the timeline and the actions allowed', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={res} />, {
      '/job/list': () => ({ list: [{ id: ID, title: '上门安装', phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': (i) => ({ id: i.id, title: '上门安装', phone: '13812341234', amount: '88.5', status: 'open' }),
      '/job/logs': () => [
        {
          operatorName: '赵六',
          at: '2026-01-03T08:00:00',
          action: 'remark',
          title: 'renderer.timeline.system',
          before: { phone: null, status: 'open' },
          after: { phone: null, status: 'open' },
          remark: '补充说明',
        },
        { operator: '王管理', at: '2026-01-02T10:00:00', action: 'close', before: { status: 'open' }, after: { status: 'done' }, remark: '客户取消' },
        { operatorName: '李四', at: '2026-01-01T09:00:00', action: 'create', before: null, after: null, remark: null },
      ],
    });
    await screen.findByText('上门安装');
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    // the click itself sends the record's and the timeline's requests, together (not one after the other)
    expect(rt.prefetches.map((c) => [c.path, c.input])).toEqual([
      ['/job/get', { id: ID }],
      ['/job/logs', { id: ID }],
    ]);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(drawer).findByText('基本信息', {}, { timeout: 10_000 });
    expect(rt.calls.find((c) => c.path === '/job/get')!.input).toEqual({ id: ID });
    expect(within(drawer).getByText(ID)).toBeTruthy();
    expect(within(drawer).getByText('13812341234')).toBeTruthy(); // details show the full number
    expect(within(drawer).getByText('¥88.50')).toBeTruthy();
    await within(drawer).findByText('客户取消', {}, { timeout: 10_000 });
    expect(rt.calls.find((c) => c.path === '/job/logs')!.input).toEqual({ id: ID });
    await within(drawer).findByText('补充说明', {}, { timeout: 10_000 });
    const items = [...drawer.querySelectorAll('.ant-timeline-item')].map((e) => e.textContent ?? '');
    // the server's title key names the entry; fields empty before and after, or unchanged, are left out
    expect(items[0]).toContain(messages['renderer.timeline.system']);
    expect(items[0]).not.toContain('→');
    expect(items[1]).toContain('王管理');
    expect(items[1]).toContain('2026-01-02 10:00:00');
    expect(items[1]).toContain('→');
    expect(items[2]).toContain('李四');
    expect(within(drawer).getByRole('button', { name: /停\s*用/ })).toBeTruthy();
  });

  it("shows a log entry's store by the name the entry gives, asking no dictionary", async () => {
    const STORE = '917299147973812226';
    const withStore: Resource = { ...res, fields: { ...res.fields, storeId: { type: 'dict', dict: 'store', title: 'order.store' } } };
    const { rt } = mountScreen(<ResourceScreen resource={withStore} />, {
      '/job/list': () => ({ list: [{ id: ID, title: '上门安装', phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': (i) => ({ id: i.id, title: '上门安装', phone: '13812341234', amount: '88.5', status: 'open' }),
      '/job/logs': () => [
        {
          operatorName: '赵六',
          at: '2026-01-03T08:00:00',
          action: 'assign',
          before: { storeId: null },
          after: { storeId: STORE },
          names: { storeId: { [STORE]: '好帮手（安溪店）' } },
          remark: null,
        },
      ],
      // a dictionary of other stores: the entry's own name must be the one shown
      '/dict/store': () => [{ value: '1', label: '别的店' }],
    });
    await screen.findByText('上门安装');
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await vi.waitFor(
      () =>
        expect(drawer.querySelector('.timeline-change')?.textContent).toBe(
          `${messages['renderer.timeline.field'].replace('{field}', messages['order.store'])}- → 好帮手（安溪店）`,
        ),
      { timeout: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(rt.calls.filter((c) => c.path.includes('dict'))).toEqual([]);
  });

  it('opens with the record and its timeline drawn together when their answers are in already (asked for as the link was pressed)', async () => {
    const record = { id: ID, title: '上门安装', phone: '13812341234', amount: '88.5', status: 'open' };
    const logs = [
      { operator: '王管理', at: '2026-01-02T10:00:00', action: 'close', before: { status: 'open' }, after: { status: 'done' }, remark: '客户取消' },
    ];
    const { rt } = mountScreen(<ResourceScreen resource={res} />, {
      '/job/list': () => ({ list: [{ id: ID, title: '上门安装', phone: '13812341234', status: 'open' }], total: 1 }),
      '/job/get': () => record,
      '/job/logs': () => logs,
    });
    await screen.findByText('上门安装');
    const taken: string[] = [];
    rt.runtime.arrived = (binding, input) => {
      const data = binding.path.endsWith('job/get') ? record : binding.path.endsWith('job/logs') ? logs : undefined;
      if (data === undefined || (input as { id?: string }).id !== ID) return undefined;
      return { data, take: () => taken.push(binding.path), askedAt: 0, answeredAt: 0 };
    };
    fireEvent.click(document.querySelector('[data-action="view"]')!);
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await within(drawer).findByText('基本信息', {}, { timeout: 10_000 });
    // the timeline came with the record's sections: no skeleton before either, nothing asked again
    expect(within(drawer).getByText('客户取消')).toBeTruthy();
    expect(drawer.querySelector('.ant-skeleton')).toBeNull();
    expect(within(drawer).getByText('¥88.50')).toBeTruthy();
    expect(rt.calls.filter((c) => c.path === '/job/get' || c.path === '/job/logs')).toEqual([]);
    // each answer taken once, so that no later call is answered with it
    await waitFor(() => expect(taken.map((p) => p.replace(/^\/+/, '')).sort()).toEqual(['job/get', 'job/logs']));
  });
});

describe('detail code loaded ahead', () => {
  const own = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  afterEach(() => Object.assign(window, { requestIdleCallback: own.request, cancelIdleCallback: own.cancel }));
  /** idle callbacks kept, to be run by the test */
  function idleQueue(): (() => void)[] {
    const idle: (() => void)[] = [];
    Object.assign(window, { requestIdleCallback: (fn: () => void) => idle.push(fn), cancelIdleCallback: () => undefined });
    return idle;
  }

  it("loads the drawer's section code once the browser is idle, before any click, for a user who may open it", async () => {
    const idle = idleQueue();
    const load = vi.fn(() => Promise.resolve({ default: (() => null) as never }));
    registerSlot('testAheadSlot', lazyPreload(load));
    const ahead: Resource = { ...res, detail: { api: 'get', sections: [{ title: 'renderer.detail', slot: 'testAheadSlot' }] } };
    mountScreen(<ResourceScreen resource={ahead} />, { '/job/list': () => ({ list: [{ id: ID, title: '上门安装', status: 'open' }], total: 1 }) });
    await screen.findByText('上门安装');
    expect(load).not.toHaveBeenCalled(); // not while the screen is drawing
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    idle.forEach((fn) => fn());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('loads nothing ahead for a list without a detail or form action', async () => {
    const idle = idleQueue();
    const bare: Resource = { ...res, list: { api: 'list', columns: ['title'], rowActions: [] }, actions: {} };
    mountScreen(<ResourceScreen resource={bare} />, { '/job/list': () => ({ list: [{ id: ID, title: '上门安装', status: 'open' }], total: 1 }) });
    await screen.findByText('上门安装');
    expect(idle).toHaveLength(0);
  });
});
