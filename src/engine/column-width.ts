/**
 * Table column widths from the field type and the translated title, never from per-screen numbers:
 * a column is as wide as the wider of its header (the title's longest word, or the whole title when
 * the content is at least that wide, plus the sorter) and its field type's natural content (a date on
 * one line, the widest enum label as a tag, a masked phone, a few words of text that wrap), plus the
 * cell's padding. The table is laid out `fixed` with these widths as its minimum (scroll.x = their
 * sum), so a wider window spreads the spare room over the columns and a narrower one scrolls.
 *
 * @example
 * columnWidth({ type: 'datetime', title: 'x' }, { title: '创建时间', measure, locale: 'zh-CN' }) // ≈ 151
 */
import type { AnyField, AppSchema, Resource } from '../schema';
import { enumValues, fieldOf, normalizeColumns } from './resource-helpers';
import { formatDate, formatDateTime, formatMoney, maskPhone } from './format';

import type { Measure } from './text-measure';

export { textMeasure, type Measure } from './text-measure';

export interface WidthContext {
  measure: Measure;
  locale: string;
  /** horizontal padding of one cell side (antd: 8 middle/small, 16 large) */
  padding: number;
  /** translated labels of the field's enum values (enum, boolean) */
  labels?: string[];
  /** a phone-sized screen: an identifier wraps like other text, so the key columns fit side by side */
  narrow?: boolean;
}

const EM = 14;
const TAG = 16 + 8; // antd Tag: 7 px padding and 1 px border each side, 8 px margin after
const COPY = 22; // Typography's copy button and its gap
const SORTER = 20; // the sort carets beside a sortable header

/** Natural width in px of a cell's content for a field type, at font size `size`. */
export function contentWidth(field: AnyField, ctx: WidthContext, size = EM): number {
  const m = (s: string) => ctx.measure(s, size);
  const em = size;
  let w: number;
  switch (field.type) {
    case 'datetime':
      // the day and the time may sit on two lines: the wider of the two
      w = Math.max(
        m(formatDate('2026-12-28', ctx.locale)),
        m(formatDateTime('2026-12-28T20:58:59', ctx.locale).replace(formatDate('2026-12-28', ctx.locale), '').trim()),
      );
      break;
    case 'date':
      w = m(formatDate('2026-12-28', ctx.locale));
      break;
    case 'dateRange':
      w = m(`${formatDate('2026-12-28', ctx.locale)} ~`);
      break;
    case 'money':
      w = m(formatMoney('99999.00', ctx.locale));
      break;
    case 'number':
    case 'integer':
      w = Math.max(m('99,999'), 3 * em);
      break;
    case 'bigint':
      w = m('1234567890123456789');
      break;
    case 'phone':
      w = m(maskPhone('13812345678'));
      break;
    case 'enum':
    case 'boolean':
      w = Math.max(...(ctx.labels?.length ? ctx.labels : ['-']).map((l) => ctx.measure(l, 12))) + TAG;
      break;
    case 'image':
      w = 40;
      break;
    case 'password':
      w = m('••••••');
      break;
    case 'region':
    case 'dict':
    case 'ref':
    case 'file':
      // names of places and records wrap between their parts ("江苏省 / 常州市 / 溧阳市")
      w = 5 * em;
      break;
    case 'string':
      if (isToken(field) && !ctx.narrow) {
        // an identifier (order or tracking number): one unbroken word that must not wrap mid-way
        w = m('0'.repeat(Math.min(field.maxLength ?? TOKEN_CHARS, TOKEN_CHARS)));
        break;
      }
      w = plainText(field, em);
      break;
    default:
      w = plainText(field, em);
  }
  return Math.ceil(w + (field.copyable ? COPY : 0));
}

/** The characters an identifier's column is sized for: a snowflake number with a two-letter prefix. */
const TOKEN_CHARS = 20;

/**
 * A text field whose values are identifiers, single words that break nowhere: constrained by a pattern
 * without white space, or shown only (read-only) and offered for copying.
 */
export function isToken(field: AnyField): boolean {
  if (field.type !== 'string') return false;
  if (field.pattern) return !/\\s|\s/.test(field.pattern);
  return !!field.readOnly && !!field.copyable;
}

/**
 * string, text: a few words, wrapping beyond. An ellipsis field (a long address) is the column that
 * gives way: five characters and "…", the whole text on hover (spare room of a wider window widens it).
 */
function plainText(field: AnyField, em: number): number {
  return field.ellipsis ? 5 * em : Math.min(Math.max(field.maxLength ?? 5, 4), 5) * em;
}

