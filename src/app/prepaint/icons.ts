/**
 * Icons of the static copy as inline SVG (the live page draws the same @ant-design/icons-svg
 * definitions through React): the schemas' menu and action icons and the few the list frame always
 * shows, all in src/generated/icon-svgs.ts (FRAME_ICONS in src/codegen/gen-icons.ts).
 *
 * @example
 * iconHtml('PlusOutlined') // '<svg viewBox="64 64 896 896" …><path d="…"/></svg>'
 */
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import { iconSvgs } from '../../generated/icon-svgs';

function nodeHtml(n: AbstractNode): string {
  const attrs = Object.entries(n.attrs)
    .map(([k, v]) => ` ${k}="${String(v).replace(/"/g, '&quot;')}"`)
    .join('');
  return `<${n.tag}${attrs}>${(n.children ?? []).map(nodeHtml).join('')}</${n.tag}>`;
}

/** An icon as antd draws it (1em square, currentColor); an unknown name draws an empty box of that size. */
export function iconHtml(name: string | undefined, cls = 'pp-icon'): string {
  const def = name ? iconSvgs[name] : undefined;
  const icon = def && typeof def.icon === 'object' ? def.icon : undefined;
  if (!icon) return `<i class="${cls}"></i>`;
  const svg = nodeHtml({ ...icon, attrs: { ...icon.attrs, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' } });
  return `<i class="${cls}">${svg}</i>`;
}
