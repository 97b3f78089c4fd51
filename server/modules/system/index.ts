/**
 * Health check and the OpenAPI 3.1 document (schemas/system.json). Both are public: load balancers
 * probe health without a session, and API consumers read the contract before signing in.
 */
import { buildOpenApi } from '../../../src/schema/openapi';
import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { SystemBindings } from '../../../src/generated/types';
import { coreState } from '../../core/state';

export const systemModule: ServerModule = {
  resource: 'system',
  handlers: {
    async health({ db }) {
      // A health check that cannot reach the database is not healthy.
      await db.query('SELECT 1');
      return { status: 'ok' };
    },
    async openapi({ req, reply }) {
      const { schemas } = coreState(req);
      // The raw document, not wrapped in the envelope: OpenAPI tools read it as is.
      return reply.send(buildOpenApi(schemas.app, schemas.resources));
    },
  } satisfies ModuleHandlers<SystemBindings>,
};
