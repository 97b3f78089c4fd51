import { expect, test } from 'vitest';
import { SNOWFLAKE_EPOCH, createIdGenerator } from './snowflake';

test('ids are above 2^53, unique and increasing', () => {
  const next = createIdGenerator(5);
  const ids = Array.from({ length: 10_000 }, () => next());
  expect(new Set(ids).size).toBe(ids.length);
  for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  expect(ids[0] > 2n ** 53n).toBe(true);
});

test('layout: 41-bit time | 10-bit worker | 12-bit sequence', () => {
  const now = Date.UTC(2026, 0, 1);
  const next = createIdGenerator(513, () => now);
  const a = next();
  const b = next();
  expect(a >> 22n).toBe(BigInt(now - SNOWFLAKE_EPOCH));
  expect((a >> 12n) & 0x3ffn).toBe(513n);
  expect(a & 0xfffn).toBe(0n);
  expect(b & 0xfffn).toBe(1n);
});

test('4096 ids in one millisecond roll over into the next, never repeating', () => {
  const next = createIdGenerator(1, () => Date.UTC(2026, 0, 1));
  const ids = Array.from({ length: 5000 }, () => next());
  expect(new Set(ids).size).toBe(5000);
});

test('a bad worker id is refused', () => {
  expect(() => createIdGenerator(1024)).toThrow(/WORKER_ID must be an integer from 0 to 1023/);
});
