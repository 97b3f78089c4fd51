/**
 * The lint (eslint.config.js) refuses each kind of boundary mistake: run on a throw-away project tree
 * with the real config and the real node_modules, one small file per mistake.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
let tmp = '';
let results: Map<string, string[]>;

/** file → source; every file of the tree, the mistakes and the allowed imports they sit beside */
const TREE: Record<string, string> = {
  'schemas/order.json': '{ "name": "order" }',
  'schemas/app.json': '{ "title": "app.title" }',
  'src/schema/index.ts': 'export const x = 1;\n',
  'src/engine/index.ts': "import { x } from '../schema';\nexport const y = x;\n",
  'src/renderer/index.ts': "import { y } from '../engine';\nexport const z = y;\n",
  'src/shell/config.ts': "import app from '../../schemas/app.json';\nexport const cfg = app;\n",
  'server/core/index.ts': "import { x } from '../../src/schema';\nexport const core = x;\n",
  'server/modules/store/index.ts': "export { badField } from './store-errors';\n",
  'server/modules/store/store-errors.ts': 'export const badField = 1;\n',
  'server/modules/file/ok.ts': "import { badField } from '../store';\nexport const ok = badField;\n",
  // mistakes
  'src/engine/uses-antd.ts': "import { Button } from 'antd';\nexport const b = Button;\n",
  'src/schema/requires-react-dom.ts': "const dom = require('react-dom');\nexport const d = dom;\n",
  'src/schema/imports-engine.ts': "import { y } from '../engine';\nexport const w = y;\n",
  'src/renderer/imports-schema-file.ts': "import order from '../../schemas/order.json';\nexport const o = order;\n",
  'server/core/imports-renderer.ts': "export { z } from '../../src/renderer';\n",
  'server/core/requires-antd.ts': "export const antd = require('antd');\n",
  'server/modules/file/inside-store.ts': "import { badField } from '../store/store-errors';\nexport const f = badField;\n",
  'server/modules/file/requires-inside-store.ts': "export const g = require('../store/store-errors');\n",
  'src/engine/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'src/engine/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'src/renderer/chinese.tsx': "export const title = '订单';\nexport const el = <div>订单列表</div>;\nexport const t = `共 ${1} 条`;\n",
  'src/renderer/missing.ts': "export { q } from './no-such-file';\n",
  'src/renderer/transition-events.tsx':
    'export const a = <div onTransitionEnd={() => {}} />;\nexport const b = <div onTransitionRun={() => {}} />;\nexport const c = <div onTransitionCancelCapture={() => {}} />;\n',
};

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  cpSync(join(root, 'eslint.config.js'), join(tmp, 'eslint.config.js'));
  writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }');
  symlinkSync(join(root, 'node_modules'), join(tmp, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(tmp, file)), { recursive: true });
    writeFileSync(join(tmp, file), text);
  }
  const eslint = new ESLint({ cwd: tmp, cache: false });
  const out = await eslint.lintFiles(['src', 'server']);
  results = new Map(out.map((r) => [r.filePath.slice(tmp.length + 1), r.messages.map((m) => `${m.line}:${m.ruleId}`)]));
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('eslint.config.js', () => {
  test('allowed imports pass: one way down the layers, app.json in the shell, a module through its index.ts', () => {
    for (const f of ['src/engine/index.ts', 'src/renderer/index.ts', 'src/shell/config.ts', 'server/core/index.ts', 'server/modules/file/ok.ts']) {
      expect(results.get(f), f).toEqual([]);
    }
  });

  test('the schema language and the engine never use antd or react-dom (import or require)', () => {
    expect(results.get('src/engine/uses-antd.ts')).toEqual(['1:boundaries/external']);
    expect(results.get('src/schema/requires-react-dom.ts')).toEqual(['1:boundaries/external']);
  });

  test('imports run one way, and the server never imports browser layers or packages', () => {
    expect(results.get('src/schema/imports-engine.ts')).toEqual(['1:boundaries/element-types']);
    expect(results.get('server/core/imports-renderer.ts')).toEqual(['1:boundaries/element-types']);
    expect(results.get('server/core/requires-antd.ts')).toEqual(['1:boundaries/external']);
  });

  test('generic layers never import console data', () => {
    expect(results.get('src/renderer/imports-schema-file.ts')).toEqual(['1:boundaries/element-types']);
  });

  test('a server module reaches another only through its index.ts (import or require)', () => {
    expect(results.get('server/modules/file/inside-store.ts')).toEqual(['1:boundaries/entry-point']);
    expect(results.get('server/modules/file/requires-inside-store.ts')).toEqual(['1:boundaries/entry-point']);
  });

  test('import cycles and imports of nothing', () => {
    expect(results.get('src/engine/cycle-a.ts')).toEqual(['1:import-x/no-cycle']);
    expect(results.get('src/engine/cycle-b.ts')).toEqual(['1:import-x/no-cycle']);
    expect(results.get('src/renderer/missing.ts')).toEqual(['1:import-x/no-unresolved']);
  });

  test('no onTransitionRun / onTransitionStart / onTransitionCancel (the production build does not listen for them); onTransitionEnd is fine', () => {
    expect(results.get('src/renderer/transition-events.tsx')).toEqual(['2:no-restricted-syntax', '3:no-restricted-syntax']);
  });

  test('no Chinese text in string, JSX or template text', () => {
    expect(results.get('src/renderer/chinese.tsx')).toEqual([
      '1:no-restricted-syntax',
      '2:no-restricted-syntax',
      '3:no-restricted-syntax',
      '3:no-restricted-syntax',
    ]);
  });
});
