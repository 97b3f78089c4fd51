/**
 * `npm run lint`: import direction between layers, import cycles, and CJK text in source (visible
 * text must be i18n keys). Prints `file:line  rule  message`.
 *
 * @example
 * const findings = lintProject('/repo');
 * // [{ file: 'src/engine/x.ts', line: 3, rule: 'import-direction', message: 'src/engine may not import src/shell (…)' }]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { scanSource, type ImportRef } from './lint-scan';
import { cmp } from './text';

export interface Finding {
  file: string;
  line: number;
  rule: 'import-direction' | 'import-cycle' | 'cjk-text' | 'unresolved-import';
  message: string;
}

/** Layers by folder, most specific first, and what each may import (besides itself). */
export const LAYERS: { name: string; prefix: string; may: string[] }[] = [
  { name: 'src/schema', prefix: 'src/schema/', may: [] },
  { name: 'src/engine', prefix: 'src/engine/', may: ['src/schema'] },
  { name: 'src/renderer', prefix: 'src/renderer/', may: ['src/schema', 'src/engine'] },
  { name: 'src/shell', prefix: 'src/shell/', may: ['src/schema', 'src/engine', 'src/renderer'] },
  { name: 'src/screens', prefix: 'src/screens/', may: ['src/schema', 'src/engine', 'src/renderer', 'src/shell', 'src/generated'] },
  { name: 'src/generated', prefix: 'src/generated/', may: ['src/schema', 'src/shell'] },
  { name: 'src/codegen', prefix: 'src/codegen/', may: ['src/schema'] },
  { name: 'src/app', prefix: 'src/app/', may: ['src/*'] },
  { name: 'server/core', prefix: 'server/core/', may: ['src/schema'] },
  { name: 'server/modules', prefix: 'server/modules/', may: ['server/core', 'src/schema', 'server/platforms'] },
  // platform adapters (DESIGN §5) are shared by the modules that talk to e-commerce platforms; the
  // rules in RULES.md predate the folder, so it gets the modules' own limits
  { name: 'server/platforms', prefix: 'server/platforms/', may: ['server/core', 'src/schema'] },
];

/** Data folders any code may import JSON from (schemas are data; generated routes load them lazily). */
const DATA = ['schemas/', 'locales/'];
const CODE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'coverage', 'fixtures']);

export function layerOf(file: string): string | null {
  return LAYERS.find((l) => file.startsWith(l.prefix))?.name ?? null;
}

function allowed(from: string, target: string): boolean {
  if (DATA.some((d) => target.startsWith(d)) && target.endsWith('.json')) return true;
  const fromLayer = layerOf(from);
  // the generated record and input types (type declarations only) type the server modules' handlers too
  if (from.startsWith('server/modules/') && target === 'src/generated/types.ts') return true;
  if (from.startsWith('src/') && target.startsWith('server/')) return false;
  if (!fromLayer) return true; // scripts, e2e, bench, src root entry files: anything
  const targetLayer = layerOf(target);
  if (targetLayer === fromLayer) return true;
  const rule = LAYERS.find((l) => l.name === fromLayer)!;
  if (rule.may.includes('src/*') && target.startsWith('src/')) return true;
  return targetLayer !== null && rule.may.includes(targetLayer);
}

function explain(from: string, target: string): string {
  const fromLayer = layerOf(from) ?? 'src';
  const targetLayer = layerOf(target) ?? target.split('/').slice(0, 2).join('/');
  if (from.startsWith('src/') && target.startsWith('server/')) return `src may not import server code (${target})`;
  const rule = LAYERS.find((l) => l.name === fromLayer);
  const may = rule?.may.length ? rule.may.join(', ') : 'nothing else of the project';
  return `${fromLayer} may not import ${targetLayer} (${target}); it may import ${may}`;
}

/** Project source files (ts/tsx) under the given folders, relative with forward slashes. */
export function sourceFiles(root: string, folders = ['src', 'server', 'scripts', 'e2e', 'bench']): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(child);
    }
  };
  folders.forEach(walk);
  return out.sort(cmp);
}

