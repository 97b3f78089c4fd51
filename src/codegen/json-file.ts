/**
 * Strict JSON parsing with positions: every JSON pointer maps to a line and column, syntax errors
 * and repeated keys become diagnostics with the place they occur.
 *
 * @example
 * const r = parseJsonFile('schemas/x.json', '{"a": 1,}');
 * r.diagnostics[0].message; // 'trailing comma before "}" (JSON allows none)'
 */
import { parse } from 'json-source-map';
import type { PointerLocations } from 'json-source-map';
import { pointerOf, type Diagnostic } from './diagnostics';

export interface JsonFile {
  path: string;
  text: string;
  data: unknown;
  /** 1-based position of a pointer's key (when it has one and `at` is "key") or its value. */
  locate(pointer: string, at?: 'key' | 'value'): { line: number; col: number; pointer: string };
  /** a diagnostic at a pointer (falls back to the nearest existing parent) */
  error(pointer: string, message: string, at?: 'key' | 'value'): Diagnostic;
}

export type ParseResult = { ok: true; file: JsonFile; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/** 1-based line and column of a character offset. */
export function lineCol(text: string, pos: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < pos && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, col: pos - start + 1 };
}

export function parseJsonFile(path: string, text: string): ParseResult {
  const raw = rawControlChars(text);
  let parsed: { data: unknown; pointers: Record<string, PointerLocations> };
  try {
    parsed = parse(text);
  } catch (e) {
    // A string left open swallows the line break and the parser fails somewhere after it: the open
    // string is the mistake, reported at its own line (what follows it is misread, so only the first).
    const open = raw.find((r) => r.char === '\n' || r.char === '\r');
    if (open) {
      const message = 'unterminated string: the closing " is missing on this line (a JSON string cannot span lines; write \\n for a line break inside a text)';
      return { ok: false, diagnostics: [{ file: path, ...lineCol(text, brokenString(text, open.stringStart)), pointer: '', message }] };
    }
    const { pos, message } = explainSyntaxError(text, (e as Error).message);
    return { ok: false, diagnostics: [...raw.map((r) => rawCharDiagnostic(path, text, r)), { file: path, ...lineCol(text, pos), pointer: '', message }] };
  }
  const { data, pointers } = parsed;
  const locate: JsonFile['locate'] = (pointer, at = 'value') => {
    let p = pointer;
    while (!(p in pointers) && p !== '') p = p.slice(0, p.lastIndexOf('/'));
    const loc = pointers[p] ?? pointers[''];
    const spot = (at === 'key' && p === pointer && loc.key) || loc.value;
    return { ...lineCol(text, spot.pos), pointer };
  };
  const file: JsonFile = {
    path,
    text,
    data,
    locate,
    error: (pointer, message, at) => ({ file: path, ...locate(pointer, at), message }),
  };
  // the file is still read (as the parser read it), so its names and keys take part in the other checks
  return { ok: true, file, diagnostics: [...raw.map((r) => rawCharDiagnostic(path, text, r)), ...duplicateKeys(path, text)] };
}

const CONTROL_NAMES: Record<string, [string, string]> = { '\n': ['line break', '\\n'], '\r': ['carriage return', '\\r'], '\t': ['tab', '\\t'] };

interface RawChar {
  char: string;
  /** offset of the character and of the opening quote of its string */
  pos: number;
  stringStart: number;
}

/**
 * Raw control characters (U+0000–U+001F) inside strings: JSON forbids them, but the position-keeping
 * parser takes them, and the server's JSON import then fails far from the file (naming the importing
 * module). Strings are read the way that parser reads them, up to the next unescaped quote.
 */
function rawControlChars(text: string): RawChar[] {
  const out: RawChar[] = [];
  let stringStart = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (stringStart < 0) {
      if (c === '"') stringStart = i;
    } else if (c === '\\') i++;
    else if (c === '"') stringStart = -1;
    else if (c < ' ') out.push({ char: c, pos: i, stringStart });
  }
  return out;
}

