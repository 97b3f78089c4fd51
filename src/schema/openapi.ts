/**
 * OpenAPI 3.1 document built from the schema files: one operation per API binding. Pure (no Node
 * APIs), so the server can serve it at /api/public/openapi.json and the CLI can write it to
 * src/generated/openapi.json from the same function.
 *
 * @example
 * const doc = buildOpenApi(app, [staff]);
 * doc.paths['/api/user/list'].get.operationId; // "staffList"
 */
import type { ApiBinding, ResultKind } from './api';
import type { AppSchema } from './app';
import type { Resource } from './resource';
import type { Field } from './field';
import { enumsFor, fieldJsonSchema, inputJsonSchema, normalizePath } from './derive';

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

/**
 * Builds the OpenAPI 3.1 document. Throws when two bindings share a method and path (the CLI
 * reports that as a schema error first, with file and line).
 */
export function buildOpenApi(app: AppSchema, resources: Resource[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = {};
  const owner = new Map<string, string>();
  const sorted = [...resources].sort((a, b) => cmp(a.name, b.name));

  for (const resource of sorted) {
    const record = recordSchema(resource, app);
    if (record) schemas[recordSchemaName(resource)] = record;
  }
  schemas.Error = envelope({ type: 'null' }, 'A failure: code is non-zero and msg is a localized sentence.');

  for (const resource of sorted) {
    for (const name of Object.keys(resource.api ?? {}).sort(cmp)) {
      const binding = resource.api![name];
      const url = bindingUrl(app, binding);
      const method = binding.method.toLowerCase();
      const key = `${binding.method} ${url}`;
      const prev = owner.get(key);
      if (prev) throw new Error(`${key} is declared twice: by ${prev} and by ${resource.name}.api.${name}`);
      owner.set(key, `${resource.name}.api.${name}`);
      (paths[url] ??= {})[method] = operation(app, resource, name, binding);
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: app.title,
      version: '1.0.0',
      description:
        'Every response is an envelope {code, msg, data}; code 0 is success. ' +
        `Signed-in calls send the session token in the ${app.request.tokenHeader} header.`,
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

function operation(app: AppSchema, resource: Resource, name: string, binding: ApiBinding): Json {
  const input = cleanSchema(inputJsonSchema(resource, name, app));
  const op: Json = {
    operationId: resource.name + pascalCase(name),
    tags: [resource.name],
    summary: `${resource.name}.${name}`,
  };
  const parameters: Json[] = [];
  if (binding.method === 'GET') {
    const props = input.properties as Record<string, Json>;
    const required = new Set(input.required as string[]);
    for (const [param, schema] of Object.entries(props)) {
      const p: Json = { name: param, in: 'query', required: required.has(param), schema };
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
      description: 'a repeat with the same key is applied once',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    });
  }
  if (parameters.length) op.parameters = parameters;
  op.security = binding.public ? [] : [{ [SECURITY_SCHEME]: [] }];
  op['x-roles'] = binding.public ? [] : [...(binding.roles ?? [])];
  if (binding.public) op['x-public'] = true;
  if (binding.timeout) op['x-timeout'] = binding.timeout;
  if (binding.idempotent) op['x-idempotent'] = true;

  const responses: Json = {
    '200': {
      description: 'envelope; code 0 carries data (other codes: see the 4xx responses and code 100000, session expired)',
      content: { 'application/json': { schema: envelope(dataSchema(binding.result, resource)) } },
    },
    '400': errorResponse('bad input: msg names the field'),
  };
  if (!binding.public) responses['401'] = errorResponse('no session token (code 40100)');
  if (!binding.public && binding.roles?.length) responses['403'] = errorResponse('the caller holds none of x-roles (code 40300)');
  responses['404'] = errorResponse('not found (code 40400)');
  if (binding.method === 'POST') responses['409'] = errorResponse('the change is not allowed in the current state (code 40900)');
  op.responses = responses;
  return op;
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
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
function dataSchema(result: ResultKind | undefined, resource: Resource): Json {
  const hasRecord = Object.keys(resource.fields ?? {}).length > 0;
  const record: Json = hasRecord ? { $ref: `#/components/schemas/${recordSchemaName(resource)}` } : { type: 'object' };
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
function recordSchema(resource: Resource, app: AppSchema): Json | undefined {
  const fields = Object.entries(resource.fields ?? {}).filter(([, f]) => !f.writeOnly);
  if (!fields.length) return undefined;
  const properties: Record<string, Json> = {};
  for (const [name, field] of fields) properties[name] = responseFieldSchema(field, app, resource);
  return { type: 'object', properties };
}

function responseFieldSchema(field: Field, app: AppSchema, resource: Resource): Json {
  const plain = { ...field, required: false, minLength: undefined, pattern: field.type === 'phone' ? undefined : field.pattern };
  const s = cleanSchema(fieldJsonSchema(plain, enumsFor(app, resource)));
  const id = (one: Json): Json => (field.type === 'bigint' ? { type: 'integer', format: 'int64' } : field.type === 'dict' || field.type === 'ref' ? { type: ['integer', 'string'] } : one);
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
        : { anyOf: [{ ...schema, 'x-title': undefined }, binary], 'x-title': schema['x-title'] };
  }
  return cleanSchema({ ...input, properties: props });
}

/** Renames the ajv-only keywords (decimalMin/decimalMax) to x- extensions and drops undefined values. */
function cleanSchema(s: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined) continue;
    const key = k === 'decimalMin' ? 'x-decimalMin' : k === 'decimalMax' ? 'x-decimalMax' : k;
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
  return Object.fromEntries(Object.keys(o).sort(cmp).map((k) => [k, o[k]]));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
