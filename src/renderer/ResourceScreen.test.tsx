// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Activity, useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { REST_MS, clearOptionCache } from '../engine';
import { ResourceScreen } from './ResourceScreen';
import { DETAIL_ANSWERS_WAIT_MS } from './actions/useActionRunner';
import { messages, mountScreen } from './testing';

// Full screens with ProTable render slowly on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const staff = staffJson as unknown as Resource;
const ME = '1876543210987654321';
const OTHER = '1876543210987654329';
const rows = [
  {
    id: ME,
    username: 'admin',
    nickname: '王管理',
    phone: '13812341234',
    roles: ['admin'],
    storeId: '5',
    storeIdName: '朝阳旗舰店',
    enabled: true,
    lastLoginAt: '2026-01-05T14:03:09',
    createdAt: '2025-12-01T09:00:00+08:00',
  },
  {
    id: OTHER,
    username: 'lisi',
    nickname: '李四',
    phone: '13987654321',
    roles: ['finance', 'dispatcher'],
    storeId: null,
    enabled: false,
    lastLoginAt: null,
    createdAt: '2025-12-02T09:00:00+08:00',
  },
  {
    id: '1876543210987654330',
    username: 'zhaoliu',
    nickname: '赵六',
    phone: null,
    roles: ['dispatcher'],
    storeId: null,
    enabled: true,
    lastLoginAt: null,
    createdAt: '2025-12-03T09:00:00+08:00',
  },
];
const page = (input: Record<string, unknown>) => ({ list: rows, total: 3, current: input.current, pageSize: input.pageSize });
const me = { id: ME, username: 'admin', nickname: '王管理', roles: ['admin'] };

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

/** The row actions of a row by name: the inline links, then those under "更多" (opened to read them). */
async function actionsOf(text: string): Promise<string[]> {
  const row = rowOf(text);
  const inline = [...row.querySelectorAll('[data-action]')].map((el) => el.getAttribute('data-action')!);
  const more = row.querySelector('[data-more]');
  if (!more) return inline;
  fireEvent.click(more);
  const menu = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')];
    expect(open.length).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  const rest = [...menu.querySelectorAll('[data-action]')].map((el) => el.getAttribute('data-action')!);
  fireEvent.click(more);
  return [...inline, ...rest];
}

async function clickAction(text: string, action: string) {
  const row = rowOf(text);
  const inline = row.querySelector(`[data-action="${action}"]`);
  if (inline) return fireEvent.click(inline);
  fireEvent.click(row.querySelector('[data-more]')!);
  const item = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [data-action]')].find((e) => e.getAttribute('data-action') === action);
    expect(el).toBeTruthy();
    return el!;
  });
  fireEvent.click(item);
}

function errorsIn(el: HTMLElement): string[] {
  return [...el.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
  clearOptionCache();
});

