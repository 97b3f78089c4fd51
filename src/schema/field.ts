/**
 * Field declarations: one declaration drives table column, search form, create/edit form,
 * detail view, server validation, OpenAPI and generated TS types.
 *
 * @example
 * { "type": "money", "title": "order.amount", "required": true, "min": "0.01" }
 */
import { Type, type SchemaOptions, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';

/** i18n message key: never literal text. */
export const I18nKey = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+$',
  description: 'An i18n key such as "order.amount"; it must exist in every locale file.',
});

export const FIELD_TYPES = [
  'string',
  'text',
  'password',
  'number',
  'integer',
  'money',
  'bigint',
  'boolean',
  'enum',
  'date',
  'datetime',
  'dateRange',
  'region',
  'image',
  'file',
  'phone',
  'dict',
  'ref',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * A union of string literals, built in one call: the build treats it as free of side effects
 * (vite.config.ts), so in the browser, where no definition is used, it goes with its arguments.
 */
export function literalUnion<const T extends readonly string[]>(values: T, options: SchemaOptions): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
}

export const FieldTypeSchema = literalUnion(FIELD_TYPES, {
  description: 'The value type; each has a renderer, a wire format and a validator.',
});

export const FileKind = Type.Union([Type.Literal('image'), Type.Literal('pdf')]);

export const RefSource = Type.Object(
  {
    api: Type.String({ description: 'GET path of a list API returning a page or a list, e.g. "/merchant/list".' }),
    value: Type.String({ default: 'id' }),
    label: Type.String({ description: 'record field shown as the option label' }),
    keyword: Type.Optional(Type.String({ description: 'query parameter carrying what the user types' })),
  },
  { additionalProperties: false },
);

export const SearchMode = Type.Union([Type.Boolean(), Type.Literal('exact'), Type.Literal('like'), Type.Literal('range')], {
  description: 'true: appears in the search form (strings match by substring, others exactly); "range": a from/to pair.',
});

export const Field = Type.Object(
  {
    type: FieldTypeSchema,
    title: I18nKey,
    description: Type.Optional(I18nKey),
    placeholder: Type.Optional(I18nKey),
    required: Type.Optional(Type.Boolean()),
    readOnly: Type.Optional(Type.Boolean({ description: 'never sent by forms; shown in table/detail' })),
    writeOnly: Type.Optional(Type.Boolean({ description: 'accepted by forms, never returned or shown (passwords)' })),
    multiple: Type.Optional(Type.Boolean({ description: 'an array of values (enum, dict, ref, image, file, region)' })),
    min: Type.Optional(Type.Union([Type.Number(), Type.String({ pattern: '^-?\\d+(\\.\\d{1,2})?$' })])),
    max: Type.Optional(Type.Union([Type.Number(), Type.String({ pattern: '^-?\\d+(\\.\\d{1,2})?$' })])),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
    maxItems: Type.Optional(Type.Integer({ minimum: 1 })),
    pattern: Type.Optional(Type.String({ description: 'ECMAScript regular expression the value must match' })),
    patternMessage: Type.Optional(I18nKey),
    enum: Type.Optional(Type.String({ description: 'name of an enum in app.json "enums"' })),
    dict: Type.Optional(Type.String({ description: 'name of a dictionary in app.json "dicts"' })),
    ref: Type.Optional(RefSource),
    accept: Type.Optional(Type.Array(FileKind, { minItems: 1, uniqueItems: true })),
    maxSizeMB: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    mask: Type.Optional(Type.Boolean({ description: 'masked in lists (phones, account numbers)' })),
    copyable: Type.Optional(Type.Boolean()),
    ellipsis: Type.Optional(Type.Boolean()),
    width: Type.Optional(Type.Integer({ minimum: 40 })),
    search: Type.Optional(SearchMode),
    sortable: Type.Optional(Type.Boolean()),
    hideInTable: Type.Optional(Type.Boolean()),
    hideInForm: Type.Optional(Type.Boolean()),
    hideInDetail: Type.Optional(Type.Boolean()),
    default: Type.Optional(Type.Unknown()),
    render: Type.Optional(Type.String({ description: 'name of a registered cell/slot component' })),
  },
  { additionalProperties: false },
);
export type Field = Static<typeof Field>;

/** Inline parameter: a field declaration whose title may be omitted (it is not shown). */
export const Param = Type.Composite([Type.Omit(Field, ['title']), Type.Object({ title: Type.Optional(I18nKey) })], {
  additionalProperties: false,
});
export type Param = Static<typeof Param>;
