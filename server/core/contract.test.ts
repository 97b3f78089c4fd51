/**
 * Typed handlers (contract.ts ModuleHandlers): the generated `<Name>Bindings` and `<Name>Results` make a
 * wrong input field, a wrong result field, a missing or an unknown handler a compile error. The
 * `@ts-expect-error` lines are checked by `tsc --noEmit` (part of every check): were any of them to
 * compile, tsc would fail with "Unused '@ts-expect-error' directive".
 */
import { expect, test } from 'vitest';
import type { DashboardBindings, DashboardResults, ProfileBindings, ProfileResults } from '../../src/generated/types';
import type { Handler, ModuleHandlers } from './contract';

type Performance = DashboardResults<bigint | string>['performance'];
const figures = {} as Performance;

test('a handler is typed by its binding: input fields and result shape', async () => {
  const ok = {
    performance: async ({ input }) => ({ ...figures, range: { ...figures.range, dateFrom: input.dateFrom ?? '2026-01-01' } }),
  } satisfies ModuleHandlers<DashboardBindings, DashboardResults<bigint | string>>;

  const wrongInput: Handler<DashboardBindings['performance']> = async ({ input }) =>
    // @ts-expect-error -- "dateFromm" is not an input of dashboard.performance
    input.dateFromm;

  // @ts-expect-error -- a trend point's "orders" is an integer in the declared shape, not a string
  const wrongResult: Handler<DashboardBindings['performance'], Performance> = async () => ({
    ...figures,
    trend: [{ bucket: '2026-01-01', orders: '3', gmv: '1.00', refunded: '0.00' }],
  });

  // @ts-expect-error -- the handler of "sessions" is missing
  const missing = { info: async () => ({ id: 1n, username: 'a', nickname: 'a', avatar: null, roles: [] }) } satisfies ModuleHandlers<
    ProfileBindings,
    ProfileResults<bigint>
  >;

  expect(Object.keys(ok)).toEqual(['performance']);
  expect([typeof wrongInput, typeof wrongResult, typeof missing]).toEqual(['function', 'function', 'object']);
});
