/**
 * The one scanner of the message keys the server can send; the schema CLI (`validate`) and the server's
 * own test (server/core/message-keys.test.ts) both use it. The server's sources are read as text, never
 * run (comments skipped):
 * - every complete `'server.…'` string literal (HttpError, notFound, badField, validation messages);
 * - a field title handed to a message as its `{field}` value (`field: 'store.name'`, `badField(key, 'store.name')`);
 * - a key built at run time (`` `server.validation.type.${type}` ``) counts as its prefix: some key must start with it.
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
const LITERAL = /(['"])(server\.[A-Za-z0-9_.-]+)\1/g;
/** `server.validation.type.${…}`: a key built at run time, known by its prefix */
const PREFIX = /`(server\.[\w.-]*\.)\$\{/g;
/** a field title handed to the message as its {field} value */
const FIELD_TITLE = /(?:\bfield:\s*|badField\(\s*'server\.[\w.-]+',\s*)'([A-Za-z][\w-]*(?:\.[\w-]+)+)'/g;

export interface ServerKey {
  /** the key, or for a key built at run time its prefix (ending in ".") */
  key: string;
  prefix: boolean;
  file: string;
  line: number;
  col: number;
}

/** Comments blanked out (same length, so offsets stay), so a key named in a comment is not a key sent. */
function withoutComments(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:'"\\`])\/\/[^\n]*/g,
    (m, lead: string | undefined) => (lead ?? '') + m.slice((lead ?? '').length).replace(/[^\n]/g, ' '),
  );
}

/** Every message key (and key prefix) in the server's sources, with where it first occurs. */
export function serverKeys(sources: SourceFile[]): ServerKey[] {
  const seen = new Map<string, ServerKey>();
  const note = (f: SourceFile, key: string, prefix: boolean, index: number) => {
    const id = `${prefix ? '*' : ''}${key}`;
    if (!seen.has(id)) seen.set(id, { key, prefix, file: f.path, ...lineCol(f.text, index) });
  };
  for (const f of sources) {
    const text = withoutComments(f.text);
    for (const m of text.matchAll(LITERAL)) if (KEY.test(m[2])) note(f, m[2], false, m.index!);
    for (const m of text.matchAll(FIELD_TITLE)) if (KEY.test(m[1])) note(f, m[1], false, m.index! + m[0].lastIndexOf(m[1]) - 1);
    for (const m of text.matchAll(PREFIX)) note(f, m[1], true, m.index!);
  }
  return [...seen.values()];
}

/** The keys (and prefixes) of `found` that `messages` lacks. */
export function missingKeys(found: ServerKey[], messages: Record<string, string>): ServerKey[] {
  const keys = Object.keys(messages);
  return found.filter((k) => (k.prefix ? !keys.some((m) => m.startsWith(k.key)) : messages[k.key] === undefined));
}

export function checkServerKeys(sources: SourceFile[], messages: Record<string, Record<string, string>>, locales: string[], out: Diagnostic[]): void {
  const found = serverKeys(sources);
  const missingIn = new Map(locales.map((l) => [l, new Set(missingKeys(found, messages[l] ?? {}))]));
  for (const k of found) {
    const missing = locales.filter((l) => missingIn.get(l)!.has(k));
    if (!missing.length) continue;
    const what = k.prefix ? `no message key starting with "${k.key}" (built at run time)` : `message key "${k.key}"`;
    out.push({
      file: k.file,
      line: k.line,
      col: k.col,
      pointer: '',
      message: `${what} is sent by the server but missing in ${missing.join(' and ')}: add it to a file in ${missing.map((l) => `locales/${l}/`).join(' and ')} (the server's texts live in locales/<locale>/<ns>.json)`,
    });
  }
}
