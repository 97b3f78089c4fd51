/**
 * Display helpers for field values: money by locale (exact, from the decimal string), masked phones
 * and account numbers, dates by locale with dayjs. Pure functions, no React.
 *
 * @example
 * formatMoney('1234.5', 'zh-CN')   // "¥1,234.50"
 * maskPhone('13812341234')         // "138****1234"
 * formatDateTime('2026-01-05T06:03:00Z', 'zh-CN') // "2026-01-05 14:03:00" (in the browser's zone)
 */
import dayjs from 'dayjs';

const MONEY_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** One Intl.NumberFormat per locale and kind: constructing one took ~1 ms, once per cell. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let nf = numberFormats.get(key);
  if (!nf) numberFormats.set(key, (nf = new Intl.NumberFormat(locale, options)));
  return nf;
}

/**
 * Formats a decimal money string with the locale's grouping and currency sign, never through a
 * float: the integer part goes through Intl as a BigInt and the cents are copied as written.
 * A value that is not a decimal string is returned unchanged (so bad data stays visible).
 */
export function formatMoney(value: unknown, locale: string, currency = 'CNY'): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const m = MONEY_RE.exec(text);
  if (!m) return text;
  const [, minus, int, frac = ''] = m;
  const cents = (frac + '00').slice(0, Math.max(2, frac.length));
  const nf = numberFormat(locale, `money ${currency}`, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 });
  const out = nf
    .formatToParts(BigInt(int))
    .map((p) => (p.type === 'fraction' ? cents : p.value))
    .join('');
  const isZero = /^0*$/.test(int) && /^0*$/.test(cents);
  return minus && !isZero ? `-${out}` : out;
}

/** A number in the locale's grouping, integers without decimals. */
export function formatNumber(value: number, locale: string, integer: boolean): string {
  return numberFormat(locale, integer ? 'integer' : 'number', { maximumFractionDigits: integer ? 0 : 6 }).format(value);
}

/** Masks the middle of a mobile number (138****1234) or of a landline (010-****5678). */
export function maskPhone(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  if (/^1\d{10}$/.test(s)) return `${s.slice(0, 3)}****${s.slice(7)}`;
  if (s.length <= 4) return s;
  const keepEnd = 4;
  const keepStart = Math.min(4, Math.max(0, s.length - keepEnd - 4));
  return s.slice(0, keepStart) + '*'.repeat(s.length - keepStart - keepEnd) + s.slice(-keepEnd);
}

/** Masks a bank or ID account number, keeping the first and last four digits: 6222 **** **** 0123. */
export function maskAccount(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value).replace(/\s+/g, '');
  if (s.length <= 8) return s.length <= 4 ? s : `${'*'.repeat(s.length - 4)}${s.slice(-4)}`;
  return `${s.slice(0, 4)} **** **** ${s.slice(-4)}`;
}

const DATE_FORMATS: Record<string, { date: string; datetime: string }> = {
  'zh-CN': { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' },
  'en-US': { date: 'MMM D, YYYY', datetime: 'MMM D, YYYY HH:mm:ss' },
};

/** Display formats of a locale (zh-CN numeric, en-US with month names). */
export function dateFormats(locale: string): { date: string; datetime: string } {
  return DATE_FORMATS[locale] ?? DATE_FORMATS['zh-CN'];
}

/** "2026-01-05" → "2026-01-05" (zh-CN) or "Jan 5, 2026" (en-US); invalid input is returned as given. */
export function formatDate(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(String(value));
  return d.isValid() ? d.format(dateFormats(locale).date) : String(value);
}

/** An ISO datetime in the browser's time zone, formatted by locale. */
export function formatDateTime(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(String(value));
  return d.isValid() ? d.format(dateFormats(locale).datetime) : String(value);
}

/** True for null, undefined, '' and empty arrays: what tables show as "-". */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}
