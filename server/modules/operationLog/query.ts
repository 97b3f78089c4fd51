/** Reading the operation log: filters, paging and sorting of GET /operationLog/list, and one entry. */
import type { Db } from '../../core/contract';
import { badField } from '../../core/http-errors';
import { snakeCase } from '../../core/resource';
import { parseJsonNative } from '../../core/json';
import { toIso, Where } from '../../core/sql';
import { operationLabel, type Labels } from './labels';
import type { OperationLogEntry, OperationLogListInput } from '../../../src/generated/types';

/** an operation_logs row (columns, not the wire record) */
interface Row {
  id: bigint;
  at: Date;
  kind: OperationLogEntry['kind'];
  user_id: bigint | null;
  username: string | null;
  resource: string;
  action: string;
  record_id: string | null;
  ip: string | null;
  /** jsonb read as its text (COLUMNS): the drivers parse jsonb with JSON.parse, which rounds 64-bit ids */
  changes: string | null;
  detail: string | null;
}

type Detail = { input?: Record<string, unknown>; reason?: string; values?: Record<string, string | number>; roles?: string[] };

export type LogQuery = OperationLogListInput;

const COLUMNS = 'id, at, kind, user_id, username, resource, action, record_id, ip, changes::text AS changes, detail::text AS detail';

/** Stored JSON back with its big integers as bigint, so 914466786856460288 prints as itself again. */
const parsed = <T>(text: string | null): T | null => (text === null ? null : (parseJsonNative(text) as T));

function where(q: LogQuery): { sql: string; params: unknown[] } {
  const w = new Where();
  const add = (sql: string, v: unknown) => w.add((p) => sql.replace('?', p(v)));
  if (q.atFrom) add('at >= ?::timestamptz', q.atFrom);
  if (q.atTo) add('at <= ?::timestamptz', q.atTo);
  if (q.kind) add('kind = ?', q.kind);
  if (q.userId) add('user_id = ?', q.userId);
  if (q.resource) add('resource = ?', q.resource);
  if (q.operation) {
    const dot = q.operation.indexOf('.');
    add('resource = ?', dot > 0 ? q.operation.slice(0, dot) : q.operation);
    if (dot > 0) add('action = ?', q.operation.slice(dot + 1));
  }
  if (q.recordId) add('record_id = ?', q.recordId.trim());
  return { sql: w.sql, params: w.params };
}

/**
 * An entry as listed: with its module's and operation's names (`resourceName`, `operationName`, the
 * labels of the auditResource and auditOperation options), so the list draws them from the record
 * itself, not once those options have come.
 */
type ListedEntry = OperationLogEntry<bigint> & { resourceName: string; operationName: string };

function toRecord(r: Row, labels: Labels): ListedEntry {
  const detail = parsed<Detail>(r.detail) ?? {};
  return {
    id: r.id,
    at: toIso(r.at)!, // NOT NULL column
    kind: r.kind,
    userId: r.user_id,
    username: r.username,
    resource: r.resource,
    resourceName: labels.resource(r.resource),
    operation: `${r.resource}.${r.action}`,
    operationName: operationLabel(labels, r.resource, r.action),
    recordId: r.record_id,
    ip: r.ip,
    changes: labels.changes(r.resource, parsed<Record<string, [unknown, unknown]>>(r.changes)),
    input: [
      ...labels.input(r.resource, r.action, detail.input ?? null),
      ...(detail.reason ? [{ field: null, label: labels.reasonLabel, value: labels.reason(detail.reason, detail.values) }] : []),
      ...(detail.roles?.length ? [{ field: null, label: labels.rolesLabel, value: labels.roles(detail.roles) }] : []),
    ],
  };
}

/** `sortable`: the schema's sortable fields; any other sort field is said so, as on every list. */
export async function listLogs(db: Db, q: LogQuery, labels: Labels, sortable: readonly string[]) {
  const { sql, params } = where(q);
  const pageSize = q.pageSize ?? 20;
  const current = q.current ?? 1;
  if (q.sortField && !sortable.includes(q.sortField)) throw badField('server.sortField', 'server.param.sortField', { value: String(q.sortField) });
  const by = q.sortField ? snakeCase(q.sortField) : 'at';
  const order = q.sortOrder === 'ascend' ? 'ASC' : 'DESC';
  const n = params.length;
  const [{ rows }, count] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM operation_logs ${sql} ORDER BY ${by} ${order}, id ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      pageSize,
      (current - 1) * pageSize,
    ]),
    db.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM operation_logs ${sql}`, params),
  ]);
  return { list: rows.map((r) => toRecord(r, labels)), total: Number(count.rows[0]?.n ?? 0), current, pageSize };
}

export async function getLog(db: Db, id: string, labels: Labels) {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM operation_logs WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0], labels) : null;
}
