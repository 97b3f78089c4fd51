/**
 * Opens the database: embedded PGlite in <dataDir>/pgdata, or PostgreSQL when a URL is given.
 * Both speak the same SQL; int8 comes back as bigint and numeric as an exact decimal string.
 *
 * @example
 * const db = await openDb({ dataDir: './data' });
 * const { rows } = await db.query<{ n: bigint }>('select count(*) as n from users');
 * await db.transaction(async (tx) => { await tx.query('update ...'); });
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, ListenHandlers, Listener, QueryResult } from './contract';
import { Mutex } from './mutex';

/** The Db of contract.ts plus `exec` for multi-statement SQL (migrations). */
export interface SqlDb extends Db {
  /** Runs several ;-separated statements without parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: SqlDb) => Promise<T>): Promise<T>;
  /** PostgreSQL schema this handle works in (search_path); 'public' by default. */
  readonly schema: string;
  /**
   * PGlite only (one process, no LISTEN connection to keep): `fn` gets every NOTIFY payload of
   * `dbChannel(name, schema)` as its transaction commits. Resolves to the unsubscribe.
   */
  onNotify?(name: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface OpenDbOptions {
  dataDir: string;
  /** postgres://… — when set, PGlite is not used */
  databaseUrl?: string;
  /** PostgreSQL schema to work in (created when missing); ignored by PGlite. Tests use one per app. */
  schema?: string;
  /** open PGlite on this folder instead of <dataDir>/pgdata (test templates) */
  pgliteDir?: string;
  /** pg pool size (default 10) */
  poolSize?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDb(options: OpenDbOptions): Promise<SqlDb> {
  if (options.databaseUrl) {
    try {
      return await openPostgres(options.databaseUrl, options.schema ?? 'public', options.poolSize ?? 10);
    } catch (err) {
      // Name the server (never the password) so a wrong host or port is obvious at once.
      const u = new URL(options.databaseUrl);
      throw new Error(`cannot use the database of DATABASE_URL (${u.hostname || 'local socket'}:${u.port || 5432}${u.pathname}): ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  const dir = options.pgliteDir ?? join(options.dataDir, 'pgdata');
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    // a file where the folder should be, or no right to write there: say which setting points there
    throw new Error(`cannot keep the embedded database in ${dir} (DATA_DIR ${options.dataDir}): ${(err as Error).message}`, { cause: err });
  }
  return openPglite(dir);
}

/** Outside a transaction "after commit" is now: every statement commits on its own. */
const now: Pick<Db, 'afterCommit'> = { afterCommit: (fn) => fn() };

type Runner = {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
};

/** A transaction handle: statements run on the owning connection; nested transactions reuse it. */
function txHandle(runner: Runner, kind: Db['kind'], schema: string): SqlDb & { committed(): void } {
  const onCommit: (() => void)[] = [];
  const tx: SqlDb & { committed(): void } = {
    kind,
    schema,
    query: (sql, params) => runner.query(sql, params),
    exec: (sql) => runner.exec(sql),
    transaction: (fn) => fn(tx),
    afterCommit: (fn) => void onCommit.push(fn),
    /** called by the owner right after COMMIT */
    committed: () => {
      for (const fn of onCommit.splice(0)) fn();
    },
    close: async () => {
      throw new Error('close() called on a transaction handle');
    },
  };
  return tx;
}

async function openPglite(dir: string): Promise<SqlDb> {
  const lite = await PGlite.create(dir, { parsers: { 20: (v: string) => BigInt(v) } });
  const mutex = new Mutex();
  // Statements issued inside a transaction's async context (even through the outer handle) must use
  // that transaction: taking the mutex again would deadlock.
  const current = new AsyncLocalStorage<SqlDb>();
  const raw: Runner = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await lite.query<T>(sql, params as any[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: async (sql) => {
      await lite.exec(sql);
    },
  };
  let closed = false;
  const db: SqlDb = {
    kind: 'pglite',
    schema: 'public',
    query: (sql, params) => {
      const tx = current.getStore();
      if (tx) return tx.query(sql, params);
      return mutex.run(() => raw.query(sql, params));
    },
    exec: (sql) => {
      const tx = current.getStore();
      if (tx) return tx.exec(sql);
      return mutex.run(() => raw.exec(sql));
    },
    transaction: (fn) => {
      const outer = current.getStore();
      if (outer) return fn(outer);
      return mutex.run(async () => {
        const tx = txHandle(raw, 'pglite', 'public');
        await lite.query('BEGIN');
        try {
          const result = await current.run(tx, () => fn(tx));
          await lite.query('COMMIT');
          tx.committed();
          return result;
        } catch (err) {
          await lite.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    },
    afterCommit: (fn) => (current.getStore() ?? now).afterCommit!(fn),
    onNotify: (name, fn) => lite.listen(dbChannel(name, 'public'), fn),
    close: async () => {
      if (closed) return;
      closed = true;
      await mutex.run(() => lite.close());
    },
  };
  return db;
}

function bigintTypes() {
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === 20) return (v: string) => BigInt(v);
      if (oid === 1700) return (v: string) => v;
      return (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(oid, format);
    },
  };
}

async function openPostgres(url: string, schema: string, poolSize: number): Promise<SqlDb> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" is not a valid schema name (lowercase letters, digits, _)`);
  const types = bigintTypes() as unknown as pg.CustomTypesConfig;
  if (schema !== 'public') {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (err) {
      // Two instances creating the same schema at once: the loser sees a duplicate; the schema exists.
      if ((err as { code?: string }).code !== '23505') throw err;
    } finally {
      await c.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    options: schema !== 'public' ? `-c search_path=${schema}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const current = new AsyncLocalStorage<SqlDb>();
  const db: SqlDb = {
    kind: 'postgres',
    schema,
    query: async <T>(sql: string, params?: unknown[]) => {
      const tx = current.getStore();
      if (tx) return tx.query<T>(sql, params);
      const r = await pool.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount };
    },
    exec: async (sql) => {
      const tx = current.getStore();
      if (tx) return tx.exec(sql);
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const outer = current.getStore();
      if (outer) return fn(outer);
      const client = await pool.connect();
      const runner: Runner = {
        query: async <T>(sql: string, params?: unknown[]) => {
          const r = await client.query(sql, params);
          return { rows: r.rows as T[], rowCount: r.rowCount };
        },
        exec: async (sql) => {
          await client.query(sql);
        },
      };
      const tx = txHandle(runner, 'postgres', schema);
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await current.run(tx, () => fn(tx));
        await client.query('COMMIT');
        tx.committed();
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    afterCommit: (fn) => (current.getStore() ?? now).afterCommit!(fn),
    listen: (channel, on) => listenPostgres(url, dbChannel(channel, schema), on),
    close: async () => {
      await pool.end();
    },
  };
  return db;
}

/**
 * The NOTIFY channel of `name` in `schema`: apps sharing one database in different schemas (tests,
 * tenants) do not hear each other. SQL triggers build the same name:
 * 'misi_' || name || '_' || left(md5(current_schema()), 16).
 */
export function dbChannel(name: string, schema: string): string {
  return `misi_${name}_${createHash('md5').update(schema).digest('hex').slice(0, 16)}`;
}

/** One dedicated client per listener (a pooled one could be handed to a query and lose the LISTEN). */
function listenPostgres(url: string, channel: string, on: ListenHandlers): Listener {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 50;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let listening: pg.Client | undefined;
  /** fences this instance is waiting on: id → one ack heard */
  const fences = new Map<string, () => void>();
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: `listen ${channel}` });
    client = c;
    let down = false;
    const drop = () => {
      if (down) return;
      down = true;
      listening = undefined;
      for (const [id, ack] of [...fences]) {
        fences.delete(id);
        ack();
      }
      on.up(false);
      c.end().catch(() => undefined);
      if (closed) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 2000);
    };
    c.on('error', drop);
    c.on('end', drop);
    c.on('notification', (m) => {
      if (m.channel !== channel) return;
      const payload = m.payload ?? '';
      // Fences (see `fence` below): every listener answers one once it has handled all that came
      // before it (notifications arrive in commit order), so the fencing instance knows they all have.
      if (payload.startsWith('fence:')) return void c.query('SELECT pg_notify($1, $2)', [channel, `ack:${payload.slice(6)}`]).catch(() => undefined);
      if (payload.startsWith('ack:')) return void fences.get(payload.slice(4))?.();
      on.notify(payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (closed || down) return void c.end().catch(() => undefined);
      delay = 50;
      listening = c;
      on.up(true);
      markReady();
    } catch {
      drop();
    }
  };
  void connect();
  return {
    ready,
    fence: async (timeoutMs) => {
      const c = listening;
      if (!c) return;
      const id = randomUUID();
      let acks = 0;
      let expected = Infinity;
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const timer = setTimeout(finish, timeoutMs);
      fences.set(id, () => {
        if (++acks >= expected || !fences.has(id)) finish();
      });
      try {
        // every instance's listening connection (this one included) carries the channel as its name
        const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [`listen ${channel}`]);
        expected = rows[0].n;
        if (acks >= expected) finish();
        await c.query('SELECT pg_notify($1, $2)', [channel, `fence:${id}`]);
        await done;
      } catch {
        /* connection lost: this instance's cache is untrusted now anyway */
      } finally {
        clearTimeout(timer);
        fences.delete(id);
      }
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
