/**
 * schemas/app.json: the app's settings, enums and dictionaries.
 *
 * @example
 * { "title": "app.title", "layout": { "layout": "top", ... }, "request": { "prefix": "/api", ... },
 *   "enums": { "orderStatus": { "values": [{ "value": "pending", "label": "enum.orderStatus.pending", "color": "orange" }] } },
 *   "dicts": { "store": { "api": "/dict/store" } } }
 */
import { Type, type Static } from '@sinclair/typebox';
import { I18nKey } from './field';

export const EnumValue = Type.Object(
  {
    value: Type.Union([Type.String(), Type.Integer(), Type.Boolean()]),
    label: I18nKey,
    color: Type.Optional(Type.String({ description: 'antd tag/badge colour: success, processing, error, warning, default or a colour name' })),
  },
  { additionalProperties: false },
);
export type EnumValue = Static<typeof EnumValue>;

export const EnumDef = Type.Object({ values: Type.Array(EnumValue, { minItems: 1 }) }, { additionalProperties: false });
export const DictDef = Type.Object(
  {
    api: Type.String({ pattern: '^/' }),
    keyword: Type.Optional(Type.String({ default: 'keyword' })),
    value: Type.Optional(
      Type.Union([Type.Literal('id'), Type.Literal('code')], {
        default: 'id',
        description: 'what an option value is: a record id (a 64-bit digit string, the default) or a code such as "order"',
      }),
    ),
  },
  { additionalProperties: false },
);

export const LayoutSettings = Type.Object(
  {
    layout: Type.Union([Type.Literal('top'), Type.Literal('side'), Type.Literal('mix')]),
    contentWidth: Type.Union([Type.Literal('Fluid'), Type.Literal('Fixed')]),
    fixedHeader: Type.Boolean(),
    navTheme: Type.Union([Type.Literal('light'), Type.Literal('realDark')]),
    colorPrimary: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    multiTab: Type.Boolean(),
    keepAlive: Type.Boolean(),
    headerHeight: Type.Integer({ minimum: 32, maximum: 96 }),
  },
  { additionalProperties: false },
);
export type LayoutSettings = Static<typeof LayoutSettings>;

export const RequestSettings = Type.Object(
  {
    prefix: Type.String({ pattern: '^/' }),
    timeout: Type.Integer({ minimum: 1000 }),
    tokenHeader: Type.String(),
    tokenStorageKey: Type.String(),
    expiredCode: Type.Integer(),
    exemptPaths: Type.Array(Type.String(), { description: 'a request whose path contains one of these sends no token; "/x/**" matches any depth below /x/' }),
  },
  { additionalProperties: false },
);
export type RequestSettings = Static<typeof RequestSettings>;

export const AppSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    $comment: Type.Optional(Type.String()),
    title: I18nKey,
    logo: Type.Optional(Type.String()),
    timeZone: Type.String({
      minLength: 1,
      description:
        'IANA time zone of the business (e.g. "Asia/Shanghai"): "today", date ranges and day buckets are calendar days in it, in the browser and on the server alike, whatever zone either runs in',
    }),
    icp: Type.Optional(Type.Object({ number: Type.String(), url: Type.String({ pattern: '^https?://' }) }, { additionalProperties: false })),
    layout: LayoutSettings,
    request: RequestSettings,
    i18n: Type.Object(
      {
        defaultLocale: Type.String(),
        locales: Type.Array(Type.Object({ code: Type.String(), label: Type.String() }, { additionalProperties: false }), { minItems: 1 }),
        storageKey: Type.String(),
      },
      { additionalProperties: false },
    ),
    session: Type.Object(
      {
        lastPathKey: Type.String(),
        lastPathDefault: Type.String({ pattern: '^/' }),
        scrollTopDelay: Type.Integer({ minimum: 0 }),
        rootRedirect: Type.String({ pattern: '^/' }),
      },
      { additionalProperties: false },
    ),
    roles: Type.Array(Type.Object({ value: Type.String(), label: I18nKey }, { additionalProperties: false }), { minItems: 1 }),
    enums: Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' }), EnumDef),
    dicts: Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' }), DictDef),
  },
  { additionalProperties: false },
);
export type AppSchema = Static<typeof AppSchema>;
