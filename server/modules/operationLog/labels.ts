/**
 * How an operation-log entry reads, in the reader's locale, from the schemas themselves: a resource
 * is named by its menu title, an operation by the title of the action or form that calls the binding,
 * a field by its title, an enum value by its label.
 */
import type { AnyField, AppSchema as App, Resource } from '../../../src/schema';
import type { I18n } from '../../core/i18n';
import { auditPlan } from '../../core/audit';

export interface Labels {
  resource(name: string): string;
  operation(resource: string, binding: string): string;
  /** [{label, before, after}] of a stored changes object */
  changes(resource: string, changes: Record<string, [unknown, unknown]> | null): { label: string; before: string; after: string }[];
  /** [{label, before: '', after: value}] of a stored input object */
  input(resource: string, binding: string, input: Record<string, unknown> | null): { label: string; before: string; after: string }[];
  /** every audited [resource, binding] pair (for the filters' options) */
  audited(): [string, string][];
  reasonLabel: string;
  /** a refusal's message key, as the user read it */
  reason(key: string): string;
  rolesLabel: string;
  roles(values: string[]): string;
}

export function createLabels(app: App, resources: readonly Resource[], i18n: I18n, locale: string): Labels {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const t = (key: string) => i18n.t(locale, key);
  const has = (key: string) => t(key) !== key;

  const resource = (name: string) => {
    const r = byName.get(name);
    if (r?.route?.title) return t(r.route.title);
    return has(`operationLog.resource.${name}`) ? t(`operationLog.resource.${name}`) : name;
  };
  const operation = (res: string, binding: string) => {
    const r = byName.get(res);
    const action = Object.values(r?.actions ?? {}).find((a) => a.api === binding || (a.form && r?.forms?.[a.form]?.api === binding));
    if (action) return t(action.title);
    const form = Object.values(r?.forms ?? {}).find((f) => f.api === binding);
    if (form) return t(form.title);
    return has(`operationLog.action.${binding}`) ? t(`operationLog.action.${binding}`) : binding;
  };
  const show = (field: AnyField | undefined, r: Resource | undefined, v: unknown): string => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return t('operationLog.empty');
    if (Array.isArray(v)) return v.map((x) => show(field, r, x)).join(t('server.listSeparator'));
    if (field?.type === 'enum' && field.enum) {
      const def = r?.enums?.[field.enum] ?? app.enums?.[field.enum];
      const hit = def?.values.find((x) => String(x.value) === String(v));
      if (hit) return t(hit.label);
    }
    if (field?.type === 'boolean') return t(v ? 'operationLog.yes' : 'operationLog.no');
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
  const fieldOf = (r: Resource | undefined, binding: string | undefined, name: string): AnyField | undefined =>
    ((binding ? r?.api?.[binding]?.input?.extra?.[name] : undefined) as AnyField | undefined) ?? r?.fields?.[name];
  const title = (f: AnyField | undefined, name: string) => (f?.title ? t(f.title) : name);

  return {
    resource,
    operation,
    changes(res, changes) {
      const r = byName.get(res);
      return Object.entries(changes ?? {}).map(([name, [b, a]]) => {
        const f = r?.fields?.[name];
        return { label: title(f, name), before: show(f, r, b), after: show(f, r, a) };
      });
    },
    input(res, binding, input) {
      const r = byName.get(res);
      return Object.entries(input ?? {}).map(([name, v]) => {
        const f = fieldOf(r, binding, name);
        return { label: title(f, name), before: '', after: show(f, r, v) };
      });
    },
    reasonLabel: t('operationLog.reason'),
    reason: (key) => t(key),
    rolesLabel: t('operationLog.roles'),
    roles: (values) =>
      values
        .map((v) => {
          const def = app.roles.find((x) => x.value === v);
          return def ? t(def.label) : v;
        })
        .join(t('server.listSeparator')),
    audited() {
      const out: [string, string][] = [];
      for (const r of resources) {
        for (const [name, b] of Object.entries(r.api ?? {})) {
          const plan = auditPlan(r, b, {});
          if (plan.write || plan.login) out.push([r.name, name]);
        }
      }
      return out;
    },
  };
}
