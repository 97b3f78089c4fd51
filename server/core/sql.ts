/**
 * The one home of the small SQL helpers every module needs: a WHERE clause with numbered parameters,
 * LIKE patterns that match the user's text literally, and timestamps as ISO strings.
 *
 * @example
 * const w = new Where();
 * w.add((p) => `m.name ILIKE ${p(likePattern('洁'))}`);
 * await db.query(`SELECT * FROM merchants m ${w.sql}`, w.params);
 */

/** `$n` parameters in the order they are used; `p(value)` returns the placeholder of a new one. */
export class Where {
  readonly params: unknown[];
  private readonly parts: string[] = [];

  /** `params`: parameters already used by the statement before this clause (numbering continues). */
  constructor(params: unknown[] = []) {
    this.params = params;
  }

  /** Adds one condition, ANDed with the others. */
  add(condition: string | ((p: (value: unknown) => string) => string)): this {
    this.parts.push(typeof condition === 'string' ? condition : condition((v) => this.param(v)));
    return this;
  }

  /** The placeholder of a new parameter, for the rest of the statement (LIMIT, OFFSET …). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  /** "WHERE a AND b", or '' without conditions. */
  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** Substring match of the user's text. */
export function likePattern(text: string): string {
  return '%' + likeEscape(text) + '%';
}

/** Prefix match (served by a text_pattern_ops index). */
export function likePrefix(text: string): string {
  return likeEscape(text) + '%';
}

/** A timestamp (Date from the driver, or its text) as an ISO string; null stays null. */
export function toIso(v: unknown): string | null {
  if (v == null) return null;
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
}

/** A SQL `date` as YYYY-MM-DD (the drivers give a Date at local midnight or the text). */
export function toDate(v: unknown): string | null {
  if (v == null) return null;
  if (!(v instanceof Date)) return String(v).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}
