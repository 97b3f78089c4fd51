/**
 * Settlement account numbers are shown masked everywhere except the admin's edit form:
 * keep the first 4 and last 4 digits, e.g. "6222021234567890123" → "6222 **** **** 0123".
 */
export function maskAccountNo(no: string | null | undefined): string | null {
  if (!no) return null;
  if (no.length <= 8) return no.slice(0, 2) + '*'.repeat(Math.max(no.length - 4, 2)) + no.slice(-2);
  return `${no.slice(0, 4)} **** **** ${no.slice(-4)}`;
}
