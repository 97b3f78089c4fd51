import { describe, expect, test } from 'vitest';
import { formatDiagnostic, type Diagnostic } from './diagnostics';
import { editFile, fileText, loadFixture, positionOf } from './fixture';
import { validateProject, type ValidateInput } from './validate';

const base = loadFixture('basic');

/** The diagnostics of an edited fixture, as printed lines. */
function report(input: ValidateInput): string[] {
  return validateProject(input).diagnostics.map(formatDiagnostic);
}

/** The printed line for a mistake whose place is where `needle` occurs in the edited file. */
function line(input: ValidateInput, file: string, pointer: string, needle: string, message: string, after = ''): string {
  const { line: l, col } = positionOf(fileText(input, file), needle, after);
  return formatDiagnostic({ file, line: l, col, pointer, message } satisfies Diagnostic);
}

describe('validate reports each schema mistake with file, pointer, line and a sentence', () => {
  test('the untouched fixture has no errors', () => {
    expect(report(base)).toEqual([]);
  });

  test('result shapes: an unknown property type, an unknown shape, and "returns" that does not fit the result', () => {
    const R = 'schemas/report.json';
    const typo = editFile(base, R, '"byDay": "dayCount[]"', '"byDay": "dayCont[]"');
    expect(report(typo)).toEqual([
      line(
        typo,
        R,
        '/shapes/summary/byDay',
        '"dayCont[]"',
        'type "dayCont" is not a base type (string, integer, number, boolean, money, bigint, date, datetime, json), a shape or a field of this file (did you mean "dayCount"?)',
      ),
    ]);
    const missing = editFile(base, R, '"returns": "summary"', '"returns": "summery"');
    expect(report(missing)).toEqual([
      line(missing, R, '/api/summary/returns', '"summery"', 'shape "summery" is not declared in "shapes" (did you mean "summary"?)'),
    ]);
    const clash = editFile(editFile(base, R, '"dayCount": {', '"record": {'), R, '"dayCount[]"', '"record[]"');
    expect(report(clash)).toEqual([
      line(
        clash,
        R,
        '/shapes/record',
        '"record"',
        'shape name "record" would clash with a generated type name (Record, Bindings, Results, …Input): rename it',
        '"shapes"',
      ),
    ]);
    const list = editFile(base, R, '"returns": "summary"', '"returns": "summary[]"');
    expect(report(list)).toEqual([line(list, R, '/api/summary/returns', '"summary[]"', '"summary[]" is a list: it needs result "list"')]);
  });

  test('"returns" may name another resource\'s record with "@": the name must be a resource', () => {
    const R = 'schemas/report.json';
    expect(report(editFile(base, R, '"returns": "summary"', '"returns": "@staff"'))).toEqual([]);
    const typo = editFile(base, R, '"returns": "summary"', '"returns": "@staf"');
    expect(report(typo)).toEqual([
      line(typo, R, '/api/summary/returns', '"@staf"', '"@staf" names no resource (did you mean "@staff"?): "@" takes the "name" of another schema file'),
    ]);
  });

  test('typo in a property name, with a suggestion', () => {
    const input = editFile(base, 'schemas/staff.json', '"columns"', '"colums"');
    expect(report(input)).toEqual([
      line(input, 'schemas/staff.json', '/list', '{', 'missing required property "columns" in "list"', '"list": {\n'),
      line(input, 'schemas/staff.json', '/list/colums', '"colums"', 'unknown property "colums" (did you mean "columns"?)'),
    ]);
  });

  test('wrong type literal lists the allowed values', () => {
    const input = editFile(base, 'schemas/ticket.json', '"type": "text"', '"type": "strng"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/ticket.json',
        '/fields/note/type',
        '"strng"',
        '"type" must be one of string, text, password, number, integer, money, bigint, boolean, enum, date, datetime, dateRange, region, image, file, phone, dict, ref; got "strng"',
      ),
    ]);
  });

  test('a business time zone that is not an IANA zone', () => {
    const input = editFile(base, 'schemas/app.json', '"Asia/Shanghai"', '"China/Beijing"');
    expect(report(input)).toEqual([
      line(input, 'schemas/app.json', '/timeZone', '"China/Beijing"', '"China/Beijing" is not an IANA time zone (e.g. "Asia/Shanghai")'),
    ]);
  });

  test('missing title', () => {
    const input = editFile(base, 'schemas/ticket.json', '"title": "ticket.note", ', '');
    expect(report(input)).toEqual([line(input, 'schemas/ticket.json', '/fields/note', '{', 'missing required property "title" in "note"', '"note":')]);
  });

  test('literal text where an i18n key belongs', () => {
    const input = editFile(base, 'schemas/ticket.json', '"title": "ticket.note"', '"title": "备注"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/ticket.json',
        '/fields/note/title',
        '"备注"',
        '"title" must be an i18n key such as "order.amount" (words joined by dots), not literal text; got "备注"',
      ),
    ]);
  });

  test('key missing in en-US: reported where the schema uses it and where zh-CN defines it', () => {
    const input = editFile(base, 'locales/en-US/ticket.json', '  "ticket.note": "Note",\n', '');
    expect(report(input)).toEqual([
      line(input, 'locales/zh-CN/ticket.json', '/ticket.note', '"ticket.note"', 'key "ticket.note" is missing in en-US (locales/en-US/*.json)'),
      line(input, 'schemas/ticket.json', '/fields/note/title', '"ticket.note"', 'i18n key "ticket.note" is missing in en-US (locales/en-US/*.json)'),
    ]);
  });

  test('the same key in two namespace files of one locale', () => {
    const input = editFile(base, 'locales/zh-CN/ticket.json', '{\n', '{\n  "common.add": "添加",\n');
    expect(report(input)).toEqual([
      line(input, 'locales/zh-CN/ticket.json', '/common.add', '"common.add"', 'key "common.add" is already defined in locales/zh-CN/common.json'),
    ]);
  });

  test('undefined enum, with a suggestion', () => {
    const input = editFile(base, 'schemas/ticket.json', '"enum": "ticketStatus", "title"', '"enum": "ticketState", "title"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/ticket.json',
        '/fields/status/enum',
        '"ticketState"',
        'enum "ticketState" is not defined in app.json "enums" or this file\'s "enums" (did you mean "ticketStatus"?)',
      ),
    ]);
  });

  test('undefined dict', () => {
    const input = editFile(base, 'schemas/ticket.json', '"dict": "user"', '"dict": "users"');
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/fields/assigneeId/dict', '"users"', 'dict "users" is not defined in app.json "dicts"'),
    ]);
  });

  test('unknown column field', () => {
    const input = editFile(base, 'schemas/staff.json', '"columns": ["username", "nickname"', '"columns": ["username", "nickName"');
    expect(report(input)).toEqual([
      line(input, 'schemas/staff.json', '/list/columns/1', '"nickName"', 'column "nickName" is not declared in "fields" (did you mean "nickname"?)'),
    ]);
  });

  test('a writeOnly field as a column', () => {
    const input = editFile(base, 'schemas/staff.json', '"columns": ["username"', '"columns": ["password"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/staff.json',
        '/list/columns/0',
        '"password"',
        'column "password" is writeOnly: the server never returns it, so it cannot be shown',
        '"columns"',
      ),
    ]);
  });

  test('action naming an unknown form', () => {
    const input = editFile(base, 'schemas/ticket.json', '"form": "close"', '"form": "closeForm"');
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/actions/close/form', '"closeForm"', 'form "closeForm" is not declared in "forms" (did you mean "close"?)'),
    ]);
  });

  test('action of kind "api" without an api', () => {
    const input = editFile(
      base,
      'schemas/staff.json',
      '"kind": "api", "api": "edit", "params": { "enabled": false }',
      '"kind": "api", "params": { "enabled": false }',
    );
    expect(report(input)).toEqual([
      line(input, 'schemas/staff.json', '/actions/disable', '{', 'action "disable" has kind "api" but names no "api"', '"disable": {'),
    ]);
  });

  test('row action that is not declared', () => {
    const input = editFile(base, 'schemas/staff.json', '"rowActions": ["view"', '"rowActions": ["veiw"');
    expect(report(input)).toEqual([
      line(input, 'schemas/staff.json', '/list/rowActions/0', '"veiw"', 'action "veiw" is not declared in "actions" (did you mean "view"?)'),
    ]);
  });

  test("form item that the form's api does not take", () => {
    const input = editFile(base, 'schemas/ticket.json', '"photos", "note"] }, "result": "record"', '"photos"] }, "result": "record"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/ticket.json',
        '/forms/add/items/6',
        '"note"',
        'form "add" shows "note" but its api "add" does not take it (add it to api.add.input, or make the item readOnly)',
        '"forms"',
      ),
    ]);
  });

  test('duplicate route path', () => {
    const input = editFile(base, 'schemas/report.json', '"path": "/report"', '"path": "/ticket"');
    expect(report(input)).toEqual([line(input, 'schemas/ticket.json', '/route/path', '"/ticket"', 'route path "/ticket" is also used by schemas/report.json')]);
  });

  test("route colliding with the shell's /login", () => {
    const input = editFile(base, 'schemas/report.json', '"path": "/report"', '"path": "/login"');
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/report.json',
        '/route/path',
        '"/login"',
        'route path "/login" is an open route of the shell (/login, /401, /403, /404, /error, /index, /redirect, /common/redirect and /); choose another path',
      ),
    ]);
  });

  test('two bindings with the same method and path (slashes normalised)', () => {
    const input = editFile(base, 'schemas/session.json', '"path": "user/logout"', '"path": "/user/add/"');
    expect(report(input)).toEqual([
      line(input, 'schemas/staff.json', '/api/add/path', '"/user/add"', 'POST /user/add is also declared by schemas/session.json (api "logout")'),
    ]);
  });

  test('binding without a server handler', () => {
    const input: ValidateInput = {
      ...base,
      handlers: { ...base.handlers!, modules: { ...base.handlers!.modules, ticket: base.handlers!.modules.ticket.filter((h) => h !== 'export') } },
    };
    expect(report(input)).toEqual([
      line(
        input,
        'schemas/ticket.json',
        '/api/export',
        '"export": {',
        'api "export" has no server handler (server module "ticket" has no handler named "export")',
      ),
    ]);
  });

  test('server handler without a binding', () => {
    const input: ValidateInput = {
      ...base,
      handlers: { ...base.handlers!, modules: { ...base.handlers!.modules, ticket: [...base.handlers!.modules.ticket, 'archive'] } },
    };
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/api', '"api": {', 'server handler "archive" of module "ticket" is not declared in "api"'),
    ]);
  });

  test('server module without a schema resource', () => {
    const input: ValidateInput = { ...base, handlers: { ...base.handlers!, modules: { ...base.handlers!.modules, invoice: ['list'] } } };
    expect(report(input)).toEqual(['server/modules/index.ts:1:1  /  server module "invoice" has no schema resource named "invoice" under schemas/']);
  });

  test('without a handler index the handler checks are skipped', () => {
    const input: ValidateInput = { ...base, handlers: { source: 'x', modules: {} } };
    expect(report(input).length).toBeGreaterThan(10);
    expect(report({ ...base, handlers: null })).toEqual([]);
  });

  test('JSON syntax error: trailing comma, with line and column', () => {
    const input = editFile(base, 'schemas/session.json', '"result": "ok" }', '"result": "ok", }');
    const out = report(input);
    expect(out).toContain(line(input, 'schemas/session.json', '', ', }', 'trailing comma before "}" (JSON allows none)'));
    // the file could not be read, so its bindings are unknown to the other checks
    expect(out.filter((l) => l.startsWith('schemas/session.json'))).toHaveLength(1);
  });

  test('JSON syntax error: a missing comma', () => {
    const input = editFile(base, 'schemas/report.json', '"kind": "custom",', '"kind": "custom"');
    expect(report(input)).toContain(line(input, 'schemas/report.json', '', '"component"', 'unexpected "\\"" (a comma is missing before it?)'));
  });

  test('a repeated key in one object', () => {
    const input = editFile(base, 'schemas/ticket.json', '"name": "ticket",', '"name": "ticket", "name": "ticket",');
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/name', '"name"', 'duplicate key "name" (the earlier value would be lost)', '"ticket",'),
    ]);
  });

  test('custom screen without a component', () => {
    const input = editFile(base, 'schemas/report.json', '  "component": "reportBoard",\n', '');
    expect(report(input)).toEqual([
      line(input, 'schemas/report.json', '/kind', '"custom"', 'kind "custom" needs a "component" (the registered screen component that draws the page)'),
    ]);
  });

  test('ref api that no schema declares as a GET binding', () => {
    const input = editFile(base, 'schemas/ticket.json', '"api": "/user/list"', '"api": "/user/all"');
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/fields/ownerId/ref/api', '"/user/all"', 'ref api "/user/all" is not a declared GET binding in any schema file'),
    ]);
  });

  test('role that app.json does not declare', () => {
    const input = editFile(base, 'schemas/staff.json', '"roles": ["admin", "finance"], "menuOrder"', '"roles": ["admin", "finanse"], "menuOrder"');
    expect(report(input)).toEqual([line(input, 'schemas/staff.json', '/route/roles/1', '"finanse"', 'role "finanse" is not declared in app.json "roles"')]);
  });

  test('a field name that is not a name', () => {
    const input = editFile(base, 'schemas/ticket.json', '"note": { "type"', '"note-text": { "type"');
    expect(report(input)).toContain(
      line(input, 'schemas/ticket.json', '/fields/note-text', '"note-text"', 'invalid name "note-text" (names are a letter, then letters, digits or _)'),
    );
  });

  test('wrong value type in app.json', () => {
    const input = editFile(base, 'schemas/app.json', '"headerHeight": 48', '"headerHeight": "48"');
    expect(report(input)).toEqual([line(input, 'schemas/app.json', '/layout/headerHeight', '"48"', '"headerHeight" must be an integer; got string')]);
  });

  test('tabs over a field that is not an enum', () => {
    const input = editFile(base, 'schemas/ticket.json', '"tabs": { "field": "status"', '"tabs": { "field": "note"');
    expect(report(input)).toEqual([
      line(input, 'schemas/ticket.json', '/list/tabs/field', '"note"', 'tabs need an enum field; "note" has type "text"', '"tabs"'),
    ]);
  });

  test('data scope: "by" names a field of the "via" resource; an unknown key of a rule is refused', () => {
    const T = 'schemas/ticket.json';
    const scoped = (rule: string) =>
      editFile(base, T, '"name": "ticket",', `"name": "ticket",\n  "scope": { "all": ["admin"], "store": ${rule}, "merchant": "ownerId" },`);
    expect(report(scoped('{ "field": "ownerId", "via": "staff", "by": "nickname" }'))).toEqual([]);
    expect(report(scoped('{ "field": "ownerId", "via": "staff", "by": "id" }'))).toEqual([]);
    const typo = scoped('{ "field": "ownerId", "via": "staff", "by": "nickName" }');
    expect(report(typo)).toEqual([line(typo, T, '/scope', '{', 'scope.store.by: "nickName" is not a field of resource "staff"', '"scope"')]);
    const unknown = scoped('{ "field": "ownerId", "via": "staf", "by": "nickname" }');
    expect(report(unknown)).toEqual([line(unknown, T, '/scope', '{', 'scope.store.via: no resource named "staf"', '"scope"')]);
    const extra = scoped('{ "field": "ownerId", "via": "staff", "bye": "nickname" }');
    expect(report(extra)).toEqual([line(extra, T, '/scope/store/bye', '"bye"', 'unknown property "bye" (did you mean "by"?)')]);
  });

  test('an icon that @ant-design/icons does not have', () => {
    const input: ValidateInput = { ...base, iconExists: (n) => n !== 'BarChartOutlined' };
    expect(report(input)).toEqual([
      line(input, 'schemas/report.json', '/route/icon', '"BarChartOutlined"', 'icon "BarChartOutlined" is not in @ant-design/icons'),
    ]);
  });
});
