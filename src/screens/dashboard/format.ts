/**
 * Number formats of the dashboard by locale: counts with grouping, rates and changes as percents,
 * money through the engine's exact formatter.
 *
 * @example
 * formatCount(12345, 'zh-CN')        // "12,345"
 * formatPercent(0.8123, 'en-US')     // "81.2%"
 * formatChange(-0.054, 'zh-CN')      // "5.4%" (the sign is shown by the arrow)
 */
export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

export function formatPercent(ratio: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
}

/** Magnitude of a change as a percent (the arrow carries the direction). */
export function formatChange(ratio: number, locale: string): string {
  return formatPercent(Math.abs(ratio), locale);
}

/** Percentage points with one decimal: 0.0625 → "6.3". */
export function formatPoints(delta: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(delta) * 100);
}

/** A bucket start day as an axis label: "11-05" by day/week, "2026-11" by month (zh-CN); "Nov 5" / "Nov 2026" (en-US). */
export function bucketLabel(day: string, granularity: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (granularity === 'month') {
    return locale === 'zh-CN'
      ? `${y}-${String(m).padStart(2, '0')}`
      : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
  }
  return locale === 'zh-CN'
    ? `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
    : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}
