/**
 * The width of a text as the page draws it, for column widths and the tabs' line (column-width.ts,
 * use-tabs-line.ts): laid out in a hidden box of the page, with the theme's font, and kept.
 *
 * Not a canvas: its measureText reports each text's glyph bounds too, and reading a CJK glyph's bounds
 * the first time costs ~0.5 ms (its outline read from the font), so a list's first titles and labels
 * took 20-30 ms of its first render (CPU profile of a menu click to /staff: `measureText` first among
 * native calls), where the page's own layout of the same text needs only the glyphs' advances (60 new
 * glyphs: ~2 ms laid out, ~26-39 ms measured on a canvas, same run). The box is a layout boundary
 * (`contain: strict`), so a measure lays out only the text in it.
 *
 * @example
 * const measure = textMeasure(token.fontFamily);
 * measure('创建时间', 14, true); // px, the bold header at 14 px
 */
import { labelWidth } from './action-gate';

/** Width in px of `text` at `size` px (bold for headers). */
export type Measure = (text: string, size: number, bold?: boolean) => number;

/** Widths already measured (titles and labels come back on every list and locale switch). */
const measured = new Map<string, number>();
let probe: HTMLElement | null | undefined;
let probeFont = '';

function probeElement(): HTMLElement | null {
  if (probe !== undefined && (!probe || probe.isConnected)) return probe;
  if (typeof document === 'undefined' || !document.body) return (probe = null);
  probeFont = '';
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;top:0;left:-10000px;width:0;height:0;overflow:hidden;visibility:hidden;contain:strict;pointer-events:none';
  const span = document.createElement('span');
  span.style.cssText = 'position:absolute;white-space:pre;letter-spacing:normal;word-spacing:normal;text-transform:none';
  box.appendChild(span);
  document.body.appendChild(box);
  return (probe = span);
}

/** The page's measure with `fontFamily` (the theme's), or an estimate where nothing is laid out (tests, a server). */
export function textMeasure(fontFamily: string): Measure {
  return (text, size, bold) => {
    const font = `${bold ? 600 : 400} ${size}px ${fontFamily}`;
    const key = `${font}\n${text}`;
    let w = measured.get(key);
    if (w === undefined) {
      const span = probeElement();
      if (span) {
        if (probeFont !== font) span.style.font = probeFont = font;
        span.textContent = text;
        w = span.getBoundingClientRect().width;
        // emptied again: no text of the page's is left in a second place (a search by text finds one)
        span.textContent = '';
      }
      // nothing laid out (no layout engine): the estimate, not cached, in case one comes
      if (!w && text) return (labelWidth(text) * size) / 14;
      measured.set(key, w ?? 0);
    }
    return w ?? 0;
  };
}
