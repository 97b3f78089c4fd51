/**
 * The few texts shown before /locales/<locale>.json has arrived (the first loading overlay) or when it
 * cannot arrive at all (a request error while messages are missing). They must ship inside the bundle,
 * so they are kept to a handful; they are the zh-CN wording because zh-CN is the default locale and
 * the spec fixes the overlay's default text as 加载中... The full catalogue lives in locales/*\/shell.json.
 *
 * @example
 * builtinText('shell.loading') // "加载中..."
 */
export const BUILTIN_ZH: Record<string, string> = {
  // eslint-disable-next-line no-restricted-syntax -- shown before /locales/zh-CN.json can arrive (see above); same text as locales/zh-CN/shell.json
  'shell.loading': '加载中...',
  // eslint-disable-next-line no-restricted-syntax -- shown when the app's code cannot be loaded at all (src/app/main.tsx)
  'shell.bootFailed': '页面加载失败，请刷新重试',
  // eslint-disable-next-line no-restricted-syntax -- spec §8 fixes this exact message; needed when the catalogue failed to load
  'error.sessionExpired': '登录已过期',
  // eslint-disable-next-line no-restricted-syntax -- request errors while no catalogue is loaded
  'shell.request.timeout': '请求超时，请稍后重试',
  // eslint-disable-next-line no-restricted-syntax -- request errors while no catalogue is loaded
  'shell.request.network': '网络异常，请检查网络连接',
  // eslint-disable-next-line no-restricted-syntax -- request errors while no catalogue is loaded
  'shell.request.failed': '请求失败',
};

/** The built-in zh-CN text of `key`, or the key itself when it has none. */
export function builtinText(key: string): string {
  return BUILTIN_ZH[key] ?? key;
}
