/**
 * OpenAPI 3.1 document built from the schema files: one operation per API binding. Pure (no Node
 * APIs), so the server can serve it at /api/public/openapi.json and the CLI can write it to
 * src/generated/openapi.json from the same function.
 *
 * Texts are in one locale, through `text(key)`: an operation's summary is the message
 * `api.<resource>.<binding>`, its description says who may call it, parameters carry their field's
 * title; the `openapi.*` messages word the rest. A response that is not the JSON envelope (a
 * binding's `response`: an XLSX file, an HTML page, an image) is declared with its own type.
 *
 * @example
 * const doc = buildOpenApi(app, [staff], (key) => messages['zh-CN'][key]);
 * doc.paths['/api/user/list'].get.operationId; // "staffList"
 * doc.paths['/api/user/list'].get.summary; // "员工列表"
 */
import type { ApiBinding, ResultKind } from './api';
import type { AppSchema } from './app';
import type { Resource } from './resource';
import type { Field } from './field';
import { enumsFor, fieldJsonSchema, inputJsonSchema, normalizePath } from './derive';
import { isShapeBaseType, parseReturns, parseShapeType, type ShapeBaseType } from './shape';

type Json = Record<string, unknown>;

/** "merchantAuth" + "list" → "MerchantAuthList"; used for operation ids and component names. */
export function pascalCase(...parts: string[]): string {
  return parts
    .flatMap((p) => p.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
}

/** Full request path of a binding: the app's prefix joined to the binding path with exactly one slash. */
export function bindingUrl(app: Pick<AppSchema, 'request'>, binding: Pick<ApiBinding, 'path'>): string {
  const prefix = app.request.prefix.replace(/\/+$/, '');
  return prefix + normalizePath(binding.path);
}

/** Name of the record schema of a resource in components.schemas, e.g. "StaffRecord". */
export function recordSchemaName(resource: Pick<Resource, 'name'>): string {
  return pascalCase(resource.name) + 'Record';
}

const SECURITY_SCHEME = 'token';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The text of a message key in the document's locale, or undefined when there is none. */
export type OpenApiText = (key: string, values?: Record<string, string>) => string | undefined;

/** OpenApiText over one locale's flat messages, with {name} placeholders filled. */
export function openApiText(messages: Record<string, string>): OpenApiText {
  return (key, values = {}) => messages[key]?.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}

/** The message key of a binding's summary. */
export function summaryKey(resource: Pick<Resource, 'name'>, bindingName: string): string {
  return `api.${resource.name}.${bindingName}`;
}

/**
 * Builds the OpenAPI 3.1 document. Throws when two bindings share a method and path (the CLI
 * reports that as a schema error first, with file and line).
 */
export function buildOpenApi(app: AppSchema, resources: Resource[], text: OpenApiText = () => undefined): Json {
  // Without a text for a key, the key itself shows (so a missing message is visible, not blank).
  const t = (key: string, values: Record<string, string> = {}) => text(key, values) ?? key + (Object.keys(values).length ? ` ${JSON.stringify(values)}` : '');
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = {};
  const owner = new Map<string, string>();
  const sorted = [...resources].sort((a, b) => cmp(a.name, b.name));

  for (const resource of sorted) {
    const record = recordSchema(resource, app, t);
    if (record) schemas[recordSchemaName(resource)] = record;
    for (const [name, shape] of Object.entries(resource.shapes ?? {})) schemas[shapeSchemaName(resource, name)] = shapeSchema(resource, app, shape);
  }
  schemas.Error = envelope({ type: 'null' }, t('openapi.error'));

  for (const resource of sorted) {
    for (const name of Object.keys(resource.api ?? {}).sort(cmp)) {
      const binding = resource.api![name];
      const url = bindingUrl(app, binding);
      const method = binding.method.toLowerCase();
      const key = `${binding.method} ${url}`;
      const prev = owner.get(key);
      if (prev) throw new Error(`${key} is declared twice: by ${prev} and by ${resource.name}.api.${name}`);
      owner.set(key, `${resource.name}.api.${name}`);
      (paths[url] ??= {})[method] = operation(app, resource, name, binding, t);
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: app.title,
      version: '1.0.0',
      description: t('openapi.info', { header: app.request.tokenHeader }),
    },
    paths: sortKeys(paths),
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: app.request.tokenHeader },
      },
      schemas: sortKeys(schemas),
    },
  };
}

