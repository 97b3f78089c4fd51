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
          description: "resource whose id the field holds; a row is visible when that row is in the user's scope of that resource",
        }),
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
 * `field` holds the id of a row of `via.resource` that `via.restriction` lets through. `ids` empty:
 * no row. null (from rowRestriction): every row.
 */
export interface RowRestriction {
  field: string;
  ids: bigint[];
  via?: { resource: string; restriction: RowRestriction };
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
  return { field: rule.field, ids: [], via: { resource: rule.via, restriction: inner } };
}

/** Problems in a resource's scope declaration (unknown fields or resources), for the schema CLI. */
export function scopeProblems(scope: Scope, fields: readonly string[], resources: readonly string[]): string[] {
  const out: string[] = [];
  for (const kind of BINDING_KINDS) {
    const rule = scope[kind];
    if (rule === undefined) continue;
    const field = typeof rule === 'string' ? rule : rule.field;
    if (field !== 'id' && !fields.includes(field)) out.push(`scope.${kind}: "${field}" is not a field of this resource`);
    if (typeof rule !== 'string' && !resources.includes(rule.via)) out.push(`scope.${kind}.via: no resource named "${rule.via}"`);
  }
  return out;
}
