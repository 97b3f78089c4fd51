/**
 * An icon component from the generated icon map, tolerating a CommonJS default-import wrapper
 * (`@ant-design/icons/XOutlined` default-imports as { default: Component } under some bundlers).
 *
 * @example
 * const Icon = iconComponent(icons, 'TeamOutlined'); return Icon ? <Icon /> : null;
 */
import type { ComponentType } from 'react';

export function iconComponent(icons: Record<string, ComponentType>, name: string | undefined): ComponentType | undefined {
  if (!name) return undefined;
  const v = icons[name] as unknown;
  if (v && typeof v === 'object' && 'default' in v && !('$$typeof' in v)) return (v as { default: ComponentType }).default;
  return v as ComponentType | undefined;
}
