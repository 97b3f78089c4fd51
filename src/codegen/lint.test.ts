import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { formatFinding, lintProject } from './lint';
import { scanSource } from './lint-scan';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** Lints a throw-away project made of the given files. */
function lint(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), 'lint-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return lintProject(root).map(formatFinding);
}

describe('import direction', () => {
  test('a lower layer importing a higher one is reported at its line', () => {
    expect(
      lint({
        'src/engine/a.ts': "import { x } from '../schema';\nimport { y } from '../shell/y';\nexport const a = x + y;\n",
        'src/schema/index.ts': 'export const x = 1;\n',
        'src/shell/y.ts': 'export const y = 2;\n',
      }),
    ).toEqual(['src/engine/a.ts:2  import-direction  src/engine may not import src/shell (src/shell/y.ts); it may import src/schema']);
  });

  test('src/schema imports nothing else of the project; src never imports server', () => {
    expect(
      lint({
        'src/schema/a.ts': "export { e } from '../engine/e';\n",
        'src/engine/e.ts': 'export const e = 1;\n',
        'src/shell/s.ts': "import type { Db } from '../../server/core/db';\nexport type S = Db;\n",
        'server/core/db.ts': 'export type Db = number;\n',
      }),
    ).toEqual([
      'src/schema/a.ts:1  import-direction  src/schema may not import src/engine (src/engine/e.ts); it may import nothing else of the project',
      'src/shell/s.ts:1  import-direction  src may not import server code (server/core/db.ts)',
    ]);
  });

  test('allowed directions pass: screens → generated, generated → shell and schema JSON, modules → core', () => {
    expect(
      lint({
        'schemas/staff.json': '{}',
        'src/schema/index.ts': 'export const x = 1;\n',
        'src/shell/request.ts': "import { x } from '../schema';\nexport const callApi = () => x;\n",
        'src/generated/routes.ts': "import { callApi } from '../shell/request';\nexport const load = () => import('../../schemas/staff.json').then(callApi);\n",
        'src/screens/home.tsx': "import { load } from '../generated/routes';\nexport const Home = () => load;\n",
        'server/core/contract.ts': "import { x } from '../../src/schema';\nexport const c = x;\n",
        'server/modules/staff/index.ts': "import { c } from '../../core/contract';\nexport const m = c;\n",
        'scripts/seed.ts': "import { m } from '../server/modules/staff';\nconsole.log(m);\n",
      }),
    ).toEqual([]);
  });

  test('generated may not import the renderer; server/core may not import modules; codegen only schema', () => {
    expect(
      lint({
        'src/renderer/r.ts': 'export const r = 1;\n',
        'src/generated/g.ts': "export * from '../renderer/r';\n",
        'server/modules/m.ts': 'export const m = 1;\n',
        'server/core/c.ts': "import { m } from '../modules/m';\nexport const c = m;\n",
        'src/codegen/x.ts': "import { r } from '../renderer/r';\nexport const x = r;\n",
      }),
    ).toEqual([
      'server/core/c.ts:1  import-direction  server/core may not import server/modules (server/modules/m.ts); it may import src/schema',
      'src/codegen/x.ts:1  import-direction  src/codegen may not import src/renderer (src/renderer/r.ts); it may import src/schema',
      'src/generated/g.ts:1  import-direction  src/generated may not import src/renderer (src/renderer/r.ts); it may import src/schema, src/shell',
    ]);
  });

  test('an import that resolves to no file', () => {
    expect(lint({ 'src/engine/a.ts': "import { b } from './b';\nexport const a = b;\n" })).toEqual([
      'src/engine/a.ts:1  unresolved-import  "./b" does not resolve to a file',
    ]);
  });
});

describe('import cycles', () => {
  test('a value cycle is reported once with its path; type-only imports do not count', () => {
    expect(
      lint({
        'src/engine/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/engine/b.ts': "\nimport { c } from './c';\nexport const b = () => c;\n",
        'src/engine/c.ts': "import { a } from './a';\nexport const c = () => a;\n",
        'src/engine/d.ts': "import type { E } from './e';\nexport type D = E;\n",
        'src/engine/e.ts': "import type { D } from './d';\nexport type E = D | 1;\n",
      }),
    ).toEqual(['src/engine/a.ts:1  import-cycle  import cycle: src/engine/a.ts → src/engine/b.ts → src/engine/c.ts → src/engine/a.ts']);
  });
});

describe('Chinese text outside the locale files', () => {
  test('string literals and JSX text are reported; comments, tests and excused lines are not', () => {
    expect(
      lint({
        'src/shell/Page.tsx': [
          '// 页面：注释里可以写中文',
          "export const title = '订单管理';",
          'export const Page = () => <div>',
          '  订单列表',
          '</div>;',
          "export const key = 'order.title'; /* 中文注释 */",
          "// lint-allow-cjk: shown before the locale file has loaded",
          "export const loading = '加载中...';",
        ].join('\n'),
        'src/shell/Page.test.tsx': "export const sample = '张三';\n",
      }),
    ).toEqual([
      'src/shell/Page.tsx:2  cjk-text  Chinese text in a string literal ("订单管理"); visible text must be an i18n key in locales/',
      'src/shell/Page.tsx:4  cjk-text  Chinese text in JSX text ("订单列表"); visible text must be an i18n key in locales/',
    ]);
  });
});

describe('scanner', () => {
  test('finds every kind of module specifier and tells type-only ones apart', () => {
    const src = [
      "import type { A } from '../schema';",
      'import { b } from "./b"; // import x from \'./not-this\'',
      "export { c } from './c';",
      "export type { D } from './d';",
      "const lazy = () => import('./lazy');",
      "import './side-effect.css';",
      "const s = 'from \"./string-not-import\"';",
    ].join('\n');
    expect(scanSource(src).imports).toEqual([
      { spec: '../schema', line: 1, typeOnly: true },
      { spec: './b', line: 2, typeOnly: false },
      { spec: './c', line: 3, typeOnly: false },
      { spec: './d', line: 4, typeOnly: true },
      { spec: './lazy', line: 5, typeOnly: false },
      { spec: './side-effect.css', line: 6, typeOnly: false },
    ]);
  });

  test('template literals (with nested expressions) and regular expressions', () => {
    const src = "const re = /[\\u4e00-\\u9fa5]'/g;\nconst t = `a ${x + '你好'} b ${y} 世界`;\nconst q = a / b / c;\n";
    expect(scanSource(src).cjk).toEqual([
      { line: 2, kind: 'string', text: '你好' },
      { line: 2, kind: 'string', text: '世界' },
    ]);
  });
});
