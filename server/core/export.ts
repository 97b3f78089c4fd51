/**
 * Export, a capability of the core: a binding declared `"exportOf": "<list binding>"` is answered here,
 * with no module handler, by an XLSX workbook of every row that list gives for the same filters. Rows
 * are read through the list's own handler page by page, as the same user (so the same filters, roles
 * and data scope), and streamed by exceljs's streaming writer, so memory stays flat however many rows.
 * Pages are read by keyset (`KEYSET`, resource.ts: rows after the last one read, 1,000 at a time) when
 * the list's handler passes its input to a resource's `list`, so the 100th page costs what the first
 * does; any other list is read by OFFSET, 200 rows a page.
 * Columns are the list's, or those the caller names in `columns` (the visible ones), each followed by
 * the fields its cell also shows (`also`); headers are the fields' titles in the caller's locale; enum
 * values read as their labels, dict/ref/region values as the record's `<field>Name`, money as numbers
 * with two decimals, 64-bit ids as text (all 19 digits survive a spreadsheet), times in the business
 * time zone.
 *
 * @example
 * "export": { "method": "GET", "path": "/store/export", "exportOf": "list",
 *             "input": { "search": true, "extra": { "columns": { "type": "string", "maxLength": 2000 } } } }
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AnyField, AppSchema, FieldType, Resource } from '../../src/schema';
import type { Handler, HandlerContext } from './contract';
import { badField } from './http-errors';
import type { I18n } from './i18n';
import { stringifyJson } from './json';
import { KEYSET, type KeysetCursor, type KeysetRead } from './resource';

/** rows per page read by OFFSET (a list's own limit) and by keyset */
const PAGE = 200;
const KEYSET_PAGE = 1000;
type Cell = string | number | null;

/** The text of a row's value of a dict/ref/region field: the list's own "<name>Name" (storeId → storeName). */
function siblingName(row: Record<string, unknown>, name: string): unknown {
  return row[`${name.replace(/Id$/, '')}Name`] ?? row[`${name}Name`];
}

/**
 * The time zone's offset from UTC (ms) at `ms`, worked out by Intl once per quarter hour of time (every
 * offset change falls on one): formatting each cell with Intl cost ~7 µs, two datetime cells a row.
 */
const offsets = new Map<string, number>();
const formats = new Map<string, Intl.DateTimeFormat>();
function offsetAt(ms: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(ms / 900_000)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    let f = formats.get(timeZone);
    if (!f) {
      const opts = {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      } as const;
      f = new Intl.DateTimeFormat('en-US', opts);
      formats.set(timeZone, f);
    }
    const p: Record<string, number> = {};
    for (const x of f.formatToParts(ms)) p[x.type] = Number(x.value);
    off = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (ms - (((ms % 1000) + 1000) % 1000));
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

/** "YYYY-MM-DD HH:mm:ss" (or the date alone) in the business time zone. */
function timeText(value: unknown, timeZone: string, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = new Date(String(value)).getTime();
  if (Number.isNaN(ms)) return String(value);
  const iso = new Date(ms + offsetAt(ms, timeZone)).toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
}

interface CellContext {
  t: (key: string) => string;
  app: AppSchema;
  resource: Resource;
  timeZone: string;
}

type Writer = (v: unknown, row: Record<string, unknown>, name: string, f: AnyField, c: CellContext) => Cell;

/** A value of a text cell: labelled values ({label, before, after} or {label, value}: the operation log's changes) as "label: before → after". */
const plain = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(plain).join(', ');
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if (typeof o.label === 'string' && ('before' in o || 'after' in o)) return `${o.label}: ${plain(o.before)} → ${plain(o.after)}`;
  if (typeof o.label === 'string' && 'value' in o) return `${o.label}: ${plain(o.value)}`;
  return stringifyJson(v);
};
const text: Writer = (v) => (Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object') ? v.map(plain).join('; ') : plain(v));
const label: Writer = (v, row, name) => text(siblingName(row, name) ?? v, row, name, {} as AnyField, {} as CellContext);
const enumLabel: Writer = (v, _row, _name, f, c) => {
  const values = (f.enum ? (c.resource.enums?.[f.enum] ?? c.app.enums?.[f.enum]) : undefined)?.values ?? [];
  const one = (x: unknown) => {
    const hit = values.find((e) => String(e.value) === String(x));
    return hit ? c.t(hit.label) : String(x ?? '');
  };
  return Array.isArray(v) ? v.map(one).join(', ') : v === null || v === undefined ? '' : one(v);
};
const count: Writer = (v) => (Array.isArray(v) ? v.length : v ? 1 : 0);

/** How each field type is written to a cell (every type must say: adding a type fails to compile here). */
const WRITERS = {
  string: text,
  text,
  password: () => '',
  phone: text,
  number: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  integer: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  money: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  bigint: text,
  boolean: (v, _r, _n, _f, c) => (v === null || v === undefined ? '' : c.t(v ? 'server.export.yes' : 'server.export.no')),
  enum: enumLabel,
  date: (v, _r, _n, _f, c) => timeText(v, c.timeZone, false),
  datetime: (v, _r, _n, _f, c) => timeText(v, c.timeZone, true),
  dateRange: (v, _r, _n, _f, c) => (Array.isArray(v) ? v.map((x) => timeText(x, c.timeZone, false)).join(' ~ ') : ''),
  region: label,
  dict: label,
  ref: label,
  image: count,
  file: count,
} satisfies Record<FieldType, Writer>;

export interface ExportDeps {
  resource: Resource;
  /** the list binding exported */
  listName: string;
  listHandler: Handler;
  app: AppSchema;
  i18n: I18n;
}

/**
 * The list's columns the caller asked for, in the list's order (all of them when none is named), each
 * followed by the fields its cell also shows (`also`: the order's shop under its platform), one cell each.
 */
export function exportColumns(resource: Resource, listName: string, asked: string | undefined): string[] {
  const view = resource.list?.api === listName ? resource.list : undefined;
  const all = (view?.columns ?? Object.keys(resource.fields ?? {})).map((c) =>
    typeof c === 'string' ? { field: c, also: [] } : { field: c.field, also: c.also ?? [] },
  );
  const wanted = new Set(
    (asked ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  // a name that is no column of the list is said so (it was dropped, and with none left every column went)
  const unknown = [...wanted].filter((n) => !all.some((c) => c.field === n));
  if (unknown.length) throw badField('server.export.unknownColumns', 'server.param.columns', { value: unknown.join(', ') });
  const picked = all.filter((c) => wanted.has(c.field));
  const names = (picked.length ? picked : all).flatMap((c) => [c.field, ...c.also]).filter((n) => resource.fields?.[n]);
  return [...new Set(names)];
}

function fileName(resource: Resource, t: (k: string) => string, timeZone: string): string {
  const title = resource.route?.title ? t(resource.route.title) : resource.name;
  const stamp = timeText(new Date().toISOString(), timeZone, true).replace(/[-: ]/g, '');
  return `${title}-${stamp}.xlsx`;
}

/**
 * Waits while the client is behind: `body` (piped to the socket) holds more than its high-water mark
 * because the pipe is paused on a full socket. A slow download then holds back the reads instead of the
 * workbook piling up in memory. Resolves false when the client has gone.
 * (The response's own `writableNeedDrain` is not used: under `inject` nothing ever resets it.)
 */
async function caughtUp(body: Writable, out: Writable): Promise<boolean> {
  while (body.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        body.off('drain', done);
        out.off('close', done);
        resolve();
      };
      body.on('drain', done);
      out.on('close', done);
    });
  }
  return !out.destroyed;
}