/**
 * On the line where a string ran over, the string whose closing quote is missing: the first one that
 * is followed by something a JSON string cannot be followed by (the missing quote pairs the rest up
 * wrongly, so the string that finally spans the line break usually starts later on the line).
 */
function brokenString(text: string, fallback: number): number {
  const lineStart = text.lastIndexOf('\n', fallback) + 1;
  for (let i = lineStart; i < fallback; i++) {
    if (text[i] !== '"') continue;
    const start = i;
    for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    let next = i + 1;
    while (text[next] === ' ' || text[next] === '\t') next++;
    if (!/[:,}\]\r\n]/.test(text[next] ?? '\n')) return start;
  }
  return fallback;
}

function rawCharDiagnostic(path: string, text: string, r: RawChar): Diagnostic {
  const code = r.char.charCodeAt(0).toString(16).padStart(4, '0');
  const [name, escape] = CONTROL_NAMES[r.char] ?? [`control character U+${code.toUpperCase()}`, `\\u${code}`];
  return {
    file: path,
    ...lineCol(text, r.pos),
    pointer: '',
    message: `raw ${name} inside a string: JSON forbids control characters in strings; write ${escape} instead`,
  };
}

/** Turns the parser's "Unexpected token x in JSON at position n" into a plain sentence. */
function explainSyntaxError(text: string, raw: string): { pos: number; message: string } {
  const m = /Unexpected token (.) in JSON at position (\d+)/s.exec(raw);
  if (!m) {
    if (/end of JSON/.test(raw)) return { pos: text.length, message: 'unexpected end of file (a closing "}" or "]" is missing?)' };
    return { pos: 0, message: raw };
  }
  const pos = Number(m[2]);
  const ch = text[pos];
  let before = pos - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  if ((ch === '}' || ch === ']') && text[before] === ',') {
    return { pos: before, message: `trailing comma before "${ch}" (JSON allows none)` };
  }
  if (ch === '/') return { pos, message: 'unexpected "/" (JSON allows no comments)' };
  if (ch === "'") return { pos, message: 'unexpected "\'" (JSON strings use double quotes)' };
  if (ch === '"' && /["}\]\d]|true|false|null/.test(text.slice(Math.max(0, before), before + 1))) {
    return { pos, message: 'unexpected "\\"" (a comma is missing before it?)' };
  }
  if (/[A-Za-z_$]/.test(ch) && (text[before] === '{' || text[before] === ',')) {
    return { pos, message: `unexpected "${ch}" (property names need double quotes)` };
  }
  return { pos, message: `unexpected "${ch}"` };
}

/** Repeated keys in one object: JSON.parse silently keeps the last, so the first one would be lost. */
function duplicateKeys(path: string, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  interface Level {
    pointer: string;
    keys: Set<string> | null;
    expectKey: boolean;
    lastKey: string;
    index: number;
  }
  const stack: Level[] = [];
  const childPointer = (top: Level | undefined) => (!top ? '' : top.pointer + pointerOf(top.keys ? top.lastKey : top.index));
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '{') stack.push({ pointer: childPointer(top), keys: new Set(), expectKey: true, lastKey: '', index: 0 });
    else if (c === '[') stack.push({ pointer: childPointer(top), keys: null, expectKey: false, lastKey: '', index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',' && top) {
      if (top.keys) top.expectKey = true;
      else top.index++;
    } else if (c === '"') {
      const start = i;
      let s = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') {
          s += text[i] + text[i + 1];
          i++;
        } else s += text[i];
      }
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(`"${s}"`) as string;
        if (top.keys.has(key)) {
          out.push({
            file: path,
            ...lineCol(text, start),
            pointer: top.pointer + pointerOf(key),
            message: `duplicate key "${key}" (the earlier value would be lost)`,
          });
        }
        top.keys.add(key);
        top.lastKey = key;
        top.expectKey = false;
      }
    }
  }
  return out;
}
