/**
 * Message keys the server can send (HttpError(…, 'server.x', …), badField('server.x', …) and the like)
 * must exist in every locale. The server's sources are scanned as text, never run: every complete
 * string literal that is an i18n key under "server." counts as a key it sends. Keys built at run time
 * (template literals) are not seen.
 *
 * @example
 * checkServerKeys([{ path: 'server/modules/x.ts', text: "throw notFound('server.x.gone')" }], messages, ['zh-CN', 'en-US'], out)
 * // 'server/modules/x.ts:1:16  /  message key "server.x.gone" is sent by the server but missing in en-US …'
 */
import { I18nKey } from '../schema/field';
import type { Diagnostic } from './diagnostics';
import { lineCol } from './json-file';
import type { SourceFile } from './load';

const KEY = new RegExp(I18nKey.pattern as string);
/** '…' or "…" on one line, without escapes or interpolation */
const LITERAL = /(['"])(server\.[A-Za-z0-9_.]+)\1/g;

/** Comments blanked out (same length, so offsets stay), so a key named in a comment is not a key sent. */
function withoutComments(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:'"\\])\/\/[^\n]*/g,
    (m, lead: string | undefined) => (lead ?? '') + m.slice((lead ?? '').length).replace(/[^\n]/g, ' '),
  );
}

/** Every message key literal in the server's sources, with where it first occurs. */
export function serverKeys(sources: SourceFile[]): { key: string; file: string; line: number; col: number }[] {
  const seen = new Map<string, { key: string; file: string; line: number; col: number }>();
  for (const f of sources) {
    const text = withoutComments(f.text);
    for (const m of text.matchAll(LITERAL)) {
      const key = m[2];
      if (!KEY.test(key) || seen.has(key)) continue;
      seen.set(key, { key, file: f.path, ...lineCol(f.text, m.index!) });
    }
  }
  return [...seen.values()];
}

export function checkServerKeys(sources: SourceFile[], messages: Record<string, Record<string, string>>, locales: string[], out: Diagnostic[]): void {
  for (const k of serverKeys(sources)) {
    const missing = locales.filter((l) => !(k.key in (messages[l] ?? {})));
    if (!missing.length) continue;
    out.push({
      file: k.file,
      line: k.line,
      col: k.col,
      pointer: '',
      message: `message key "${k.key}" is sent by the server but missing in ${missing.join(' and ')}: add it to a file in ${missing.map((l) => `locales/${l}/`).join(' and ')} (the server's texts live in locales/<locale>/<ns>.json)`,
    });
  }
}
