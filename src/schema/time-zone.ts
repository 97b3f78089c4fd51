/**
 * Calendar days in the business time zone (schemas/app.json `timeZone`, e.g. "Asia/Shanghai"), the
 * same in the browser and on the server whatever zone either machine runs in: "today", a day's
 * first instant and the day an instant falls on. Pure (Intl only), so it may reach the bundle.
 *
 * @example
 * todayIn('Asia/Shanghai', new Date('2026-11-24T17:30:00Z'))  // "2026-11-25"
 * midnightIn('Asia/Shanghai', '2026-11-25').toISOString()      // "2026-11-24T16:00:00.000Z"
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, instant: Date): Record<string, number> {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive; +8 h for Asia/Shanghai). */
export function offsetMs(timeZone: string, instant: Date): number {
  const p = partsIn(timeZone, instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar day ("YYYY-MM-DD") `instant` falls on in the zone. */
export function dayIn(timeZone: string, instant: Date): string {
  const p = partsIn(timeZone, instant);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Today in the zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayIn(timeZone, now);
}

/** The first instant of a calendar day ("YYYY-MM-DD") in the zone. */
export function midnightIn(timeZone: string, day: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // Two passes: the offset at the guessed instant may differ from the offset at midnight (DST).
  const guess = wall - offsetMs(timeZone, new Date(wall));
  return new Date(wall - offsetMs(timeZone, new Date(guess)));
}
