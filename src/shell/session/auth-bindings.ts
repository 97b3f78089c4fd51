/**
 * The session's API bindings, taken from schemas/auth.json ("api": login, info, logout) by the
 * composition root at start. Checked at once, so a renamed binding fails loudly instead of at sign-in.
 *
 * @example
 * configureAuth(authResource); authBindings().login // { method: 'POST', path: '/user/login', public: true, ... }
 */
import type { ApiBinding, Resource } from '../../schema';

export interface AuthBindings {
  login: ApiBinding;
  info: ApiBinding;
  logout: ApiBinding;
}

let bindings: AuthBindings | null = null;

export function configureAuth(resource: Pick<Resource, 'name' | 'api'>): void {
  const api = resource.api ?? {};
  const missing = (['login', 'info', 'logout'] as const).filter((k) => !api[k]);
  if (missing.length) throw new Error(`schemas/${resource.name}.json: api.${missing.join(', api.')} missing (the session needs login, info and logout)`);
  bindings = { login: api.login, info: api.info, logout: api.logout };
}

export function authBindings(): AuthBindings {
  if (!bindings) throw new Error('configureAuth(schemas/auth.json) was not called before the session was used');
  return bindings;
}
