import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from './cli';
import { FIXTURES } from './fixture';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A writable copy of the fixture project, and the CLI run on it with its handler index. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'codegen-cli-'));
  dirs.push(root);
  cpSync(join(FIXTURES, 'basic', 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(FIXTURES, 'basic', 'locales'), join(root, 'locales'), { recursive: true });
  const modules = JSON.parse(readFileSync(join(FIXTURES, 'basic', 'handlers.json'), 'utf8'));
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runCli(argv, { root, loadHandlers: async () => ({ source: 'server/modules/index.ts', modules }), log: (l) => lines.push(l) });
    return { code, lines };
  };
  return { root, run };
}

describe('schemas CLI', () => {
  test('validate is the default command and prints the summary', async () => {
    const { run } = project();
    expect(await run()).toEqual({ code: 0, lines: ['schemas OK (5 files)'] });
    expect(await run('validate')).toEqual({ code: 0, lines: ['schemas OK (5 files)'] });
  });

  test('errors print one line each and exit non-zero', async () => {
    const { root, run } = project();
    const p = join(root, 'schemas/staff.json');
    writeFileSync(p, readFileSync(p, 'utf8').replace('"columns"', '"colums"'));
    const { code, lines } = await run('validate');
    expect(code).toBe(1);
    expect(lines).toEqual([
      'schemas/staff.json:24:11  /list  missing required property "columns" in "list"',
      'schemas/staff.json:26:5  /list/colums  unknown property "colums" (did you mean "columns"?)',
      '2 errors in 1 file',
    ]);
  });

  test('gen writes every file; --check then passes, and fails listing a file edited by hand', async () => {
    const { root, run } = project();
    // a file gen does not write, in a generated folder: reported and deleted
    cpSync(join(FIXTURES, 'basic', 'schemas'), join(root, 'src/generated/old'), { recursive: true });
    // a screen that calls one binding by name: the services file holds that function
    const screen = join(root, 'src/screens/board.tsx');
    mkdirSync(dirname(screen), { recursive: true });
    writeFileSync(screen, "import { ticketCount } from '../generated/services';\n");
    const first = await run('gen', '--check');
    expect(first.code).toBe(1);
    expect(first.lines).toContain('would change: src/generated/routes.ts');
    expect(first.lines).toContain('would delete: src/generated/old/app.json');

    const gen = await run('gen');
    expect(gen.code).toBe(0);
    expect(gen.lines).toContain('wrote src/generated/services.ts');
    expect(existsSync(join(root, 'src/generated/old/app.json'))).toBe(false);
    expect(readFileSync(join(root, 'public/locales/zh-CN.json'), 'utf8')).toContain('"ticket.photos": "现场照片"');

    expect((await run('gen', '--check')).lines.at(-1)).toBe('generated files are up to date (10 files)');
    writeFileSync(join(root, 'src/generated/icons.ts'), '// edited\n');
    const check = await run('gen', '--check');
    expect(check.code).toBe(1);
    expect(check.lines.slice(1)).toEqual(['would change: src/generated/icons.ts', '1 generated files are out of date; run npm run gen']);
    expect((await run('gen')).lines.slice(1)).toEqual(['wrote src/generated/icons.ts', 'gen: 1 written, 0 deleted']);
    expect(readFileSync(join(root, 'src/generated/services.ts'), 'utf8')).toMatch(/export function ticketCount\b/);

    // the screen stops calling it: gen --check says so, gen deletes the file
    writeFileSync(screen, '// no service call any more\n');
    expect((await run('gen', '--check')).lines.slice(1)).toEqual([
      'would delete: src/generated/services.ts',
      '1 generated files are out of date; run npm run gen',
    ]);
    expect((await run('gen')).lines.slice(1)).toEqual(['deleted src/generated/services.ts', 'gen: 0 written, 1 deleted']);
  });

  test('gen refuses to write while the schemas have errors', async () => {
    const { root, run } = project();
    const p = join(root, 'locales/en-US/ticket.json');
    writeFileSync(p, readFileSync(p, 'utf8').replace('"ticket.note": "Note",\n', ''));
    const { code } = await run('gen');
    expect(code).toBe(1);
    expect(existsSync(join(root, 'src/generated'))).toBe(false);
  });

  test('server modules that fail to load are an error, not a skipped check', async () => {
    const { root } = project();
    const lines: string[] = [];
    const code = await runCli(['validate'], {
      root,
      loadHandlers: async () => ({ source: 'server/modules/index.ts', error: 'Cannot find module ./x' }),
      log: (l) => lines.push(l),
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'server/modules/index.ts:1:1  /  cannot load the server modules to check their handlers: Cannot find module ./x',
      '1 error in 1 file',
    ]);
  });

  test('a locale file that is not strict JSON is reported at its line, and the server modules that import it are not loaded', async () => {
    const { root } = project();
    const p = join(root, 'locales/en-US/ticket.json');
    writeFileSync(p, readFileSync(p, 'utf8').replace('"ticket.note": "Note"', '"ticket.note": "No\nte"'));
    const lines: string[] = [];
    let loaded = false;
    const loadHandlers = async () => {
      loaded = true;
      return { source: 'server/modules/index.ts', error: 'Transform failed with 1 error' };
    };
    const code = await runCli(['validate'], { root, loadHandlers, log: (l) => lines.push(l) });
    expect({ code, loaded, lines }).toEqual({
      code: 1,
      loaded: false,
      lines: [
        'locales/en-US/ticket.json:10:21  /  raw line break inside a string: JSON forbids control characters in strings; write \\n instead',
        '1 error in 1 file',
      ],
    });
  });

  test('icons are looked up in @ant-design/icons', async () => {
    const { iconExists } = await import('./cli');
    expect(iconExists('TeamOutlined')).toBe(true);
    expect(iconExists('TeamOutline')).toBe(false);
  });

  test('unknown commands and options are refused', async () => {
    const { run } = project();
    expect((await run('generate')).code).toBe(1);
    expect((await run('validate', '--check')).code).toBe(1);
  });
});
