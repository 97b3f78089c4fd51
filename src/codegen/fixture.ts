/**
 * Test support: a fixture project folder (schemas/, locales/, server/, handlers.json) as validator input, and
 * text edits that introduce one mistake at a time.
 *
 * @example
 * const input = loadFixture('basic');
 * const broken = editFile(input, 'schemas/staff.json', '"columns"', '"colums"');
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HandlerIndex } from './check-context';
import { readLocaleFiles, readSchemaFiles, readServerSources, type SourceFile } from './load';
import type { ValidateInput } from './validate';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export function loadFixture(name: string): ValidateInput {
  const root = join(FIXTURES, name);
  const handlers: HandlerIndex = { source: 'server/modules/index.ts', modules: JSON.parse(readFileSync(join(root, 'handlers.json'), 'utf8')) };
  return { schemaFiles: readSchemaFiles(root), localeFiles: readLocaleFiles(root), handlers, iconExists: () => true, serverSources: readServerSources(root) };
}

/** A copy of the input with the first occurrence of `find` replaced in one file (which must contain it). */
export function editFile(input: ValidateInput, path: string, find: string | RegExp, replace: string): ValidateInput {
  const edit = (f: SourceFile): SourceFile => {
    if (f.path !== path) return f;
    const text = f.text.replace(find, replace);
    if (text === f.text) throw new Error(`${path} does not contain ${String(find)}`);
    return { ...f, text };
  };
  const has = [...input.schemaFiles, ...input.localeFiles].some((f) => f.path === path);
  if (!has) throw new Error(`no file ${path} in the fixture`);
  return { ...input, schemaFiles: input.schemaFiles.map(edit), localeFiles: input.localeFiles.map(edit) };
}

/** 1-based line and column where `needle` first occurs in `text` (after `after`, when given). */
export function positionOf(text: string, needle: string, after = ''): { line: number; col: number } {
  const from = after ? text.indexOf(after) : 0;
  if (from < 0) throw new Error(`"${after}" not found`);
  const i = text.indexOf(needle, from);
  if (i < 0) throw new Error(`"${needle}" not found`);
  const before = text.slice(0, i).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

export function fileText(input: ValidateInput, path: string): string {
  const f = [...input.schemaFiles, ...input.localeFiles].find((x) => x.path === path);
  if (!f) throw new Error(`no file ${path}`);
  return f.text;
}
