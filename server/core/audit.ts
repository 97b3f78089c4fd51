/**
 * The operation log, a capability of the core rather than of any module: every successful write made
 * through an API binding (who, when, resource, record, action, and the record's fields before → after),
 * every sign-in and failed sign-in, and every refused permission check. Modules write nothing for it.
 *
 * Which calls are writes comes from the schema: a signed-in POST binding, or any binding with
 * `"audit": true` (a GET that changes data, such as unbinding a shop); `"audit": false` opts out.
 * Before → after is read through the resource's own record binding (a GET returning a record for an
 * `id`), as the same user, so it shows what that user may see and nothing a module did not return.
 * Password and write-only fields are never stored.
 *
 * @example
 * const plan = auditPlan(resource, 'audit', binding);
 * const before = await plan.read?.(ctx, input.id);
 * await recordAudit(db, nextId, { kind: 'write', user, resource: 'store', action: 'audit', recordId: '7', changes: diffRecords(before, after, plan) });
 */
import { allowsRoles, resolveBindingInput, type ApiBinding, type Resource } from '../../src/schema';
import type { Db, HandlerContext, ServerModule, SessionUser } from './contract';
import { stringifyJson } from './json';

export type AuditKind = 'write' | 'login' | 'loginFailed' | 'denied';

export interface AuditPlan {
  /** a successful call is recorded as a write */
  write: boolean;
  /** the sign-in binding (result "session"): successes and failures are recorded */
  login: boolean;
  /** reads the record `id` as the caller sees it (undefined when the resource has no record binding the caller may use) */
  read?: (ctx: HandlerContext, id: unknown) => Promise<Record<string, unknown> | undefined>;
  /** fields never stored (passwords, write-only) */
  hidden: ReadonlySet<string>;
  /** fields compared before → after (the resource's fields, less the hidden ones) */
  compared: readonly string[];
}

/** The resource's record binding: a GET answering one record for a required `id` and nothing else. */
function recordBinding(resource: Resource): [string, ApiBinding] | undefined {
  return Object.entries(resource.api ?? {}).find(([, b]) => {
    if (b.method !== 'GET' || b.result !== 'record') return false;
    const params = resolveBindingInput(resource, b);
    return params.length === 1 && params[0].name === 'id' && params[0].required;
  });
}

export function auditPlan(resource: Resource, binding: ApiBinding, handlers: ServerModule['handlers']): AuditPlan {
  const login = binding.result === 'session';
  const write = !login && (binding.audit ?? (binding.method === 'POST' && !binding.public));
  const fields = resource.fields ?? {};
  const hidden = new Set(
    Object.entries(fields)
      .filter(([, f]) => f.type === 'password' || f.writeOnly)
      .map(([n]) => n),
  );
  for (const p of resolveBindingInput(resource, binding)) if (p.field.type === 'password' || p.field.writeOnly) hidden.add(p.name);
  const compared = Object.keys(fields).filter((n) => !hidden.has(n));
  const rb = write ? recordBinding(resource) : undefined;
  const handler = rb ? handlers[rb[0]] : undefined;
  const read =
    rb && handler
      ? async (ctx: HandlerContext, id: unknown) => {
          if (id === undefined || id === null || id === '' || Array.isArray(id) || !ctx.user || !allowsRoles(rb[1].roles, ctx.user.roles)) return undefined;
          try {
            const rec = await handler({ ...ctx, input: { id: String(id) }, files: {} });
            return rec && typeof rec === 'object' ? (rec as Record<string, unknown>) : undefined;
          } catch {
            return undefined; // not there (yet, or any more): nothing to compare
          }
        }
      : undefined;
  return { write, login, read, hidden, compared };
}

const same = (a: unknown, b: unknown) => stringifyJson(a ?? null) === stringifyJson(b ?? null);

/** The compared fields whose value differs, as { field: [before, after] }; a new record lists its filled fields. */
export function diffRecords(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  plan: Pick<AuditPlan, 'compared'>,
): Record<string, [unknown, unknown]> | null {
  if (!before && !after) return null;
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of plan.compared) {
    const b = before?.[f];
    const a = after?.[f];
    if (b === undefined && a === undefined) continue;
    if (!before && (a === null || a === '' || (Array.isArray(a) && !a.length))) continue;
    if (!same(b, a)) out[f] = [b ?? null, a ?? null];
  }
  return out;
}

/** The input as it may be stored: hidden fields dropped, long texts cut, at most ~4 KB in all. */
export function storedInput(input: Record<string, unknown>, hidden: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let size = 0;
  for (const [k, v] of Object.entries(input)) {
    if (hidden.has(k) || v === undefined) continue;
    const value = typeof v === 'string' && v.length > 500 ? v.slice(0, 500) + '…' : v;
    size += stringifyJson(value).length;
    if (size > 4096) break;
    out[k] = value;
  }
  return out;
}

export interface AuditEntry {
  kind: AuditKind;
  user?: Pick<SessionUser, 'id' | 'username'> | null;
  /** for failed sign-ins: the name that was tried */
  username?: string;
  resource: string;
  action: string;
  recordId?: string | null;
  ip?: string;
  changes?: Record<string, [unknown, unknown]> | null;
  detail?: Record<string, unknown> | null;
}

/** Appends one entry. Never throws: a failing log write must not fail (or undo) the user's request. */
export async function recordAudit(db: Db, nextId: () => bigint, e: AuditEntry, onError?: (err: unknown) => void): Promise<void> {
  try {
    await db.query(
      `INSERT INTO operation_logs (id, kind, user_id, username, resource, action, record_id, ip, changes, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
      [
        nextId(),
        e.kind,
        e.user?.id ?? null,
        (e.user?.username ?? e.username ?? '').slice(0, 64) || null,
        e.resource,
        e.action,
        e.recordId ?? null,
        e.ip ?? null,
        e.changes ? stringifyJson(e.changes) : null,
        e.detail ? stringifyJson(e.detail) : null,
      ],
    );
  } catch (err) {
    onError?.(err);
  }
}

/** The user a fresh session token belongs to (a successful sign-in answers only the token). */
export async function sessionOwner(db: Db, tokenHash: string): Promise<Pick<SessionUser, 'id' | 'username'> | null> {
  const { rows } = await db.query<{ id: bigint; username: string }>(
    'SELECT u.id, u.username FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1',
    [tokenHash],
  );
  return rows[0] ?? null;
}
