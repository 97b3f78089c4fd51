import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, maskAccount, maskPhone } from './format';

describe('formatMoney', () => {
  it('groups the integer part and keeps the cents exactly as written', () => {
    expect(formatMoney('1234.5', 'zh-CN')).toBe('¥1,234.50');
    expect(formatMoney('199.00', 'zh-CN')).toBe('¥199.00');
    expect(formatMoney('9999999999.99', 'en-US')).toBe('¥9,999,999,999.99');
    // beyond float precision: a float round-trip would print 90071992547409.92 wrongly
    expect(formatMoney('90071992547409.93', 'zh-CN')).toBe('¥90,071,992,547,409.93');
  });
  it('keeps the sign of negative amounts below one yuan', () => {
    expect(formatMoney('-0.50', 'zh-CN')).toBe('-¥0.50');
    expect(formatMoney('-12.00', 'zh-CN')).toBe('-¥12.00');
  });
  it('shows empty for no value and the raw text for a malformed one', () => {
    expect(formatMoney(null, 'zh-CN')).toBe('');
    expect(formatMoney('abc', 'zh-CN')).toBe('abc');
  });
});

describe('masking', () => {
  it('masks the middle four digits of a mobile number', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
  });
  it('masks a landline but keeps its last four digits', () => {
    expect(maskPhone('010-12345678')).toBe('010-****5678');
  });
  it('masks an account number keeping first and last four', () => {
    expect(maskAccount('6222021234567890123')).toBe('6222 **** **** 0123');
  });
});

describe('dates', () => {
  it('formats by locale', () => {
    expect(formatDate('2026-01-05', 'zh-CN')).toBe('2026-01-05');
    expect(formatDate('2026-01-05', 'en-US')).toBe('Jan 5, 2026');
    expect(formatDateTime('2026-01-05T14:03:09', 'zh-CN')).toBe('2026-01-05 14:03:09');
  });
  it('returns unparsable input unchanged', () => {
    expect(formatDate('not a date', 'zh-CN')).toBe('not a date');
  });
});
