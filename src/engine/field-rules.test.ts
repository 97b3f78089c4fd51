import { describe, expect, it } from 'vitest';
import staff from '../../schemas/staff.json';
import type { AnyField, Resource } from '../schema';
import { fieldRules, firstError, type Translate } from './field-rules';

const t: Translate = (id, v) => (v ? `${id}:${JSON.stringify(v)}` : id);
const fields = (staff as unknown as Resource).fields!;

describe('fieldRules', () => {
  it('requires a value and names the field', async () => {
    const rules = fieldRules(fields.nickname, t, { label: '昵称' });
    expect(await firstError(rules, '')).toBe('renderer.rule.required:{"field":"昵称"}');
    expect(await firstError(rules, '   ')).toBe('renderer.rule.required:{"field":"昵称"}');
    expect(await firstError(rules, '张三')).toBeNull();
  });
  it('uses the declared pattern message', async () => {
    const rules = fieldRules(fields.username, t, { label: '用户名' });
    expect(await firstError(rules, '9abc')).toBe('renderer.rule.patternHint:{"field":"用户名","hint":"staff.usernamePattern"}');
    expect(await firstError(rules, 'ab')).toContain('renderer.rule.minLength');
    expect(await firstError(rules, 'zhangsan')).toBeNull();
  });
  it('gives a field one message, its first problem (too short and not the pattern: the length)', async () => {
    const rules = fieldRules(fields.username, t, { label: '用户名' });
    const failures: string[] = [];
    for (const r of rules) await r.validator?.(r, '9').catch((e: Error) => failures.push(e.message));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('renderer.rule.minLength');
  });
  it('says an amount too large is too large, not that it is no amount', async () => {
    const rules = fieldRules({ type: 'money', title: 'order.paidAmount' }, t, { label: '实付金额' });
    expect(await firstError(rules, '99999999999')).toContain('renderer.rule.max');
    expect(await firstError(rules, '99999999999')).toContain('9999999999.99');
    expect(await firstError(rules, '1.234')).toContain('renderer.rule.money');
    expect(await firstError(rules, '9999999999.99')).toBeNull();
  });
  it('checks phones with the shared pattern', async () => {
    const rules = fieldRules(fields.phone, t, { label: '手机号' });
    expect(await firstError(rules, '12345')).toContain('renderer.rule.phone');
    expect(await firstError(rules, '13812341234')).toBeNull();
    expect(await firstError(rules, undefined)).toBeNull();
  });
  it('checks money as a decimal string with exact bounds', async () => {
    const f: AnyField = { type: 'money', title: 'x.amount', required: true, min: '0.01', max: '9999999.99' };
    const rules = fieldRules(f, t, { label: '金额' });
    expect(await firstError(rules, '1.234')).toContain('renderer.rule.money');
    expect(await firstError(rules, '0.00')).toContain('renderer.rule.min');
    expect(await firstError(rules, '10000000.00')).toContain('renderer.rule.max');
    expect(await firstError(rules, '0.01')).toBeNull();
  });
  it('requires at least one value of a multiple field', async () => {
    const rules = fieldRules(fields.roles, t, { label: '角色' });
    expect(await firstError(rules, [])).toBe('renderer.rule.select:{"field":"角色"}');
    expect(await firstError(rules, ['admin'])).toBeNull();
  });
});
