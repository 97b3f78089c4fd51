/**
 * Builds schema and locale folders for core tests: the real app.json and locales plus the probe
 * resource, so core behaviour is tested without depending on any business module.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authModule } from '../../modules/auth';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/helper';
import { LOCALES_DIR, SCHEMAS_DIR } from '../paths';
import { probeModule } from './probe-module';

const HERE = dirname(fileURLToPath(import.meta.url));

export async function createProbeApp(options: TestAppOptions = {}): Promise<TestApp & { fixtureDir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'probe-fixture-'));
  mkdirSync(join(dir, 'schemas'));
  cpSync(join(SCHEMAS_DIR, 'app.json'), join(dir, 'schemas', 'app.json'));
  cpSync(join(SCHEMAS_DIR, 'auth.json'), join(dir, 'schemas', 'auth.json'));
  cpSync(join(HERE, 'probe.json'), join(dir, 'schemas', 'probe.json'));
  cpSync(LOCALES_DIR, join(dir, 'locales'), { recursive: true });
  cpSync(join(HERE, 'locales'), join(dir, 'locales'), { recursive: true });
  const t = await createTestApp({
    modules: [authModule, probeModule],
    schemasDir: join(dir, 'schemas'),
    localesDir: join(dir, 'locales'),
    seed: false,
    ...options,
  });
  await t.db.exec('CREATE TABLE IF NOT EXISTS probe_payments (id int8 PRIMARY KEY, target int8 NOT NULL, amount numeric(12,2) NOT NULL)');
  const close = t.close;
  return Object.assign(t, {
    fixtureDir: dir,
    close: async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
