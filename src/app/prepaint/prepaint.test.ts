// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import order from '../../../schemas/order.json';
import zh from '../../../public/locales/zh-CN.json';
import type { Resource } from '../../schema';
import { appConfig } from '../../shell/config';
import { callApi } from '../../shell/request/client';
import { clearPrefetched } from '../../shell/request/prefetch';
import { listQuery, parseListState, filtersForCounts } from '../../engine/search-params';
import { endPrepaint, prepaintHandle, prepaintSettled } from '../../engine/prepaint-handoff';
import { cellHtml, type CellContext } from './cells';
import { buttonText, searchColumns } from './frame';
import { dataOf, parseExact, startPrepaint, translator } from './start';

const resource = order as unknown as Resource;
const t = translator(zh as Record<string, string>);
const ctx: CellContext = { app: appConfig, resource, locale: 'zh-CN', t, fileUrl: (k) => `/api/public/file?key=${k}` };

const ROW = {
  id: 1876543210987654321n.toString(),
  orderNo: 'SO1876543210987654321',
  platform: 'douyin',
  shopName: '洁到家抖音官方旗舰店',
  productTitle: '马桶疏通',
  skuName: '严重堵塞',
  quantity: 1,
  customerName: '<img src=x onerror=alert(1)>',
  customerPhone: '13812345678',
  region: ['440000', '440100', '440104'],
  regionName: '广东省 / 广州市 / 越秀区',
  address: '文化路548号',
  paidAmount: '1234.50',
  adjustedAmount: '1234.50',
  refundedAmount: '0.00',
  status: 'pending',
  storeId: null,
  storeIdName: null,
  staffId: null,
  createdAt: '2026-11-24T01:15:56.552Z',
  assignedAt: null,
};

