/**
 * Document title: "<route title> - <app title>" in the current locale, or the app title alone.
 *
 * @example
 * documentTitle('订单管理', '后台管理系统') // "订单管理 - 后台管理系统"
 */
export function documentTitle(routeTitle: string | null | undefined, appTitle: string): string {
  return routeTitle ? `${routeTitle} - ${appTitle}` : appTitle;
}

/** The deepest title key among the matched routes (their `handle.title`). */
export function titleKeyOf(matches: readonly { handle?: unknown }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as { title?: string } | undefined;
    if (h?.title) return h.title;
  }
  return undefined;
}
