/**
 * An antd icon as plain elements, for icons repeated on every table row. `<CopyOutlined />` is three
 * components (the icon, AntdIcon, IconBase) around the same span, svg and path; a page of 20 rows drew
 * 120 such components for its copy and "更多" icons. The element below is what AntdIcon draws for an
 * outlined icon (its class, role, label and svg attributes), made once and reused.
 *
 * @example
 * const COPY = staticIcon(CopyOutlined); // from @ant-design/icons-svg/es/asn/CopyOutlined
 * <button>{COPY}</button>
 */
import { createElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

function node(n: AbstractNode, key: number, root?: string): ReactElement {
  const attrs: Record<string, unknown> = { ...n.attrs, key };
  if (root) Object.assign(attrs, { 'data-icon': root, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' });
  const children: ReactNode[] = (n.children ?? []).map((c, i) => node(c, i));
  return createElement(n.tag, attrs, ...children);
}

export function staticIcon(def: IconDefinition, style?: CSSProperties): ReactElement {
  if (typeof def.icon === 'function') throw new Error(`staticIcon: two-tone icon "${def.name}" is not supported`);
  return (
    <span role="img" aria-label={def.name} style={style} className={`anticon anticon-${def.name}`}>
      {node(def.icon, 0, def.name)}
    </span>
  );
}
