/**
 * The default locale's (zh-CN) messages as shipped with the app, for the day /locales/zh-CN.json cannot
 * be fetched even after its retries (spec §8: a language file that fails to load falls back to zh-CN;
 * without them every label showed its raw key). Merged like `npm run gen` merges public/locales/zh-CN.json
 * (every locales/zh-CN/*.json in file order). Imported only dynamically (App.tsx): a chunk of its own that
 * a normal visit never loads, instead of ~17 KB gzip more on every first load.
 *
 * @example
 * const { BUNDLED_ZH } = await import('./bundled-messages'); BUNDLED_ZH['menu.index'] // "首页"
 */
const files = import.meta.glob<Record<string, string>>('../../locales/zh-CN/*.json', { eager: true, import: 'default' });

export const BUNDLED_ZH: Record<string, string> = Object.assign(
  {},
  ...Object.keys(files)
    .sort()
    .map((k) => files[k]),
);
