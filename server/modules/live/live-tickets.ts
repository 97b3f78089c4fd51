/**
 * One-use tickets for the live stream (migration 079): the console's EventSource cannot send the
 * session header, and the session token must never travel in a URL (URLs land in logs). So the
 * console asks for a ticket with its header, then opens the stream with the ticket in the query.
 * A ticket stands for that session only, is stored as SHA-256, lives 30 s and is deleted when used;
 * every instance reads the same table, so a balancer may send the two requests anywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CODES } from '../../../src/schema/codes';
import { HttpError, type Db, type SessionUser } from '../../core/contract';
import { findSessionByHash } from '../../core/sessions';

const TTL_SECONDS = 30;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(db: Db, user: SessionUser): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(24).toString('base64url');
  // expired ones are swept now and then by whoever asks for one, so no instance needs a timer
  if (Math.random() < 0.05) await db.query('DELETE FROM live_tickets WHERE expires_at < now()');
  await db.query(`INSERT INTO live_tickets (ticket_hash, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    hash(ticket),
    user.tokenHash,
    TTL_SECONDS,
  ]);
  return { ticket, expiresIn: TTL_SECONDS };
}

/** The signed-in user a ticket stands for; the ticket is spent. 401 when unknown, used, expired or its session ended. */
export async function redeemTicket(db: Db, ticket: string, opts: { idleMinutes: number }): Promise<SessionUser> {
  const { rows } = await db.query<{ token_hash: string }>('DELETE FROM live_tickets WHERE ticket_hash = $1 AND expires_at > now() RETURNING token_hash', [
    hash(ticket),
  ]);
  const user = rows[0] ? await findSessionByHash(db, rows[0].token_hash, opts) : null;
  if (!user) throw new HttpError(401, CODES.UNAUTHENTICATED, 'server.live.ticket');
  return user;
}
