/**
 * Checks of a list's bulk actions: each names a row action that calls an API (directly or through a
 * form), and the form a batch fills once for all rows must not need one row — no `load`, no read-only
 * items (they show the row's values), no choice depending on a value that is not in the form.
 *
 * @example
 * checkBulkActions(ctx, { file, res }) // pushes e.g. 'bulk action "close" fills form "close" once for all rows, but …'
 */
import type { Resource } from '../schema';
import { bulkActionEntries } from '../schema/views';
import type { CheckContext, ResourceFile } from './check-context';

export function checkBulkActions(ctx: CheckContext, { file, res }: ResourceFile): void {
  const err = (pointer: string, message: string) => ctx.out.push(file.error(pointer, message));
  bulkActionEntries(res.list).forEach((entry, i) => {
    const base = `/list/bulkActions/${i}`;
    const at = typeof res.list!.bulkActions![i] === 'string' ? base : `${base}/action`;
    const a = res.actions?.[entry.action];
    if (!a) return; // reported by checkResource
    const kind = a.kind ?? (a.form ? 'form' : a.api ? 'api' : a.to ? 'link' : 'detail');
    if (kind === 'detail' || kind === 'link' || a.render) {
      const what = a.render ? `opens the custom dialog "${a.render}"` : kind === 'detail' ? 'opens the detail view' : 'is a link';
      err(at, `bulk action "${entry.action}" ${what}; a batch runs an action that calls an api (kind "api" or "form") on each row`);
      return;
    }
    const target = a.api ?? (a.form ? res.forms?.[a.form]?.api : undefined);
    const formName = entry.form ?? a.form;
    if (!formName) return;
    const form = res.forms?.[formName];
    if (!form) {
      if (entry.form) err(`${base}/form`, `form "${entry.form}" is not declared in "forms"`);
      return;
    }
    const where = entry.form ? `${base}/form` : at;
    if (entry.form && target && form.api !== target) {
      err(where, `form "${formName}" sends to api "${form.api}", but action "${entry.action}" calls "${target}"; a batch form must send to the action's api`);
    }
    for (const problem of rowBoundProblems(res, formName)) {
      err(where, `bulk action "${entry.action}" fills form "${formName}" once for all rows, but ${problem}; name a form without it in "form" of this entry`);
    }
  });
}

/** What makes a form need one row: a load, read-only items, choices filtered by values outside the form. */
function rowBoundProblems(res: Resource, formName: string): string[] {
  const form = res.forms![formName];
  const out: string[] = [];
  if (form.load) out.push(`it loads one record ("load": "${form.load}")`);
  const names = new Set(form.items.map((it) => (typeof it === 'string' ? it : it.field)));
  for (const it of form.items) {
    const name = typeof it === 'string' ? it : it.field;
    if ((typeof it !== 'string' && it.readOnly) || res.fields?.[name]?.readOnly) out.push(`item "${name}" is read-only (it shows one row's value)`);
    if (typeof it === 'string') continue;
    for (const d of it.dependsOn ?? []) {
      if (!names.has(d)) out.push(`item "${name}" depends on "${d}", which is not in the form (it would come from one row)`);
    }
  }
  return out;
}
