/**
 * Request interception for error-path tests: answer an API path with a crafted response, and record
 * the requests the page sends (URL + headers) so tests can check the token header.
 */
import type { Page, Request, Route } from 'playwright-core';

export interface Reply {
  status?: number;
  /** an object is sent as JSON; a string is sent as-is (so it can be unparsable on purpose) */
  body: unknown;
  contentType?: string;
}

/** Answers every request whose URL path matches `path` (string = exact path, RegExp = test on the path). */
export async function stub(page: Page, path: string | RegExp, reply: Reply | ((req: Request) => Reply | undefined)): Promise<() => Promise<void>> {
  const match = (u: URL) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname));
  const handler = async (route: Route) => {
    const r = typeof reply === 'function' ? reply(route.request()) : reply;
    if (!r) return route.continue();
    const isText = typeof r.body === 'string';
    await route.fulfill({
      status: r.status ?? 200,
      contentType: r.contentType ?? (isText ? 'text/plain' : 'application/json'),
      body: isText ? (r.body as string) : JSON.stringify(r.body),
    });
  };
  await page.route(match, handler);
  return () => page.unroute(match, handler);
}

export interface Recorded {
  path: string;
  url: string;
  headers: Record<string, string>;
}

/** Records every request to /api/… from now on; returns the live array. */
export function recordApi(page: Page): Recorded[] {
  const seen: Recorded[] = [];
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.startsWith('/api/')) seen.push({ path: u.pathname, url: req.url(), headers: req.headers() });
  });
  return seen;
}