function operation(app: AppSchema, resource: Resource, name: string, binding: ApiBinding, t: (key: string, values?: Record<string, string>) => string): Json {
  const input = titled(cleanSchema(inputJsonSchema(resource, name, app)), t);
  const roleNames = (binding.roles ?? []).map((r) => {
    const def = app.roles.find((x) => x.value === r);
    return def ? t(def.label) : r;
  });
  const who = binding.public ? t('openapi.public') : roleNames.length ? t('openapi.roles', { roles: roleNames.join(', ') }) : t('openapi.signedIn');
  const op: Json = {
    operationId: resource.name + pascalCase(name),
    tags: [resource.name],
    summary: t(summaryKey(resource, name)),
    description: binding.idempotent ? `${who} ${t('openapi.idempotent')}` : who,
  };
  const parameters: Json[] = [];
  if (binding.method === 'GET') {
    const props = input.properties as Record<string, Json>;
    const required = new Set(input.required as string[]);
    for (const [param, schema] of Object.entries(props)) {
      const p: Json = { name: param, in: 'query', required: required.has(param), schema };
      if (typeof schema.title === 'string') p.description = schema.title;
      // multi-value params repeat the name (a=1&a=2)
      if (schema.type === 'array') Object.assign(p, { style: 'form', explode: true });
      parameters.push(p);
    }
  } else {
    const body = binding.multipart ? multipartSchema(input, resource) : input;
    op.requestBody = {
      required: true,
      content: { [binding.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } },
    };
  }
  if (binding.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: t('openapi.idempotencyKey'),
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    });
  }
  if (parameters.length) op.parameters = parameters;
  op.security = binding.public ? [] : [{ [SECURITY_SCHEME]: [] }];
  op['x-roles'] = binding.public ? [] : [...(binding.roles ?? [])];
  if (binding.public) op['x-public'] = true;
  if (binding.timeout) op['x-timeout'] = binding.timeout;
  if (binding.idempotent) op['x-idempotent'] = true;

  const errorResponse = (key: string): Json => ({ description: t(key), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  const responses: Json = {
    '200': { description: t('openapi.response.ok'), content: { 'application/json': { schema: envelope(dataSchema(binding, resource)) } } },
    '400': errorResponse('openapi.response.badInput'),
  };
  if (!binding.public) responses['401'] = errorResponse('openapi.response.unauthenticated');
  if (!binding.public && binding.roles?.length) responses['403'] = errorResponse('openapi.response.forbidden');
  responses['404'] = errorResponse('openapi.response.notFound');
  if (binding.method === 'POST') responses['409'] = errorResponse('openapi.response.conflict');
  // An export binding (`exportOf`) is answered by the server core with an XLSX file.
  const response = binding.response ?? (binding.exportOf ? { type: XLSX } : undefined);
  if (response) {
    // Not the envelope: the body is the file, page or document itself, with its own type. An
    // error status listed here may come either way (a page for the browser, the envelope for bad input).
    const types = Array.isArray(response.type) ? response.type : [response.type];
    const content = Object.fromEntries(types.map((type) => [type, { schema: bodySchema(type) }]));
    for (const status of response.status ?? [200]) {
      const key = String(status);
      const prev = responses[key] as Json | undefined;
      const description =
        status >= 300 && status < 400 ? t('openapi.response.redirect') : types.includes('text/html') ? t('openapi.response.page') : t('openapi.response.body');
      responses[key] =
        status >= 400 && prev
          ? { description: `${prev.description as string}; ${description}`, content: { ...(prev.content as Json), ...content } }
          : status >= 300 && status < 400
            ? { description, headers: { Location: { schema: { type: 'string' } } } }
            : { description, content };
    }
    if (!(response.status ?? [200]).includes(200)) delete responses['200'];
  }
  op.responses = sortKeys(responses);
  return op;
}

/** Schema of a non-envelope body: JSON is any document, text is a string, anything else bytes. */
function bodySchema(type: string): Json {
  if (type === 'application/json') return {};
  if (type.startsWith('text/') || type === 'image/svg+xml') return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

/** Each property gets its field's title as text (`title`), next to the message key (`x-title`). */
function titled(schema: Json, t: (key: string) => string): Json {
  const props = schema.properties as Record<string, Json> | undefined;
  if (!props) return schema;
  const out: Record<string, Json> = {};
  for (const [name, p] of Object.entries(props)) out[name] = typeof p['x-title'] === 'string' ? { title: t(p['x-title']), ...p } : p;
  return { ...schema, properties: out };
}

function envelope(data: Json, description?: string): Json {
  const s: Json = {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
  };
  if (description) s.description = description;
  return s;
}

/** data of the envelope by result kind; record-shaped results refer to the resource's record schema. */
function dataSchema(binding: ApiBinding, resource: Resource): Json {
  const result: ResultKind | undefined = binding.result;
  const hasRecord = Object.keys(resource.fields ?? {}).length > 0;
  let record: Json = hasRecord ? { $ref: `#/components/schemas/${recordSchemaName(resource)}` } : { type: 'object' };
  if (binding.returns) {
    // a declared shape: the data itself, or the rows of a page
    // or another resource's record ("@store[]")
    const { name, list, resource: other } = parseReturns(binding.returns);
    const ref = { $ref: `#/components/schemas/${other === undefined ? shapeSchemaName(resource, name) : recordSchemaName({ name: other })}` };
    if (result !== 'page') return list ? { type: 'array', items: ref } : ref;
    record = ref;
  }
  switch (result) {
    case 'page':
      return {
        type: 'object',
        required: ['list', 'total', 'current', 'pageSize'],
        properties: {
          list: { type: 'array', items: record },
          total: { type: 'integer', minimum: 0 },
          current: { type: 'integer', minimum: 1 },
          pageSize: { type: 'integer', minimum: 1 },
        },
      };
    case 'record':
      return record;
    case 'list':
      return { type: 'array', items: record };
    case 'ok':
      return { type: 'null' };
    case 'counts':
      return { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } };
    case 'options':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['value', 'label'],
          properties: { value: { type: ['string', 'integer', 'boolean'] }, label: { type: 'string' } },
        },
      };
    case 'config':
      return { type: 'object' };
    case 'file':
      return {
        type: 'object',
        required: ['key', 'url', 'name', 'size', 'mime'],
        properties: {
          key: { type: 'string', pattern: '^[a-f0-9]{32}$' },
          url: { type: 'string' },
          name: { type: 'string' },
          size: { type: 'integer', minimum: 0 },
          mime: { type: 'string' },
        },
      };
    case 'session':
      return { type: 'object', required: ['token'], properties: { token: { type: 'string' } } };
    case 'raw':
    case undefined:
      return {}; // any JSON
    default:
      // every result kind is listed above: a new kind fails to compile here until it has a schema
      return result satisfies never;
  }
}

