/**
 * src/generated/icons.ts: only the icons the schemas use (route and action icons), each imported
 * from its own module so the bundle carries nothing else of @ant-design/icons.
 *
 * @example
 * usedIcons(set) // ["TeamOutlined"]
 */
import type { SchemaSet } from './model';
import { HEADER, cmp } from './text';

/** Icon names used by routes and actions, sorted and unique. */
export function usedIcons(set: SchemaSet): string[] {
  const names = new Set<string>();
  for (const { resource } of set.resources) {
    if (resource.route?.icon) names.add(resource.route.icon);
    for (const action of Object.values(resource.actions ?? {})) if (action.icon) names.add(action.icon);
  }
  return [...names].sort(cmp);
}

export function genIcons(set: SchemaSet): string {
  const names = usedIcons(set);
  return [
    HEADER,
    "import type { ComponentType } from 'react';",
    ...names.map((n) => `import ${n} from '@ant-design/icons/${n}';`),
    '',
    '/** Icon components by name, as schemas name them ("icon": "TeamOutlined"). */',
    `export const icons: Record<string, ComponentType> = {${names.length ? '\n' + names.map((n) => `  ${n},`).join('\n') + '\n' : ''}};`,
    '',
  ].join('\n');
}
