/**
 * Checks inside one resource file: every name used by the list, forms, detail, actions and toolbar
 * resolves; enums and dicts exist; a form's api takes the form's items; roles and icons exist.
 *
 * @example
 * checkResource(ctx, { file, res }) // pushes e.g. 'column "stauts" is not declared in "fields" (did you mean "status"?)'
 */
import type { AnyField, Resource } from '../schema';
import { resolveBindingInput } from '../schema/derive';
import { scopeProblems } from '../schema/scope';
import { isShapeBaseType, parseReturns, parseShapeType, SHAPE_BASE_TYPES } from '../schema/shape';
import type { CheckContext, ResourceFile } from './check-context';
import { pointerOf } from './diagnostics';
import { closest } from './meta-errors';

export const RESOURCE_SCHEMA_REF = './meta/resource.schema.json';
export const APP_SCHEMA_REF = './meta/app.schema.json';

export function checkResource(ctx: CheckContext, { file, res }: ResourceFile): void {
  const err = (pointer: string, message: string, at?: 'key' | 'value') => ctx.out.push(file.error(pointer, message, at));
  const fields = res.fields ?? {};
  const api = res.api ?? {};
  const forms = res.forms ?? {};
  const actions = res.actions ?? {};
  const shapes = res.shapes ?? {};
  const appRoles = new Set((ctx.app.roles ?? []).map((r) => r.value));

  /** name must be a key of `table`; the message names what it is and suggests the nearest name */
  const must = (table: Record<string, unknown>, kind: string, section: string, name: string, pointer: string) => {
    if (name in table) return true;
    const guess = closest(name, Object.keys(table));
    err(pointer, `${kind} "${name}" is not declared in "${section}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
    return false;
  };
  const field = (name: string, pointer: string, kind = 'field') => must(fields, kind, 'fields', name, pointer);
  /** a field shown from a record: it must exist and not be writeOnly (never returned by the server) */
  const shown = (name: string, pointer: string, kind = 'field') => {
    if (field(name, pointer, kind) && fields[name].writeOnly)
      err(pointer, `${kind} "${name}" is writeOnly: the server never returns it, so it cannot be shown`);
  };
  const binding = (name: string, pointer: string, kind = 'api') => must(api, kind, 'api', name, pointer);
  const roles = (list: string[] | undefined, pointer: string) =>
    (list ?? []).forEach((r, i) => {
      if (appRoles.size && !appRoles.has(r)) err(`${pointer}/${i}`, `role "${r}" is not declared in app.json "roles"`);
    });
  const icon = (name: string | undefined, pointer: string) => {
    if (name && ctx.iconExists && !ctx.iconExists(name)) err(pointer, `icon "${name}" is not in @ant-design/icons`);
  };

  if (file.data && (file.data as Record<string, unknown>).$schema !== RESOURCE_SCHEMA_REF) {
    err('/$schema', `"$schema" must be "${RESOURCE_SCHEMA_REF}" (editors then check and complete the file)`);
  }

  // kind, route, component
  const kind = res.kind ?? 'resource';
  if (kind === 'custom' && !res.component) err('/kind', 'kind "custom" needs a "component" (the registered screen component that draws the page)');
  if (kind === 'service' && res.route) err('/route', 'a "service" has no screen: remove "route" or change "kind"', 'key');
  if (res.route && kind === 'resource' && !res.list && !res.route.externalUrl) {
    err('/route', 'a resource with a route needs a "list" (or "kind": "custom" with a "component")', 'key');
  }
  if (res.route) {
    roles(res.route.roles, '/route/roles');
    icon(res.route.icon, '/route/icon');
  }

  // fields and inline parameters
  const checkField = (name: string, f: AnyField, pointer: string) => {
    const enums = { ...(ctx.app.enums ?? {}), ...(res.enums ?? {}) };
    if (f.type === 'enum' && !f.enum) err(pointer, `field "${name}" has type "enum" but names no "enum"`);
    if (f.enum && !(f.enum in enums)) {
      const guess = closest(f.enum, Object.keys(enums));
      err(`${pointer}/enum`, `enum "${f.enum}" is not defined in app.json "enums" or this file's "enums"${guess ? ` (did you mean "${guess}"?)` : ''}`);
    }
    if (f.type === 'dict' && !f.dict) err(pointer, `field "${name}" has type "dict" but names no "dict"`);
    if (f.dict && !(f.dict in (ctx.app.dicts ?? {}))) err(`${pointer}/dict`, `dict "${f.dict}" is not defined in app.json "dicts"`);
    if (f.type === 'ref' && !f.ref) err(pointer, `field "${name}" has type "ref" but has no "ref" source`);
  };
  for (const [name, f] of Object.entries(fields)) checkField(name, f, pointerOf('fields', name));

  // data scope: its fields, "via" resources and their "by" fields exist; its roles are declared
  if (res.scope) {
    roles(res.scope.all, '/scope/all');
    // fields of another resource: known only when its file parsed whole (a lenient read has none)
    const fieldsOf = (name: string) => {
      const other = ctx.known.find((r) => r.res.name === name)?.res.fields;
      return other ? Object.keys(other) : undefined;
    };
    for (const p of scopeProblems(
      res.scope,
      Object.keys(fields),
      ctx.known.map((r) => r.res.name),
      fieldsOf,
    ))
      err('/scope', p);
  }

  // api bindings
  for (const [bname, b] of Object.entries(api)) {
    const base = pointerOf('api', bname);
    (b.input?.fields ?? []).forEach((n, i) => field(n, `${base}/input/fields/${i}`, 'input field'));
    for (const [pname, p] of Object.entries(b.input?.extra ?? {})) checkField(pname, p, `${base}/input/extra/${pname}`);
    const takes = new Set([...(b.input?.fields ?? []), ...Object.keys(b.input?.extra ?? {})]);
    (b.input?.require ?? []).forEach((n, i) => {
      if (!takes.has(n)) err(`${base}/input/require/${i}`, `required parameter "${n}" is not among this binding's "fields" or "extra"`);
    });
    if (b.multipart && b.method !== 'POST') err(`${base}/multipart`, '"multipart" needs method POST');
    if (b.public && b.roles?.length) err(`${base}/roles`, 'a public binding cannot require roles');
    roles(b.roles, `${base}/roles`);
    if (b.returns) checkReturns(b.returns, b.result, `${base}/returns`);
  }

  // result shapes: every property type is a base type, a shape or a field of this file
  for (const [sname, shape] of Object.entries(shapes)) {
    // its generated type is <Name><Shape>: it must not take the name of the record, bindings, results or an input type
    if (/^(record|bindings|results)$/i.test(sname) || /Input$/.test(sname)) {
      err(pointerOf('shapes', sname), `shape name "${sname}" would clash with a generated type name (Record, Bindings, Results, …Input): rename it`, 'key');
    }
    for (const [prop, type] of Object.entries(shape)) {
      const { name } = parseShapeType(type);
      if (isShapeBaseType(name) || name in shapes) continue;
      if (name in fields) {
        if (fields[name].writeOnly) err(pointerOf('shapes', sname, prop), `field "${name}" is writeOnly: the server never returns it`);
        continue;
      }
      const guess = closest(name, [...SHAPE_BASE_TYPES, ...Object.keys(shapes), ...Object.keys(fields)]);
      err(
        pointerOf('shapes', sname, prop),
        `type "${name}" is not a base type (${SHAPE_BASE_TYPES.join(', ')}), a shape or a field of this file${guess ? ` (did you mean "${guess}"?)` : ''}`,
      );
    }
  }
  function checkReturns(returns: string, result: string | undefined, pointer: string) {
    const { name, list, resource } = parseReturns(returns);
    if (resource !== undefined) {
      const names = ctx.known.map((r) => r.res.name);
      if (!names.includes(resource)) {
        const guess = closest(resource, names);
        err(pointer, `"@${resource}" names no resource${guess ? ` (did you mean "@${guess}"?)` : ''}: "@" takes the "name" of another schema file`);
        return;
      }
      const other = ctx.known.find((r) => r.res.name === resource)!.res;
      if (!Object.values(other.fields ?? {}).some((f) => !f.writeOnly)) {
        err(pointer, `resource "${resource}" declares no readable fields: its record cannot be returned`);
        return;
      }
    } else if (!must(shapes, 'shape', 'shapes', name, pointer)) return;
    if (result === 'list' && !list) err(pointer, `result "list" returns a list: write "${name}[]"`);
    else if (result !== 'list' && list) err(pointer, `"${returns}" is a list: it needs result "list"`);
    else if (!['page', 'list', 'record', 'config', 'raw'].includes(result ?? 'raw')) {
      err(pointer, `result "${result}" has its own fixed shape; "returns" goes with result page (its rows), list, record, config or raw`);
    }
  }

  /** parameter names a binding takes, or null when it cannot be resolved (reported elsewhere) */
  const paramsOf = (bname: string | undefined): Set<string> | null => {
    const b = bname ? api[bname] : undefined;
    if (!b) return null;
    try {
      return new Set(resolveBindingInput(res as Resource, b).map((p) => p.name));
    } catch {
      return null;
    }
  };

  // list
  const list = res.list;
  if (list) {
    binding(list.api, '/list/api');
    if (list.rowKey) field(list.rowKey, '/list/rowKey');
    list.columns.forEach((c, i) => {
      if (typeof c === 'string') shown(c, `/list/columns/${i}`, 'column');
      else {
        shown(c.field, `/list/columns/${i}/field`, 'column');
        (c.also ?? []).forEach((n, j) => shown(n, `/list/columns/${i}/also/${j}`));
      }
    });
    (list.search ?? []).forEach((n, i) => field(n, `/list/search/${i}`, 'search field'));
    if (list.tabs) {
      const t = list.tabs;
      if (field(t.field, '/list/tabs/field', 'tabs field')) {
        const f = fields[t.field];
        const values = f.enum ? { ...(ctx.app.enums ?? {}), ...(res.enums ?? {}) }[f.enum]?.values.map((v) => String(v.value)) : undefined;
        if (f.type !== 'enum') err('/list/tabs/field', `tabs need an enum field; "${t.field}" has type "${f.type}"`);
        else if (values) {
          (t.values ?? []).forEach((v, i) => {
            if (!values.includes(v)) err(`/list/tabs/values/${i}`, `tab value "${v}" is not a value of enum "${f.enum}" (${values.join(', ')})`);
          });
        }
      }
      if (t.counts) binding(t.counts, '/list/tabs/counts', 'counts api');
    }
    (list.toolbar ?? []).forEach((item, i) => {
      const p = `/list/toolbar/${i}`;
      if ('action' in item) must(actions, 'action', 'actions', item.action, `${p}/action`);
      else if ('switch' in item) {
        binding(item.get, `${p}/get`);
        binding(item.set, `${p}/set`);
        const takes = paramsOf(item.set);
        if (takes && !takes.has(item.switch)) err(`${p}/switch`, `switch "${item.switch}" is not taken by api "${item.set}"`);
        roles(item.roles, `${p}/roles`);
      } else {
        binding(item.export, `${p}/export`, 'export api');
        roles(item.roles, `${p}/roles`);
      }
    });
    (list.rowActions ?? []).forEach((n, i) => must(actions, 'action', 'actions', n, `/list/rowActions/${i}`));
    (list.bulkActions ?? []).forEach((b, i) => {
      if (typeof b === 'string') must(actions, 'action', 'actions', b, `/list/bulkActions/${i}`);
      else must(actions, 'action', 'actions', b.action, `/list/bulkActions/${i}/action`);
    });
  }

  // forms
  for (const [fname, form] of Object.entries(forms)) {
    const base = pointerOf('forms', fname);
    binding(form.api, `${base}/api`);
    if (form.load) binding(form.load, `${base}/load`);
    const takes = paramsOf(form.api);
    form.items.forEach((item, i) => {
      const name = typeof item === 'string' ? item : item.field;
      const p = typeof item === 'string' ? `${base}/items/${i}` : `${base}/items/${i}/field`;
      if (!field(name, p, 'form item')) return;
      if (typeof item !== 'string') {
        (item.dependsOn ?? []).forEach((n, j) => field(n, `${base}/items/${i}/dependsOn/${j}`));
        Object.keys(item.visibleWhen ?? {}).forEach((n) => field(n, `${base}/items/${i}/visibleWhen/${n}`));
      }
      const readOnly = (typeof item !== 'string' && item.readOnly) || fields[name].readOnly;
      if (takes && !readOnly && !takes.has(name)) {
        err(p, `form "${fname}" shows "${name}" but its api "${form.api}" does not take it (add it to api.${form.api}.input, or make the item readOnly)`);
      }
    });
  }

  // detail
  if (res.detail) {
    binding(res.detail.api, '/detail/api');
    res.detail.sections.forEach((s, i) => {
      (s.fields ?? []).forEach((n, j) => shown(n, `/detail/sections/${i}/fields/${j}`));
      if (s.api) binding(s.api, `/detail/sections/${i}/api`);
    });
  }

  // actions
  for (const [aname, a] of Object.entries(actions)) {
    const base = pointerOf('actions', aname);
    if (a.kind === 'form' && !a.form) err(base, `action "${aname}" has kind "form" but names no "form"`);
    if (a.kind === 'api' && !a.api) err(base, `action "${aname}" has kind "api" but names no "api"`);
    if (a.kind === 'detail' && !res.detail) err(`${base}/kind`, `action "${aname}" opens the detail view, but this file has no "detail"`);
    if (a.kind === 'link' && !a.to) err(base, `action "${aname}" has kind "link" but no "to"`);
    if (a.form) must(forms, 'form', 'forms', a.form, `${base}/form`);
    if (a.api) binding(a.api, `${base}/api`);
    roles(a.roles, `${base}/roles`);
    icon(a.icon, `${base}/icon`);
    Object.keys(a.when ?? {}).forEach((n) => {
      if (n !== '$notSelf') field(n, `${base}/when/${pointerOf(n).slice(1)}`, 'condition field');
    });
    const target = a.api ?? (a.form ? forms[a.form]?.api : undefined);
    const takes = paramsOf(target);
    Object.keys(a.params ?? {}).forEach((n) => {
      if (takes && !takes.has(n)) err(`${base}/params/${pointerOf(n).slice(1)}`, `param "${n}" is not taken by api "${target}"`, 'key');
    });
  }
}
