/**
 * createTestApp(): a real app on a real database for one test file (or one test).
 *
 * PGlite: a template data folder — migrated and seeded once per code version and shared by every
 * test worker — is copied for each app (initdb would cost 4–5 s and ~700 MB each time).
 * PostgreSQL (DATABASE_URL set): each app gets a fresh schema, migrated and seeded, dropped on close.
 *
 * @example
 * const t = await createTestApp();
 * afterAll(() => t.close());
 * const token = await t.login('admin', 'admin123');
 * const res = await t.get('/api/user/info', { token });
 * expect(res.json().data.username).toBe('admin');
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../core/app';
import type { ServerModule } from '../core/contract';
import { openDb, type SqlDb } from '../core/db';
import { parseJson, stringifyJson } from '../core/json';
import { runMigrations } from '../core/migrations';
import { MIGRATIONS_DIR, ROOT_DIR } from '../core/paths';
import { runSeeds } from '../core/seeds';
import { createIdGenerator } from '../core/snowflake';
import { modules as allModules } from '../modules';

export interface TestAppOptions {
  /** modules to serve (default: every module in server/modules/index.ts) */
  modules?: ServerModule[];
  /** schema resources to serve (default: all); use with `modules` to test a few in isolation */
  resources?: string[];
  /** run the module seeds (default true); false gives migrated, empty tables */
  seed?: boolean;
  /** seed demo accounts and sample data (default true) */
  demo?: boolean;
  session?: BuildAppOptions['session'];
  /** Fastify's logger (default none): a test that reads what the server logged */
  logger?: BuildAppOptions['logger'];
  /** serve this folder as the built console (default: none) */
  staticDir?: string | false;
  /** schema folder (default schemas/); core tests use fixture resources */
  schemasDir?: string;
  /** locale folder (default locales/) */
  localesDir?: string;
  /** take client address and protocol from X-Forwarded-* (TRUST_PROXY) */
  trustProxy?: boolean;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** GET query; arrays repeat the name */
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  locale?: 'zh-CN' | 'en-US';
}

/** A response with its body parsed by json-bigint (big ints as digit strings, like the browser). */
export interface TestResponse extends LightMyRequestResponse {
  body: string;
  /** parsed envelope (or other JSON); big integers are digit strings */
  data: any;
}

