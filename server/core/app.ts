/**
 * Builds the Fastify app: one route per API binding of every schema resource, each with the session
 * and role checks, ajv validation from the schema, multipart file handling, and the {code,msg,data}
 * envelope; plus the JSON body parser and serializer that keep 64-bit ids exact, the error and 404
 * mapping, and the built console as static files.
 *
 * @example
 * const app = await buildApp({ db, dataDir: './data', modules });
 * await app.listen({ port: 8000 });
 */
import multipart from '@fastify/multipart';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { CODES, allowsRoles, normalizePath, resolveInput, type AnyField, type ApiBinding, type Resource } from '../../src/schema';
import { HttpError, type Db, type HandlerContext, type ServerModule, type StoredFile } from './contract';
import { exportHandler } from './export';
import { auditPlan, diffRecords, recordAudit, sessionOwner, storedInput } from './audit';
import { uniqueConflict, type KnownField } from './db-errors';
import { loadI18n, type I18n } from './i18n';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJson, stringifyJson } from './json';
import { DIST_DIR, LOCALES_DIR, SCHEMAS_DIR } from './paths';
import { loadSchemas, type LoadedSchemas } from './schemas';
import { createSessionCache, sessionGeneration, watchSessionChanges, type SessionCache, type SessionWatch } from './session-cache';
import { findSession, hashToken, type SessionSettings } from './sessions';
import { LIVE_LIMITS, registerLive, type LiveLimits } from './live';
import { createIdGenerator } from './snowflake';
import { attachCoreState } from './state';
import { registerSecurityHeaders } from './security-headers';
import { registerStatic } from './static';
import { readMultipart, storeFiles } from './uploads';
import { createValidation, type InputValidator } from './validation';

declare module 'fastify' {
  interface FastifyRequest {
    /** 'zh-CN' or 'en-US', chosen from x-locale / Accept-Language */
    locale: string;
    /** the JSON body exactly as received (for handlers that verify a signature over it, e.g. carrier pushes) */
    rawBody?: string;
  }
}

export interface BuildAppOptions {
  db: Db;
  dataDir: string;
  modules: ServerModule[];
  /** Fastify logger option (false in tests) */
  logger?: FastifyServerOptions['logger'];
  schemasDir?: string;
  /** already loaded schemas (instead of reading schemasDir) */
  schemas?: LoadedSchemas;
  /** serve only these resources (file names under schemasDir without .json); default all */
  resources?: readonly string[];
  localesDir?: string;
  /** built console; false to serve the API only */
  staticDir?: string | false;
  session?: Partial<SessionSettings>;
  nextId?: () => bigint;
  trustProxy?: boolean;
  /** live-update streams: limits per user and per app, heartbeat (server/core/live.ts) */
  live?: Partial<LiveLimits>;
}

/** How long a shutdown waits for the requests in flight before it closes their sockets. */
export const SHUTDOWN_GRACE_MS = 2_000;

