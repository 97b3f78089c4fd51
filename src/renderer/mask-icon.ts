/**
 * antd icons repeated on every table row drawn by CSS, not by elements. An icon as `staticIcon` draws it
 * is three elements (span, svg, path) per use; the copy button of an order number and the "更多" chevron
 * were six of a row's ~45 elements, and every new row's elements are styled, laid out and painted in
 * the click that shows them. Here the icon's own definition (@ant-design/icons-svg, the one antd's
 * <CopyOutlined /> draws) becomes an SVG data URL in a CSS variable set once on the document (by the
 * shell's ThemedApp, with the theme's variables); a rule in cells.css paints it as a mask in
 * `currentColor` on the button's or link's `::before`/`::after`, so the icon keeps the text's colour
 * and hover colour as antd's does. CSP allows `data:` images (server/core/security-headers.ts).
 *
 * @example
 * for (const [name, url] of Object.entries(MASK_ICONS)) document.documentElement.style.setProperty(name, url);
 * // cells.css: .cell-copy::before { mask: var(--icon-copy) center / contain no-repeat; … }
 */
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { renderIconDefinitionToSVGElement } from '@ant-design/icons-svg/es/helpers';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/** `url("data:image/svg+xml,…")` of an outlined or filled antd icon, drawn in black (a mask uses only its alpha). */
export function maskIconUrl(def: IconDefinition): string {
  if (typeof def.icon === 'function') throw new Error(`maskIconUrl: two-tone icon "${def.name}" is not supported`);
  const svg = renderIconDefinitionToSVGElement(def, { extraSVGAttrs: { xmlns: 'http://www.w3.org/2000/svg' } });
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** The CSS variables cells.css reads, by name. */
export const MASK_ICONS: Readonly<Record<string, string>> = {
  '--icon-copy': maskIconUrl(CopyOutlined),
  '--icon-down': maskIconUrl(DownOutlined),
};