describe('cells', () => {
  it('show what the live cells show: money, masked phone, enum tag, region name, empty as "-"', () => {
    expect(cellHtml(ctx, 'paidAmount', ROW)).toContain('¥1,234.50');
    expect(cellHtml(ctx, 'customerName', ROW, ['customerPhone'])).toContain('138****5678');
    expect(cellHtml(ctx, 'customerName', ROW, ['customerPhone'])).not.toContain('13812345678');
    expect(cellHtml(ctx, 'status', ROW)).toBe('<span class="pp-tags"><span class="pp-tag pp-tag-warning">待派单</span></span>');
    expect(cellHtml(ctx, 'region', ROW)).toContain('广东省 / 广州市 / 越秀区');
    expect(cellHtml(ctx, 'storeId', ROW)).toContain('>-<');
    expect(cellHtml(ctx, 'orderNo', ROW)).toContain('SO1876543210987654321');
  });

  it('escape every value (a name is text, never markup)', () => {
    const html = cellHtml(ctx, 'customerName', ROW);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('leave a cell they cannot draw to the live table (a region without its name)', () => {
    expect(cellHtml(ctx, 'region', { ...ROW, regionName: undefined })).toContain('pp-pending');
  });
});

describe('helpers', () => {
  it('keep 64-bit integers exact, like json-bigint', () => {
    expect(parseExact('{"id":1876543210987654321,"n":5,"s":"x 1876543210987654321 \\" 9007199254740993","f":12345678901234567.5}')).toEqual({
      id: '1876543210987654321',
      n: 5,
      s: 'x 1876543210987654321 " 9007199254740993',
      f: 12345678901234567.5,
    });
    expect(dataOf({ status: 200, statusText: 'OK', text: '{"code":100000,"msg":"expired"}' })).toBeUndefined();
    expect(dataOf({ status: 403, statusText: '', text: '{"code":0,"data":1}' })).toBeUndefined();
  });
  it('space two-character Chinese button labels and size the search form like ProTable', () => {
    expect(buttonText('重置')).toBe('重 置');
    expect(buttonText('新建订单')).toBe('新建订单');
    expect(buttonText('Reset')).toBe('Reset');
    expect([searchColumns(500), searchColumns(700), searchColumns(1200), searchColumns(1360)]).toEqual([1, 2, 3, 4]);
  });
  it('translate simple placeholders', () => {
    expect(t('renderer.total', { total: 2000 })).toBe('共 2000 条');
  });
});

describe('startPrepaint', () => {
  let requests: string[] = [];
  let answer: (url: string) => Response;
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });

  beforeEach(() => {
    requests = [];
    clearPrefetched();
    document.body.innerHTML = '<div id="root"><div class="boot"></div></div>';
    document.documentElement.className = '';
    localStorage.clear();
    localStorage.setItem('Authorization', 'tok-0123456789abcdef');
    answer = (url) => {
      if (url.startsWith('/locales/')) return new Response(JSON.stringify(zh), { status: 200 });
      if (url.startsWith('/api/user/info')) return ok({ id: 1, username: 'finance', nickname: '财务', roles: ['finance'] });
      if (url.startsWith('/api/order/list')) return ok({ list: [ROW, { ...ROW, orderNo: 'SO2', status: 'to_settle' }], total: 2, totalExact: true });
      if (url.startsWith('/api/order/count')) return ok({ pending: 1, to_settle: 1 });
      if (url.startsWith('/api/order/config')) return ok({ autoAssign: true });
      return new Response('', { status: 404 });
    };
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(String(url));
      return answer(String(url));
    });
    history.replaceState(null, '', '/order?tab=pending&customerName=%E5%BC%A0&current=2');
  });
  afterEach(() => {
    endPrepaint('test');
    vi.unstubAllGlobals();
  });

  it("paints the list the URL asks for, with the user's actions, and hides the app until the hand-over", async () => {
    await startPrepaint();
    const node = document.getElementById('prepaint')!;
    expect(node).not.toBeNull();
    expect(document.documentElement.classList.contains('pp-on')).toBe(true);
    expect([...node.querySelectorAll('tr.pp-row')].map((r) => r.querySelector('td')?.textContent)).toEqual(['SO1876543210987654321', 'SO2']);
    // finance: no "新建订单", no auto-assign switch, no selection column; a to_settle row offers 结算
    expect(node.textContent).not.toContain('新建订单');
    expect(node.querySelector('.pp-switch')).toBeNull();
    expect(node.querySelector('.pp-sel')).toBeNull();
    const actions = [...node.querySelectorAll('tr.pp-row')].map((r) => r.querySelector('.pp-row-actions')?.textContent);
    expect(actions[1]).toContain('结算');
    expect(node.querySelector('.pp-tab.pp-active')?.textContent).toBe('待派单 (1)');
    expect(document.title).toBe('订单管理 - 后台管理系统');
    endPrepaint('list');
    expect(document.getElementById('prepaint')).toBeNull();
    expect(document.documentElement.classList.contains('pp-on')).toBe(false);
  });

  it('sends exactly the requests the app will send, so the app reuses every answer', async () => {
    await startPrepaint();
    const state = parseListState(resource, new URLSearchParams(location.search));
    const before = requests.length;
    await callApi(resource.api!.list, listQuery(resource, state));
    await callApi(resource.api!.count, filtersForCounts(resource, state.filters));
    await callApi(resource.api!.config, undefined);
    await callApi({ method: 'GET', path: '/user/info' });
    expect(requests.length).toBe(before);
    expect(requests.find((u) => u.startsWith('/api/order/list'))).toBe('/api/order/list?customerName=%E5%BC%A0&status=pending&current=2&pageSize=20');
  });

  it('hides the columns and takes the density the user saved for this list', async () => {
    localStorage.setItem('columns:1:order', JSON.stringify({ columns: { region: { show: false }, platformTradeNo: { show: true } }, density: 'small' }));
    await startPrepaint();
    const heads = [...document.querySelectorAll('#prepaint th')].map((th) => th.textContent);
    expect(heads).not.toContain('所在地区');
    expect(heads).toContain('订单编号');
    expect(document.querySelector('#prepaint table')?.classList.contains('pp-small')).toBe(true);
  });

  it('paints nothing without a session, on a route that is not a list, or when an answer fails', async () => {
    localStorage.removeItem('Authorization');
    await startPrepaint();
    expect(requests).toEqual([]);
    localStorage.setItem('Authorization', 'tok-0123456789abcdef');
    history.replaceState(null, '', '/dashboard');
    await startPrepaint();
    expect(requests).toEqual([]);
    history.replaceState(null, '', '/order');
    answer = (url) =>
      url.startsWith('/api/order/list')
        ? new Response(JSON.stringify({ code: 100000, msg: 'expired' }), { status: 200 })
        : ok({ id: 1, username: 'a', roles: ['admin'] });
    const before = requests.length;
    await startPrepaint();
    expect(document.getElementById('prepaint')).toBeNull();
    expect(document.documentElement.classList.contains('pp-on')).toBe(false);
    await prepaintSettled(50);
    // given up at once: no copy appears later, whatever else arrives
    await new Promise((r) => setTimeout(r, 150));
    expect(document.getElementById('prepaint')).toBeNull();
    expect(requests.length).toBeGreaterThan(before);
  });

  it('gives way when the app is already on another route', async () => {
    await startPrepaint();
    expect(prepaintHandle()?.path).toBe('/order');
    history.replaceState(null, '', '/login');
    await new Promise((r) => setTimeout(r, 150));
    expect(document.getElementById('prepaint')).toBeNull();
  });
});
