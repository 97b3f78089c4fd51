/**
 * One fixture edit per kind of mistake of issue 12: each passed as "schemas OK" or was reported in the
 * wrong place before its check; each is now reported at the line and JSON pointer where it was made.
 */
import { describe, expect, test } from 'vitest';
import { formatDiagnostic, type Diagnostic } from './diagnostics';
import { editFile, fileText, loadFixture, positionOf } from './fixture';
import { validateProject, type ValidateInput } from './validate';

const base = loadFixture('basic');

function report(input: ValidateInput): string[] {
  return validateProject(input).diagnostics.map(formatDiagnostic);
}

function line(input: ValidateInput, file: string, pointer: string, needle: string, message: string, after = ''): string {
  const { line: l, col } = positionOf(fileText(input, file), needle, after);
  return formatDiagnostic({ file, line: l, col, pointer, message } satisfies Diagnostic);
}

function serverLine(input: ValidateInput, file: string, needle: string, message: string): string {
  const text = input.serverSources!.find((f) => f.path === file)!.text;
  const { line: l, col } = positionOf(text, needle);
  return formatDiagnostic({ file, line: l, col, pointer: '', message });
}

const STAFF = 'schemas/staff.json';
const TICKET = 'schemas/ticket.json';

describe('constraints that contradict each other on one field', () => {
  test('minLength above maxLength', () => {
    const input = editFile(base, STAFF, '"minLength": 3, "maxLength": 32', '"minLength": 40, "maxLength": 32');
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/fields/username/minLength',
        '40',
        '"minLength" 40 is above "maxLength" 32 on "username": no text can satisfy both; lower "minLength" or raise "maxLength"',
        '"username"',
      ),
    ]);
  });

  test('a money minimum above its maximum (decimals compared exactly)', () => {
    const input = editFile(base, TICKET, '"min": "0.01",', '"min": "0.01", "max": "0.00",');
    expect(report(input)).toEqual([
      line(
        input,
        TICKET,
        '/fields/amount/min',
        '"0.01"',
        '"min" "0.01" is above "max" "0.00" on "amount": no value can satisfy both; lower "min" or raise "max"',
      ),
    ]);
  });

  test('readOnly and writeOnly on one field', () => {
    const input = editFile(base, STAFF, '"writeOnly": true', '"writeOnly": true, "readOnly": true');
    expect(report(input)).toContain(
      line(
        input,
        STAFF,
        '/fields/password/writeOnly',
        'true',
        '"password" is both "readOnly" (never sent by forms) and "writeOnly" (never returned or shown): keep one of them',
        '"writeOnly": ',
      ),
    );
  });
});

describe('a default that does not fit its field', () => {
  test('wrong JSON type', () => {
    const input = editFile(base, TICKET, '"maxLength": 500 }', '"maxLength": 500, "default": 5 }');
    expect(report(input)).toEqual([
      line(
        input,
        TICKET,
        '/fields/note/default',
        '5 }',
        'default 5 does not fit "note" (type "text"): must be string; write a value the field accepts, or remove "default"',
      ),
    ]);
  });

  test('not one of the enum values', () => {
    const input = editFile(base, TICKET, '"title": "ticket.status", "readOnly": true', '"title": "ticket.status", "readOnly": true, "default": "pending"');
    expect(report(input)).toEqual([
      line(input, TICKET, '/fields/status/default', '"pending"', 'default "pending" of "status" is not a value of enum "ticketStatus" ("open", "closed")'),
    ]);
  });
});

test('a pattern that is not a regular expression', () => {
  const input = editFile(base, STAFF, '"pattern": "^[a-zA-Z][a-zA-Z0-9_]{2,31}$"', '"pattern": "^[a-zA-Z][a-zA-Z0-9_{2,31}$"');
  expect(report(input)).toEqual([
    line(
      input,
      STAFF,
      '/fields/username/pattern',
      '"^[a-zA-Z]',
      '"pattern" of "username" is not a valid regular expression (/^[a-zA-Z][a-zA-Z0-9_{2,31}$/u: Unterminated character class); close every group and bracket, and escape special characters such as ( [ { . with \\',
    ),
  ]);
});

