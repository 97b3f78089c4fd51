/**
 * The workbench's to-dos: every `list.todos` entry of the schemas that the user may see, counted by
 * calling that list's own API in-process as the same user. So a count is, by construction, the total
 * the list shows for that filter, through the same validation, role checks and data scope.
 */
import { allowsRoles, listHref, normalizePath, type Resource } from '../../../src/schema';
import type { HandlerContext } from '../../core/contract';
import { coreState } from '../../core/state';
import type { WorkbenchTodoCard } from '../../../src/generated/types';

function queryString(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, String(one));
  return p.toString();
}

function visible(r: Resource, roles: string[]): boolean {
  return !!r.route && !r.route.externalUrl && allowsRoles(r.route.roles, roles);
}

/** Cards (schemas/workbench.json shape "todoCard"): `path` and `query` are the list's route and filter, `href` both as its URL holds them. */
export async function todoCards(ctx: HandlerContext<unknown>): Promise<WorkbenchTodoCard[]> {
  const { schemas, i18n } = coreState(ctx.req);
  const roles = ctx.user!.roles;
  const prefix = schemas.app.request.prefix.replace(/\/+$/, '');
  const tokenHeader = schemas.app.request.tokenHeader.toLowerCase();
  const token = String(ctx.req.headers[tokenHeader] ?? '');
  // In menu order, as the user knows the screens.
  const resources = [...schemas.resources].sort((a, b) => (a.route?.menuOrder ?? 0) - (b.route?.menuOrder ?? 0));
  const wanted = resources.flatMap((r) => {
    const list = r.list;
    const binding = list ? r.api?.[list.api] : undefined;
    if (!list?.todos || !binding || !visible(r, roles) || !allowsRoles(binding.roles, roles)) return [];
    return list.todos.map((todo, i) => ({ r, binding, todo, i })).filter(({ todo }) => allowsRoles(todo.roles, roles));
  });
  return Promise.all(
    wanted.map(async ({ r, binding, todo, i }) => {
      const query = { ...todo.query, ...(binding.input?.page ? { current: 1, pageSize: 1 } : {}) };
      const res = await ctx.req.server.inject({
        method: 'GET',
        url: `${prefix}${normalizePath(binding.path)}?${queryString(query)}`,
        headers: { [tokenHeader]: token, 'x-locale': ctx.locale },
      });
      const body = JSON.parse(res.body) as { code: number; data: { total?: number } | unknown[] | null };
      // A declared to-do the list refuses is a schema mistake: say which, rather than show a wrong 0.
      if (body.code !== 0 || !body.data) throw new Error(`to-do ${r.name}.list.todos[${i}] failed: ${res.body.slice(0, 200)}`);
      const count = Array.isArray(body.data) ? body.data.length : Number(body.data.total ?? 0);
      return {
        key: `${r.name}.${i}`,
        resource: r.name,
        title: i18n.t(ctx.locale, todo.title),
        count,
        tone: todo.tone ?? null,
        path: r.route!.path,
        query: todo.query,
        href: listHref(r.route!.path, r.list, todo.query),
      };
    }),
  );
}
