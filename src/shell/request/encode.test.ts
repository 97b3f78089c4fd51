import JSONbig from 'json-bigint';
import { describe, expect, it } from 'vitest';
import { parseBody } from './encode';

/** The reference: what responses were parsed with before (json-bigint, long numbers as strings). */
const reference = (text: string): unknown => {
  try {
    return JSONbig({ storeAsString: true }).parse(text);
  } catch {
    return text;
  }
};

const bodies = [
  '{"code":0,"data":{"id":914149095951486985,"merchantId":914149093715922944,"n":3}}',
  '{"id":-9223372036854775808,"max":9223372036854775807,"safe":9007199254740991,"unsafe":9007199254740993}',
  '[1234567890123456,123456789012345,0.1234567890123456,1.5e300,-1.25E-7,0]',
  '{"note":"a: 12345678901234567, b","esc":"say \\"914149095951486985\\" \\\\","u":"田超\\u0041","k":"\\\\"}',
  '{"a":[{"b":[914149095951486985, "914149095951486985"]}],"t":true,"f":false,"z":null}',
  ' \n { "spaced" :  914149095951486985 , "x" : [ 1 , 2 ] } \n',
  '{"paidAmount":"159.00","region":["350000","350500"],"amount":12345678901234.56}',
  '"plain string"',
  '42',
];

describe('parseBody', () => {
  it.each(bodies)('gives what json-bigint gives: %s', (text) => {
    expect(parseBody(text)).toEqual(reference(text));
  });

  it('keeps 64-bit ids exact as digit strings, and small numbers as numbers', () => {
    expect(parseBody('{"id":914149095951486985,"n":20}')).toEqual({ id: '914149095951486985', n: 20 });
  });

  it('leaves strings that hold long numbers where a value could stand exactly as they were', () => {
    for (const note of [
      '单号:914149095951486985',
      'a,914149095951486985,b',
      '[914149095951486985]',
      'x: -914149095951486985',
      '：１２',
      'k:1234567890123456.5e3',
    ]) {
      const text = `{"id":914149095951486985,"note":${JSON.stringify(note)},"list":[914149095951486986,${JSON.stringify(note)}]}`;
      expect(parseBody(text)).toEqual({ id: '914149095951486985', note, list: ['914149095951486986', note] });
      expect(parseBody(text)).toEqual(reference(text));
    }
  });

  it('keeps text that is not JSON as it came, however it looks', () => {
    for (const text of ['<html>502 Bad Gateway</html>', '{"id":914149095951486985', 'oops 12345678901234567890']) {
      expect(parseBody(text)).toBe(text);
      expect(reference(text)).toBe(text);
    }
    expect(parseBody('')).toBeNull();
  });

  it('agrees with json-bigint on a page of generated records', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      id: `${914149095951486985n + BigInt(i * 7919)}`,
      orderNo: `SO${914149095951486985n + BigInt(i)}`,
      name: `客户${i} "引号" \\ 斜杠`,
      amount: `${(i * 13.37).toFixed(2)}`,
      qty: i,
    }));
    // ids written as bare numbers, as the server does
    const text = JSON.stringify({ code: 0, data: { list: rows, total: 50 } }).replace(/"id":"(\d+)"/g, '"id":$1');
    const parsed = parseBody(text) as { data: { list: { id: string }[] } };
    expect(parsed).toEqual(reference(text));
    expect(parsed.data.list[3].id).toBe(`${914149095951486985n + 3n * 7919n}`);
  });
});
