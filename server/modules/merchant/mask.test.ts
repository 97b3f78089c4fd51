import { describe, expect, it } from 'vitest';
import { maskAccountNo } from './mask';

describe('maskAccountNo', () => {
  it('keeps the first and last four digits of an account number', () => {
    expect(maskAccountNo('6222021234567890123')).toBe('6222 **** **** 0123');
    expect(maskAccountNo('12345678')).toBe('12****78');
  });
  it('never reveals a short number whole, and passes empty values through', () => {
    expect(maskAccountNo('123456789')).not.toContain('5');
    expect(maskAccountNo(null)).toBeNull();
    expect(maskAccountNo('')).toBeNull();
  });
});
