// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import merchantJson from '../../../schemas/merchant.json';
import storeJson from '../../../schemas/store.json';
import type { Resource } from '../../schema';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime, type Handler } from '../../engine/testing';
import merchantZh from '../../../locales/zh-CN/merchant.json';
import storeZh from '../../../locales/zh-CN/store.json';
import enumsZh from '../../../locales/zh-CN/enums.json';
import rendererZh from '../../../locales/zh-CN/renderer.json';
import staffZh from '../../../locales/zh-CN/staff.json';
import FranchiseStores, { STORE_COLUMNS } from './FranchiseStores';
import MerchantShops from './MerchantShops';

const merchant = merchantJson as unknown as Resource;
const store = storeJson as unknown as Resource;
const messages = { ...enumsZh, ...rendererZh, ...staffZh, ...merchantZh, ...storeZh } as Record<string, string>;
const MERCHANT_ID = '912186973240692736';
const STORE = {
  id: '912186973702066176',
  merchantId: MERCHANT_ID,
  merchantName: '小羊管家家电清洗',
  name: '小羊管家（姑苏店）',
  region: ['320000', '320500', '320508'],
  address: '姑苏区人民路 88 号',
  contact: '潘玉兰',
  phone: '18895769159',
  serviceArea: ['320508'],
  businessHours: '09:00-21:00',
  photos: [],
  status: 'enabled',
  auditStatus: 'pending',
  auditReason: null,
  openOrderCount: 2,
  createdAt: '2026-09-26T20:33:50.518Z',
  updatedAt: '2026-09-26T20:33:50.518Z',
};

function setup(roles: string[], handlers: Record<string, Handler> = {}) {
  const rt = fakeRuntime(
    {
      '/merchant/franchiseStore': () => [STORE],
      '/store/getById': () => STORE,
      '/merchant/list': () => ({ list: [{ id: MERCHANT_ID, name: '小羊管家家电清洗' }], total: 1 }),
      ...handlers,
    },
    { id: '1', username: 'u', nickname: 'U', roles },
  );
  rt.runtime.loadResource = async (name) => (name === 'store' ? store : undefined);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
      <App>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </App>
    </IntlProvider>
  );
  return { rt, Wrapper };
}

afterEach(cleanup);

describe('FranchiseStores', () => {
  const section = merchant.detail!.sections.find((s) => s.slot === 'franchiseStores')!;

  it("lists the merchant's stores with the store schema's columns; finance gets no write buttons", async () => {
    const { rt, Wrapper } = setup(['finance']);
    render(
      <Wrapper>
        <FranchiseStores resource={merchant} record={{ id: MERCHANT_ID }} section={section} binding={merchant.api!.franchiseStore} />
      </Wrapper>,
    );
    await screen.findByText('小羊管家（姑苏店）');
    expect(rt.calls[0]).toMatchObject({ path: '/merchant/franchiseStore', input: { id: MERCHANT_ID } });
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getAllByText('服务区域').length).toBeGreaterThan(0);
    expect(screen.queryByText('新增门店')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('sizes each column from its field type and title (no per-screen width): the table is as wide as their sum', async () => {
    const { Wrapper } = setup(['admin']);
    const { container } = render(
      <Wrapper>
        <FranchiseStores resource={merchant} record={{ id: MERCHANT_ID }} section={section} binding={merchant.api!.franchiseStore} />
      </Wrapper>,
    );
    await screen.findByText('小羊管家（姑苏店）');
    const cols = [...container.querySelectorAll('colgroup col')].map((c) => parseFloat((c as HTMLElement).style.width));
    // the nine store fields and the edit column, each with a width
    expect(cols).toHaveLength(10);
    expect(cols.every((w) => w > 0)).toBe(true);
    // a column holds its whole Chinese title on one line: "在途订单" (4 characters, bold 14 px) and 16 px of padding
    expect(cols[STORE_COLUMNS.indexOf('openOrderCount')]).toBeGreaterThanOrEqual(4 * 14 + 16);
    const table = container.querySelector('table') as HTMLElement;
    expect(parseFloat(table.style.width)).toBe(cols.reduce((a, b) => a + b, 0));
  });

  it('lets an admin edit a store through /merchant/franchiseStore/addOrEdit with the merchant preset, then reloads the merchant', async () => {
    const saved: Record<string, unknown>[] = [];
    const recordChanged = vi.fn();
    const { Wrapper } = setup(['admin'], {
      '/merchant/franchiseStore/addOrEdit': (input) => {
        saved.push(input);
        return { ...STORE, ...input };
      },
    });
    render(
      <Wrapper>
        <FranchiseStores
          resource={merchant}
          record={{ id: MERCHANT_ID }}
          section={section}
          binding={merchant.api!.franchiseStore}
          onRecordChanged={recordChanged}
        />
      </Wrapper>,
    );
    await screen.findByText('小羊管家（姑苏店）');
    expect(screen.getByText('新增门店')).toBeTruthy();
    fireEvent.click(screen.getByText('编辑'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    expect(within(dialog).getByText('编辑加盟门店')).toBeTruthy();
    const name = (await within(dialog).findByDisplayValue('小羊管家（姑苏店）', {}, { timeout: 8000 })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '小羊管家（姑苏旗舰店）' } });
    const ok = within(dialog)
      .getAllByRole('button')
      .find((b) => b.className.includes('primary'))!;
    fireEvent.click(ok);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 8000 });
    expect(saved[0]).toMatchObject({ id: STORE.id, merchantId: MERCHANT_ID, name: '小羊管家（姑苏旗舰店）', serviceArea: ['320508'] });
    // the merchant's own fields (its store count) are reloaded, not left stale
    await waitFor(() => expect(recordChanged).toHaveBeenCalledTimes(1), { timeout: 8000 });
  });
});

describe('MerchantShops', () => {
  it('lists the authorised shops with platform and status, read only', async () => {
    const { Wrapper } = setup(['admin'], {
      '/merchant/shops': () => [
        {
          id: '1',
          platform: 'tmall',
          platformShopId: 'TM1001',
          name: '小羊管家天猫旗舰店',
          authStatus: 'authorized',
          authorizedAt: '2026-10-01T02:00:00Z',
          tokenExpiresAt: null,
          lastSyncAt: null,
        },
        {
          id: '2',
          platform: 'jd',
          platformShopId: 'JD2002',
          name: '小羊管家京东自营',
          authStatus: 'unbound',
          authorizedAt: null,
          tokenExpiresAt: null,
          lastSyncAt: null,
        },
      ],
    });
    const section = merchant.detail!.sections.find((s) => s.slot === 'merchantShops')!;
    render(
      <Wrapper>
        <MerchantShops resource={merchant} record={{ id: MERCHANT_ID }} section={section} binding={merchant.api!.shops} />
      </Wrapper>,
    );
    await screen.findByText('小羊管家天猫旗舰店');
    expect(screen.getByText('天猫')).toBeTruthy();
    expect(screen.getByText('已授权')).toBeTruthy();
    expect(screen.getByText('已解绑')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑|新增/ })).toBeNull();
  });
});
