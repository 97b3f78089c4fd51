import Ajv from 'ajv';
import { describe, expect, test } from 'vitest';
import type { AppSchema } from './app';
import type { Resource } from './resource';
import { buildOpenApi, openApiText } from './openapi';

type Json = Record<string, any>;

const app = {
  title: 'app.title',
  layout: {
    layout: 'top',
    contentWidth: 'Fluid',
    fixedHeader: true,
    navTheme: 'light',
    colorPrimary: '#1677ff',
    multiTab: false,
    keepAlive: true,
    headerHeight: 48,
  },
  request: { prefix: '/api/', timeout: 30000, tokenHeader: 'x-misi-token', tokenStorageKey: 'Authorization', expiredCode: 100000, exemptPaths: [] },
  i18n: { defaultLocale: 'zh-CN', locales: [{ code: 'zh-CN', label: 'zh' }], storageKey: 'locale' },
  timeZone: 'Asia/Shanghai',
  session: { lastPathKey: 'lastPath', lastPathDefault: '/index', scrollTopDelay: 300, rootRedirect: '/order' },
  roles: [{ value: 'admin', label: 'enum.role.admin' }],
  enums: {
    level: {
      values: [
        { value: 'low', label: 'e.low' },
        { value: 'high', label: 'e.high' },
      ],
    },
  },
  dicts: {},
} satisfies AppSchema;

