import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReason } from './start';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, ageSeconds: number) {
  const p = join(root, path);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, 'x');
  const t = Date.now() / 1000 - ageSeconds;
  utimesSync(p, t, t);
}

describe('buildReason', () => {
  it('builds when dist is missing', () => {
    root = mkdtempSync(join(tmpdir(), 'start-'));
    file('src/a.ts', 100);
    expect(buildReason(root)).toBe('dist/ is missing');
  });

  it('builds when a source is newer than dist, not for a newer test file', () => {
    root = mkdtempSync(join(tmpdir(), 'start-'));
    file('dist/index.html', 50);
    file('src/a.ts', 100);
    file('src/a.test.ts', 10);
    expect(buildReason(root)).toBeNull();
    file('schemas/order.json', 5);
    expect(buildReason(root)).toBe('dist/ is older than schemas');
  });
});
