/**
 * Which actions a user may see: the action's roles and the roles of the API binding it ends in
 * (directly or through its form), and for a row, the action's `when` (incl. "$notSelf").
 * Forbidden actions are hidden, never shown disabled.
 *
 * @example
 * const gate = actionGate(staff, user);
 * gate.allowed('add')                 // roles only (toolbar)
 * gate.rowActions(row)                // ['view', 'edit', 'disable'] for an enabled row that is not mine
 */
import { allowsRoles, matchesWhen } from '../schema/derive';
import { bulkActionEntries } from '../schema/views';
import type { Action, Resource } from '../schema';
import type { RuntimeUser } from './runtime';

export interface ActionGate {
  action: (name: string) => Action;
  allowed: (name: string) => boolean;
  allowedFor: (name: string, record: Record<string, unknown>) => boolean;
  rowActions: (record: Record<string, unknown>) => string[];
  toolbarActions: () => string[];
  bulkActions: () => string[];
}

/** The binding an action calls: its own api, else its form's api. */
export function actionBindingName(resource: Resource, action: Action): string | undefined {
  if (action.api) return action.api;
  if (action.form) return resource.forms?.[action.form]?.api;
  return undefined;
}

export function actionGate(resource: Resource, user: Pick<RuntimeUser, 'id' | 'roles'> | null): ActionGate {
  const roles = user?.roles ?? [];
  const action = (name: string): Action => {
    const a = resource.actions?.[name];
    if (!a) throw new Error(`resource "${resource.name}" has no action "${name}"`);
    return a;
  };
  const allowed = (name: string): boolean => {
    const a = action(name);
    if (!allowsRoles(a.roles, roles)) return false;
    const b = actionBindingName(resource, a);
    const binding = b ? resource.api?.[b] : undefined;
    if (binding && !allowsRoles(binding.roles, roles)) return false;
    if (a.kind === 'detail' && resource.detail) {
      const d = resource.api?.[resource.detail.api];
      if (d && !allowsRoles(d.roles, roles)) return false;
    }
    return true;
  };
  const allowedFor = (name: string, record: Record<string, unknown>) => allowed(name) && matchesWhen(action(name).when, record, user?.id);
  const toolbarActions = () => (resource.list?.toolbar ?? []).flatMap((t) => ('action' in t ? [t.action] : [])).filter(allowed);
  return {
    action,
    allowed,
    allowedFor,
    rowActions: (record) => (resource.list?.rowActions ?? []).filter((n) => allowedFor(n, record)),
    toolbarActions,
    bulkActions: () =>
      bulkActionEntries(resource.list)
        .map((b) => b.action)
        .filter(allowed),
  };
}

/** Row actions shown as links; beyond this many, the last link becomes "更多" with the rest. */
export const INLINE_ROW_ACTIONS = 3;

/** A row's allowed actions split into the links and the "更多" menu (links and menu). */
export function splitRowActions(names: string[]): { inline: string[]; more: string[] } {
  const inline = names.length <= INLINE_ROW_ACTIONS ? names : names.slice(0, INLINE_ROW_ACTIONS - 1);
  return { inline, more: names.slice(inline.length) };
}

/** Estimated width in px of a 14 px label: CJK and full-width characters 14, others 8 (a little over Latin averages). */
export function labelWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 14 : 8;
  return w;
}

/**
 * Width of the operation column for a user who may run row actions with these `labels` (translated
 * titles, in the list's order; 0: no column): room for the widest links a row can show — up to three,
 * or two and `moreLabel` with its caret — 12 px apart, in a cell padded 16 px each side, and for the
 * column's `title`. `leading`: how many of the first labels every row shows (actions without a `when`,
 * such as 查看): those hold their places, so only the other places can take the widest of the rest.
 * (A floor of 56 px per link left a column of "查看 编辑" mostly empty, and at 1280 px the fixed column
 * covered data columns with that empty room.)
 */
export function operationColumnWidth(labels: readonly string[], moreLabel: string, leading = 0, title = ''): number {
  if (!labels.length) return 0;
  const widths = labels.map(labelWidth);
  let links: number[];
  if (labels.length <= INLINE_ROW_ACTIONS) links = widths;
  else {
    const places = INLINE_ROW_ACTIONS - 1;
    const fixed = widths.slice(0, Math.min(leading, places));
    const rest = widths.slice(fixed.length).sort((a, b) => b - a);
    links = [...fixed, ...rest.slice(0, places - fixed.length), labelWidth(moreLabel) + 16];
  }
  const needed = 32 + links.reduce((a, b) => a + b, 0) + 12 * (links.length - 1) + 8;
  return Math.ceil(Math.max(needed, 32 + labelWidth(title) + 8));
}
