/**
 * src/generated/routes.ts: one ScreenRoute per resource with a route, sorted by menuOrder; each
 * loads its schema lazily with the route's chunk.
 *
 * @example
 * genRoutes(set) // "…export const screens: ScreenRoute[] = [ { name: 'staff', … } ];"
 */
import type { SchemaSet } from './model';
import { HEADER, cmp, tsString } from './text';

/** menuOrder of a route that declares none: after every ordered one. */
export const DEFAULT_MENU_ORDER = 1000;

export function genRoutes(set: SchemaSet): string {
  const routed = set.resources
    .filter((r) => r.resource.route && r.resource.kind !== 'service')
    .map((r) => ({ ...r, order: r.resource.route!.menuOrder ?? DEFAULT_MENU_ORDER }))
    .sort((a, b) => a.order - b.order || cmp(a.resource.route!.path, b.resource.route!.path));
  const items = routed.map(({ file, resource, order }) => {
    const route = resource.route!;
    const lines = [
      `name: ${tsString(resource.name)}`,
      `path: ${tsString(route.path)}`,
      `title: ${tsString(route.title)}`,
      ...(route.icon ? [`icon: ${tsString(route.icon)}`] : []),
      `roles: [${(route.roles ?? []).map(tsString).join(', ')}]`,
      `hidden: ${route.hidden === true}`,
      ...(route.externalUrl ? [`externalUrl: ${tsString(route.externalUrl)}`] : []),
      `menuOrder: ${order}`,
      `kind: ${tsString(resource.kind === 'custom' ? 'custom' : 'resource')}`,
      ...(resource.component ? [`component: ${tsString(resource.component)}`] : []),
      `load: () => import(${tsString(`../../schemas/${file}`)}).then((m) => m.default as unknown as Resource)`,
    ];
    return `  {\n${lines.map((l) => `    ${l},`).join('\n')}\n  },`;
  });
  return [
    HEADER,
    "import type { Resource, ScreenRoute } from '../schema';",
    '',
    "/** Every screen with a route, in menu order; the shell filters them by the user's roles. */",
    `export const screens: ScreenRoute[] = [${items.length ? '\n' + items.join('\n') + '\n' : ''}];`,
    '',
  ].join('\n');
}
