/**
 * Every message key the server can send exists in both locales. The scan is the schema CLI's own
 * (src/codegen/server-keys.ts: one scanner, used by `npm run schemas` and here), over server/ as text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readServerSources } from '../../src/codegen/load';
import { missingKeys, serverKeys, type ServerKey } from '../../src/codegen/server-keys';
import { LOCALES_DIR, ROOT_DIR } from './paths';

function messagesOf(locale: string): Record<string, string> {
  const dir = join(LOCALES_DIR, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))),
  );
}

const where = (k: ServerKey) => `${k.prefix ? `${k.key}*` : k.key} (${k.file}:${k.line})`;

describe('server message keys', () => {
  const found = serverKeys(readServerSources(ROOT_DIR));
  const has = (key: string, prefix = false) => found.some((k) => k.key === key && k.prefix === prefix);

  test('the scan finds the keys the server throws, the titles it names and the keys it builds', () => {
    expect(has('server.merchant.notFound')).toBe(true); // notFoundKey option of a resource
    expect(has('server.fieldRequired')).toBe(true); // the resource layer's create check
    expect(has('merchant.name')).toBe(true); // a field title passed to badField
    expect(has('server.validation.type.', true)).toBe(true);
  });

  for (const locale of ['zh-CN', 'en-US']) {
    test(`every key the server can send exists in ${locale}`, () => {
      expect(missingKeys(found, messagesOf(locale)).map(where)).toEqual([]);
    });
  }

  test('a key missing from a locale is reported with where the server writes it', () => {
    const { 'server.merchant.notFound': _, ...rest } = messagesOf('en-US');
    expect(missingKeys(found, rest).map(where)).toEqual([expect.stringMatching(/^server\.merchant\.notFound \(server\/modules\/\w+\/[\w-]+\.ts:\d+\)$/)]);
  });
});