export interface TestApp {
  app: FastifyInstance;
  db: SqlDb;
  dataDir: string;
  nextId: () => bigint;
  /** signs in through POST /api/user/login and returns the token (throws with the message if refused) */
  login(username: string, password: string): Promise<string>;
  get(url: string, opts?: RequestOptions): Promise<TestResponse>;
  /** JSON body (serialised with json-bigint, so bigint values go out exactly) */
  post(url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse>;
  /** multipart/form-data; files as { name, content, type? } */
  postForm(url: string, fields: Record<string, string | string[]>, files?: Record<string, TestFile | TestFile[]>, opts?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestFile {
  name: string;
  content: Buffer;
  type?: string;
}

const SESSION_DEFAULTS = { idleMinutes: 120, maxHours: 12 };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const demo = options.demo ?? true;
  const nextId = createIdGenerator(Number(process.env.VITEST_POOL_ID ?? 0) % 1024);
  const dataDir = join(tmpdir(), `misi-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  const pgUrl = process.env.DATABASE_URL;
  let db: SqlDb;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    db = await openDb({ dataDir, databaseUrl: pgUrl, schema, poolSize: 5 });
    await runMigrations(db, MIGRATIONS_DIR);
    if (seed) await runSeeds(db, allModules, { nextId, demo });
  } else {
    const template = await pgliteTemplate(seed, demo);
    cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
    db = await openDb({ dataDir });
    // Migrations added since the template was made (the template key covers them; this is cheap).
    await runMigrations(db, MIGRATIONS_DIR);
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db,
      dataDir,
      modules: options.modules ?? allModules,
      resources: options.resources,
      schemasDir: options.schemasDir,
      localesDir: options.localesDir,
      nextId,
      session: { ...SESSION_DEFAULTS, ...options.session },
      staticDir: options.staticDir ?? false,
      trustProxy: options.trustProxy,
      logger: options.logger,
    });
    await app.ready();
  } catch (err) {
    await cleanup(db, dataDir, schema, pgUrl);
    throw err;
  }

  const request = async (method: 'GET' | 'POST', url: string, opts: RequestOptions, payload?: string | Buffer, contentType?: string) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers['x-misi-token'] = opts.token;
    if (opts.locale) headers['x-locale'] = opts.locale;
    if (contentType) headers['content-type'] = contentType;
    const res = await app.inject({ method, url: withQuery(url, opts.query), headers, payload });
    let data: unknown;
    try {
      data = res.body ? parseJson(res.body) : undefined;
    } catch {
      data = undefined;
    }
    return Object.assign(res, { data }) as TestResponse;
  };

  const t: TestApp = {
    app,
    db,
    dataDir,
    nextId,
    async login(username, password) {
      const res = await t.post('/api/user/login', { username, password });
      if (res.data?.code !== 0) throw new Error(`login ${username} refused: HTTP ${res.statusCode} ${res.body}`);
      return res.data.data.token as string;
    },
    get: (url, opts = {}) => request('GET', url, opts),
    post: (url, body = {}, opts = {}) => request('POST', url, opts, stringifyJson(body), 'application/json'),
    postForm: (url, fields, files = {}, opts = {}) => {
      const { body, contentType } = multipartBody(fields, files);
      return request('POST', url, opts, body, contentType);
    },
    close: async () => {
      await app.close();
      await cleanup(db, dataDir, schema, pgUrl);
    },
  };
  return t;
}

async function cleanup(db: SqlDb, dataDir: string, schema: string | undefined, pgUrl: string | undefined): Promise<void> {
  if (schema && pgUrl) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  }
  const s = qs.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

/** Builds a multipart body by hand: light-my-request takes a Buffer, and this keeps tests dependency-free. */
export function multipartBody(fields: Record<string, string | string[]>, files: Record<string, TestFile | TestFile[]>): { body: Buffer; contentType: string } {
  const boundary = '----misi' + randomBytes(8).toString('hex');
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const [name, value] of Object.entries(files)) {
    for (const f of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        f.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- PGlite template (shared across test workers of one code version) ----

/**
 * Hash of what shapes a fresh database. The empty template depends on the migrations only; a
 * seeded one also on every module (its seed) — so editing a seed reuses the empty template and
 * skips initdb.
 */
function codeVersion(withModules: boolean): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if ((name.endsWith('.ts') && !name.endsWith('.test.ts')) || name.endsWith('.sql') || name.endsWith('.json')) {
        h.update(relative(ROOT_DIR, p)).update(readFileSync(p));
      }
    }
  };
  walk(join(ROOT_DIR, 'server', 'migrations'));
  for (const f of ['migrations.ts', 'db.ts']) h.update(readFileSync(join(ROOT_DIR, 'server', 'core', f)));
  if (withModules) {
    walk(join(ROOT_DIR, 'server', 'modules'));
    h.update(readFileSync(join(ROOT_DIR, 'server', 'core', 'seeds.ts')));
  }
  return h.digest('hex').slice(0, 16);
}

const templates = new Map<string, Promise<string>>();

/**
 * A fresh data folder holding a copy of the seeded PGlite template (migrated, demo data), for tests
 * that start the real server process on it (a first start would spend seconds in initdb).
 */
export async function seededDataDir(): Promise<string> {
  const dir = join(tmpdir(), `misi-data-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  cpSync(await pgliteTemplate(true, true), join(dir, 'pgdata'), { recursive: true });
  return dir;
}

function pgliteTemplate(seed: boolean, demo: boolean): Promise<string> {
  const kind = seed ? (demo ? 'demo' : 'seeded') : 'empty';
  let p = templates.get(kind);
  if (!p) {
    p = makeTemplate(kind, seed, demo);
    templates.set(kind, p);
  }
  return p;
}

async function makeTemplate(kind: string, seed: boolean, demo: boolean): Promise<string> {
  const base = join(tmpdir(), 'misi-pglite-templates');
  mkdirSync(base, { recursive: true });
  const name = `${codeVersion(seed)}-${kind}`;
  // Seeded templates start from a copy of the empty one (no initdb of their own).
  const emptyTemplate = seed ? await pgliteTemplate(false, false) : undefined;
  const dir = join(base, name);
  const lock = join(base, `${name}.lock`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (existsSync(join(dir, 'READY'))) return join(dir, 'pgdata');
    try {
      mkdirSync(lock); // atomic: exactly one worker builds, the others wait for READY
      break;
    } catch {
      // A builder that died leaves its lock behind; take it over after two minutes.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* lock vanished meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the PGlite test template ${dir}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    pruneTemplates(base, [codeVersion(false), codeVersion(true)]);
    const work = join(base, `${name}.building-${process.pid}`);
    rmSync(work, { recursive: true, force: true });
    if (emptyTemplate) cpSync(emptyTemplate, join(work, 'pgdata'), { recursive: true });
    const db = await openDb({ dataDir: work });
    try {
      await runMigrations(db, MIGRATIONS_DIR);
      if (seed) await runSeeds(db, allModules, { nextId: createIdGenerator(1023), demo });
    } finally {
      await db.close();
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
    writeFileSync(join(dir, 'READY'), new Date().toISOString());
    return join(dir, 'pgdata');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Removes templates of older code versions that nobody has touched for an hour. Every template of the
 * current versions stays: building the seeded one must not remove the empty one it copies (an hour-old
 * empty template of the same migrations is current, and other workers are copying it).
 */
function pruneTemplates(base: string, current: readonly string[]): void {
  for (const entry of readdirSync(base)) {
    if (current.some((v) => entry.startsWith(`${v}-`))) continue;
    const p = join(base, entry);
    try {
      if (Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
    } catch {
      /* removed by another worker */
    }
  }
}
