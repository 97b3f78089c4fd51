/**
 * Data scope: which rows of a resource a signed-in user may see and act on.
 *
 * A user may be bound to one store or one merchant (users.store_id / users.merchant_id, set on the
 * staff screen). The binding wins over the roles: a bound user reaches only the rows the resource ties
 * to its binding, whatever its roles. An unbound user reaches every row when it holds one of the `all`
 * roles, and none otherwise. A resource without a "scope" is not restricted by rows (roles still apply).
 *
 * @example
 * "scope": { "all": ["admin", "finance"], "store": "storeId", "merchant": "merchantId" }
 * "scope": { "all": ["admin", "finance"], "store": { "field": "orderId", "via": "order" }, "merchant": "merchantId" }
 * // `by`: the field holds another field of the via resource than its id — here the merchantId of a store in the user's scope
 * "scope": { "all": ["admin", "finance"], "store": { "field": "merchantId", "via": "store", "by": "merchantId" }, "merchant": "merchantId" }
 */
import { Type, type Static } from '@sinclair/typebox';

export const BINDING_KINDS = ['store', 'merchant'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

const FieldName = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' });

export const ScopeRule = Type.Union(
  [
    Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]*$', description: 'a field of this resource holding the bound store/merchant id' }),
    Type.Object(
      {
        field: FieldName,
        via: Type.String({
          pattern: '^[a-zA-Z][a-zA-Z0-9_]*$',
          description: "resource whose id (or `by` field) the field holds; a row is visible when that row is in the user's scope of that resource",
        }),
        by: Type.Optional(
          Type.String({
            pattern: '^[a-zA-Z][a-zA-Z0-9_]*$',
            description: 'the field of the "via" resource whose value the field holds (default "id")',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'how a row of this resource is tied to a binding; absent: a user with that binding sees no row' },
);
export type ScopeRule = Static<typeof ScopeRule>;

export const Scope = Type.Object(
  {
    all: Type.Array(Type.String(), { description: 'roles that reach every row when the user is bound to nothing' }),
    store: Type.Optional(ScopeRule),
    merchant: Type.Optional(ScopeRule),
  },
  { additionalProperties: false },
);
export type Scope = Static<typeof Scope>;

/** What a session knows of a user for scoping. */
export interface ScopeSubject {
  roles: readonly string[];
  storeId?: bigint | null;
  merchantId?: bigint | null;
}

/**
 * The restriction on a resource's rows: rows whose `field` is one of `ids` — or, with `via`, whose
 * `field` holds the id (`via.by` set: the value of that field) of a row of `via.resource` that
 * `via.restriction` lets through (`ids` is then unused). `ids` empty, no `via`: no row. null (from
 * rowRestriction): every row.
 */
export interface RowRestriction {
  field: string;
  ids: bigint[];
  via?: { resource: string; restriction: RowRestriction; by?: string };
}

/** The binding a user holds, if any (a store binding is checked first; the staff screen allows one). */
export function bindingOf(user: ScopeSubject): { kind: BindingKind; id: bigint } | null {
  if (user.storeId !== null && user.storeId !== undefined) return { kind: 'store', id: user.storeId };
  if (user.merchantId !== null && user.merchantId !== undefined) return { kind: 'merchant', id: user.merchantId };
  return null;
}

const NOTHING: RowRestriction = { field: 'id', ids: [] };

/**
 * The rows of `resource` that `user` may reach: null for all of them, else a restriction.
 * `scopes` gives each resource's declared scope by name (for `via`).
 */
export function rowRestriction(user: ScopeSubject, resource: string, scopes: (name: string) => Scope | undefined, depth = 0): RowRestriction | null {
  const scope = scopes(resource);
  if (!scope) return null;
  const binding = bindingOf(user);
  if (!binding) return user.roles.some((r) => scope.all.includes(r)) ? null : NOTHING;
  const rule = scope[binding.kind];
  if (!rule) return NOTHING;
  if (typeof rule === 'string') return { field: rule, ids: [binding.id] };
  if (depth > 4) throw new Error(`scope of "${resource}": "via" chain too long (a cycle?)`);
  const inner = rowRestriction(user, rule.via, scopes, depth + 1);
  // The referenced resource is unrestricted for this user (not expected for a bound user): so is this one.
  if (inner === null) return null;
  const via: NonNullable<RowRestriction['via']> = { resource: rule.via, restriction: inner };
  if (rule.by !== undefined && rule.by !== 'id') via.by = rule.by;
  return { field: rule.field, ids: [], via };
}

/**
 * Problems in a resource's scope declaration (unknown fields or resources), for the schema CLI.
 * `fieldsOf` gives a resource's fields by name, to check a rule's `by`; undefined (or no answer for
 * the via resource): that check is skipped.
 */
export function scopeProblems(
  scope: Scope,
  fields: readonly string[],
  resources: readonly string[],
  fieldsOf?: (resource: string) => readonly string[] | undefined,
): string[] {
  const out: string[] = [];
  for (const kind of BINDING_KINDS) {
    const rule = scope[kind];
    if (rule === undefined) continue;
    const field = typeof rule === 'string' ? rule : rule.field;
    if (field !== 'id' && !fields.includes(field)) out.push(`scope.${kind}: "${field}" is not a field of this resource`);
    if (typeof rule === 'string') continue;
    if (!resources.includes(rule.via)) out.push(`scope.${kind}.via: no resource named "${rule.via}"`);
    else if (rule.by !== undefined && rule.by !== 'id') {
      const viaFields = fieldsOf?.(rule.via);
      if (viaFields && !viaFields.includes(rule.by)) out.push(`scope.${kind}.by: "${rule.by}" is not a field of resource "${rule.via}"`);
    }
  }
  return out;
}
