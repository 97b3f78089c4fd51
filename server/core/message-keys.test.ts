import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { missingServerKeys, serverMessageKeys } from './message-keys';
import { LOCALES_DIR } from './paths';

function messagesOf(locale: string): Record<string, string> {
  const dir = join(LOCALES_DIR, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))),
  );
}

describe('server message keys', () => {
  const found = serverMessageKeys();

  test('the scan finds the keys the server throws, the titles it names and the keys it builds', () => {
    expect(found.keys.has('server.merchant.notFound')).toBe(true); // notFoundKey option of a resource
    expect(found.keys.has('server.fieldRequired')).toBe(true); // the resource layer's create check
    expect(found.keys.has('merchant.name')).toBe(true); // a field title passed to badField
    expect(found.prefixes.has('server.validation.type.')).toBe(true);
  });

  for (const locale of ['zh-CN', 'en-US']) {
    test(`every key the server can send exists in ${locale}`, () => {
      expect(missingServerKeys(messagesOf(locale), found)).toEqual([]);
    });
  }

  test('a key missing from a locale is reported with where the server writes it', () => {
    const { 'server.merchant.notFound': _, ...rest } = messagesOf('en-US');
    expect(missingServerKeys(rest, found)).toEqual([expect.stringMatching(/^server\.merchant\.notFound \(server\/modules\/\w+\/[\w-]+\.ts:\d+\)$/)]);
  });
});
