import { describe, expect, it } from 'vitest';
import staffJson from '../../schemas/staff.json';
import type { Resource } from '../schema';
import { actionGate, labelWidth, operationColumnWidth, splitRowActions } from './action-gate';

const staff = staffJson as unknown as Resource;
const admin = { id: '100', roles: ['admin'] };
const finance = { id: '200', roles: ['finance'] };

describe('actionGate', () => {
  it('shows disable on an enabled row that is not mine, enable on a disabled one', () => {
    const g = actionGate(staff, admin);
    const enabled = g.rowActions({ id: '5', enabled: true });
    expect(enabled).toEqual(expect.arrayContaining(['view', 'edit', 'disable']));
    expect(enabled).not.toContain('enable');
    const disabled = g.rowActions({ id: '5', enabled: false });
    expect(disabled).toEqual(expect.arrayContaining(['view', 'edit', 'enable']));
    expect(disabled).not.toContain('disable');
  });
  it('hides disable on my own row ($notSelf)', () => {
    const mine = actionGate(staff, admin).rowActions({ id: '100', enabled: true });
    expect(mine).toContain('edit');
    expect(mine).not.toContain('disable');
  });
  it('hides actions whose API the role may not call', () => {
    const g = actionGate(staff, finance);
    expect(g.rowActions({ id: '5', enabled: true })).toEqual(['view']);
    expect(g.toolbarActions()).toEqual([]);
    expect(actionGate(staff, admin).toolbarActions()).toEqual(['add']);
  });
  it('shows nothing role-bound to a user without roles', () => {
    expect(actionGate(staff, { id: '1', roles: [] }).rowActions({ id: '5', enabled: true })).toEqual([]);
  });
  it('keeps the order of list.rowActions', () => {
    const names = actionGate(staff, admin).rowActions({ id: '5', enabled: true });
    const order = staff.list!.rowActions!;
    expect([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(names);
  });
});

describe('row action layout', () => {
  it('shows up to three links; beyond that two links and the rest under "more"', () => {
    expect(splitRowActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(splitRowActions(['a', 'b', 'c', 'd'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd'] });
    expect(splitRowActions([])).toEqual({ inline: [], more: [] });
  });
  it('sizes the operation column for the allowed actions, none for none', () => {
    const zh = ['查看', '备注', '编辑', '删除', '审核'];
    // the links and their gaps in a padded cell: 查看 | 查看 备注 | 查看 备注 编辑 | 查看 备注 更多▾
    expect([0, 1, 2, 3, 5].map((n) => operationColumnWidth(zh.slice(0, n), '更多'))).toEqual([0, 68, 108, 148, 164]);
    // never narrower than its title
    expect(operationColumnWidth(['View'], 'More', 0, 'Actions')).toBe(32 + labelWidth('Actions') + 8);
  });
  it('widens the column when the labels are longer than the Chinese ones (English)', () => {
    const en = ['View', 'Create work order', 'Assign', 'Remark', 'Close'];
    const w = operationColumnWidth(en, 'More');
    // the two widest links, then "More" and its caret, with the gaps and the cell's padding
    expect(w).toBe(32 + labelWidth('Create work order') + labelWidth('Remark') + labelWidth('More') + 16 + 2 * 12 + 8);
    // 查看 on every row holds its place: only the second place takes the widest of the others
    expect(operationColumnWidth(en, 'More', 1)).toBe(32 + labelWidth('View') + labelWidth('Create work order') + labelWidth('More') + 16 + 2 * 12 + 8);
    expect(labelWidth('创建工单')).toBe(56);
    expect(labelWidth('View')).toBe(32);
  });
});
