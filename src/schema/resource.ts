/**
 * A screen (or an API-only service) declared as data. One JSON file per resource under schemas/.
 *
 * @example
 * { "$schema": "./meta/resource.schema.json", "name": "staff",
 *   "route": { "path": "/staff", "title": "menu.staff", "icon": "TeamOutlined", "roles": ["admin", "finance"] },
 *   "fields": { ... }, "api": { ... }, "list": { ... }, "forms": { ... }, "detail": { ... }, "actions": { ... } }
 */
import { Type, type Static } from '@sinclair/typebox';
import { I18nKey, Field } from './field';
import { ApiBinding } from './api';
import { EnumDef } from './app';
import { Action, DetailView, FormView, ListView } from './views';
import { Scope } from './scope';
import { Shape } from './shape';

const Name = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' });

export const Route = Type.Object(
  {
    path: Type.String({ pattern: '^/[a-zA-Z0-9/_-]*$' }),
    title: I18nKey,
    icon: Type.Optional(Type.String({ pattern: '^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$', description: '@ant-design/icons component name' })),
    roles: Type.Optional(Type.Array(Type.String(), { description: 'empty or absent: any signed-in user' })),
    hidden: Type.Optional(Type.Boolean({ description: 'reachable but not in the menu' })),
    externalUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
    menuOrder: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type Route = Static<typeof Route>;

export const Resource = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    $comment: Type.Optional(Type.String()),
    name: Name,
    kind: Type.Optional(
      Type.Union([Type.Literal('resource'), Type.Literal('custom'), Type.Literal('service')], {
        description: 'resource: rendered from list/forms/detail; custom: "component" draws the page; service: API only, no screen',
      }),
    ),
    component: Type.Optional(Type.String({ description: 'registered screen component for kind "custom"' })),
    route: Type.Optional(Route),
    enums: Type.Optional(Type.Record(Name, EnumDef, { description: 'enums used by this resource only; shared ones live in app.json' })),
    fields: Type.Optional(Type.Record(Name, Field)),
    api: Type.Optional(Type.Record(Name, ApiBinding)),
    shapes: Type.Optional(
      Type.Record(Name, Shape, { description: 'result shapes named by a binding\'s "returns" (src/schema/shape.ts): shape name → { property: type }' }),
    ),
    list: Type.Optional(ListView),
    forms: Type.Optional(Type.Record(Name, FormView)),
    detail: Type.Optional(DetailView),
    actions: Type.Optional(Type.Record(Name, Action)),
    scope: Type.Optional(Scope),
  },
  { additionalProperties: false },
);
export type Resource = Static<typeof Resource>;
