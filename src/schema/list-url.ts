/**
 * How a list's filters appear in its URL (one rule for the browser's list state and for links made
 * elsewhere, such as the workbench's to-do cards): every filter by its name, except the status-tab
 * field, which is the `tab` parameter.
 *
 * @example
 * listHref('/order', { api: 'list', columns: ['orderNo'], tabs: { field: 'status' } }, { status: 'pending', storeId: '7' })
 * // '/order?storeId=7&tab=pending'
 */
import type { ListView } from './views';

export const TAB_PARAM = 'tab';

export function listHref(path: string, list: Pick<ListView, 'tabs'> | undefined, query: Record<string, string | number | boolean | readonly string[]>): string {
  const out = new URLSearchParams();
  let tab: string | undefined;
  for (const [k, v] of Object.entries(query)) {
    if (k === list?.tabs?.field && !Array.isArray(v)) tab = String(v);
    else for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
  }
  if (tab !== undefined) out.set(TAB_PARAM, tab);
  const s = out.toString();
  return s ? `${path}?${s}` : path;
}
