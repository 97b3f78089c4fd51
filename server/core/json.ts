/**
 * JSON on the wire with exact 64-bit integers: requests parse big integers as digit strings
 * (they are validated as such), responses print bigint values as plain JSON number digits.
 *
 * @example
 * parseJson('{"id":1876543210987654321}'); // { id: '1876543210987654321' }
 * stringifyJson({ id: 1876543210987654321n }); // '{"id":1876543210987654321}'
 */
import JSONbig from 'json-bigint';

const parser = JSONbig({ storeAsString: true, protoAction: 'error', constructorAction: 'error' });
const nativeParser = JSONbig({ useNativeBigInt: true, protoAction: 'error', constructorAction: 'error' });

export function parseJson(text: string): unknown {
  return parser.parse(text);
}

/** Parses stored JSON back with big integers as bigint (so they print exactly again). */
export function parseJsonNative(text: string): unknown {
  return nativeParser.parse(text);
}

export function stringifyJson(value: unknown): string {
  return JSONbig.stringify(value);
}