describe('ResourceScreen: staff list', () => {
  it('shows rows with formatted cells: enum tags with labels, masked phones, dict labels from the record', async () => {
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const first = rowOf('王管理');
    expect(within(first).getByText('138****1234')).toBeTruthy();
    expect(within(first).queryByText('13812341234')).toBeNull();
    expect(within(first).getByText(messages['enum.role.admin'])).toBeTruthy();
    expect(within(first).getByText(messages['enum.userStatus.enabled'])).toBeTruthy();
    expect(within(first).getByText('朝阳旗舰店')).toBeTruthy();
    expect(within(first).getByText('2026-01-05 14:03:09')).toBeTruthy();
    const second = rowOf('李四');
    expect(within(second).getByText(messages['enum.role.finance'])).toBeTruthy();
    expect(within(second).getByText(messages['enum.role.dispatcher'])).toBeTruthy();
    expect(within(second).getByText(messages['enum.userStatus.disabled'])).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('says neither "no data" nor loading while the first answer is on its way; an empty answer then says "no data"', async () => {
    let answer: (v: unknown) => void = () => {};
    const { container } = mountScreen(
      <ResourceScreen resource={staff} />,
      { '/user/list': () => new Promise((r) => (answer = r)) },
      { url: '/staff', user: me },
    );
    await waitFor(() => expect(container.querySelector('.ant-table-placeholder .list-waiting')).toBeTruthy());
    expect(container.querySelector('.ant-empty')).toBeNull();
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
    await act(async () => answer({ list: [], total: 0 }));
    await waitFor(() => expect(container.querySelector('.ant-table-placeholder .ant-empty')).toBeTruthy());
    expect(container.querySelector('.list-waiting')).toBeNull();
  });

  it('says "约 N 条" when the server marks the total as an estimate', async () => {
    const approx = (input: Record<string, unknown>) => ({ ...page(input), total: 1000046, totalExact: false });
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': approx }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    await waitFor(() => expect(screen.getByText('约 1000046 条')).toBeTruthy());
    expect(screen.queryByText(/^共 /)).toBeNull();
  });

  it('has the search fields; submitting calls the list binding with the filters and writes the URL', async () => {
    const { rt, location } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff?current=2', user: me });
    await screen.findByText('王管理');
    for (const key of ['staff.username', 'staff.nickname', 'staff.roles', 'staff.enabled', 'common.createdAt']) {
      expect(screen.getAllByText(messages[key]).length).toBeGreaterThan(0);
    }
    const input = screen.getByPlaceholderText('请输入' + messages['staff.username']);
    fireEvent.change(input, { target: { value: 'lisi' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ username: 'lisi', current: 1, pageSize: 20 }));
    // the request goes out from the click itself; the URL follows
    await waitFor(() => expect(location().get('username')).toBe('lisi'));
    expect(location().get('current')).toBeNull();
    // sent once: the URL change does not ask again
    expect(rt.calls.filter((c) => (c.input as { username?: string }).username === 'lisi')).toHaveLength(1);
  });

  it("a pager item's click, the next-page arrow and the keyboard each show their page; the page on screen asks nothing", async () => {
    const many = (input: Record<string, unknown>) => ({ ...page(input), total: 100 });
    const { rt, container, location } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': many }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const lists = () => rt.calls.filter((c) => c.path === '/user/list').map((c) => (c.input as { current: number }).current);
    fireEvent.click(container.querySelector('.ant-pagination-item-3 a')!);
    await waitFor(() => expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('3'));
    expect(lists().at(-1)).toBe(3);
    await waitFor(() => expect(location().get('current')).toBe('3'));
    fireEvent.click(container.querySelector('.ant-pagination-next button')!);
    await waitFor(() => expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('4'));
    fireEvent.keyDown(container.querySelector('.ant-pagination-item-5')!, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('5'));
    const asked = lists().length;
    fireEvent.click(container.querySelector('.ant-pagination-item-5 a')!);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(lists()).toHaveLength(asked);
    expect(lists().slice(-3)).toEqual([3, 4, 5]);
  });

  it('a pager item, Search and Reset ask for the rows of their click as they are pressed; the click takes that call', async () => {
    const many = (input: Record<string, unknown>) => ({ ...page(input), total: 60 });
    const { rt, container } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': many }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const pressed = () => rt.prefetches.filter((p) => p.press).map((p) => p.input);
    fireEvent.pointerDown(container.querySelector('.ant-pagination-item-2 a')!, { button: 0 });
    expect(pressed()).toEqual([{ current: 2, pageSize: 20 }]);
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ current: 2, pageSize: 20 }));
    // the page on screen asks nothing; a right-button press neither
    fireEvent.pointerDown(container.querySelector('.ant-pagination-item-2 a')!, { button: 0 });
    fireEvent.pointerDown(container.querySelector('.ant-pagination-item-3 a')!, { button: 2 });
    expect(pressed()).toHaveLength(1);

    fireEvent.change(screen.getByPlaceholderText('请输入' + messages['staff.username']), { target: { value: 'lisi' } });
    const search = screen.getByRole('button', { name: /查\s*询/ });
    fireEvent.pointerDown(search, { button: 0 });
    expect(pressed().at(-1)).toEqual({ username: 'lisi', current: 1, pageSize: 20 });
    fireEvent.click(search);
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ username: 'lisi', current: 1, pageSize: 20 }));
    const reset = screen.getByRole('button', { name: /重\s*置/ });
    fireEvent.pointerDown(reset, { button: 0 });
    expect(pressed().at(-1)).toEqual({ current: 1, pageSize: 20 });
  });

  it("a page size's option asks for its first page as it is pressed; the click takes that call; the size shown asks nothing", async () => {
    const many = (input: Record<string, unknown>) => ({ ...page(input), total: 60 });
    const { rt, container } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': many }, { url: '/staff?current=2', user: me });
    await screen.findByText('王管理');
    const pressed = () => rt.prefetches.filter((p) => p.press).map((p) => p.input);
    fireEvent.mouseDown(container.querySelector('.ant-pagination-options .ant-select-selector')!);
    const option = (size: number) => within(document.querySelector('.ant-select-dropdown')! as HTMLElement).getByText(new RegExp(`^${size}\\s`));
    fireEvent.pointerDown(await waitFor(() => option(20)), { button: 0 });
    expect(pressed()).toEqual([]);
    fireEvent.pointerDown(option(50), { button: 0 });
    expect(pressed()).toEqual([{ current: 1, pageSize: 50 }]);
    fireEvent.click(option(50));
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ current: 1, pageSize: 50 }));
    expect(rt.calls.filter((c) => (c.input as { pageSize: number }).pageSize === 50)).toHaveLength(1);
  });

  it('a pointer resting on a pager item asks for its rows before the press; one passing over asks nothing', async () => {
    const many = (input: Record<string, unknown>) => ({ ...page(input), total: 60 });
    const { rt, container } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': many }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const pressed = () => rt.prefetches.filter((p) => p.press).map((p) => p.input);
    const item = (n: number) => container.querySelector(`.ant-pagination-item-${n} a`)!;
    // passing over 3 on its way to 2
    fireEvent.pointerEnter(item(3));
    fireEvent.pointerLeave(item(3));
    fireEvent.pointerEnter(item(2));
    await act(async () => new Promise((r) => setTimeout(r, REST_MS + 50)));
    expect(pressed()).toEqual([{ current: 2, pageSize: 20 }]);
    // the press and the click that follow (the press asks again: the registry sends it only once)
    fireEvent.pointerDown(item(2), { button: 0 });
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ current: 2, pageSize: 20 }));
    // pressed before resting long enough: only the press asks
    fireEvent.pointerEnter(item(3));
    fireEvent.pointerDown(item(3), { button: 0 });
    await act(async () => new Promise((r) => setTimeout(r, REST_MS + 50)));
    expect(pressed().slice(1)).toEqual([
      { current: 2, pageSize: 20 },
      { current: 3, pageSize: 20 },
    ]);
  });

  it("a row's view and edit links ask for what their drawer or form loads as they are pressed", async () => {
    const { rt } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const row = rowOf('李四');
    const pressed = () => rt.prefetches.filter((p) => p.press);
    const detail = { path: '/user/detail', method: 'GET', input: { id: rows[1].id }, press: true };
    fireEvent.pointerDown(row.querySelector('a[data-action="view"]')!, { button: 0 });
    expect(pressed()).toEqual([detail]);
    // the edit form loads the record through the detail binding (its `load`)
    fireEvent.pointerDown(row.querySelector('a[data-action="edit"]')!, { button: 0 });
    expect(pressed()).toEqual([detail, detail]);
  });

  it('a detail drawer opens once the answers asked for at the click are in, not before', async () => {
    // the answers of the GETs sent ahead, held back until the test lets them through
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const prefetch = (binding: { path: string }) => {
      sent.push(binding.path);
      return held;
    };
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page, '/user/detail': () => rows[1] }, { url: '/staff', user: me, runtime: { prefetch } });
    await screen.findByText('李四');
    const drawerOpen = () => document.querySelector('.ant-drawer-open');
    await clickAction('李四', 'view');
    expect(sent).toContain('/user/detail');
    await act(async () => new Promise((r) => setTimeout(r, DETAIL_ANSWERS_WAIT_MS / 2)));
    expect(drawerOpen()).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(drawerOpen()).not.toBeNull());
    // the record drawn as the drawer opens
    await waitFor(() => expect(within(drawerOpen() as HTMLElement).getAllByText('lisi').length).toBeGreaterThan(0));
  });

  it('a detail drawer whose answers are slow opens after DETAIL_ANSWERS_WAIT_MS', async () => {
    const prefetch = () => new Promise<void>(() => {});
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page, '/user/detail': () => rows[1] }, { url: '/staff', user: me, runtime: { prefetch } });
    await screen.findByText('李四');
    const started = performance.now();
    await clickAction('李四', 'view');
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).not.toBeNull());
    expect(performance.now() - started).toBeGreaterThanOrEqual(DETAIL_ANSWERS_WAIT_MS - 20);
  });

  it('a click on Search with the filters unchanged asks again (fresh rows, page 1)', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff?username=lisi', user: me });
    await screen.findByText('王管理');
    const input = screen.getByPlaceholderText('请输入' + messages['staff.username']) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('lisi'));
    const before = rt.calls.filter((c) => c.path === '/user/list').length;
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/user/list')).toHaveLength(before + 1));
    expect(rt.calls.at(-1)?.input).toEqual({ username: 'lisi', current: 1, pageSize: 20 });
  });

  it('sorts by a sortable column: the request and the URL carry it, and the header shows it', async () => {
    const { rt, location } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const header = () =>
      screen
        .getAllByText(messages['common.createdAt'])
        .map((e) => e.closest('th'))
        .find(Boolean) as HTMLElement;
    fireEvent.click(header());
    await waitFor(() => expect(rt.calls.at(-1)?.input).toMatchObject({ sortField: 'createdAt', sortOrder: 'ascend' }));
    await waitFor(() => expect(location().get('sortOrder')).toBe('ascend'));
    await waitFor(() => expect(header().querySelector('.ant-table-column-sorter-up.active')).toBeTruthy());
    // again: descending, drawn as such (the table's header follows the new order, not only the request)
    fireEvent.click(header());
    await waitFor(() => expect(rt.calls.at(-1)?.input).toMatchObject({ sortField: 'createdAt', sortOrder: 'descend' }));
    await waitFor(() => expect(header().querySelector('.ant-table-column-sorter-down.active')).toBeTruthy());
  });

  it("a list opened with a sort in its URL (a link, a reload) shows it in the header, and the header's click goes on from it", async () => {
    const { rt, location } = mountScreen(
      <ResourceScreen resource={staff} />,
      { '/user/list': page },
      { url: '/staff?sortField=createdAt&sortOrder=ascend', user: me },
    );
    await screen.findByText('王管理');
    expect(rt.calls[0].input).toMatchObject({ sortField: 'createdAt', sortOrder: 'ascend' });
    const header = () =>
      screen
        .getAllByText(messages['common.createdAt'])
        .map((e) => e.closest('th'))
        .find(Boolean) as HTMLElement;
    expect(header().querySelector('.ant-table-column-sorter-up.active')).toBeTruthy();
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    // the next order after ascending: descending (the table did not think it unsorted)
    fireEvent.click(header());
    await waitFor(() => expect(rt.calls.at(-1)?.input).toMatchObject({ sortField: 'createdAt', sortOrder: 'descend' }));
    await waitFor(() => expect(location().get('sortOrder')).toBe('descend'));
    await waitFor(() => expect(header().querySelector('.ant-table-column-sorter-down.active')).toBeTruthy());
  });

  it('the folded search form draws no control for the fields it hides, still searches on their values, and draws them unfolded', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff?enabled=true', user: me });
    await screen.findByText('王管理');
    expect(rt.calls[0].input).toMatchObject({ enabled: 'true' });
    // the fourth and fifth fields (status, created at) keep their form items, hidden, without a control
    const form = document.querySelector('.ant-pro-table-search') as HTMLElement;
    expect(form.querySelector('#enabled')).toBeNull();
    expect(form.querySelector('#createdAt')).toBeNull();
    expect(form.querySelector('#username')).not.toBeNull();
    fireEvent.change(screen.getByPlaceholderText('请输入' + messages['staff.username']), { target: { value: 'lisi' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rt.calls.at(-1)?.input).toMatchObject({ username: 'lisi', enabled: 'true' }));
    fireEvent.click(screen.getByText(messages['renderer.expand']));
    await waitFor(() => expect(form.querySelector('#enabled')).not.toBeNull());
    expect(form.querySelector('#createdAt')).not.toBeNull();
    expect(within(form.querySelector('#enabled')!.closest('.ant-select') as HTMLElement).getByText(messages['enum.userStatus.enabled'])).toBeTruthy();
  });

  it('searches from the button with a range from the URL kept, and from Enter in a field', async () => {
    const from = '2025-12-01T00:00:00+08:00';
    const to = '2025-12-31T23:59:59+08:00';
    const { rt, location } = mountScreen(
      <ResourceScreen resource={staff} />,
      { '/user/list': page },
      { url: `/staff?createdAtFrom=${encodeURIComponent(from)}&createdAtTo=${encodeURIComponent(to)}`, user: me },
    );
    await screen.findByText('王管理');
    expect(rt.calls[0].input).toMatchObject({ createdAtFrom: from, createdAtTo: to });
    const input = screen.getByPlaceholderText('请输入' + messages['staff.username']);
    fireEvent.change(input, { target: { value: 'lisi' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ username: 'lisi', createdAtFrom: from, createdAtTo: to, current: 1, pageSize: 20 }));
    await waitFor(() => expect(location().get('username')).toBe('lisi'));
    expect(location().get('createdAtFrom')).toBe(from);
    fireEvent.change(input, { target: { value: 'wang' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(rt.calls.at(-1)?.input).toMatchObject({ username: 'wang', createdAtFrom: from, createdAtTo: to, current: 1 }));
  });

  it('reset on a list opened with filters in its URL empties the fields and lists everything', async () => {
    const { rt, location } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff?username=lisi&enabled=true', user: me });
    await screen.findByText('王管理');
    const input = screen.getByPlaceholderText('请输入' + messages['staff.username']) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('lisi'));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(rt.calls.at(-1)?.input).toEqual({ current: 1, pageSize: 20 }));
    await waitFor(() => expect(location().get('username')).toBeNull());
    expect(location().get('enabled')).toBeNull();
    // the form says what the list shows (ProForm's reset went back to the URL's values it was mounted with)
    expect(input.value).toBe('');
  });

  it('restores the search form and page from the URL', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff?nickname=%E6%9D%8E&current=2', user: me });
    await screen.findByText('王管理');
    expect(rt.calls[0].input).toEqual({ nickname: '李', current: 2, pageSize: 20 });
    await waitFor(() => expect((screen.getByPlaceholderText('请输入' + messages['staff.nickname']) as HTMLInputElement).value).toBe('李'));
  });

  it('shows row actions only for allowed roles and states; $notSelf hides disable on my own row', async () => {
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff', user: me });
    await screen.findByText('王管理');
    const mine = await actionsOf('王管理');
    expect(mine).toContain('edit');
    expect(mine).not.toContain('disable');
    expect(mine).not.toContain('enable');
    const enabled = await actionsOf('赵六');
    expect(enabled).toContain('disable');
    expect(enabled).not.toContain('enable');
    const disabled = await actionsOf('李四');
    expect(disabled).toContain('enable');
    expect(disabled).not.toContain('disable');
    expect(screen.getByRole('button', { name: new RegExp(messages['common.add']) })).toBeTruthy();
  });

  it('gives finance (no admin API) neither add, edit nor disable', async () => {
    mountScreen(
      <ResourceScreen resource={staff} />,
      { '/user/list': page },
      { url: '/staff', user: { id: '9', username: 'fin', nickname: '财务', roles: ['finance'] } },
    );
    await screen.findByText('王管理');
    for (const name of ['王管理', '李四', '赵六']) expect(await actionsOf(name)).toEqual(['view']);
    expect(screen.queryByRole('button', { name: new RegExp(messages['common.add']) })).toBeNull();
  });

  it('disables a user after confirmation, sending the id as a string, then refreshes', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page, '/user/edit': () => null }, { url: '/staff', user: me });
    await screen.findByText('赵六');
    await clickAction('赵六', 'disable');
    await screen.findByText(messages['staff.disableConfirm']);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/user/edit')).toBe(true));
    const edit = rt.calls.find((c) => c.path === '/user/edit')!;
    expect(edit.input).toMatchObject({ id: '1876543210987654330', enabled: false });
    expect(typeof edit.input.id).toBe('string');
    await screen.findByText(messages['staff.disableSuccess']);
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/user/list')).toHaveLength(2));
  });
});

