import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ROOT_DIR } from './paths';

describe('loadConfig', () => {
  test('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      production: false,
      logLevel: 'info',
      sessionIdleMinutes: 120,
      sessionMaxHours: 12,
      sessionCacheSeconds: 5,
      trustProxy: false,
    });
    expect(c.dataDir).toMatch(/[\\/]data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  test('values from the environment', () => {
    const c = loadConfig({
      PORT: '9001',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      NODE_ENV: 'production',
      LOG_LEVEL: 'WARN',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '8',
      SESSION_CACHE_SECONDS: '0',
      WORKER_ID: '7',
    });
    expect(c).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
      production: true,
      logLevel: 'warn',
      sessionIdleMinutes: 30,
      sessionMaxHours: 8,
      sessionCacheSeconds: 0,
      workerId: 7,
    });
  });

  test.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT must be from 0 to 65535, got 70000$/],
    [{ PORT: '-1' }, /^PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /^DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL must be a postgres:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ SESSION_IDLE_MINUTES: '0' }, /^SESSION_IDLE_MINUTES must be from 1/],
    [{ SESSION_MAX_HOURS: '1.5' }, /^SESSION_MAX_HOURS must be a whole number/],
    [{ SESSION_CACHE_SECONDS: '60' }, /^SESSION_CACHE_SECONDS must be from 0 to 10/],
    [{ WORKER_ID: '1024' }, /^WORKER_ID must be from 0 to 1023/],
    [{ DATABASE_SCHEMA: 'Bad-Name' }, /^DATABASE_SCHEMA must be/],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

test('server/main.ts exits with code 1 and one line on a bad PORT', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr.trim()).toBe('config error: PORT must be a whole number from 0 to 65535, got "abc"');
}, 60_000);
