/**
 * The JSON Schema of schema files, derived from the TypeBox definitions in src/schema. One change
 * is made: TypeBox records (`patternProperties`) also refuse keys that do not match their key
 * pattern, so a field named "order-no" is reported instead of silently ignored.
 *
 * @example
 * metaSchemaOf(Resource).properties.fields.additionalProperties // false
 */
import type { TSchema } from '@sinclair/typebox';
import { AppSchema, Resource } from '../schema';

type Json = Record<string, any>;

export function metaSchemaOf(schema: TSchema): Json {
  return tighten(JSON.parse(JSON.stringify(schema)) as Json);
}

function tighten(s: Json): Json {
  if (Array.isArray(s)) return s.map(tighten);
  if (!s || typeof s !== 'object') return s;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) out[k] = k === 'const' || k === 'default' ? v : tighten(v);
  if (out.patternProperties && out.additionalProperties === undefined && !out.properties) out.additionalProperties = false;
  return out;
}

/** Derived once: the resource and app meta-schemas. */
export const RESOURCE_META = metaSchemaOf(Resource);
export const APP_META = metaSchemaOf(AppSchema);
