/** The handlers of probe.json: each exposes one core behaviour to the tests. */
import { CODES } from '../../../src/schema';
import { HttpError, type ServerModule } from '../contract';
import { withIdempotency } from '../idempotency';

export const probeModule: ServerModule = {
  resource: 'probe',
  handlers: {
    echo: async ({ input, nextId }) => ({ input, idAsBigint: input.id ? BigInt(input.id) : null, newId: nextId() }),
    search: async ({ input }) => ({ input }),
    upload: async ({ input, files }) => ({ input, files }),
    pay: (ctx) =>
      withIdempotency(ctx, 'probe.pay', async (tx) => {
        const id = ctx.nextId();
        await tx.query('INSERT INTO probe_payments (id, target, amount) VALUES ($1, $2, $3)', [id, ctx.input.id, ctx.input.amount]);
        const { rows } = await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM probe_payments WHERE target = $1', [ctx.input.id]);
        return { paymentId: id, count: rows[0].n };
      }),
    finance: async ({ user }) => ({ username: user!.username }),
    boom: async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    },
    conflict: async () => {
      throw new HttpError(409, CODES.CONFLICT, 'server.conflict');
    },
    edit: async ({ input, files }) => ({ input, files }),
    create: async ({ input, files }) => ({ input, files }),
    // A field title key as a value (rendered by the core) next to user text that merely looks like one.
    titled: async () => {
      throw new HttpError(400, CODES.BAD_REQUEST, 'probe.outOfRange', { field: 'probe.count', other: 'probe.png' });
    },
    // No duplicate check of their own: the unique index on users answers. addNamed takes the name
    // under another parameter name, so the core knows the column's field but not the value sent.
    addUser: async ({ db, input, nextId }) => {
      await db.transaction((tx) => tx.query(`INSERT INTO users (id, username, nickname, password_hash) VALUES ($1, $2, $2, 'x')`, [nextId(), input.username]));
      return null;
    },
    addNamed: async ({ db, input, nextId }) => {
      await db.query(`INSERT INTO users (id, username, nickname, password_hash) VALUES ($1, $2, $2, 'x')`, [nextId(), input.login]);
      return null;
    },
  },
};
