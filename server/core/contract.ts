/**
 * The contract between server core and resource modules. A module is one folder under
 * server/modules/<name>/ whose index.ts exports a ServerModule: handlers keyed by the API binding
 * names of the schema resource with the same name. The core registers one Fastify route per
 * binding, validates input with ajv from the schema, checks session and roles, then calls the handler.
 *
 * @example
 * export const staffModule: ServerModule = {
 *   resource: 'staff',
 *   handlers: { list: async ({ db, input }) => listUsers(db, input) },
 * };
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface QueryResult<T> {
  rows: T[];
  rowCount?: number | null;
}

/** PostgreSQL dialect everywhere (PGlite or pg). int8 columns come back as JS bigint. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs fn in one transaction (BEGIN/COMMIT, ROLLBACK on throw). Nested calls reuse the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** 'pglite' or 'postgres' — only for the rare dialect-specific path (e.g. advisory locks). */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn once the current transaction commits (never if it rolls back), or at once outside one.
   * For in-process state that must follow committed data, e.g. the session cache (sessions.ts).
   */
  afterCommit?(fn: () => void): void;
  /**
   * PostgreSQL only: LISTEN on `channel` (scoped to this schema, see dbChannel) on a dedicated
   * connection that reconnects by itself. `up(false)` when it drops (notifications may then be
   * missed), `up(true)` once listening again.
   */
  listen?(channel: string, on: ListenHandlers): Listener;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  up(listening: boolean): void;
}

export interface Listener {
  /** resolves once first listening */
  ready: Promise<void>;
  /**
   * Resolves once every listener on this channel (every instance) has handled every notification
   * committed before the call — each answers the fence after those, in commit order — or after
   * `timeoutMs` (an instance that does not answer), or at once when this one is not listening.
   */
  fence(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface SessionUser {
  id: bigint;
  username: string;
  nickname: string;
  roles: string[];
  /** the store or merchant the user is bound to (data scope, server/core/data-scope.ts); null: none */
  storeId: bigint | null;
  merchantId: bigint | null;
  tokenHash: string;
}

export interface StoredFile {
  key: string;
  name: string;
  mime: string;
  size: number;
}

export interface HandlerContext<I = Record<string, any>> {
  db: Db;
  /** null only on public bindings */
  user: SessionUser | null;
  /** validated query (GET) or body (POST); bigint/dict values are digit strings, money decimal strings */
  input: I;
  /** multipart file parts, already stored (type-checked by content); keyed by field name */
  files: Record<string, StoredFile[]>;
  /** the Idempotency-Key header, if any (bindings with idempotent: true require it) */
  idempotencyKey?: string;
  /** next 64-bit snowflake id */
  nextId(): bigint;
  /** request locale, 'zh-CN' or 'en-US' (from x-locale or Accept-Language) */
  locale: string;
  /** the server's data folder; stored files live at join(dataDir, files.path) */
  dataDir: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * A handler that answers on the raw socket itself (a file it streams) hands over its last step:
   * the core calls `end` once the request's operation-log row is written, so a client that has the
   * whole answer never finds its own request's audit missing.
   */
  endAfterAudit?: (end: () => void) => void;
}

/** Returns the envelope's data. Throw HttpError for failures; the core maps it to {code,msg,data}. */
export type Handler<I = Record<string, any>, O = unknown> = (ctx: HandlerContext<I>) => Promise<O>;

/**
 * Handlers typed by the generated types of each binding (src/generated/types.ts): `<Name>Bindings`, the
 * input of each; optionally `<Name>Results<bigint | string>`, what each answers (the binding's result
 * kind or its "returns" shape; 64-bit ids may be bigint on the server). A missing handler, an unknown
 * binding, a wrong input field or a wrong result field does not compile.
 *
 * @example
 * const handlers = { list: ({ input }) => merchants.list(db, input), … } satisfies ModuleHandlers<MerchantBindings>;
 * const handlers = { performance: (ctx) => performance(ctx) } satisfies ModuleHandlers<DashboardBindings, DashboardResults<bigint | string>>;
 */
export type ModuleHandlers<B, R extends { [K in keyof B]?: unknown } = {}> = {
  [K in keyof B]: Handler<B[K], K extends keyof R ? R[K] : unknown>;
};

export interface ServerModule {
  /** must equal the "name" of a schema resource under schemas/ */
  resource: string;
  handlers: Record<string, Handler<any>>;
  /** optional extra start-up work (e.g. background jobs); must be stateless across instances */
  onStart?: (deps: { db: Db }) => Promise<void> | void;
  /**
   * Fills an empty database (no users yet), once, in module order (server/modules/index.ts).
   * `demo` is false under NODE_ENV=production: no fixed demo passwords, no sample data.
   * `options` carries seed-script settings (e.g. volumes for benchmarks); modules ignore unknown keys.
   */
  seed?: (deps: SeedDeps) => Promise<void>;
}

export interface SeedDeps {
  db: Db;
  nextId: () => bigint;
  demo: boolean;
  options?: Record<string, unknown>;
}

/**
 * A failure with an HTTP status, an envelope code and an i18n key under "server." in locales/*.json.
 * The message is rendered in the request's locale with `values` filled in ({name} placeholders).
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
    public readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'HttpError';
  }
}
