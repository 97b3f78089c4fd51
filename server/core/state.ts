/**
 * What the core knows about a running app, reachable from any handler through its request
 * (`coreState(ctx.req)`): the loaded schemas, messages, session settings and data folder.
 *
 * @example
 * const { schemas } = coreState(ctx.req);
 * return buildOpenApi(schemas.app, schemas.resources);
 */
import type { FastifyRequest } from 'fastify';
import type { I18n } from './i18n';
import type { LoadedSchemas } from './schemas';
import type { SessionSettings } from './sessions';

export interface CoreState {
  schemas: LoadedSchemas;
  i18n: I18n;
  session: SessionSettings;
  dataDir: string;
}

const states = new WeakMap<object, CoreState>();

export function attachCoreState(server: object, state: CoreState): void {
  states.set(server, state);
}

export function coreState(req: FastifyRequest): CoreState {
  // Plugins get child instances whose prototype chain leads back to the app.
  for (let o: object | null = req.server; o; o = Object.getPrototypeOf(o)) {
    const s = states.get(o);
    if (s) return s;
  }
  throw new Error('coreState: this request does not belong to an app built by buildApp()');
}