/** Width in px of the header: the longest word, or the whole title when the content is as wide. */
export function headerWidth(title: string, ctx: WidthContext, content: number, sortable: boolean): number {
  const whole = ctx.measure(title, 14, true);
  const words = title
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ctx.measure(w, 14, true));
  const longest = Math.max(0, ...words);
  const need = whole <= content ? whole : longest;
  return Math.ceil(need + (sortable ? SORTER : 0) + 2);
}

/**
 * The narrowest column (with its padding) whose header holds `title` on two lines at most, broken
 * between words: for a table whose headers may not stand taller (a drawer's nested table).
 *
 * @example
 * titleInTwoLinesWidth('Without a matching product', { measure, padding: 8 })
 */
export function titleInTwoLinesWidth(title: string, ctx: Pick<WidthContext, 'measure' | 'padding'>): number {
  const words = title.split(/\s+/).filter(Boolean);
  const line = (from: number, to: number) => ctx.measure(words.slice(from, to).join(' '), 14, true);
  let best = line(0, words.length);
  for (let i = 1; i < words.length; i++) best = Math.min(best, Math.max(line(0, i), line(i, words.length)));
  return Math.ceil(best) + 2 + 2 * ctx.padding;
}

/** A column's width: header or content, whichever is wider, plus padding. */
export function columnWidth(field: AnyField, title: string, ctx: WidthContext, also: { field: AnyField; labels?: string[] }[] = []): number {
  const content = Math.max(contentWidth(field, ctx), ...also.map((a) => contentWidth(a.field, { ...ctx, labels: a.labels }, 12)));
  return Math.max(headerWidth(title, ctx, content, !!field.sortable), content) + 2 * ctx.padding;
}

/** The translated labels a field's values show as (enum values, 是/否), for its content width; none for other types. */
export function valueLabels(app: Pick<AppSchema, 'enums'>, resource: Resource, field: AnyField, t: (key: string) => string): string[] | undefined {
  if (field.type === 'boolean') return [t('renderer.yes'), t('renderer.no')];
  return field.type === 'enum' ? enumValues(app, resource, field).map((v) => t(v.label)) : undefined;
}

/**
 * Widths of a table's columns drawn from `fields` (name → field) outside a list (a detail's section
 * table): each as columnWidth gives it, with the field's translated title and value labels.
 *
 * @example
 * fieldColumnWidths(app, store, { name: store.fields.name }, t, { measure, locale, padding: 8 }) // { name: 120 }
 */
export function fieldColumnWidths(
  app: Pick<AppSchema, 'enums'>,
  resource: Resource,
  fields: Record<string, AnyField>,
  t: (key: string) => string,
  ctx: Omit<WidthContext, 'labels'>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, field] of Object.entries(fields))
    out[name] = columnWidth(field, field.title ? t(field.title) : '', { ...ctx, labels: valueLabels(app, resource, field, t) });
  return out;
}

/**
 * Widths of a list's columns by field name. A column or field `width` in the schema is kept as an
 * override (for a registered `render` cell, whose content the field type cannot know).
 */
export function listColumnWidths(
  app: Pick<AppSchema, 'enums'>,
  resource: Resource,
  t: (key: string) => string,
  ctx: Omit<WidthContext, 'labels'>,
): Record<string, number> {
  const labelsOf = (f: AnyField) => valueLabels(app, resource, f, t);
  const out: Record<string, number> = {};
  for (const c of normalizeColumns(resource.list?.columns ?? [])) {
    const field = fieldOf(resource, c.field);
    const override = c.width ?? field.width;
    out[c.field] =
      override ??
      columnWidth(
        field,
        t(c.title ?? field.title),
        { ...ctx, labels: labelsOf(field) },
        c.also.map((n) => ({ field: fieldOf(resource, n), labels: labelsOf(fieldOf(resource, n)) })),
      );
  }
  return out;
}

/**
 * The columns a narrow screen keeps in view: the first (what names the row) and the status (the
 * tabs' field, else the last single-valued enum or boolean column: status columns follow the
 * descriptive ones).
 */
export function keyColumns(resource: Resource): string[] {
  const names = normalizeColumns(resource.list?.columns ?? []).map((c) => c.field);
  const tab = resource.list?.tabs?.field;
  const statusLike = (n: string) => {
    const f = fieldOf(resource, n);
    return (f.type === 'enum' || f.type === 'boolean') && !f.multiple;
  };
  const status = tab && names.includes(tab) ? tab : [...names].reverse().find(statusLike);
  return [...new Set([names[0], status].filter((n): n is string => !!n))];
}