/**
 * Tests and their support files (x.test.ts, testing.tsx, test-kit.ts, test-support.ts, server/test/**)
 * may import test harnesses across layers and hold Chinese sample data.
 */
export const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(server\/test|test-fixtures|__tests__)\//.test(file) || /(^|[/.-])(testing|test-?kit|test-support|testkit)\.tsx?$/.test(file);

/** Resolves a relative specifier the way the bundler does (extensionless, index files). */
export function resolveImport(root: string, from: string, spec: string): string | null {
  const base = join(dirname(join(root, from)), spec.replace(/\?.*$/, ''));
  const ts = base.replace(/\.js$/, ''); // "./x.js" written for Node ESM still means x.ts
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${ts}.ts`, `${ts}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const c of candidates) {
    if (existsSync(c) && statSync(c).isFile()) return relative(root, c).split('\\').join('/');
  }
  return null;
}

export function lintProject(root: string, files = sourceFiles(root)): Finding[] {
  const findings: Finding[] = [];
  const graph = new Map<string, { target: string; line: number }[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const { imports, cjk } = scanSource(text);
    const lines = text.split('\n');
    // "lint-allow-cjk: <why>" on the line or the line above accepts a deliberate exception
    const excused = (line: number) => /lint-allow-cjk/.test(lines[line - 1] ?? '') || /lint-allow-cjk/.test(lines[line - 2] ?? '');
    const edges: { target: string; line: number }[] = [];
    for (const imp of imports) checkImport(root, file, imp, findings, edges);
    graph.set(file, edges);
    if (file.startsWith('src/') && !isTest(file)) {
      for (const hit of cjk) {
        if (excused(hit.line)) continue;
        const where = hit.kind === 'jsx' ? 'JSX text' : 'a string literal';
        findings.push({ file, line: hit.line, rule: 'cjk-text', message: `Chinese text in ${where} ("${hit.text}"); visible text must be an i18n key in locales/` });
      }
    }
  }
  findings.push(...cycles(graph));
  return findings.sort((a, b) => cmp(a.file, b.file) || a.line - b.line || cmp(a.rule, b.rule));
}

function checkImport(root: string, file: string, imp: ImportRef, findings: Finding[], edges: { target: string; line: number }[]): void {
  if (!imp.spec.startsWith('.')) return; // packages and node builtins
  const target = resolveImport(root, file, imp.spec);
  if (!target) {
    findings.push({ file, line: imp.line, rule: 'unresolved-import', message: `"${imp.spec}" does not resolve to a file` });
    return;
  }
  if (!isTest(file) && !allowed(file, target)) findings.push({ file, line: imp.line, rule: 'import-direction', message: explain(file, target) });
  // type-only imports are erased, so they cannot form a cycle at run time
  if (!imp.typeOnly && CODE.test(target)) edges.push({ target, line: imp.line });
}

/** Every import cycle (one finding per strongly connected group, at its first file). */
function cycles(graph: Map<string, { target: string; line: number }[]>): Finding[] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const { target: w } of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).some((e) => e.target === v);
      if (group.length > 1 || selfLoop) groups.push(group);
    }
  };
  for (const v of [...graph.keys()].sort(cmp)) if (!idx.has(v)) visit(v);
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort(cmp)[0];
    // walk one concrete loop from the first file for the message
    const path = [start];
    let cur = start;
    const seen = new Set([start]);
    for (;;) {
      const next = (graph.get(cur) ?? []).map((e) => e.target).filter((t) => members.has(t)).sort(cmp);
      const back = next.find((t) => t === start);
      const step = back ?? next.find((t) => !seen.has(t)) ?? next[0];
      path.push(step);
      if (step === start || seen.has(step)) break;
      seen.add(step);
      cur = step;
    }
    const line = (graph.get(start) ?? []).find((e) => e.target === path[1])?.line ?? 1;
    return { file: start, line, rule: 'import-cycle' as const, message: `import cycle: ${path.join(' → ')}` };
  });
}

export function formatFinding(f: Finding): string {
  return `${f.file}:${f.line}  ${f.rule}  ${f.message}`;
}
