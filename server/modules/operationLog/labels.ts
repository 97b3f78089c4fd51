/**
 * How an operation-log entry reads, in the reader's locale, from the schemas themselves: a resource
 * is named by its menu title, an operation by the title of the action or form that calls the binding,
 * a field by its title. Values are not turned into text here: each line names its field and carries
 * the value as the wire carries it (64-bit ids exact), and the console draws it with its field-type
 * registry (src/screens/operationLog/ChangeList.tsx), as it draws that field everywhere else.
 */
import type { AnyField, AppSchema as App, Resource } from '../../../src/schema';
import type { I18n } from '../../core/i18n';
import { auditPlan } from '../../core/audit';
import type { OperationLogChange, OperationLogSubmitted } from '../../../src/generated/types';

export interface Labels {
  resource(name: string): string;
  operation(resource: string, binding: string): string;
  /** [{field, label, before, after}] of a stored changes object */
  changes(resource: string, changes: Record<string, [unknown, unknown]> | null): OperationLogChange[];
  /** [{field, label, value}] of a stored input object */
  input(resource: string, binding: string, input: Record<string, unknown> | null): OperationLogSubmitted[];
  /** every audited [resource, binding] pair (for the filters' options) */
  audited(): [string, string][];
  reasonLabel: string;
  /** a refusal's message key with the values it was told with, as the user read it */
  reason(key: string, values?: Record<string, string | number>): string;
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
    // a toolbar's switch (its setter) or export button, by the title the user clicked
    for (const item of r?.list?.toolbar ?? []) {
      if ('switch' in item && item.set === binding) return t(item.title);
      if ('export' in item && item.export === binding && item.title) return t(item.title);
    }
    return has(`operationLog.action.${binding}`) ? t(`operationLog.action.${binding}`) : binding;
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
        return { field: name, label: title(r?.fields?.[name], name), before: b ?? null, after: a ?? null };
      });
    },
    input(res, binding, input) {
      const r = byName.get(res);
      return Object.entries(input ?? {}).map(([name, v]) => {
        return { field: name, label: title(fieldOf(r, binding, name), name), value: v ?? null };
      });
    },
    reasonLabel: t('operationLog.reason'),
    reason: (key, values) => i18n.t(locale, key, values),
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

/** An operation as the log names it, "门店管理 · 审核" (module · action): the auditOperation option's label and a listed entry's `operationName`. */
export function operationLabel(labels: Labels, resource: string, binding: string): string {
  return `${labels.resource(resource)} · ${labels.operation(resource, binding)}`;
}
