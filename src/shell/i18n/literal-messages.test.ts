import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createIntl, type MessageFormatElement } from 'react-intl';
import { literalMessages } from './literal-messages';

const catalogue = (locale: string) => JSON.parse(readFileSync(`public/locales/${locale}.json`, 'utf8')) as Record<string, string>;

/** A value for every argument a message may name (counts, totals, fields, names). */
const VALUES = new Proxy({} as Record<string, string | number>, { get: () => 3, has: () => true, ownKeys: () => [] });

describe('literalMessages', () => {
  it('hands final texts over as one literal element and leaves ICU syntax as text', () => {
    const out = literalMessages({ view: '查看', total: '共 {total} 条', quote: "Sync a shop's products", tag: 'a <b>c</b>', empty: '' });
    expect(out.view).toEqual([{ type: 0, value: '查看' }]);
    expect(out.total).toBe('共 {total} 条');
    expect(out.quote).toBe("Sync a shop's products");
    expect(out.tag).toBe('a <b>c</b>');
    expect(out.empty).toBe('');
  });

  for (const locale of ['zh-CN', 'en-US']) {
    it(`formats every ${locale} message exactly as the plain catalogue does`, () => {
      const raw = catalogue(locale);
      const plain = createIntl({ locale, messages: raw, onError: () => {} });
      const compiled = literalMessages(raw);
      const fast = createIntl({ locale, messages: compiled as Record<string, MessageFormatElement[]>, onError: () => {} });
      const ids = Object.keys(raw);
      expect(ids.length).toBeGreaterThan(1000);
      let literal = 0;
      for (const id of ids) {
        if (Array.isArray(compiled[id])) literal++;
        const values = /\{/.test(raw[id]) ? VALUES : undefined;
        expect(fast.formatMessage({ id }, values), id).toBe(plain.formatMessage({ id }, values));
      }
      // most of a catalogue is final text
      expect(literal / ids.length).toBeGreaterThan(0.7);
    });
  }
});