describe('condition values that are not values of the field', () => {
  test('an action "when" value outside the enum', () => {
    const input = editFile(base, STAFF, '"when": { "enabled": [false] }', '"when": { "enabled": ["off"] }');
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/actions/enable/when/enabled/0',
        '"off"',
        'condition value "off" for "enabled" is not one of the values of enum "userStatus" (true, false), so it never matches',
      ),
    ]);
  });

  test('a form item "visibleWhen" value outside the enum', () => {
    const input = editFile(
      base,
      TICKET,
      '{ "field": "assigneeId", "span": 12 }',
      '{ "field": "assigneeId", "span": 12, "visibleWhen": { "status": ["opened"] } }',
    );
    expect(report(input)).toEqual([
      line(
        input,
        TICKET,
        '/forms/add/items/3/visibleWhen/status/0',
        '"opened"',
        'visibleWhen value "opened" for "status" is not one of the values of enum "ticketStatus" ("open", "closed"), so it never matches',
      ),
    ]);
  });

  test('a fixed action param outside the enum', () => {
    const input = editFile(base, STAFF, '"params": { "enabled": false }', '"params": { "enabled": "disabled" }');
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/actions/disable/params/enabled',
        '"disabled"',
        'fixed value "disabled" of param "enabled" is not one of the values of enum "userStatus" (true, false): the server would refuse it',
      ),
    ]);
  });
});

test('the same column listed twice', () => {
  const input = editFile(base, TICKET, '"amount", "region", "assigneeId"', '"amount", "region", "amount", "assigneeId"');
  expect(report(input)).toEqual([
    line(
      input,
      TICKET,
      '/list/columns/3',
      '"amount"',
      'column "amount" is listed twice in "columns" (first at /list/columns/1); remove one, or show a second field in the same cell with "also"',
      '"region", "amount"',
    ),
  ]);
});

describe('a field required on create that the create form cannot fill', () => {
  test('missing from the form', () => {
    const input = editFile(base, STAFF, '"items": ["username", "nickname", "password"', '"items": ["username", "password"');
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/forms/add/items',
        '[',
        'form "add" (opened by toolbar action "add") creates a record through api "add", which requires "nickname", but "nickname" is not among its items: add it to "items", or give the action a fixed value in "params"',
        '"add": { "title": "staff.addTitle"',
      ),
    ]);
  });

  test('read-only in the form', () => {
    const input = editFile(base, STAFF, '"items": ["username", "nickname"', '"items": [{ "field": "username", "readOnly": true }, "nickname"');
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/forms/add/items/0',
        '{',
        'form "add" (opened by toolbar action "add") creates a record through api "add", which requires "username", but the item is "readOnly", so the form never sends it: make it editable, or not required by the api',
        '"items": [',
      ),
    ]);
  });

  test('hidden from forms', () => {
    const input = editFile(
      base,
      STAFF,
      '"nickname": { "type": "string", "title": "staff.nickname",',
      '"nickname": { "type": "string", "title": "staff.nickname", "hideInForm": true,',
    );
    expect(report(input)).toEqual([
      line(
        input,
        STAFF,
        '/forms/add/items/1',
        '"nickname"',
        'form "add" (opened by toolbar action "add") creates a record through api "add", which requires "nickname", but field "nickname" has "hideInForm": remove "hideInForm", or make the field optional',
        '"items": ["username", ',
      ),
    ]);
  });
});

