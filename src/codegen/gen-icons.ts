/**
 * src/generated/icons.ts: only the icons the schemas use (route and action icons), each imported
 * from its own module so the bundle carries nothing else of @ant-design/icons.
 *
 * @example
 * usedIcons(set) // ["TeamOutlined"]
 */
import { createRequire } from 'node:module';
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

/** Icons the prepaint's list frame always draws (menu home, toolbar, copy, options, locale, user). */
export const FRAME_ICONS = [
  'CaretDownOutlined',
  'CaretUpOutlined',
  'ColumnHeightOutlined',
  'CopyOutlined',
  'DownOutlined',
  'DownloadOutlined',
  'HomeOutlined',
  'PlusOutlined',
  'ReloadOutlined',
  'SettingOutlined',
  'TranslationOutlined',
  'UserOutlined',
];

/**
 * src/generated/icon-svgs.ts: the schemas' icons and the frame's as SVG definitions, written out in
 * full (from @ant-design/icons-svg at gen time), for the prepaint's static copy of a page
 * (src/app/prepaint), which draws before React loads. Literal data, not imports: the prepaint bundle
 * then never depends on how the bundler groups node_modules.
 */
export function genIconSvgs(set: SchemaSet, load: (name: string) => unknown = loadIconSvg): string {
  const names = [...new Set([...usedIcons(set), ...FRAME_ICONS])].sort(cmp);
  return [
    HEADER,
    "import type { IconDefinition } from '@ant-design/icons-svg/es/types';",
    '',
    '/** SVG definitions by icon name, for drawing without React (the prepaint). */',
    'export const iconSvgs: Record<string, IconDefinition> = {',
    ...names.map((n) => `  ${n}: ${JSON.stringify(load(n))},`),
    '};',
    '',
  ].join('\n');
}

function loadIconSvg(name: string): unknown {
  const mod = createRequire(import.meta.url)(`@ant-design/icons-svg/lib/asn/${name}`) as { default?: unknown };
  return mod.default ?? mod;
}
