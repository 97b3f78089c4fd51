/**
 * Checks across files: unique resource names, route paths and (method, path) bindings; routes clear
 * of the shell's open routes; ref and dict APIs point at declared GET bindings; every binding has a
 * server handler and every handler a binding.
 *
 * @example
 * checkGlobal(ctx) // pushes e.g. 'route path "/login" is an open route of the shell; choose another path'
 */
import { normalizePath } from '../schema/derive';
import type { CheckContext } from './check-context';
import { pointerOf, type Diagnostic } from './diagnostics';

/** Routes the shell serves itself (spec §2); a schema route must not take them. */
export const OPEN_ROUTES = ['/login', '/401', '/403', '/404', '/error', '/index', '/redirect', '/common/redirect'];

export function checkGlobal(ctx: CheckContext): void {
  const push = (d: Diagnostic) => ctx.out.push(d);

  // resource names
  const names = new Map<string, string>();
  for (const { file, res } of ctx.known) {
    const prev = names.get(res.name);
    if (prev) push(file.error('/name', `resource name "${res.name}" is also used by ${prev}`));
    else names.set(res.name, file.path);
  }

  // route paths
  const paths = new Map<string, string>();
  for (const { file, res } of ctx.known) {
    if (!res.route) continue;
    const path = res.route.path.length > 1 ? res.route.path.replace(/\/+$/, '') : res.route.path;
    if (path === '/' || OPEN_ROUTES.includes(path) || path.startsWith('/redirect/')) {
      push(file.error('/route/path', `route path "${path}" is an open route of the shell (${OPEN_ROUTES.join(', ')} and /); choose another path`));
      continue;
    }
    const prev = paths.get(path);
    if (prev) push(file.error('/route/path', `route path "${path}" is also used by ${prev}`));
    else paths.set(path, file.path);
  }

  // bindings
  const bindings = new Map<string, string>();
  const getPaths = new Set<string>();
  for (const { file, res } of ctx.known) {
    for (const [bname, b] of Object.entries(res.api ?? {})) {
      const key = `${b.method} ${normalizePath(b.path)}`;
      if (b.method === 'GET') getPaths.add(normalizePath(b.path));
      const prev = bindings.get(key);
      if (prev) push(file.error(pointerOf('api', bname, 'path'), `${key} is also declared by ${prev}`));
      else bindings.set(key, `${file.path} (api "${bname}")`);
    }
  }

  // ref and dict sources
  for (const { file, res } of ctx.resources) {
    const refs: [string, string | undefined][] = [];
    for (const [n, f] of Object.entries(res.fields ?? {})) refs.push([pointerOf('fields', n, 'ref', 'api'), f.ref?.api]);
    for (const [bn, b] of Object.entries(res.api ?? {})) {
      for (const [n, f] of Object.entries(b.input?.extra ?? {})) refs.push([pointerOf('api', bn, 'input', 'extra', n, 'ref', 'api'), f.ref?.api]);
    }
    for (const [pointer, api] of refs) {
      if (api !== undefined && !ctx.unreadable && !getPaths.has(normalizePath(api)))
        push(file.error(pointer, `ref api "${api}" is not a declared GET binding in any schema file`));
    }
  }
  if (ctx.appFile) {
    for (const [name, d] of Object.entries(ctx.app.dicts ?? {})) {
      if (typeof d?.api === 'string' && !ctx.unreadable && !getPaths.has(normalizePath(d.api))) {
        push(ctx.appFile.error(pointerOf('dicts', name, 'api'), `dict "${name}" api "${d.api}" is not a declared GET binding in any schema file`));
      }
    }
  }

  checkHandlers(ctx);
}

function checkHandlers(ctx: CheckContext): void {
  const h = ctx.handlers;
  if (!h) return;
  const byName = new Map(ctx.known.map((r) => [r.res.name, r]));
  for (const { file, res } of ctx.known) {
    const mod = h.modules[res.name];
    for (const [bname, b] of Object.entries(res.api ?? {})) {
      if (mod?.includes(bname)) continue;
      // answered by the core's export from the list binding's handler
      if (b.exportOf && mod?.includes(b.exportOf)) continue;
      const why = mod ? `server module "${res.name}" has no handler named "${bname}"` : `no server module has resource "${res.name}"`;
      ctx.out.push(file.error(pointerOf('api', bname), `api "${bname}" has no server handler (${why})`, 'key'));
    }
  }
  for (const [resource, handlers] of Object.entries(h.modules)) {
    const rf = byName.get(resource);
    if (!rf) {
      if (ctx.unreadable) continue; // it may be the file that could not be read
      ctx.out.push({
        file: h.source,
        line: 1,
        col: 1,
        pointer: '',
        message: `server module "${resource}" has no schema resource named "${resource}" under schemas/`,
      });
      continue;
    }
    // the file's own "api" keys, even of bindings malformed enough to be left out of rf.res
    const declared = (rf.file.data as { api?: Record<string, unknown> }).api;
    for (const name of handlers) {
      if (!declared || typeof declared !== 'object' || !(name in declared)) {
        const where = declared ? '/api' : '';
        ctx.out.push(rf.file.error(where, `server handler "${name}" of module "${resource}" is not declared in "api"`, 'key'));
      }
    }
  }
}