describe('raw control characters inside JSON strings', () => {
  test('a tab typed into a locale text', () => {
    const input = editFile(base, 'locales/en-US/ticket.json', '"ticket.note": "Note"', '"ticket.note": "No\tte"');
    expect(report(input)).toEqual([
      line(input, 'locales/en-US/ticket.json', '', '\t', 'raw tab inside a string: JSON forbids control characters in strings; write \\t instead'),
    ]);
  });

  test('a line break typed into a locale text', () => {
    const input = editFile(base, 'locales/zh-CN/ticket.json', '"ticket.note": "备注"', '"ticket.note": "备\n注"');
    expect(report(input)).toEqual([
      line(input, 'locales/zh-CN/ticket.json', '', '\n注', 'raw line break inside a string: JSON forbids control characters in strings; write \\n instead'),
    ]);
  });

  test('a tab typed into a schema string', () => {
    const input = editFile(base, TICKET, '"label": "nickname"', '"label": "nick\tname"');
    expect(report(input)).toEqual([line(input, TICKET, '', '\t', 'raw tab inside a string: JSON forbids control characters in strings; write \\t instead')]);
  });
});

test('an unterminated string is reported at its own line, not as errors elsewhere', () => {
  const input = editFile(base, STAFF, '"title": "staff.nickname",', '"title": "staff.nickname,');
  expect(report(input)).toEqual([
    line(
      input,
      STAFF,
      '',
      '"staff.nickname,',
      'unterminated string: the closing " is missing on this line (a JSON string cannot span lines; write \\n for a line break inside a text)',
    ),
  ]);
});

test('an error against the schema language does not hide the cross-reference errors of the same file', () => {
  const typo = editFile(base, TICKET, '"type": "text"', '"type": "strng"');
  const input = editFile(typo, TICKET, '"rowActions": ["view", "close"]', '"rowActions": ["veiw", "close"]');
  expect(report(input)).toEqual([
    line(
      input,
      TICKET,
      '/fields/note/type',
      '"strng"',
      '"type" must be one of string, text, password, number, integer, money, bigint, boolean, enum, date, datetime, dateRange, region, image, file, phone, dict, ref; got "strng"',
    ),
    line(input, TICKET, '/list/rowActions/0', '"veiw"', 'action "veiw" is not declared in "actions" (did you mean "view"?)'),
  ]);
});

describe('server message keys', () => {
  test('a key the server sends, missing in one locale, is reported where the server sends it', () => {
    const input = editFile(base, 'locales/en-US/ticket.json', '  "server.ticket.alreadyClosed": "The ticket is already closed",\n', '');
    const file = 'server/modules/ticket/ticket-errors.ts';
    expect(report(input)).toEqual([
      line(
        input,
        'locales/zh-CN/ticket.json',
        '/server.ticket.alreadyClosed',
        '"server.ticket.alreadyClosed"',
        'key "server.ticket.alreadyClosed" is missing in en-US (locales/en-US/*.json)',
      ),
      serverLine(
        input,
        file,
        "'server.ticket.alreadyClosed'",
        'message key "server.ticket.alreadyClosed" is sent by the server but missing in en-US: add it to a file in locales/en-US/ (the server\'s texts live in locales/<locale>/<ns>.json)',
      ),
    ]);
  });

  test('a key named only in a comment is not required', () => {
    expect(report(base)).toEqual([]);
    expect(fileText({ ...base, schemaFiles: [], localeFiles: base.serverSources! }, 'server/modules/ticket/ticket-errors.ts')).toContain(
      "'server.ticket.onlyInComment'",
    );
  });
});

test('no input file makes the validator throw', () => {
  const texts = [
    '',
    'null',
    '[]',
    '"x"',
    '{"fields": 5, "list": "x", "api": [1], "forms": {"a": null}, "actions": {"b": 3}}',
    '{"name": "staff", "list": {"columns": [{}], "api": 7}}',
    '\u0000\u0001{',
    '{"a": "\\u12"}',
  ];
  for (const text of texts) {
    const input = { ...base, schemaFiles: base.schemaFiles.map((f) => (f.path === STAFF ? { ...f, text } : f)) };
    expect(() => validateProject(input)).not.toThrow();
    expect(validateProject(input).diagnostics.length).toBeGreaterThan(0);
  }
});
