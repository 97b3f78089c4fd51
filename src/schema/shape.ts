/**
 * Result shapes: the type of an API binding's `data` when the resource's record does not describe it
 * (a dashboard's figures, a list of cards). A resource declares named shapes, each a set of properties;
 * a binding names one in `returns`. Generated types (`<Name>Results`), the OpenAPI document and the
 * typed handlers all follow from it.
 *
 * @example
 * "shapes": { "trendPoint": { "bucket": "date", "orders": "integer", "gmv": "money" },
 *             "performance": { "trend": "trendPoint[]", "granularity": "granularity", "change": "number?" } },
 * "api": { "performance": { "method": "GET", "path": "/analytics/performance", "result": "raw", "returns": "performance" } }
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * A property type: a base type, another shape of this resource or a field of it (typed as that field);
 * `[]` after it makes a list, `?` at the end lets the value be null.
 */
export const ShapeType = Type.String({
  pattern: '^[a-zA-Z][a-zA-Z0-9]*(\\[\\])?\\??$',
  description:
    'a base type (string, integer, number, boolean, money, bigint, date, datetime, json), a shape of this file or a field of this file; "[]" a list of it, a trailing "?" may be null',
});

export const Shape = Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' }), ShapeType, {
  description: 'a JSON object: property name → its type',
});
export type Shape = Static<typeof Shape>;

/** Base types of a shape property (anything else names a shape or a field of the same file). */
export const SHAPE_BASE_TYPES = ['string', 'integer', 'number', 'boolean', 'money', 'bigint', 'date', 'datetime', 'json'] as const;
export type ShapeBaseType = (typeof SHAPE_BASE_TYPES)[number];

export interface ParsedShapeType {
  name: string;
  list: boolean;
  nullable: boolean;
}

/** "trendPoint[]?" → { name: 'trendPoint', list: true, nullable: true } */
export function parseShapeType(t: string): ParsedShapeType {
  const nullable = t.endsWith('?');
  const bare = nullable ? t.slice(0, -1) : t;
  const list = bare.endsWith('[]');
  return { name: list ? bare.slice(0, -2) : bare, list, nullable };
}

/**
 * A binding's `returns`: a shape of its own file ("card[]"), or another resource's record ("@store[]" →
 * { resource: 'store', name: 'store', list: true }).
 */
export function parseReturns(t: string): ParsedShapeType & { resource?: string } {
  const other = t.startsWith('@');
  const parsed = parseShapeType(other ? t.slice(1) : t);
  return other ? { ...parsed, resource: parsed.name } : parsed;
}

export const isShapeBaseType = (name: string): name is ShapeBaseType => (SHAPE_BASE_TYPES as readonly string[]).includes(name);
