// @vitest-environment happy-dom
/**
 * The operation log as an admin reads it, drawn by the generic renderer from schemas/operationLog.json:
 * each row says what was done (module · action), and the changed values read as their fields read
 * everywhere else (ids exact, times local, enums by label, money as money), in the list and the drawer.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import operationLogJson from '../../../schemas/operationLog.json';
import orderJson from '../../../schemas/order.json';
import staffJson from '../../../schemas/staff.json';
import type { Resource } from '../../schema';
import { clearOptionCache, formatDateTime, RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { ResourceScreen } from '../../renderer';
import { messages } from '../../renderer/testing';
import type { OperationLogEntry } from '../../generated/types';
import './register';

vi.setConfig({ testTimeout: 60_000 });

const operationLog = operationLogJson as unknown as Resource;
const schemas: Record<string, Resource> = { staff: staffJson as unknown as Resource, order: orderJson as unknown as Resource };

const STAFF_ID = '914466786856460288';
const CREATED = '2026-11-28T10:39:05.320Z';
const entries: OperationLogEntry[] = [
  {
    id: '914466786860654592',
    at: '2026-11-28T10:39:05.330Z',
    kind: 'write',
    userId: '1',
    username: 'admin',
    resource: 'staff',
    operation: 'staff.add',
    recordId: STAFF_ID,
    ip: '127.0.0.1',
    changes: [
      { field: 'id', label: 'ID', before: null, after: STAFF_ID },
      { field: 'roles', label: '角色', before: null, after: ['finance'] },
      { field: 'createdAt', label: '创建时间', before: null, after: CREATED },
    ],
    input: [{ field: 'roles', label: '角色', value: ['finance'] }],
  },
  {
    id: '914466786860654593',
    at: '2026-11-28T10:40:00.000Z',
    kind: 'write',
    userId: '1',
    username: 'admin',
    resource: 'order',
    operation: 'order.adjustPrice',
    recordId: '912190582341029888',
    ip: '127.0.0.1',
    changes: [{ field: 'adjustedAmount', label: '调整后金额', before: '199.00', after: '150.00' }],
    input: [{ field: null, label: '原因', value: '客户议价' }],
  },
];
const OPTIONS = [
  { value: 'staff.add', label: '员工管理 · 新增' },
  { value: 'order.adjustPrice', label: '订单管理 · 调整价格' },
];

function mount() {
  const rt = fakeRuntime({
    '/operationLog/list': () => ({ list: entries, total: entries.length, current: 1, pageSize: 20 }),
    '/operationLog/detail': (input) => entries.find((e) => e.id === input.id),
    '/dict/auditOperation': () => OPTIONS,
    '/dict/auditResource': () => [
      { value: 'staff', label: '员工管理' },
      { value: 'order', label: '订单管理' },
    ],
  });
  rt.runtime.loadResource = async (name) => schemas[name];
  return render(
    <MemoryRouter initialEntries={['/operationLog']}>
      <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
        <ConfigProvider locale={zhCN}>
          <App>
            <RuntimeProvider value={rt.runtime}>
              <ResourceScreen resource={operationLog} />
            </RuntimeProvider>
          </App>
        </ConfigProvider>
      </IntlProvider>
    </MemoryRouter>,
  );
}

const rowOf = (recordId: string) => screen.getByText(recordId, { selector: 'td *' }).closest('tr') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  clearOptionCache();
});

describe('operation log screen', () => {
  it('says in each row what was done: the action column shows module · action, not only a link', async () => {
    mount();
    await screen.findByText(STAFF_ID, { selector: 'td *' });
    const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const col = header.indexOf(messages['operationLog.operation']);
    expect(col).toBeGreaterThan(-1);
    await waitFor(() => expect(rowOf(STAFF_ID).querySelectorAll('td')[col].textContent).toBe('员工管理 · 新增'));
    expect(rowOf('912190582341029888').querySelectorAll('td')[col].textContent).toBe('订单管理 · 调整价格');
    // the view link stays, in the row actions' own column
    expect(within(rowOf(STAFF_ID)).getByText(messages['common.view'])).toBeTruthy();
  });

  it('draws changed values as their fields: the id exact, roles by label, money as money', async () => {
    mount();
    await screen.findByText(STAFF_ID, { selector: 'td *' });
    const staffChanges = () => within(rowOf(STAFF_ID)).getByTestId('audit-changes').textContent ?? '';
    await waitFor(() => expect(staffChanges()).toContain(`ID：${messages['operationLog.empty']} → ${STAFF_ID}`));
    expect(staffChanges()).toContain(`角色：${messages['operationLog.empty']} → ${messages['enum.role.finance']}`);
    expect(staffChanges()).toContain('等另外 1 项');
    const orderChanges = within(rowOf('912190582341029888')).getByTestId('audit-changes').textContent;
    expect(orderChanges).toContain('¥199.00 → ¥150.00');
  });

  it('shows every line in the drawer, a time in local time in the locale format rather than UTC ISO', async () => {
    mount();
    await screen.findByText(STAFF_ID, { selector: 'td *' });
    fireEvent.click(within(rowOf(STAFF_ID)).getByText(messages['common.view']));
    const drawer = await waitFor(() => {
      const d = document.querySelector('.ant-drawer-body');
      expect(d?.querySelector('[data-testid="audit-changes"]')).toBeTruthy();
      return d as HTMLElement;
    });
    await waitFor(() => expect(drawer.textContent).toContain(`创建时间：${messages['operationLog.empty']} → ${formatDateTime(CREATED, 'zh-CN')}`));
    expect(drawer.textContent).not.toContain('T10:39:05');
    expect(drawer.textContent).toContain(`ID：${messages['operationLog.empty']} → ${STAFF_ID}`);
    // a submitted value: no before, the value drawn as its field
    expect(drawer.textContent).toContain(`角色：${messages['enum.role.finance']}`);
  });
});
