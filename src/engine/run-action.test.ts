import { describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { callAction, linkTarget, runBulk } from './run-action';
import { fakeRuntime } from './testing';

const staff = staffJson as unknown as Resource;

describe('callAction', () => {
  it('merges the action params into the binding input', async () => {
    const rt = fakeRuntime({ '/user/edit': () => null });
    await callAction(rt.runtime.call, staff, 'disable', { id: '1876543210987654321', username: 'x', enabled: true, nickname: '张三' });
    expect(rt.calls[0].input).toEqual({ id: '1876543210987654321', enabled: false, nickname: '张三' });
  });
});

describe('runBulk', () => {
  const res: Resource = {
    name: 'o',
    fields: {
      id: { type: 'bigint', title: 'o.id' },
      orderNo: { type: 'string', title: 'o.no' },
      status: { type: 'string', title: 'o.status' },
      ids: { type: 'bigint', title: 'o.ids', multiple: true },
    },
    list: { api: 'auto', columns: ['orderNo', 'status'] },
    api: {
      auto: { method: 'POST', path: '/o/auto', input: { fields: ['ids'] } },
      one: { method: 'POST', path: '/o/one', input: { fields: ['id'] } },
    },
    actions: {
      auto: { title: 'o.auto', kind: 'api', api: 'auto', when: { status: ['pending'] } },
      one: { title: 'o.one', kind: 'api', api: 'one' },
    },
  };
  const rows = [
    { id: '11', orderNo: 'SO11', status: 'pending' },
    { id: '12', orderNo: 'SO12', status: 'pending' },
    { id: '13', orderNo: '', status: 'closed' },
  ];
  it('sends eligible ids in one call and reports failures and skipped rows', async () => {
    const rt = fakeRuntime({ '/o/auto': () => ({ failed: [{ id: '12', message: '无可用门店' }] }) });
    const s = await runBulk(rt.runtime.call, res, 'auto', rows);
    expect(rt.calls[0].input).toEqual({ ids: ['11', '12'] });
    expect(s).toEqual({ requested: 3, succeeded: 1, skipped: 1, failed: [{ key: '12', label: 'SO12', message: '无可用门店' }] });
  });
  it('refuses an action taking one id (those run row by row through runBatch)', async () => {
    const rt = fakeRuntime({ '/o/one': () => null });
    await expect(runBulk(rt.runtime.call, res, 'one', rows)).rejects.toThrow(/runBatch/);
    expect(rt.calls).toEqual([]);
  });
});

describe('linkTarget', () => {
  it('fills placeholders from the record', () => {
    expect(linkTarget('/order?merchantId=:id', { id: '1876543210987654321' })).toBe('/order?merchantId=1876543210987654321');
  });
});
