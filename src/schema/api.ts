/**
 * API bindings: each is one HTTP call. The client is typed from it and the server registers its
 * route from it (ajv validates the input, the handler is looked up by resource and binding name).
 *
 * @example
 * "refund": { "method": "POST", "path": "order/refund", "roles": ["finance"], "idempotent": true,
 *             "input": { "fields": ["id"], "extra": { "amount": { "type": "money", "required": true } } } }
 */
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, Param } from './field';

export const Input = Type.Object(
  {
    fields: Type.Optional(Type.Array(Type.String(), { description: 'resource fields taken as parameters, with their rules' })),
    search: Type.Optional(Type.Boolean({ description: 'include every searchable field of the resource as an optional filter' })),
    page: Type.Optional(Type.Boolean({ description: 'include current (1-based) and pageSize' })),
    sort: Type.Optional(Type.Boolean({ description: 'include sortField and sortOrder (ascend|descend)' })),
    partial: Type.Optional(Type.Boolean({ description: 'fields are optional except those listed in "require"' })),
    require: Type.Optional(Type.Array(Type.String())),
    extra: Type.Optional(Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]*$' }), Param)),
  },
  { additionalProperties: false },
);
export type Input = Static<typeof Input>;

export const ResultKind = literalUnion(['page', 'record', 'list', 'ok', 'counts', 'options', 'config', 'file', 'session', 'raw'], {
  description:
    'shape of "data": page {list,total,current,pageSize}, record, list, ok (null), counts {value:n}, options [{value,label}], config object, file {id,url,name,size,mime}, session {token}, raw any',
});

export const ResponseBody = Type.Object(
  {
    type: Type.Union(
      [Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$' }), Type.Array(Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$' }), { minItems: 1 })],
      {
        description: 'MIME type(s) of the body: a file, a page, an image or a JSON document of its own',
      },
    ),
    status: Type.Optional(
      Type.Array(Type.Integer({ minimum: 200, maximum: 599 }), {
        minItems: 1,
        description: 'statuses answered with this body (default [200]); other failures are the JSON envelope',
      }),
    ),
  },
  { additionalProperties: false, description: 'the answer is not the {code,msg,data} envelope (OpenAPI declares this type instead)' },
);
export type ResponseBody = Static<typeof ResponseBody>;

export const ApiBinding = Type.Object(
  {
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
    path: Type.String({
      pattern: '^/?[a-zA-Z][a-zA-Z0-9/_.-]*$',
      description: 'relative to /api; a leading slash is optional; dots allow names such as public/openapi.json',
    }),
    input: Type.Optional(Input),
    multipart: Type.Optional(Type.Boolean({ description: 'POST body is multipart/form-data (files and fields)' })),
    result: Type.Optional(ResultKind),
    returns: Type.Optional(
      Type.String({
        pattern: '^@?[a-zA-Z][a-zA-Z0-9]*(\\[\\])?$',
        description:
          'the type of "data" when the record does not describe it: a name from this file\'s "shapes" ("card[]" for result list; for page the shape of its rows; a shape for record, config or raw), or "@" and another resource\'s name for that resource\'s record ("@store[]": a merchant\'s stores)',
      }),
    ),
    roles: Type.Optional(Type.Array(Type.String(), { description: 'the caller needs one of these roles; absent: any signed-in user' })),
    public: Type.Optional(Type.Boolean({ description: 'no session needed (and no token is sent)' })),
    timeout: Type.Optional(Type.Integer({ minimum: 1000, description: 'ms; default from app.json request.timeout' })),
    idempotent: Type.Optional(Type.Boolean({ description: 'client sends an Idempotency-Key header; server applies a repeat once' })),
    response: Type.Optional(ResponseBody),
    exportOf: Type.Optional(
      Type.String({
        pattern: '^[a-zA-Z][a-zA-Z0-9_]*$',
        description:
          'the server core answers this binding itself: an XLSX file of every row the named list binding gives for the same filters (all pages), the columns named in the "columns" input (the visible ones), headers in the caller\'s locale; no module handler',
      }),
    ),
    audit: Type.Optional(
      Type.Boolean({ description: 'record each successful call in the operation log; default: true for signed-in POST calls, false for GET' }),
    ),
  },
  { additionalProperties: false },
);
export type ApiBinding = Static<typeof ApiBinding>;
export type ResultKind = Static<typeof ResultKind>;