export function exportHandler(d: ExportDeps): Handler {
  return async (ctx: HandlerContext) => {
    const t = (key: string) => d.i18n.t(ctx.locale, key);
    const timeZone = (d.app as { timeZone?: string }).timeZone ?? 'Asia/Shanghai';
    const { columns: asked, ...filters } = ctx.input as Record<string, unknown> & { columns?: string };
    const names = exportColumns(d.resource, d.listName, asked);
    const c: CellContext = { t, app: d.app, resource: d.resource, timeZone };
    type Rows = { list: Record<string, unknown>[]; total: number; pageSize?: number; [KEYSET]?: KeysetCursor | null };
    const read = (current: number, keyset?: KeysetRead) =>
      d.listHandler({ ...ctx, input: { ...filters, current, pageSize: PAGE, ...(keyset && { [KEYSET]: keyset }) } }) as Promise<Rows>;

    // The first page is read before answering, so a refusal (bad filter, no access) is a normal error.
    const first = await read(1, { after: null, size: KEYSET_PAGE, count: true });
    // a page without a cursor: the list did not page by keyset, so by OFFSET
    const byKeyset = first[KEYSET] !== undefined;
    const raw = ctx.reply.raw;
    ctx.reply.hijack();
    raw.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName(d.resource, t, timeZone))}`,
      'cache-control': 'no-store',
      // rows to come, so the browser can show progress
      'x-total-count': String(first.total),
    });
    // The workbook goes to the socket through `body`; the socket's end waits for the export's row in
    // the operation log (ctx.endAfterAudit), so a client that has the file finds its export logged.
    const body = new PassThrough();
    body.pipe(raw, { end: false });
    const flushed = new Promise<void>((resolve) => body.once('end', () => resolve()));
    try {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true });
      const sheet = wb.addWorksheet(d.resource.route?.title ? t(d.resource.route.title) : d.resource.name);
      sheet.columns = names.map((n) => {
        const f = d.resource.fields![n];
        return {
          header: t(f.title),
          key: n,
          width: Math.min(40, Math.max(10, t(f.title).length * 2 + 4)),
          style: f.type === 'money' ? { numFmt: '#,##0.00' } : {},
        };
      });
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      const cells = names.map((n): [string, AnyField, Writer] => {
        const f = d.resource.fields![n] as AnyField;
        return [n, f, WRITERS[f.type] as Writer];
      });
      let page = first;
      let current = 1;
      let written = 0;
      for (;;) {
        for (const row of page.list) sheet.addRow(cells.map(([n, f, write]) => write(row[n], row, n, f, c))).commit();
        // the client went away: nothing more to read or write
        if (!(await caughtUp(body, raw))) return null;
        if (byKeyset) {
          const next = page[KEYSET];
          if (!next) break;
          page = await read(1, { after: next, size: KEYSET_PAGE, count: false });
          continue;
        }
        // a short page is the last (the total may be an estimate: `count: 'estimated'`)
        written += page.list.length;
        if (!page.list.length || (page.pageSize !== undefined ? page.list.length < page.pageSize : written >= page.total)) break;
        current += 1;
        page = await read(current);
      }
      sheet.commit();
      await wb.commit();
      await flushed;
      if (ctx.endAfterAudit) ctx.endAfterAudit(() => raw.end());
      else raw.end();
    } catch (err) {
      ctx.req.log.error({ err }, 'export failed');
      raw.destroy(err as Error);
    }
    return null;
  };
}
