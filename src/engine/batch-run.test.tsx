// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import orderJson from '../../schemas/order.json';
import staffJson from '../../schemas/staff.json';
import storeJson from '../../schemas/store.json';
import type { Resource } from '../schema';
import { batchCounts, eachLimited, planBatch, runBatch } from './batch-run';
import { RuntimeProvider } from './runtime';
import { fakeRuntime } from './testing';
import { useBatch } from './use-batch';

const store = storeJson as unknown as Resource;
const staff = staffJson as unknown as Resource;
const order = orderJson as unknown as Resource;

const stores = [
  { id: '1876543210987654321', name: '东门店', auditStatus: 'pending', reason: 'old' },
  { id: '1876543210987654322', name: '西门店', auditStatus: 'approved' },
  { id: '1876543210987654323', name: '南门店', auditStatus: 'pending' },
  { id: '1876543210987654324', name: '北门店', auditStatus: 'pending' },
];

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('planBatch', () => {
  it("skips the rows the action's when excludes, naming the field and the row's value", () => {
    const plan = planBatch(store, 'reject', stores);
    expect(plan.map((r) => [r.label, r.status])).toEqual([
      ['东门店', 'waiting'],
      ['西门店', 'skipped'],
      ['南门店', 'waiting'],
      ['北门店', 'waiting'],
    ]);
    expect(plan[1].skip).toEqual({ field: 'auditStatus', value: 'approved' });
  });

  it('skips the signed-in user on a $notSelf action', () => {
    const users = [
      { id: '7', username: 'me', enabled: true },
      { id: '8', username: 'other', enabled: true },
      { id: '9', username: 'off', enabled: false },
    ];
    const plan = planBatch(staff, 'disable', users, '7');
    expect(plan.map((r) => r.status)).toEqual(['skipped', 'waiting', 'skipped']);
    expect(plan[0].skip).toEqual({ self: true });
    expect(plan[2].skip).toEqual({ field: 'enabled', value: false });
  });
});

describe('runBatch', () => {
  it('sends each eligible row with the form values and params; a refusal is reported and the others go on', async () => {
    const rt = fakeRuntime({
      '/store/audit': (input) => {
        if (input.id === '1876543210987654323') throw new Error('门店已审核，不能重复审核');
        return null;
      },
    });
    const seen: string[] = [];
    const out = await runBatch(
      rt.runtime.call,
      store,
      'reject',
      planBatch(store, 'reject', stores),
      { reason: '证照不全' },
      { onRow: (k, r) => seen.push(`${k}:${r.status}`) },
    );
    expect(out.map((r) => [r.label, r.status, r.message])).toEqual([
      ['东门店', 'done', undefined],
      ['西门店', 'skipped', undefined],
      ['南门店', 'refused', '门店已审核，不能重复审核'],
      ['北门店', 'done', undefined],
    ]);
    // the skipped row is never sent; the form's reason wins over the row's old one; ids stay exact strings
    expect(rt.calls.map((c) => c.input)).toEqual([
      { id: '1876543210987654321', result: 'rejected', reason: '证照不全' },
      { id: '1876543210987654323', result: 'rejected', reason: '证照不全' },
      { id: '1876543210987654324', result: 'rejected', reason: '证照不全' },
    ]);
    expect(seen.filter((s) => s.endsWith('running'))).toHaveLength(3);
    expect(batchCounts(out)).toMatchObject({ done: 2, refused: 1, skipped: 1 });
  });

  it('sends a form item left empty as empty, never the row value of that field', async () => {
    const rt = fakeRuntime({ '/order/assign/manual': () => null });
    const rows = [{ id: '5', orderNo: 'SO5', status: 'assigned', merchantId: '2', storeId: '30', staffId: '300' }];
    await runBatch(rt.runtime.call, order, 'assignManual', planBatch(order, 'assignManual', rows), { merchantId: '2', storeId: '31' });
    expect(rt.calls[0].input).toEqual({ id: '5', merchantId: '2', storeId: '31', staffId: null });
  });

  it('runs at most `concurrency` rows at once and keeps the lanes full', async () => {
    let inFlight = 0;
    let most = 0;
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const rt = fakeRuntime({
      '/user/edit': async (input) => {
        inFlight++;
        most = Math.max(most, inFlight);
        const g = deferred();
        gates.set(String(input.id), g);
        await g.promise;
        inFlight--;
        return null;
      },
    });
    const users = Array.from({ length: 10 }, (_, i) => ({ id: String(100 + i), username: `u${i}`, enabled: true }));
    const run = runBatch(rt.runtime.call, staff, 'disable', planBatch(staff, 'disable', users, '1'), undefined, { concurrency: 4 });
    await waitFor(() => expect(gates.size).toBe(4));
    expect(inFlight).toBe(4);
    gates.get('101')!.resolve(); // one settles: exactly one more starts, the next in order
    await waitFor(() => expect(gates.size).toBe(5));
    expect([...gates.keys()]).toEqual(['100', '101', '102', '103', '104']);
    const release = setInterval(() => gates.forEach((g) => g.resolve()), 1);
    const out = await run;
    clearInterval(release);
    expect(most).toBe(4);
    expect(out.every((r) => r.status === 'done')).toBe(true);
    expect(rt.calls.map((c) => c.input)).toContainEqual({ id: '109', enabled: false });
  });

  it('eachLimited never runs more lanes than items', async () => {
    const order: number[] = [];
    await eachLimited([1, 2], 4, async (n) => {
      order.push(n);
    });
    expect(order).toEqual([1, 2]);
  });
});

describe('useBatch', () => {
  it('retries only the refused rows, with the values filled once', async () => {
    let refuse = true;
    const rt = fakeRuntime({
      '/order/close': (input) => {
        if (input.id === '2' && refuse) throw new Error('网络错误');
        return null;
      },
    });
    const rows = [
      { id: '1', orderNo: 'SO1', status: 'pending' },
      { id: '2', orderNo: 'SO2', status: 'assigned' },
      { id: '3', orderNo: 'SO3', status: 'settled' },
    ];
    const wrapper = ({ children }: { children: ReactNode }) => <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>;
    const { result } = renderHook(() => useBatch(order, 'close', rows), { wrapper });
    expect(result.current.phase).toBe('ready');
    expect(result.current.eligible).toBe(2);
    await act(() => result.current.start({ reason: '客户取消' }));
    expect(result.current.phase).toBe('finished');
    expect(result.current.rows.map((r) => r.status)).toEqual(['done', 'refused', 'skipped']);
    expect(result.current.rows[1].message).toBe('网络错误');
    refuse = false;
    await act(() => result.current.retry());
    expect(result.current.rows.map((r) => r.status)).toEqual(['done', 'done', 'skipped']);
    expect(rt.calls.map((c) => c.input)).toEqual([
      { id: '1', reason: '客户取消' },
      { id: '2', reason: '客户取消' },
      { id: '2', reason: '客户取消' },
    ]);
    expect(result.current.counts).toMatchObject({ done: 2, refused: 0, skipped: 1 });
  });
});