const envelope = (data: unknown) => ({ code: CODES.OK, msg: 'ok', data: data === undefined ? null : data });

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const schemas = options.schemas ?? loadSchemas(options.schemasDir ?? SCHEMAS_DIR, options.resources);
  const i18n = loadI18n(options.localesDir ?? LOCALES_DIR, schemas.app.i18n.defaultLocale);
  const session: SessionSettings = { idleMinutes: 120, maxHours: 12, cacheSeconds: 5, ...options.session };
  // On PostgreSQL every instance hears every other's revokes (LISTEN/NOTIFY, started at the end of
  // the build); the cache is trusted only while it does.
  let sessionWatch: SessionWatch | undefined;
  const sessionCache = createSessionCache(session.cacheSeconds * 1000, options.db.listen ? () => sessionWatch?.live() ?? false : undefined);
  const nextId = options.nextId ?? createIdGenerator();
  const { db, dataDir } = options;
  const prefix = schemas.app.request.prefix.replace(/\/+$/, '');
  const tokenHeader = schemas.app.request.tokenHeader.toLowerCase();

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // "/api/user/info/" is the same call as "/api/user/info" (the client joins paths loosely).
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: (err, socket) => clientError(err, socket, i18n),
  });
  attachCoreState(app, { schemas, i18n, session, dataDir });
  registerLive(app, db, session, { ...LIVE_LIMITS, ...options.live });
  // A shutdown lets the requests in flight finish, then ends the sockets still open: a client's
  // socket that Node does not count as idle (one opened without a request yet, or a keep-alive left
  // by an ended stream) would hold the close until the keep-alive timeout, 72 s.
  app.addHook('preClose', async () => {
    const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    app.server.once('close', () => clearTimeout(force));
  });

  app.decorateRequest('locale', '');
  app.addHook('onRequest', async (req) => {
    req.locale = i18n.pickLocale(header(req, 'x-locale'), header(req, 'accept-language'));
  });

  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(400, CODES.BAD_REQUEST, 'server.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
    try {
      done(null, parseJson(text));
    } catch (err) {
      // valid JSON, but a key that could reach an object's prototype ("__proto__", "constructor"): refused by name
      const forbidden = /forbidden (prototype|constructor) property/.test((err as Error).message);
      done(new HttpError(400, CODES.BAD_REQUEST, forbidden ? 'server.forbiddenKey' : 'server.badJson'), undefined);
    }
  });
  app.setReplySerializer((payload) => stringifyJson(payload));
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 } });

  app.setErrorHandler((err, req, reply) => sendError(err, req, reply, i18n));
  registerSecurityHeaders(app);

  const fallback = options.staticDir === false ? null : await registerStatic(app, options.staticDir ?? DIST_DIR);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === prefix || path.startsWith(prefix + '/')) {
      return reply.code(404).send({ code: CODES.NOT_FOUND, msg: i18n.t(req.locale, 'server.notFound'), data: null });
    }
    if (!fallback) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('Not Found. The console is not built here: run `npm run build` (npm start builds it when needed).');
    }
    return fallback(req, reply) ?? reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  const validation = createValidation(schemas.app, i18n);
  const byResource = new Map(options.modules.map((m) => [m.resource, m]));
  const resourceNames = new Set(schemas.resources.map((r) => r.name));
  for (const m of options.modules) {
    if (!resourceNames.has(m.resource)) throw new Error(`server module "${m.resource}" has no schema: add schemas/${m.resource}.json`);
  }
  const seen = new Map<string, string>();
  for (const resource of schemas.resources) {
    for (const [name, binding] of Object.entries(resource.api ?? {})) {
      const url = prefix + normalizePath(binding.path);
      const where = `${resource.name}.api.${name} (${binding.method} ${url})`;
      const key = `${binding.method} ${url}`;
      if (seen.has(key)) throw new Error(`${where} and ${seen.get(key)} declare the same route`);
      seen.set(key, where);
      const listHandler = binding.exportOf ? byResource.get(resource.name)?.handlers[binding.exportOf] : undefined;
      const handler =
        binding.exportOf && listHandler
          ? exportHandler({ resource, listName: binding.exportOf, listHandler, app: schemas.app, i18n })
          : byResource.get(resource.name)?.handlers[name];
      if (!handler) {
        throw new Error(
          byResource.has(resource.name)
            ? `${where} has no handler: add "${name}" to the handlers of server/modules/${resource.name}`
            : `${where} has no handler: no server module for resource "${resource.name}" is listed in server/modules/index.ts`,
        );
      }
      app.route({
        method: binding.method,
        url,
        handler: bindingHandler({
          resource,
          name,
          binding,
          handler,
          handlers: byResource.get(resource.name)!.handlers,
          db,
          dataDir,
          nextId,
          session,
          sessionCache,
          fence: () => sessionWatch?.fence(),
          i18n,
          tokenHeader,
          roleLabels: roleLabeller(schemas, i18n),
          validation,
        }),
      });
    }
  }
  for (const m of options.modules) {
    const extra = Object.keys(m.handlers).filter((h) => !schemas.resources.find((r) => r.name === m.resource)?.api?.[h]);
    if (extra.length) throw new Error(`server module "${m.resource}" has handlers with no API binding in schemas/${m.resource}.json: ${extra.join(', ')}`);
  }
  for (const m of options.modules) await m.onStart?.({ db });
  sessionWatch = sessionCache ? watchSessionChanges(db) : undefined;
  if (sessionWatch) {
    const watch = sessionWatch;
    app.addHook('onClose', () => watch.close());
    // Serving before the first LISTEN is safe (the cache is not used meanwhile), only slower.
    await watch.ready(3000);
  }
  return app;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function roleLabeller(schemas: LoadedSchemas, i18n: I18n) {
  return (roles: string[], locale: string) =>
    roles
      .map((r) => {
        const def = schemas.app.roles.find((x) => x.value === r);
        return def ? i18n.t(locale, def.label) : r;
      })
      .join(i18n.t(locale, 'server.listSeparator'));
}