const ticket: Resource = {
  name: 'ticket',
  fields: {
    id: { type: 'bigint', title: 'common.id', readOnly: true },
    title: { type: 'string', title: 'ticket.title', required: true, maxLength: 20, search: true },
    level: { type: 'enum', enum: 'level', title: 'ticket.level', search: true },
    amount: { type: 'money', title: 'ticket.amount', min: '0.01' },
    photo: { type: 'image', title: 'ticket.photo' },
    secret: { type: 'password', title: 'ticket.secret', writeOnly: true },
  },
  api: {
    list: { method: 'GET', path: 'ticket/list', input: { search: true, page: true }, result: 'page', roles: ['admin'] },
    add: {
      method: 'POST',
      path: '/ticket/add/',
      input: { fields: ['title', 'amount', 'photo', 'secret'] },
      multipart: true,
      result: 'record',
      idempotent: true,
    },
    edit: { method: 'POST', path: 'ticket/edit', input: { fields: ['id', 'title'], partial: true, require: ['id'] }, result: 'ok' },
    ping: { method: 'GET', path: 'public/ping', public: true, result: 'raw' },
    export: { method: 'GET', path: 'ticket/export', result: 'raw', response: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
    page: { method: 'GET', path: 'public/ticket/page', public: true, result: 'raw', response: { type: 'text/html', status: [200, 400] } },
    back: { method: 'GET', path: 'public/ticket/back', public: true, result: 'raw', response: { type: 'text/plain', status: [302] } },
  },
};

describe('buildOpenApi', () => {
  const doc = buildOpenApi(app, [ticket]) as Json;

  test('one operation per binding, at the prefix joined with exactly one slash', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual([
      '/api/public/ping',
      '/api/public/ticket/back',
      '/api/public/ticket/page',
      '/api/ticket/add',
      '/api/ticket/edit',
      '/api/ticket/export',
      '/api/ticket/list',
    ]);
    expect(doc.paths['/api/ticket/list'].get.operationId).toBe('ticketList');
    expect(doc.paths['/api/ticket/add'].post.operationId).toBe('ticketAdd');
  });

  test('GET input becomes query parameters, with required flags and repeated arrays', () => {
    const params = doc.paths['/api/ticket/list'].get.parameters as Json[];
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['title', 'query', false],
      ['level', 'query', false],
      ['current', 'query', false],
      ['pageSize', 'query', false],
    ]);
    expect(params[1].schema.enum).toEqual(['low', 'high']);
  });

  test('POST input becomes a JSON or multipart body; multipart files may be parts', () => {
    const edit = doc.paths['/api/ticket/edit'].post.requestBody.content['application/json'].schema;
    expect(edit.required).toEqual(['id']);
    expect(edit.properties.id).toMatchObject({ type: 'string', pattern: '^[1-9][0-9]{0,18}$' });
    const add = doc.paths['/api/ticket/add'].post;
    const body = add.requestBody.content['multipart/form-data'].schema;
    expect(body.required).toEqual(['title']);
    expect(body.properties.amount['x-decimalMin']).toBe('0.01');
    expect(body.properties.photo.anyOf[1]).toEqual({ type: 'string', format: 'binary' });
    expect(add.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]);
  });

  test('security: the token header except on public bindings; roles as x-roles', () => {
    expect(doc.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: 'x-misi-token' });
    expect(doc.paths['/api/ticket/list'].get.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/ticket/list'].get['x-roles']).toEqual(['admin']);
    expect(doc.paths['/api/ticket/list'].get.responses['403']).toBeDefined();
    expect(doc.paths['/api/public/ping'].get.security).toEqual([]);
    expect(doc.paths['/api/public/ping'].get.responses['401']).toBeUndefined();
  });

  test('responses are the {code,msg,data} envelope with data shaped by the result kind', () => {
    const data = (path: string, method: string) => doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    expect(data('/api/ticket/list', 'get').properties.list.items).toEqual({ $ref: '#/components/schemas/TicketRecord' });
    expect(data('/api/ticket/add', 'post')).toEqual({ $ref: '#/components/schemas/TicketRecord' });
    expect(data('/api/ticket/edit', 'post')).toEqual({ type: 'null' });
    const record = doc.components.schemas.TicketRecord;
    expect(Object.keys(record.properties)).toEqual(['id', 'title', 'level', 'amount', 'photo']); // no writeOnly secret
    expect(record.properties.id.type).toEqual(['integer', 'null']); // 64-bit ids are exact JSON numbers
    expect(record.properties.title.type).toBe('string');
    expect(record.properties.level.enum).toEqual(['low', 'high', null]);
  });

  test('a binding that "returns" a declared shape answers that shape; a page of it has rows of it', () => {
    const board = {
      name: 'board',
      kind: 'service',
      fields: { level: { type: 'enum', enum: 'level', title: 'x.level' } },
      shapes: {
        figures: { total: 'money', days: 'day[]', topId: 'bigint?', level: 'level' },
        day: { day: 'date', count: 'integer' },
      },
      api: {
        figures: { method: 'GET', path: 'board/figures', result: 'raw', returns: 'figures' },
        days: { method: 'GET', path: 'board/days', result: 'page', returns: 'day' },
      },
    } as unknown as Resource;
    const d = buildOpenApi(app, [board]) as Json;
    const data = (path: string) => d.paths[path].get.responses['200'].content['application/json'].schema.properties.data;
    expect(data('/api/board/figures')).toEqual({ $ref: '#/components/schemas/BoardFigures' });
    expect(data('/api/board/days').properties.list.items).toEqual({ $ref: '#/components/schemas/BoardDay' });
    const figures = d.components.schemas.BoardFigures;
    expect(figures.required).toEqual(['total', 'days', 'topId', 'level']);
    expect(figures.properties.days).toEqual({ type: 'array', items: { $ref: '#/components/schemas/BoardDay' } });
    expect(figures.properties.topId.type).toEqual(['integer', 'null']);
    expect(figures.properties.level.enum).toEqual(['low', 'high']);
    const ajv = new Ajv({ strict: false, formats: { date: true, 'date-time': true, binary: true, int64: true } });
    ajv.addSchema({ $id: 'doc', components: d.components });
    const valid = ajv.compile({ $ref: 'doc#/components/schemas/BoardFigures' });
    expect(valid({ total: '12.50', days: [{ day: '2026-01-01', count: 3 }], topId: null, level: 'low' })).toBe(true);
    expect(valid({ total: 12.5, days: [], topId: null, level: 'low' })).toBe(false);
  });

  test('every schema in the document compiles as JSON Schema', () => {
    const ajv = new Ajv({ strict: false, formats: { date: true, 'date-time': true, binary: true, int64: true } });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const schemas: Json[] = [];
    for (const ops of Object.values(doc.paths as Record<string, Json>)) {
      for (const op of Object.values(ops)) {
        for (const p of op.parameters ?? []) schemas.push(p.schema);
        for (const c of Object.values(op.requestBody?.content ?? {}) as Json[]) schemas.push(c.schema);
      }
    }
    for (const s of schemas) expect(() => ajv.compile(s)).not.toThrow();
    expect(ajv.validate(doc.paths['/api/ticket/edit'].post.requestBody.content['application/json'].schema, { id: '12', title: 'x' })).toBe(true);
    expect(ajv.validate(doc.paths['/api/ticket/edit'].post.requestBody.content['application/json'].schema, { title: 'x' })).toBe(false);
  });

  test('two bindings with one method and path are refused', () => {
    const other: Resource = { name: 'other', api: { x: { method: 'GET', path: '/ticket/list' } } };
    expect(() => buildOpenApi(app, [ticket, other])).toThrow('GET /api/ticket/list is declared twice: by other.api.x and by ticket.api.list');
  });

  test('a binding that answers a file, a page or a redirect declares that, not the envelope', () => {
    const xlsx = doc.paths['/api/ticket/export'].get.responses;
    expect(Object.keys(xlsx['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(xlsx['200'].content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(xlsx['400'].content)).toEqual(['application/json']); // bad input is still the envelope
    const page = doc.paths['/api/public/ticket/page'].get.responses;
    expect(Object.keys(page['200'].content)).toEqual(['text/html']);
    expect(Object.keys(page['400'].content)).toEqual(['application/json', 'text/html']);
    const back = doc.paths['/api/public/ticket/back'].get.responses;
    expect(back['200']).toBeUndefined();
    expect(back['302'].headers.Location).toBeDefined();
  });

  test('summaries, descriptions and titles are text in the given locale', () => {
    const messages = {
      'api.ticket.list': 'Tickets',
      'ticket.title': 'Title',
      'enum.role.admin': 'Administrator',
      'openapi.roles': 'Needs one of: {roles}.',
      'openapi.response.ok': 'Envelope',
    };
    const d = buildOpenApi(app, [ticket], openApiText(messages)) as Json;
    const list = d.paths['/api/ticket/list'].get;
    expect(list.summary).toBe('Tickets');
    expect(list.description).toBe('Needs one of: Administrator.');
    expect(list.responses['200'].description).toBe('Envelope');
    expect(list.parameters[0]).toMatchObject({ name: 'title', description: 'Title', schema: { title: 'Title', 'x-title': 'ticket.title' } });
    expect(d.components.schemas.TicketRecord.properties.title.title).toBe('Title');
    // a key without text shows as itself, so a missing message is visible in the document
    expect(d.paths['/api/ticket/add'].post.summary).toBe('api.ticket.add');
  });
});
