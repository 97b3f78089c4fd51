/**
 * The dashboard's date range: calendar days in the business time zone (schemas/app.json `timeZone`,
 * Asia/Shanghai: a day is [D 00:00+08:00, D+1 00:00+08:00)), whatever zone the server runs in.
 * Default: the last 30 days up to today in that zone; at most 366 days; the previous period is the
 * same number of days just before.
 *
 * @example
 * resolveRange({ dateFrom: '2026-11-01', dateTo: '2026-11-30' }, 'Asia/Shanghai')
 * // { from: '2026-11-01', to: '2026-11-30', days: 30, prevFrom: '2026-10-02', prevTo: '2026-10-31', ... }
 */
import { HttpError } from '../../core/contract';
import { CODES } from '../../../src/schema/codes';
import { midnightIn, todayIn } from '../../../src/schema/time-zone';

export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 30;
const DAY = 86_400_000;

export interface Range {
  from: string;
  to: string;
  days: number;
  prevFrom: string;
  prevTo: string;
  /** instants bounding the periods (half-open) */
  start: Date;
  end: Date;
  prevStart: Date;
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
export const addDays = (d: string, n: number) => toDay(dayMs(d) + n * DAY);

export function resolveRange(input: { dateFrom?: string | null; dateTo?: string | null }, timeZone: string, now = new Date()): Range {
  const to = input.dateTo || (input.dateFrom ? addDays(input.dateFrom, DEFAULT_DAYS - 1) : todayIn(timeZone, now));
  const from = input.dateFrom || addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw new HttpError(400, CODES.BAD_REQUEST, 'server.analytics.rangeOrder', { from, to });
  const days = Math.round((dayMs(to) - dayMs(from)) / DAY) + 1;
  if (days > MAX_DAYS) throw new HttpError(400, CODES.BAD_REQUEST, 'server.analytics.rangeTooLong', { max: MAX_DAYS, days });
  const prevTo = addDays(from, -1);
  const prevFrom = addDays(from, -days);
  return {
    from,
    to,
    days,
    prevFrom,
    prevTo,
    start: midnightIn(timeZone, from),
    end: midnightIn(timeZone, addDays(to, 1)),
    prevStart: midnightIn(timeZone, prevFrom),
  };
}

/**
 * Start days of the buckets covering [from, to]: every day, ISO weeks (Monday) or calendar months.
 * Compared as instants, not as strings: past 9999-12-31 an ISO day is "+010000-01-01", which sorts
 * before "9999-…" and would never end the loop (the request date range is bounded before this).
 */
export function bucketStarts(from: string, to: string, granularity: string): string[] {
  const out: string[] = [];
  let d = dayMs(from);
  if (granularity === 'week')
    d -= ((new Date(d).getUTCDay() + 6) % 7) * DAY; // back to Monday
  else if (granularity === 'month') d = Date.UTC(new Date(d).getUTCFullYear(), new Date(d).getUTCMonth(), 1);
  for (const end = dayMs(to); d <= end;) {
    out.push(toDay(d));
    if (granularity === 'week') d += 7 * DAY;
    else if (granularity === 'month') d = Date.UTC(new Date(d).getUTCFullYear(), new Date(d).getUTCMonth() + 1, 1);
    else d += DAY;
  }
  return out;
}
