/**
 * Health check and the OpenAPI 3.1 document (schemas/system.json). Both are public: load balancers
 * probe health without a session, and API consumers read the contract before signing in.
 */
import { buildOpenApi } from '../../../src/schema/openapi';
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { SystemBindings, SystemResults } from '../../../src/generated/types';
import { coreState } from '../../core/state';

/** One document per schema set and locale: built on first request, then served as is. */
const documents = new WeakMap<object, Map<string, unknown>>();

export const systemModule: ServerModule = {
  resource: 'system',
  handlers: {
    async health({ db }) {
      // A health check that cannot reach the database is not healthy.
      await db.query('SELECT 1');
      return { status: 'ok' };
    },
    async openapi({ req, reply, input }) {
      const { schemas, i18n } = coreState(req);
      // The default locale (zh-CN) unless ?locale= names another; the request's own language does
      // not change the document, so every consumer reads the same contract for the same URL.
      const locale = input.locale ? i18n.pickLocale(input.locale, undefined) : i18n.defaultLocale;
      let byLocale = documents.get(schemas);
      if (!byLocale) documents.set(schemas, (byLocale = new Map()));
      let doc = byLocale.get(locale);
      if (!doc) {
        const text = (key: string, values?: Record<string, string>) =>
          i18n.has(locale, key) || i18n.has(i18n.defaultLocale, key) ? i18n.t(locale, key, values) : undefined;
        doc = buildOpenApi(schemas.app, schemas.resources, text);
        byLocale.set(locale, doc);
      }
      // The raw document, not wrapped in the envelope: OpenAPI tools read it as is.
      return reply.header('content-language', locale).send(doc);
    },
  } satisfies ModuleHandlers<SystemBindings, SystemResults>,
};
