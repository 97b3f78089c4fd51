/**
 * Views of a resource: list, forms, detail and actions. They name fields and API bindings declared
 * in the same file; the CLI checks every name resolves.
 *
 * @example
 * "list": { "api": "list", "columns": ["orderNo", "status"], "tabs": { "field": "status", "counts": "count" },
 *           "rowActions": ["detail", "refund"], "toolbar": [{ "action": "add" }, { "switch": "autoAssign" }] }
 */
import { Type, type Static } from '@sinclair/typebox';
import { I18nKey } from './field';

const Name = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' });
const Roles = Type.Array(Type.String(), { description: 'shown only to users holding one of these roles' });

/** A record must match every entry: field name → allowed values. "$self": true matches the signed-in user's own record (by id). */
export const When = Type.Record(Type.String(), Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])), {
  description: 'field → allowed values; every entry must match. Special key "$notSelf": [true] hides the action on the signed-in user\'s own record.',
});
export type When = Static<typeof When>;

export const Column = Type.Union([
  Name,
  Type.Object(
    {
      field: Name,
      title: Type.Optional(I18nKey),
      width: Type.Optional(Type.Integer({ minimum: 40 })),
      fixed: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('right')])),
      render: Type.Optional(Type.String({ description: 'registered cell renderer' })),
      hideByDefault: Type.Optional(Type.Boolean()),
      also: Type.Optional(Type.Array(Name, { description: 'further fields shown under the first in the same cell' })),
    },
    { additionalProperties: false },
  ),
]);
export type Column = Static<typeof Column>;

export const ToolbarItem = Type.Union([
  Type.Object({ action: Name }, { additionalProperties: false }),
  Type.Object(
    {
      switch: Name,
      title: I18nKey,
      get: Name, // api binding returning config
      set: Name, // api binding taking { [switch]: boolean }
      roles: Type.Optional(Roles),
    },
    { additionalProperties: false },
  ),
  Type.Object({ export: Name, title: Type.Optional(I18nKey), roles: Type.Optional(Roles) }, { additionalProperties: false }),
]);
export type ToolbarItem = Static<typeof ToolbarItem>;

export const Tabs = Type.Object(
  {
    field: Name,
    counts: Type.Optional(Name),
    all: Type.Optional(Type.Boolean({ default: true })),
    values: Type.Optional(Type.Array(Type.String(), { description: 'subset/order of enum values shown as tabs' })),
  },
  { additionalProperties: false },
);

/**
 * A to-do of the workbench (/index): the list filtered by `query` has rows that need someone. The
 * workbench shows its count (the list's own total for that filter, so the same rows, the same data
 * scope) and links to the list with that filter.
 */
export const Todo = Type.Object(
  {
    title: I18nKey,
    query: Type.Record(Name, Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]), {
      description: 'list filters (inputs of the list binding), as they appear in the list URL',
    }),
    roles: Type.Optional(Roles),
    tone: Type.Optional(
      Type.Union([Type.Literal('warning'), Type.Literal('error'), Type.Literal('processing')], { description: 'colour of the count when not zero' }),
    ),
  },
  { additionalProperties: false },
);
export type Todo = Static<typeof Todo>;

/**
 * A batch action of the list: a row action run on every selected row. Its form, if any, is filled once
 * for all rows; `form` names a batch-specific form when the row action's own form needs one row (a
 * `load`, read-only items showing the row, choices depending on the row's values).
 *
 * @example
 * "bulkActions": ["approve", "reject", { "action": "close", "form": "closeBatch" }]
 */