describe('ResourceScreen: column settings', () => {
  const headerTexts = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  async function resetColumns() {
    fireEvent.click(document.querySelector('.ant-pro-table-list-toolbar-setting-item .anticon-setting')!);
    const overlay = await waitFor(() => {
      const el = document.querySelector('.column-settings');
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    fireEvent.click(within(overlay).getByText('重置'));
  }

  it('hides a column from its checkbox: the header goes, the choice is stored for this user and list', async () => {
    mountScreen(<ResourceScreen resource={staff} />, { '/user/list': page }, { url: '/staff', user: me });
    await screen.findByText('lisi');
    const nickname = messages['staff.nickname'];
    expect(headerTexts()).toContain(nickname);
    fireEvent.click(document.querySelector('.ant-pro-table-list-toolbar-setting-item .anticon-setting')!);
    const line = await waitFor(() => {
      const el = [...document.querySelectorAll('.column-settings-item')].find((e) => e.textContent === nickname);
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    fireEvent.click(line.querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(headerTexts()).not.toContain(nickname));
    expect(headerTexts()).toContain(messages['staff.username']);
    expect(JSON.parse(localStorage.getItem(`columns:${ME}:staff`)!).columns.nickname).toEqual({ show: false });
  });

  for (const when of ['before the first rows arrive', 'after the rows are in'] as const) {
    it(`starts from the stored settings; reset goes back to the schema's columns and stores them (${when})`, async () => {
      localStorage.setItem(`columns:${ME}:staff`, JSON.stringify({ columns: { nickname: { show: false } } }));
      let answer: (v: unknown) => void = () => undefined;
      const list = when === 'after the rows are in' ? page : () => new Promise((r) => (answer = r));
      mountScreen(<ResourceScreen resource={staff} />, { '/user/list': list }, { url: '/staff', user: me });
      const nickname = messages['staff.nickname'];
      await waitFor(() => expect(headerTexts()).toContain(messages['staff.username']));
      if (when === 'after the rows are in') await screen.findByText('lisi');
      expect(headerTexts()).not.toContain(nickname);
      await resetColumns();
      await waitFor(() => expect(headerTexts()).toContain(nickname));
      expect(JSON.parse(localStorage.getItem(`columns:${ME}:staff`)!).columns.nickname?.show).not.toBe(false);
      answer(page({ current: 1, pageSize: 20 }));
      await screen.findByText('王管理');
      expect(headerTexts()).toContain(nickname);
    });
  }
});

describe('ResourceScreen: add form', () => {
  async function openAdd(handlers: Parameters<typeof mountScreen>[1]) {
    const m = mountScreen(
      <ResourceScreen resource={staff} />,
      { '/user/list': page, '/dict/store': () => [{ value: '5', label: '朝阳旗舰店' }], ...handlers },
      { url: '/staff', user: me },
    );
    await screen.findByText('王管理');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(messages['common.add']) }));
    await screen.findByText(messages['staff.addTitle'], {});
    return m;
  }
  const dialog = () => screen.getByRole('dialog');
  const ok = () => within(dialog()).getByRole('button', { name: /确\s*定/ });

  it('validates required fields and patterns before calling the API', async () => {
    const { rt } = await openAdd({ '/user/add': () => ({}) });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入' + messages['staff.username']), { target: { value: '9abc' } });
    fireEvent.click(ok());
    await waitFor(() => expect(errorsIn(dialog())).toContain(`${messages['staff.username']}格式不正确：${messages['staff.usernamePattern']}`));
    expect(errorsIn(dialog())).toEqual(
      expect.arrayContaining(['请输入' + messages['staff.nickname'], '请输入' + messages['staff.password'], '请选择' + messages['staff.roles']]),
    );
    expect(rt.calls.some((c) => c.path === '/user/add')).toBe(false);
  });

  it('shows server field errors on the field', async () => {
    const { ApiError } = await import('../engine');
    const { rt } = await openAdd({
      '/user/add': () => {
        throw new ApiError('用户名“zhangsan”已被使用，请换一个', 40000, 400, {
          errors: [{ field: 'username', message: '用户名“zhangsan”已被使用，请换一个' }],
        });
      },
    });
    const d = within(dialog());
    fireEvent.change(d.getByPlaceholderText('请输入' + messages['staff.username']), { target: { value: 'zhangsan' } });
    fireEvent.change(d.getByPlaceholderText('请输入' + messages['staff.nickname']), { target: { value: '张三' } });
    fireEvent.change(d.getByPlaceholderText('请输入' + messages['staff.password']), { target: { value: 'abc12345' } });
    // roles: open the select and pick 管理员
    const rolesSelect = d.getAllByRole('combobox').find((el) => el.closest('.ant-form-item')?.textContent?.includes(messages['staff.roles']))!;
    fireEvent.mouseDown(rolesSelect);
    const option = await screen.findAllByText(messages['enum.role.admin']);
    fireEvent.click(option.find((el) => el.closest('.ant-select-item-option'))!);
    fireEvent.click(ok());
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/user/add')).toBe(true));
    const sent = rt.calls.find((c) => c.path === '/user/add')!.input;
    expect(sent).toEqual({ username: 'zhangsan', nickname: '张三', password: 'abc12345', roles: ['admin'], enabled: true });
    await waitFor(() => {
      const item = d.getByPlaceholderText('请输入' + messages['staff.username']).closest('.ant-form-item') as HTMLElement;
      expect(errorsIn(item)).toEqual(['用户名“zhangsan”已被使用，请换一个']);
    });
  });
});

describe('ResourceScreen: a form dialog on a page hidden and shown again', () => {
  /** The page inside <Activity>, as the keep-alive hides a page left with a dialog open. */
  function Kept({ children }: { children: ReactNode }) {
    const [hidden, setHidden] = useState(false);
    return (
      <>
        <button onClick={() => setHidden((h) => !h)}>toggle page</button>
        <Activity mode={hidden ? 'hidden' : 'visible'}>{children}</Activity>
      </>
    );
  }

  it('keeps what the user typed: OK sends it, not the values the form was loaded with', async () => {
    const { rt } = mountScreen(
      <Kept>
        <ResourceScreen resource={staff} />
      </Kept>,
      {
        '/user/list': page,
        '/dict/store': () => [{ value: '5', label: '朝阳旗舰店' }],
        '/user/detail': () => rows[1],
        '/user/edit': (i) => ({ ...rows[1], ...i }),
      },
      { url: '/staff', user: me },
    );
    await screen.findByText('lisi');
    await clickAction('lisi', 'edit');
    const nickname = await screen.findByDisplayValue('李四', {}, { timeout: 10_000 });
    fireEvent.change(nickname, { target: { value: '李四改' } });
    await act(async () => fireEvent.click(screen.getByText('toggle page')));
    await act(async () => fireEvent.click(screen.getByText('toggle page')));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/user/edit')).toBe(true));
    expect(rt.calls.find((c) => c.path === '/user/edit')!.input).toMatchObject({ id: OTHER, nickname: '李四改' });
  });
});

describe('ResourceScreen: tabs, toolbar switch, export and bulk', () => {
  const res: Resource = {
    name: 'ticket',
    enums: {
      ticketStatus: {
        values: [
          { value: 'open', label: 'renderer.yes', color: 'warning' },
          { value: 'done', label: 'renderer.no', color: 'success' },
        ],
      },
    },
    fields: {
      id: { type: 'bigint', title: 'common.id' },
      ids: { type: 'bigint', title: 'common.id', multiple: true },
      title: { type: 'string', title: 'staff.nickname', search: true },
      status: { type: 'enum', enum: 'ticketStatus', title: 'staff.enabled', search: true },
      amount: { type: 'money', title: 'staff.store' },
      auto: { type: 'boolean', title: 'staff.roles' },
    },
    api: {
      list: { method: 'GET', path: '/t/list', input: { search: true, page: true }, result: 'page' },
      count: { method: 'GET', path: '/t/count', input: { search: true }, result: 'counts' },
      export: { method: 'GET', path: '/t/export', input: { search: true }, result: 'raw' },
      config: { method: 'GET', path: '/t/config', result: 'config' },
      setAuto: { method: 'POST', path: '/t/auto', input: { fields: ['auto'] }, result: 'config', roles: ['admin'] },
      close: { method: 'POST', path: '/t/close', input: { fields: ['ids'] }, roles: ['admin'] },
    },
    list: {
      api: 'list',
      columns: ['title', 'status', 'amount'],
      tabs: { field: 'status', counts: 'count' },
      toolbar: [{ switch: 'auto', title: 'staff.roles', get: 'config', set: 'setAuto', roles: ['admin'] }, { export: 'export' }],
      bulkActions: ['close'],
    },
    actions: { close: { title: 'staff.disable', kind: 'api', api: 'close', when: { status: ['open'] } } },
  };
  const trows = [
    { id: '9007199254740993', title: '工单一', status: 'open', amount: '1234.5' },
    { id: '9007199254740995', title: '工单二', status: 'done', amount: '0.10' },
  ];
  const handlers = {
    '/t/list': (i: Record<string, unknown>) => ({ list: trows, total: 2, current: i.current, pageSize: i.pageSize }),
    '/t/count': () => ({ open: 7, done: 5 }),
    '/t/config': () => ({ auto: true }),
    '/t/auto': (i: Record<string, unknown>) => ({ auto: i.auto }),
    '/t/close': () => ({ failed: [] }),
  };

  it('shows tab counts following the filters, formats money, and switches tab through the URL', async () => {
    const { rt, location } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t?title=a' });
    await screen.findByText('工单一');
    expect(screen.getByText('¥1,234.50')).toBeTruthy();
    await screen.findByText('全部 (12)');
    expect(screen.getByText(`${messages['renderer.yes']} (7)`)).toBeTruthy();
    expect(rt.calls.find((c) => c.path === '/t/count')!.input).toEqual({ title: 'a' });
    fireEvent.click(screen.getByText(`${messages['renderer.no']} (5)`));
    await waitFor(() => expect(location().get('tab')).toBe('done'));
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/t/list').at(-1)!.input).toEqual({ title: 'a', status: 'done', current: 1, pageSize: 20 }));
    // the status search field is the tab: not repeated in the search form
    expect(screen.queryByPlaceholderText('请选择' + messages['staff.enabled'])).toBeNull();
  });

  it('a pointer resting on a status tab asks for its rows before the press', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t' });
    const tab = await screen.findByText(`${messages['renderer.no']} (5)`);
    fireEvent.pointerEnter(tab);
    expect(rt.prefetches).toEqual([]);
    await act(async () => new Promise((r) => setTimeout(r, REST_MS + 50)));
    expect(rt.prefetches.filter((p) => p.press).map((p) => p.input)).toEqual([{ status: 'done', current: 1, pageSize: 20 }]);
    fireEvent.pointerLeave(tab);
  });

  it("a tab pressed with the mouse is rc-tabs' no more (no focus, no state of its own), and its click still switches", async () => {
    const { rt, location } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t' });
    const tab = await screen.findByText(`${messages['renderer.no']} (5)`);
    const node = tab.closest('.ant-tabs-tab-btn') as HTMLElement;
    // fireEvent answers false when a handler prevented the default: the focus a press would give the tab
    expect(fireEvent.mouseDown(tab, { button: 0 })).toBe(false);
    // a right-button press is left as it was
    expect(fireEvent.mouseDown(tab, { button: 2 })).toBe(true);
    fireEvent.pointerDown(tab, { button: 0 });
    expect(rt.prefetches.filter((p) => p.press).map((p) => p.input)).toEqual([{ status: 'done', current: 1, pageSize: 20 }]);
    fireEvent.click(tab);
    await waitFor(() => expect(location().get('tab')).toBe('done'));
    await waitFor(() => expect(rt.calls.filter((c) => c.path === '/t/list').at(-1)!.input).toEqual({ status: 'done', current: 1, pageSize: 20 }));
    await waitFor(() => expect(node.closest('.ant-tabs-tab')!.classList.contains('ant-tabs-tab-active')).toBe(true));
  });

  it("a tab label's click switches once, straight to the list; the tab already chosen keeps its page and asks nothing", async () => {
    const many = (i: Record<string, unknown>) => ({ list: trows, total: 100, current: i.current, pageSize: i.pageSize });
    // the locations the list's URL writes go through (a history entry each)
    const seen = new Set<string>();
    function Entries() {
      seen.add(useLocation().key);
      return null;
    }
    const { rt, location } = mountScreen(
      <>
        <ResourceScreen resource={res} />
        <Entries />
      </>,
      { ...handlers, '/t/list': many },
      { url: '/t?tab=done&current=2' },
    );
    await screen.findByText('工单一');
    const lists = () => rt.calls.filter((c) => c.path === '/t/list').map((c) => c.input);
    const asked = lists().length;
    fireEvent.click(await screen.findByText(`${messages['renderer.no']} (5)`));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(lists()).toHaveLength(asked);
    expect(location().get('current')).toBe('2');
    fireEvent.click(screen.getByText(`${messages['renderer.yes']} (7)`));
    await waitFor(() => expect(location().get('tab')).toBe('open'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    // one call for the click: rc-tabs, which also answered it before, does not see it
    expect(lists().slice(asked)).toEqual([{ status: 'open', current: 1, pageSize: 20 }]);
    expect(location().get('current')).toBeNull();
    expect(seen.size, 'one history entry for the click').toBe(2);
  });

  it('exports with the current filters and tab', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t?title=a&tab=open' });
    await screen.findByText('工单一');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(rt.downloads).toHaveLength(1));
    expect(rt.downloads[0]).toMatchObject({ path: '/t/export', input: { title: 'a', status: 'open' } });
  });

  it('toggles the toolbar switch through its set binding', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t' });
    const sw = await screen.findByRole('switch', { name: messages['staff.roles'] });
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(sw);
    await waitFor(() => expect(rt.calls.find((c) => c.path === '/t/auto')?.input).toEqual({ auto: false }));
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('false'));
  });

  it('runs a bulk action on the eligible selected rows, ids as exact strings, with a summary', async () => {
    const { rt } = mountScreen(<ResourceScreen resource={res} />, handlers, { url: '/t' });
    await screen.findByText('工单一');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]); // select all on the page
    await screen.findByText('已选择 2 项');
    fireEvent.click(screen.getByText(messages['staff.disable']));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rt.calls.some((c) => c.path === '/t/close')).toBe(true));
    expect(rt.calls.find((c) => c.path === '/t/close')!.input).toEqual({ ids: ['9007199254740993'] });
    await screen.findByText('成功 1 条，失败 0 条，不符合条件跳过 1 条');
  });
});
