import fc from 'fast-check';
import JSONbig from 'json-bigint';
import { expect, test } from 'vitest';
import { stringifyJson } from './json';

test('prints bigints as exact digits', () => {
  expect(stringifyJson({ id: 1876543210987654321n, list: [-9223372036854775808n], at: new Date(0) })).toBe(
    '{"id":1876543210987654321,"list":[-9223372036854775808],"at":"1970-01-01T00:00:00.000Z"}',
  );
});

test('byte for byte what json-bigint prints, for any value (escapes, toJSON, undefined, NaN…)', () => {
  const value = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.bigInt(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.array(tie('v')),
      fc.dictionary(fc.string({ unit: 'binary' }), tie('v')),
    ),
  })).v;
  fc.assert(
    fc.property(value, (v) => stringifyJson(v) === JSONbig.stringify(v)),
    { numRuns: 2000 },
  );
});
