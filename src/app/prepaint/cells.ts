/**
 * Table cells of the prepaint as HTML text: the same values the live cells show (src/renderer/fields),
 * from the same pure helpers (money, masks, dates, enum labels, `<field>Name` labels), without React or
 * antd. A cell the static copy cannot draw (a registered slot, a region without a sent name) is a grey
 * bar the live table fills in.
 *
 * @example
 * cellHtml(ctx, 'paidAmount', { paidAmount: '159.00' }) // '<span class="pp-num">¥159.00</span>'
 */
import type { AnyField, AppSchema, Resource } from '../../schema';
// Single engine files, not the engine's index: that one reaches React, which the prepaint must not load.
import { formatDate, formatDateTime, formatMoney, isEmptyValue, maskPhone } from '../../engine/format';
import { enumValues, fieldOf } from '../../engine/resource-helpers';
import { labelFromRecord } from '../../engine/options';
import { iconHtml } from './icons';

export interface CellContext {
  app: Pick<AppSchema, 'enums' | 'dicts'>;
  resource: Resource;
  locale: string;
  t: (key: string, values?: Record<string, string | number>) => string;
  fileUrl: (key: string) => string;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => ESC[c]);

const EMPTY = '<span class="pp-empty">-</span>';
const PENDING = '<span class="pp-pending"></span>';

function text(ctx: CellContext, field: AnyField, value: unknown): string {
  const s = Array.isArray(value) ? value.join(ctx.t('renderer.listSeparator')) : String(value);
  const cls = field.ellipsis ? 'pp-ellipsis' : '';
  const style = field.ellipsis ? ' style="max-width:100%"' : '';
  const copy = field.copyable ? iconHtml('CopyOutlined', 'pp-copy') : '';
  // antd Typography: full size and colour even among an `also` column's secondary lines
  return `<span class="pp-typo"><span class="${cls}"${style}>${esc(s)}</span>${copy}</span>`;
}

function tags(ctx: CellContext, field: AnyField, value: unknown): string {
  const defs = enumValues(ctx.app, ctx.resource, field);
  const list = Array.isArray(value) ? value : [value];
  return `<span class="pp-tags">${list
    .map((v) => {
      const def = defs.find((e) => e.value === v || String(e.value) === String(v));
      return `<span class="pp-tag pp-tag-${esc(def?.color ?? 'default')}">${esc(def ? ctx.t(def.label) : String(v))}</span>`;
    })
    .join('')}</span>`;
}

function one(ctx: CellContext, record: Record<string, unknown>, name: string, slot?: string): string {
  const field = fieldOf(ctx.resource, name);
  const value = record[name];
  if (slot ?? field.render) return PENDING;
  if (field.type === 'password') return '<span>••••••</span>';
  if (isEmptyValue(value)) return EMPTY;
  switch (field.type) {
    case 'enum':
      return tags(ctx, field, value);
    case 'boolean':
      return value === true || value === 'true'
        ? `<span class="pp-tag pp-tag-success">${esc(ctx.t('renderer.yes'))}</span>`
        : `<span class="pp-tag pp-tag-default">${esc(ctx.t('renderer.no'))}</span>`;
    case 'money':
      return `<span class="pp-num">${esc(formatMoney(value, ctx.locale))}</span>`;
    case 'number':
    case 'integer': {
      const n = Number(value);
      const s = Number.isFinite(n) ? new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: field.type === 'integer' ? 0 : 6 }).format(n) : String(value);
      return `<span class="pp-num">${esc(s)}</span>`;
    }
    case 'phone':
      return `<span>${esc(field.mask ? maskPhone(value) : String(value))}</span>`;
    case 'date':
    case 'datetime':
    case 'dateRange':
      if (Array.isArray(value)) return `<span>${esc(value.map((v) => formatDate(v, ctx.locale)).join(' ~ '))}</span>`;
      // as the live cell: a datetime may break between its day and its time
      return field.type === 'datetime'
        ? `<span>${esc(formatDateTime(value, ctx.locale))}</span>`
        : `<span class="pp-nowrap">${esc(formatDate(value, ctx.locale))}</span>`;
    case 'dict':
    case 'ref': {
      const label = labelFromRecord(record, name, ctx.t('renderer.listSeparator'));
      return label === undefined ? PENDING : `<span>${esc(label)}</span>`;
    }
    case 'region': {
      const label = field.multiple ? undefined : record[`${name}Name`];
      return typeof label === 'string' && label ? `<span>${esc(label)}</span>` : PENDING;
    }
    case 'image': {
      const keys = (Array.isArray(value) ? value : [value]).map(String).filter(Boolean);
      return `<span class="pp-images">${keys.map((k) => `<img class="pp-image" alt="" src="${esc(ctx.fileUrl(k))}">`).join('')}</span>`;
    }
    case 'file':
      return PENDING;
    case 'string':
    case 'text':
    case 'bigint':
      return text(ctx, field, value);
    default:
      // every field type is listed above: a new type fails to compile here until it has a cell
      return field.type satisfies never;
  }
}

/** One cell: the column's field, with its `also` fields stacked underneath in secondary text. */
export function cellHtml(ctx: CellContext, name: string, record: Record<string, unknown>, also: string[] = [], slot?: string): string {
  const main = one(ctx, record, name, slot);
  if (!also.length) return main;
  return `<div>${main}${also.map((n) => `<div class="pp-secondary">${one(ctx, record, n)}</div>`).join('')}</div>`;
}