interface BindingDeps {
  resource: Resource;
  name: string;
  binding: ApiBinding;
  handler: ServerModule['handlers'][string];
  /** the module's handlers (the operation log reads records through the resource's record binding) */
  handlers: ServerModule['handlers'];
  db: Db;
  dataDir: string;
  nextId: () => bigint;
  session: SessionSettings;
  sessionCache: SessionCache | undefined;
  /** waits until every instance has heard the session changes committed so far (PostgreSQL) */
  fence: () => Promise<void> | undefined;
  i18n: I18n;
  tokenHeader: string;
  roleLabels: (roles: string[], locale: string) => string;
  validation: ReturnType<typeof createValidation>;
}

function bindingHandler(d: BindingDeps) {
  const { resource, name, binding, db, i18n } = d;
  const params = new Map<string, AnyField>(resolveInput(resource, name).map((p) => [p.name, p.field]));
  // Validators are compiled on first use: ajv code generation for every binding would add seconds
  // to each start (and to each test app), and most instances never see most bindings.
  const validators: Partial<Record<'query' | 'json' | 'form', InputValidator>> = {};
  const validator = (source: 'query' | 'json' | 'form') => (validators[source] ??= d.validation.compile(resource, name, source));
  const titleOf = (field: string, locale: string) => {
    const t = params.get(field)?.title;
    return t ? i18n.t(locale, t) : field;
  };
  /** A binding input or else a resource field: its localized title and the value sent, if any. */
  const knownField = (field: string, locale: string, input: Record<string, unknown>): KnownField | undefined => {
    const t = params.get(field)?.title ?? resource.fields?.[field]?.title;
    return t ? { title: i18n.t(locale, t), sent: params.has(field) ? input[field] : undefined } : undefined;
  };
  const audit = auditPlan(resource, binding, d.handlers);
  const logError = (req: FastifyRequest) => (err: unknown) => req.log.error({ err }, 'could not write the operation log');

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale;
    let user: HandlerContext['user'] = null;
    if (!binding.public) {
      const token = header(req, d.tokenHeader)?.trim();
      if (!token) throw new HttpError(401, CODES.UNAUTHENTICATED, 'server.unauthenticated');
      user = await findSession(db, token, d.session, d.sessionCache);
      if (!user) throw new HttpError(200, CODES.SESSION_EXPIRED, 'server.sessionExpired');
      if (!allowsRoles(binding.roles, user.roles)) {
        await recordAudit(
          db,
          d.nextId,
          { kind: 'denied', user, resource: resource.name, action: name, ip: req.ip, detail: { roles: binding.roles ?? [] } },
          logError(req),
        );
        throw new HttpError(403, CODES.FORBIDDEN, 'server.forbidden', { roles: d.roleLabels(binding.roles ?? [], locale) });
      }
    }
    const idempotencyKey = header(req, 'idempotency-key')?.trim() || undefined;
    if (binding.idempotent && !idempotencyKey) throw new HttpError(400, CODES.BAD_REQUEST, 'server.idempotency.required');

    let input: Record<string, any>;
    let files: Record<string, StoredFile[]> = {};
    let undo: (() => Promise<void>) | undefined;
    if (binding.method === 'GET') {
      input = validator('query')({ ...(req.query as object) }, locale);
    } else if (binding.multipart && req.isMultipart()) {
      const form = await readMultipart(req, params, (f) => titleOf(f, locale));
      const merged: Record<string, unknown> = { ...form.fields };
      for (const f of form.files) {
        const prev = merged[f.field];
        merged[f.field] = prev === undefined ? f.key : Array.isArray(prev) ? [...prev, f.key] : [prev, f.key];
      }
      input = validator('form')(merged, locale);
      const stored = await storeFiles(db, d.dataDir, form.files, user?.id ?? null, d.nextId);
      files = stored.byField;
      undo = stored.undo;
    } else if (req.isMultipart()) {
      // its parts are never read here: answering "ID is required" for an id sent as a part misled
      throw new HttpError(415, CODES.UNSUPPORTED_MEDIA, 'server.expectsJson');
    } else {
      input = validator('json')(req.body ?? {}, locale);
    }

    let end: (() => void) | undefined;
    const ctx: HandlerContext = {
      db,
      user,
      input,
      files,
      idempotencyKey,
      nextId: d.nextId,
      locale,
      dataDir: d.dataDir,
      req,
      reply,
      endAfterAudit: (fn) => (end = fn),
    };
    const before = audit.read ? await audit.read(ctx, input.id) : undefined;
    let data: unknown;
    const generation = sessionGeneration();
    try {
      data = await d.handler(ctx);
    } catch (err) {
      end?.();
      // Nothing of a refused request stays behind, including its uploads.
      await undo?.().catch((e) => req.log.error({ err: e }, 'could not remove the uploads of a failed request'));
      if (audit.login && err instanceof HttpError && err.status < 500) {
        await recordAudit(
          db,
          d.nextId,
          {
            kind: 'loginFailed',
            username: String(input.username ?? ''),
            resource: resource.name,
            action: name,
            ip: req.ip,
            detail: { reason: err.key, ...(Object.keys(err.values).length && { values: err.values }) },
          },
          logError(req),
        );
      }
      throw uniqueConflict(err, (f) => knownField(f, locale, input)) ?? err;
    }
    if (audit.login) {
      const token = (data as { token?: string } | null)?.token;
      const owner = token ? await sessionOwner(db, hashToken(token)) : null;
      await recordAudit(db, d.nextId, { kind: 'login', user: owner, resource: resource.name, action: name, ip: req.ip }, logError(req));
    } else if (audit.write && user) {
      const result = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
      const recordId = input.id ?? result?.id;
      const after = audit.read ? await audit.read(ctx, recordId) : binding.result === 'record' ? result : undefined;
      await recordAudit(
        db,
        d.nextId,
        {
          kind: 'write',
          user,
          resource: resource.name,
          action: name,
          ip: req.ip,
          recordId: recordId === undefined || recordId === null || Array.isArray(recordId) ? null : String(recordId),
          changes: diffRecords(before, after, audit),
          detail: { input: storedInput(input, audit.hidden) },
        },
        logError(req),
      );
    }
    // Sessions changed while this request ran (it may have revoked one): answer once every instance
    // knows, so the client's next request is refused wherever it lands. Rare, ~1 ms.
    if (generation !== sessionGeneration()) await d.fence();
    end?.();
    // a handler that answered itself (a file stream) may still be sending: reply.sent is only true
    // once it ended, and an envelope sent meanwhile was a second answer (logged as a 500)
    if (reply.sent || reply.raw.headersSent) return reply;
    return envelope(data);
  };
}

