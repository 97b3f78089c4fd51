/**
 * A small TypeScript/TSX scanner for the lint: finds module specifiers (import/export-from/dynamic
 * import) and CJK text in string literals or JSX text, skipping comments. Not a parser: it masks
 * comments, strings, templates and regular expressions, which is all these checks need.
 *
 * @example
 * scanSource("import { a } from './a';\nconst t = '订单';")
 * // { imports: [{ spec: './a', line: 1, typeOnly: false }], cjk: [{ line: 2, kind: 'string', text: '订单' }] }
 */

export interface ImportRef {
  spec: string;
  line: number;
  /** `import type …` / `export type … from` (erased at run time) */
  typeOnly: boolean;
}

export interface CjkHit {
  line: number;
  kind: 'string' | 'jsx';
  text: string;
}

export const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

interface Literal {
  start: number;
  end: number;
  kind: 'string' | 'template' | 'regex';
}

/** Masks comments and literals (keeping newlines and quotes) and lists the literals. */
function mask(src: string): { masked: string; literals: Literal[] } {
  const out = src.split('');
  const literals: Literal[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  const templateDepth: number[] = []; // brace depth at which each open ${ … } returns to its template
  let braces = 0;

  const scanTemplate = (from: number): number => {
    // from is just after the opening backtick or the closing brace of ${ … }
    let j = from;
    while (j < src.length) {
      if (src[j] === '\\') j += 2;
      else if (src[j] === '`') {
        blank(from, j);
        literals.push({ start: from, end: j, kind: 'template' });
        return j + 1;
      } else if (src[j] === '$' && src[j + 1] === '{') {
        blank(from, j);
        literals.push({ start: from, end: j, kind: 'template' });
        templateDepth.push(braces);
        braces++;
        return j + 2;
      } else j++;
    }
    blank(from, src.length);
    return src.length;
  };

  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      literals.push({ start: i + 1, end: j, kind: 'string' });
      i = j + 1;
      lastSignificant = 'x';
    } else if (c === '`') {
      i = scanTemplate(i + 1);
      lastSignificant = 'x';
    } else if (c === '/' && (lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant) || /\b(return|typeof|case|in|of)\s*$/.test(src.slice(Math.max(0, i - 8), i)))) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n' && (inClass || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      blank(i + 1, j);
      literals.push({ start: i + 1, end: j, kind: 'regex' });
      i = j + 1;
      lastSignificant = 'x';
    } else {
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (templateDepth.length && templateDepth[templateDepth.length - 1] === braces) {
          templateDepth.pop();
          i = scanTemplate(i + 1);
          lastSignificant = 'x';
          continue;
        }
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return { masked: out.join(''), literals };
}

function lineAt(src: string, pos: number): number {
  let n = 1;
  for (let k = 0; k < pos; k++) if (src.charCodeAt(k) === 10) n++;
  return n;
}

export function scanSource(src: string): { imports: ImportRef[]; cjk: CjkHit[] } {
  const { masked, literals } = mask(src);
  const imports: ImportRef[] = [];
  // specifiers: `from '…'`, `import '…'`, `import('…')` — found on the masked text, read from the source
  const re = /\b(from|import)\s*(\(\s*)?(['"])/g;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    if (m[1] === 'import' && /\.\s*$/.test(masked.slice(0, m.index))) continue; // obj.import(…)
    const start = m.index + m[0].length;
    const end = src.indexOf(m[3], start);
    const spec = src.slice(start, end);
    // the statement this specifier ends: from the nearest preceding import/export keyword
    const head = masked.slice(0, m.index);
    const kw = Math.max(head.lastIndexOf('import'), head.lastIndexOf('export'));
    const typeOnly = !m[2] && kw >= 0 && /^(import|export)\s+type\b/.test(masked.slice(kw));
    imports.push({ spec, line: lineAt(src, m.index), typeOnly });
  }
  const cjk: CjkHit[] = [];
  for (const lit of literals) {
    const text = src.slice(lit.start, lit.end);
    if (lit.kind !== 'regex' && CJK.test(text)) cjk.push({ line: lineAt(src, lit.start + text.search(CJK)), kind: 'string', text: text.trim().slice(0, 40) });
  }
  const lines = masked.split('\n');
  lines.forEach((l, k) => {
    const at = l.search(CJK);
    if (at >= 0) {
      const original = src.split('\n')[k];
      cjk.push({ line: k + 1, kind: 'jsx', text: original.slice(at).trim().slice(0, 40) });
    }
  });
  return { imports, cjk: cjk.sort((a, b) => a.line - b.line) };
}
