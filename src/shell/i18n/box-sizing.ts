/**
 * antd's box-sizing resets, once for the page instead of once per component.
 *
 * Every antd component's style begins with a reset (antd/es/style/index.js `genCommonStyle`):
 * `[class^="ant-table"], [class*=" ant-table"]` and, below it, the same pair again as a descendant
 * selector, each with `::before, ::after`, all setting `box-sizing: border-box`; Layout adds
 * `.ant-layout, .ant-layout *`. With ~60 components' styles on a list page that is ~500 selectors
 * whose rightmost part is an attribute test or `*`: the browser tries them on every element it
 * restyles and walks up the ancestors for most. Chromium's selector statistics of a page-size-50
 * click (30 rows mounting) put those selectors at ~70 % of the time spent matching selectors.
 *
 * This transformer (for @ant-design/cssinjs `StyleProvider transformers`, used by the app and by the
 * build's static stylesheet, scripts/antd-css) drops every rule that sets nothing but
 * `box-sizing: border-box` — for itself and, nested, for its `::before`/`::after` or descendants —
 * and shell.css says it once: `*, *::before, *::after { box-sizing: border-box }`, a selector matched
 * without looking at ancestors. Rules that set anything else (a component root's font) stay whole.
 * An element antd sets to `content-box` keeps it: those rules are more specific than `*`.
 *
 * @example
 * <StyleProvider transformers={[boxSizingOnce]}>…</StyleProvider>
 */
import type { CSSObject, Transformer } from '@ant-design/cssinjs';

/** A style object that sets only `box-sizing: border-box`, for itself or in nested rules. */
function onlyBorderBox(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length > 0 && entries.every(([key, v]) => (key === 'boxSizing' ? v === 'border-box' : onlyBorderBox(v)));
}

export const boxSizingOnce: Transformer = {
  visit(cssObj: CSSObject): CSSObject {
    let out: CSSObject | undefined;
    for (const [key, value] of Object.entries(cssObj)) {
      // a nested rule (an object under a selector key), not a declaration: `boxSizing` itself stays
      if (key === 'boxSizing' || !onlyBorderBox(value)) continue;
      out ??= { ...cssObj };
      delete out[key];
    }
    return out ?? cssObj;
  },
};