export const BulkAction = Type.Union([
  Name,
  Type.Object(
    {
      action: Name,
      form: Type.Optional(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$', description: "form filled once for all rows, in place of the action's own" })),
    },
    { additionalProperties: false },
  ),
]);
export type BulkAction = Static<typeof BulkAction>;

/** The bulk actions of a list as `{ action, form? }` entries, in their order. */
export function bulkActionEntries(list: { bulkActions?: BulkAction[] } | undefined): { action: string; form?: string }[] {
  return (list?.bulkActions ?? []).map((b) => (typeof b === 'string' ? { action: b } : b));
}

export const ListView = Type.Object(
  {
    api: Name,
    rowKey: Type.Optional(Name),
    columns: Type.Array(Column, { minItems: 1 }),
    search: Type.Optional(Type.Array(Name, { description: 'fields in the search form; default: those with "search"' })),
    tabs: Type.Optional(Tabs),
    toolbar: Type.Optional(Type.Array(ToolbarItem)),
    rowActions: Type.Optional(Type.Array(Name)),
    bulkActions: Type.Optional(Type.Array(BulkAction, { description: 'row actions run on the selected rows, each row reported' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 5, maximum: 200 })),
    todos: Type.Optional(Type.Array(Todo, { description: 'to-do cards this list gives the workbench' })),
    banner: Type.Optional(
      Type.String({
        pattern: '^[a-zA-Z][a-zA-Z0-9_]*$',
        description:
          'a registered slot shown above the table (e.g. the live "new orders" bar); it gets the rows on screen and show(): page 1, refetched, filters kept',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListView = Static<typeof ListView>;

export const FormItem = Type.Union([
  Name,
  Type.Object(
    {
      field: Name,
      span: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
      readOnly: Type.Optional(Type.Boolean()),
      visibleWhen: Type.Optional(When),
      dependsOn: Type.Optional(Type.Array(Name, { description: 'fields whose values are passed to a dict/ref search (e.g. merchantId)' })),
      params: Type.Optional(
        Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
          description: 'fixed filters sent with a dict/ref search, beside dependsOn (e.g. {"assignable": true})',
        }),
      ),
    },
    { additionalProperties: false },
  ),
]);
export type FormItem = Static<typeof FormItem>;

export const FormView = Type.Object(
  {
    title: I18nKey,
    api: Name,
    load: Type.Optional(Name),
    items: Type.Array(FormItem, { minItems: 1 }),
    container: Type.Optional(Type.Union([Type.Literal('modal'), Type.Literal('drawer')])),
    columns: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    width: Type.Optional(Type.Integer({ minimum: 320 })),
  },
  { additionalProperties: false },
);
export type FormView = Static<typeof FormView>;

export const DetailSection = Type.Object(
  {
    title: I18nKey,
    fields: Type.Optional(Type.Array(Name)),
    slot: Type.Optional(Type.String({ description: 'registered slot component, e.g. "timeline"' })),
    api: Type.Optional(Name),
    props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  },
  { additionalProperties: false },
);
export type DetailSection = Static<typeof DetailSection>;

export const DetailView = Type.Object(
  {
    api: Name,
    container: Type.Optional(Type.Union([Type.Literal('drawer'), Type.Literal('page')])),
    width: Type.Optional(Type.Integer({ minimum: 320 })),
    sections: Type.Array(DetailSection, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type DetailView = Static<typeof DetailView>;

export const Action = Type.Object(
  {
    title: I18nKey,
    kind: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('form'), Type.Literal('detail'), Type.Literal('link')], {
        description: 'api: call at once (after confirm); form: open a form then call; detail: open the detail view; link: navigate',
      }),
    ),
    api: Type.Optional(Name),
    form: Type.Optional(Name),
    confirm: Type.Optional(I18nKey),
    success: Type.Optional(I18nKey),
    roles: Type.Optional(Roles),
    when: Type.Optional(When),
    danger: Type.Optional(Type.Boolean()),
    primary: Type.Optional(Type.Boolean()),
    icon: Type.Optional(Type.String()),
    to: Type.Optional(Type.String({ description: 'link target; ":field" placeholders take record values' })),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'fixed values merged into the request (e.g. {"enabled": false})' })),
    render: Type.Optional(Type.String({ description: 'registered component replacing the default dialog' })),
  },
  { additionalProperties: false },
);
export type Action = Static<typeof Action>;
