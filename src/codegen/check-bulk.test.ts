import { describe, expect, test } from 'vitest';
import { formatDiagnostic } from './diagnostics';
import { editFile, fileText, loadFixture, positionOf } from './fixture';
import { validateProject, type ValidateInput } from './validate';

const base = loadFixture('basic');
const STAFF = 'schemas/staff.json';
const ROW_ACTIONS = '"rowActions": ["view", "edit", "disable", "enable"]';

const report = (input: ValidateInput) => validateProject(input).diagnostics.map(formatDiagnostic);
const line = (input: ValidateInput, pointer: string, needle: string, message: string) => {
  const { line: l, col } = positionOf(fileText(input, STAFF), needle);
  return formatDiagnostic({ file: STAFF, line: l, col, pointer, message });
};
const withBulk = (bulk: string, extraForms = '') => {
  let input = editFile(base, STAFF, ROW_ACTIONS, `${ROW_ACTIONS},\n    "bulkActions": ${bulk}`);
  if (extraForms) input = editFile(input, STAFF, '"forms": {', `"forms": {\n    ${extraForms},`);
  return input;
};

describe('bulk actions: a row action run on each selected row, its form filled once', () => {
  test('api actions and a batch form without row values pass', () => {
    const input = withBulk(
      '["enable", "disable", { "action": "edit", "form": "batchEdit" }]',
      '"batchEdit": { "title": "staff.editTitle", "api": "edit", "items": ["roles"] }',
    );
    expect(report(input)).toEqual([]);
  });

  test('an action that opens the detail view cannot run on rows', () => {
    const input = withBulk('["view"]');
    expect(report(input)).toEqual([
      line(
        input,
        '/list/bulkActions/0',
        '"view"]',
        'bulk action "view" opens the detail view; a batch runs an action that calls an api (kind "api" or "form") on each row',
      ),
    ]);
  });

  test("a form that loads one record or shows a row's value is refused, naming each reason", () => {
    const input = withBulk('["edit"]');
    expect(report(input)).toEqual([
      line(
        input,
        '/list/bulkActions/0',
        '"edit"]',
        'bulk action "edit" fills form "edit" once for all rows, but it loads one record ("load": "detail"); name a form without it in "form" of this entry',
      ),
      line(
        input,
        '/list/bulkActions/0',
        '"edit"]',
        'bulk action "edit" fills form "edit" once for all rows, but item "username" is read-only (it shows one row\'s value); name a form without it in "form" of this entry',
      ),
    ]);
  });

  test('a batch form depending on a value outside the form, or sending to another api, or not declared', () => {
    const input = withBulk(
      '[{ "action": "edit", "form": "batchEdit" }, { "action": "disable", "form": "batchAdd" }, { "action": "enable", "form": "nope" }]',
      '"batchEdit": { "title": "staff.editTitle", "api": "edit", "items": [{ "field": "roles", "dependsOn": ["nickname"] }] }, "batchAdd": { "title": "staff.addTitle", "api": "add", "items": ["nickname"] }',
    );
    expect(report(input)).toEqual([
      line(
        input,
        '/list/bulkActions/0/form',
        '"batchEdit" }',
        'bulk action "edit" fills form "batchEdit" once for all rows, but item "roles" depends on "nickname", which is not in the form (it would come from one row); name a form without it in "form" of this entry',
      ),
      line(
        input,
        '/list/bulkActions/1/form',
        '"batchAdd" }',
        'form "batchAdd" sends to api "add", but action "disable" calls "edit"; a batch form must send to the action\'s api',
      ),
      line(input, '/list/bulkActions/2/form', '"nope" }', 'form "nope" is not declared in "forms"'),
    ]);
  });
});