const STATUS_KEYS: Record<number, [number, string]> = {
  400: [CODES.BAD_REQUEST, 'server.badRequest'],
  401: [CODES.UNAUTHENTICATED, 'server.unauthenticated'],
  403: [CODES.FORBIDDEN, 'server.forbiddenPlain'],
  404: [CODES.NOT_FOUND, 'server.notFound'],
  405: [CODES.NOT_FOUND, 'server.notFound'],
  409: [CODES.CONFLICT, 'server.conflict'],
  413: [CODES.TOO_LARGE, 'server.tooLarge'],
  415: [CODES.UNSUPPORTED_MEDIA, 'server.unsupportedMedia'],
  429: [CODES.RATE_LIMITED, 'server.rateLimited'],
};

/**
 * A request Node's HTTP parser refuses before Fastify sees it (headers or URL over 16 KB: 431, or a
 * malformed request line: 400), in the same envelope as every other error, in the default locale (the
 * headers that would name the user's were not read). Fastify's default answered
 * `{"error":"Request Header Fields Too Large",…}`.
 */
function clientError(err: Error & { code?: string }, socket: Socket, i18n: I18n) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: CODES.BAD_REQUEST,
    msg: i18n.t(i18n.defaultLocale, tooLarge ? 'server.headersTooLarge' : 'server.badRequest'),
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply, i18n: I18n) {
  const locale = req.locale || i18n.defaultLocale;
  if (err instanceof HttpError) {
    if (err.status >= 500) req.log.error({ err }, 'request failed');
    // Values that are message keys (a field's title key, a state's label key) read in the request's
    // locale, so a module passes { field: 'store.name' } and the user reads 门店名称 / Store name.
    // Never silently: a key missing from the request's locale is logged (src/codegen/server-keys.ts, run by the schema CLI and message-keys.test.ts, keeps the list whole).
    if (!i18n.has(locale, err.key)) req.log.error({ key: err.key, locale }, 'message key missing from the locales');
    return reply.code(err.status).send({ code: err.code, msg: i18n.t(locale, err.key, err.values), data: err.data ?? null });
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors (bad media type, body too large…): same envelope, no internals.
    const [code, key] = STATUS_KEYS[status] ?? [CODES.BAD_REQUEST, 'server.badRequest'];
    return reply.code(status).send({ code, msg: i18n.t(locale, key), data: null });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ code: CODES.SERVER_ERROR, msg: i18n.t(locale, 'server.internalError'), data: null });
}
