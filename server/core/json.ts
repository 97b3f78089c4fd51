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

/**
 * How deep a request body may nest. json-bigint reads JSON recursively, two stack frames a level: a
 * body nested 5,000 deep ran it near the end of the stack, so the same request was read one run (and
 * refused by its field's type) and overflowed the next ("not valid JSON"). No request of the API
 * nests beyond a few levels.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another (brackets inside strings
 * not counted). Read in one pass, without recursion; a body that is not JSON is left to the parser.
 *
 * @example
 * nestsDeeperThan('{"a":[[1]]}', 2); // true
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Parses stored JSON back with big integers as bigint (so they print exactly again). */
export function parseJsonNative(text: string): unknown {
  return nativeParser.parse(text);
}

/**
 * JSON.stringify, except that a bigint prints as its digits. The output is byte for byte that of
 * json-bigint's stringify (same escapes, toJSON, undefined/function members left out, non-finite
 * numbers as null) at about two thirds of its cost: every response goes through here.
 */
export function stringifyJson(value: unknown): string {
  const out: string[] = [];
  return write(value, '', out) ? out.join('') : (undefined as unknown as string);
}

// The characters json-bigint escapes (Crockford's json2 set): control characters, quote, backslash and
// invisible/line-separator code points that some JavaScript parsers choke on. Tested without the g
// flag (no lastIndex to reset): most strings need no escape and the test is the whole cost.
const ESCAPABLE = /[\\"\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0604\u070f\u17b4\u17b5\u200c-\u200f\u2028-\u202f\u2060-\u206f\ufeff\ufff0-\uffff]/;
const ESCAPABLE_ALL = new RegExp(ESCAPABLE.source, 'g');
const META: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };
const escapeChar = (c: string) => META[c] ?? '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');

function quote(s: string): string {
  return ESCAPABLE.test(s) ? '"' + s.replace(ESCAPABLE_ALL, escapeChar) + '"' : '"' + s + '"';
}

// Member names repeat on every row: each is quoted once (up to a bound, so odd keys cannot grow it forever).
const quotedKeys = new Map<string, string>();
function quoteKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = quote(k);
    if (quotedKeys.size < 5000) quotedKeys.set(k, q);
  }
  return q;
}

const own = Object.prototype.hasOwnProperty;

/** Appends the JSON of value to out; false (nothing appended) for what JSON leaves out. */
function write(value: unknown, key: string | number, out: string[]): boolean {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(k: string | number): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
      out.push(quote(value));
      return true;
    case 'number':
      out.push(Number.isFinite(value) ? '' + value : 'null');
      return true;
    case 'boolean':
    case 'bigint':
      out.push('' + value);
      return true;
    case 'object': {
      if (value === null) {
        out.push('null');
        return true;
      }
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i) out.push(',');
          if (!write(value[i], i, out)) out.push('null');
        }
        out.push(']');
        return true;
      }
      out.push('{');
      const obj = value as Record<string, unknown>;
      let first = true;
      // for…in over own keys: the order of Object.keys, without building the array.
      for (const k in obj) {
        if (!own.call(obj, k)) continue;
        const at = out.length;
        out.push(first ? quoteKey(k) + ':' : ',' + quoteKey(k) + ':');
        if (write(obj[k], k, out)) first = false;
        else out.length = at; // a member JSON leaves out: take its key back
      }
      out.push('}');
      return true;
    }
    default:
      return false; // undefined, functions and symbols, as JSON.stringify leaves them out
  }
}
