/**
 * A problem found in a schema or locale file, printed as `file:line:col  /json/pointer  sentence`.
 *
 * @example
 * formatDiagnostic({ file: 'schemas/staff.json', line: 3, col: 5, pointer: '/colums', message: 'unknown property "colums"' })
 * // "schemas/staff.json:3:5  /colums  unknown property \"colums\""
 */
import { cmp } from './text';

export interface Diagnostic {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  col: number;
  /** JSON pointer into the file ("" = the whole document) */
  pointer: string;
  message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}  ${d.pointer || '/'}  ${d.message}`;
}

/** Stable report order: by file, then position, then message. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => cmp(a.file, b.file) || a.line - b.line || a.col - b.col || cmp(a.message, b.message));
}

/** Drops exact repeats (the same sentence at the same place). */
export function uniqueDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = formatDiagnostic(d);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** "a/b" pointer segment escaping (RFC 6901). */
export function pointerOf(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Summary line: "schemas OK (3 files)" or "2 errors in 1 file". */
export function summary(diagnostics: Diagnostic[], fileCount: number): string {
  if (!diagnostics.length) return `schemas OK (${fileCount} ${fileCount === 1 ? 'file' : 'files'})`;
  const files = new Set(diagnostics.map((d) => d.file)).size;
  return `${diagnostics.length} ${diagnostics.length === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`;
}