/**
 * A record as the server sends it: 64-bit ids are JSON numbers with exact digits, money a decimal
 * string; write-only fields (passwords) never appear.
 */
function recordSchema(resource: Resource, app: AppSchema, t: (key: string) => string): Json | undefined {
  const fields = Object.entries(resource.fields ?? {}).filter(([, f]) => !f.writeOnly);
  if (!fields.length) return undefined;
  const properties: Record<string, Json> = {};
  for (const [name, field] of fields) properties[name] = { title: t(field.title), ...responseFieldSchema(field, app, resource) };
  return { type: 'object', properties };
}

/** Name of a result shape in components.schemas, e.g. "DashboardPerformance". */
export function shapeSchemaName(resource: Pick<Resource, 'name'>, shape: string): string {
  return pascalCase(resource.name, shape);
}

const SHAPE_BASE_SCHEMA: Record<ShapeBaseType, Json> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  money: { type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$' },
  bigint: { type: 'integer', format: 'int64' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  json: {},
};

/** A result shape: every property present; "[]" an array; "?" may be null (src/schema/shape.ts). */
function shapeSchema(resource: Resource, app: AppSchema, shape: Record<string, string>): Json {
  const properties: Record<string, Json> = {};
  for (const [prop, type] of Object.entries(shape)) {
    const { name, list, nullable: maybeNull } = parseShapeType(type);
    const field = resource.fields?.[name];
    let s: Json = isShapeBaseType(name)
      ? { ...SHAPE_BASE_SCHEMA[name] }
      : resource.shapes?.[name]
        ? { $ref: `#/components/schemas/${shapeSchemaName(resource, name)}` }
        : field
          ? (({ 'x-title': _, ...rest }) => rest)(responseFieldSchema({ ...field, required: true }, app, resource))
          : {};
    if (list) s = { type: 'array', items: s };
    properties[prop] = maybeNull ? nullable(s) : s;
  }
  return { type: 'object', required: Object.keys(shape), properties };
}

function responseFieldSchema(field: Field, app: AppSchema, resource: Resource): Json {
  const plain = { ...field, required: false, minLength: undefined, pattern: field.type === 'phone' ? undefined : field.pattern };
  const s = cleanSchema(fieldJsonSchema(plain, enumsFor(app, resource)));
  const id = (one: Json): Json =>
    field.type === 'bigint' ? { type: 'integer', format: 'int64' } : field.type === 'dict' || field.type === 'ref' ? { type: ['integer', 'string'] } : one;
  const out = s.type === 'array' ? { ...s, items: id(s.items as Json) } : id(s);
  // the server sends null for an empty optional value
  const value = field.required ? out : nullable(out);
  value['x-title'] = field.title;
  return value;
}

function nullable(s: Json): Json {
  if (Array.isArray(s.enum)) return { ...s, enum: [...s.enum, null] };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.type)) return { ...s, type: [...s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

/** multipart bodies may carry image/file values as uploaded parts instead of stored file keys. */
function multipartSchema(input: Json, resource: Resource): Json {
  const props = { ...(input.properties as Record<string, Json>) };
  for (const [name, schema] of Object.entries(props)) {
    const field = resource.fields?.[name];
    if (field?.type !== 'image' && field?.type !== 'file') continue;
    const binary = { type: 'string', format: 'binary' };
    props[name] =
      schema.type === 'array'
        ? { ...schema, items: { anyOf: [schema.items, binary] } }
        : { anyOf: [{ ...schema, title: undefined, 'x-title': undefined }, binary], title: schema.title, 'x-title': schema['x-title'] };
  }
  return cleanSchema({ ...input, properties: props });
}

/** Renames the ajv-only keywords (decimalMin/decimalMax) to x- extensions and drops undefined values. */
function cleanSchema(s: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined) continue;
    const key = k === 'decimalMin' || k === 'decimalMax' || k === 'formatMinimum' || k === 'formatMaximum' ? `x-${k}` : k;
    if (Array.isArray(v)) out[key] = v.map((x) => (isObject(x) ? cleanSchema(x) : x));
    else if (isObject(v)) out[key] = k === 'properties' ? mapValues(v, cleanSchema) : cleanSchema(v);
    else out[key] = v;
  }
  return out;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mapValues(o: Json, fn: (v: Json) => Json): Json {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, isObject(v) ? fn(v) : v]));
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(o)
      .sort(cmp)
      .map((k) => [k, o[k]]),
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
