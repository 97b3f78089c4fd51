/**
 * Export, a capability of the core: a binding declared `"exportOf": "<list binding>"` is answered here,
 * with no module handler, by an XLSX workbook of every row that list gives for the same filters. Rows
 * are read through the list's own handler page by page, as the same user (so the same filters, roles
 * and data scope), and streamed by exceljs's streaming writer, so memory stays flat however many rows.
 * Columns are the list's, or those the caller names in `columns` (the visible ones); headers are the
 * fields' titles in the caller's locale; enum values read as their labels, money as numbers with two
 * decimals, 64-bit ids as text (all 19 digits survive a spreadsheet), times in the business time zone.
 *
 * @example
 * "export": { "method": "GET", "path": "/store/export", "exportOf": "list",
 *             "input": { "search": true, "extra": { "columns": { "type": "string", "maxLength": 2000 } } } }
 */
import ExcelJS from 'exceljs';
import type { AnyField, AppSchema, FieldType, Resource } from '../../src/schema';
import type { Handler, HandlerContext } from './contract';
import type { I18n } from './i18n';

const PAGE = 500;
type Cell = string | number | null;

/** The text of a row's value of a dict/ref/region field: the list's own "<name>Name" (storeId → storeName). */
function siblingName(row: Record<string, unknown>, name: string): unknown {
  return row[`${name.replace(/Id$/, '')}Name`] ?? row[`${name}Name`];
}

function timeText(value: unknown, timeZone: string, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const } : {}),
  }).formatToParts(d);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return withTime ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : `${p.year}-${p.month}-${p.day}`;
}

interface CellContext {
  t: (key: string) => string;
  app: AppSchema;
  resource: Resource;
  timeZone: string;
}

type Writer = (v: unknown, row: Record<string, unknown>, name: string, f: AnyField, c: CellContext) => Cell;

const text: Writer = (v) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));
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

/** The list's columns the caller asked for, in the list's order; all of them when none is named. */
export function exportColumns(resource: Resource, listName: string, asked: string | undefined): string[] {
  const view = resource.list?.api === listName ? resource.list : undefined;
  const all = (view?.columns ?? Object.keys(resource.fields ?? {})).map((c) => (typeof c === 'string' ? c : c.field)).filter((n) => resource.fields?.[n]);
  const wanted = new Set(
    (asked ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const picked = wanted.size ? all.filter((n) => wanted.has(n)) : all;
  return picked.length ? picked : all;
}

function fileName(resource: Resource, t: (k: string) => string, timeZone: string): string {
  const title = resource.route?.title ? t(resource.route.title) : resource.name;
  const stamp = timeText(new Date().toISOString(), timeZone, true).replace(/[-: ]/g, '');
  return `${title}-${stamp}.xlsx`;
}

export function exportHandler(d: ExportDeps): Handler {
  return async (ctx: HandlerContext) => {
    const t = (key: string) => d.i18n.t(ctx.locale, key);
    const timeZone = (d.app as { timeZone?: string }).timeZone ?? 'Asia/Shanghai';
    const { columns: asked, ...filters } = ctx.input as Record<string, unknown> & { columns?: string };
    const names = exportColumns(d.resource, d.listName, asked);
    const c: CellContext = { t, app: d.app, resource: d.resource, timeZone };
    const read = (current: number) =>
      d.listHandler({ ...ctx, input: { ...filters, current, pageSize: PAGE } }) as Promise<{ list: Record<string, unknown>[]; total: number }>;

    // The first page is read before answering, so a refusal (bad filter, no access) is a normal error.
    const first = await read(1);
    const raw = ctx.reply.raw;
    ctx.reply.hijack();
    raw.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName(d.resource, t, timeZone))}`,
      'cache-control': 'no-store',
      // rows to come, so the browser can show progress
      'x-total-count': String(first.total),
    });
    try {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: raw, useStyles: true });
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
      let page = first;
      let current = 1;
      let written = 0;
      for (;;) {
        for (const row of page.list) {
          sheet
            .addRow(
              names.map((n) => {
                const f = d.resource.fields![n] as AnyField;
                return (WRITERS[f.type] as Writer)(row[n], row, n, f, c);
              }),
            )
            .commit();
        }
        written += page.list.length;
        if (!page.list.length || written >= page.total) break;
        current += 1;
        page = await read(current);
      }
      sheet.commit();
      await wb.commit();
    } catch (err) {
      ctx.req.log.error({ err }, 'export failed');
      raw.destroy(err as Error);
    }
    return null;
  };
}
