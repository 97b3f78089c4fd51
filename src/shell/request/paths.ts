/**
 * URL rules of the request layer.
 *
 * @example
 * apiPath('order/add')                       // "/order/add"   (umi-request adds the prefix)
 * apiUrl('/api', 'order/add')                // "/api/order/add"
 * isExemptPath('/api/delivery/a/b', ['/delivery/**']) // true
 */

/** The path with exactly one leading slash and no trailing slash: "order/add" and "/order/add" agree. */
export function apiPath(path: string): string {
  const p = path.trim();
  if (!p) throw new Error('API path is empty');
  return '/' + p.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** prefix + path joined with exactly one slash ("/api/" + "/x" → "/api/x"). */
export function apiUrl(prefix: string, path: string): string {
  return prefix.replace(/\/+$/, '') + apiPath(path);
}

/**
 * True when `url` (the full request path, prefix included) contains one of the exempt paths.
 * A pattern ending in "/**" matches any depth below that folder ("/delivery/**" matches
 * "/api/delivery/x" and "/api/delivery/x/y", not "/api/delivery" nor "/api/deliveryx/y").
 */
export function isExemptPath(url: string, patterns: readonly string[]): boolean {
  const path = url.split(/[?#]/)[0];
  return patterns.some((pattern) => {
    if (pattern.endsWith('/**')) {
      const base = pattern.slice(0, -2); // keeps the trailing slash: "/delivery/"
      const at = path.indexOf(base);
      return at >= 0 && path.length > at + base.length;
    }
    return path.includes(pattern);
  });
}
