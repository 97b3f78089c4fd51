/**
 * Server settings from the environment, checked up front: a bad value stops the start with one line
 * naming the variable (ConfigError), never a stack trace later.
 *
 * @example
 * const config = loadConfig(process.env); // { port: 8000, host: '127.0.0.1', dataDir: './data', ... }
 */
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema (DATABASE_SCHEMA), default public */
  databaseSchema?: string;
  nodeEnv: string;
  production: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** seconds an instance reuses a checked session (SESSION_CACHE_SECONDS, 0–10, default 5; 0 = off) */
  sessionCacheSeconds: number;
  /** snowflake worker id; random when WORKER_ID is unset */
  workerId?: number;
  /** trust X-Forwarded-For from a load balancer (TRUST_PROXY=true) */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: Record<string, string | undefined>, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(`${name} must be from ${min} to ${max}, got ${raw}`);
  return n;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = int(env, 'PORT', 8000, 0, 65535);
  const host = (env.HOST ?? '').trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got "${env.HOST}"`);
  const dataDir = resolve((env.DATA_DIR ?? '').trim() || './data');
  let databaseUrl: string | undefined = (env.DATABASE_URL ?? '').trim() || undefined;
  if (databaseUrl) {
    let url: URL;
    try {
      url = new URL(databaseUrl);
    } catch {
      throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//…"`);
    }
    if (!url.hostname && !url.searchParams.get('host')) throw new ConfigError('DATABASE_URL has no host');
  }
  const databaseSchema = (env.DATABASE_SCHEMA ?? '').trim() || undefined;
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    throw new ConfigError(`DATABASE_SCHEMA must be a lowercase schema name (letters, digits, _), got "${databaseSchema}"`);
  }
  const nodeEnv = (env.NODE_ENV ?? '').trim() || 'development';
  const level = ((env.LOG_LEVEL ?? '').trim() || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const sessionIdleMinutes = int(env, 'SESSION_IDLE_MINUTES', 120, 1, 60 * 24 * 30);
  const sessionMaxHours = int(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 365);
  // At most a few seconds: it is how late another instance may notice a logout or a disabled user.
  const sessionCacheSeconds = int(env, 'SESSION_CACHE_SECONDS', 5, 0, 10);
  const workerId = env.WORKER_ID === undefined || env.WORKER_ID === '' ? undefined : int(env, 'WORKER_ID', 0, 0, 1023);
  const tp = (env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (tp && !['true', 'false', '1', '0'].includes(tp)) throw new ConfigError(`TRUST_PROXY must be true or false, got "${env.TRUST_PROXY}"`);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseSchema,
    nodeEnv,
    production: nodeEnv === 'production',
    logLevel: level as ServerConfig['logLevel'],
    sessionIdleMinutes,
    sessionMaxHours,
    sessionCacheSeconds,
    workerId,
    trustProxy: tp === 'true' || tp === '1',
  };
}
