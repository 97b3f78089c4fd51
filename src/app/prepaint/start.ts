/**
 * Prepaint: while the app's JavaScript downloads and boots (antd alone takes most of a second on a
 * slow machine), a small script opens a list screen's first page from the schema and the URL — the
 * same list, counts, user-info and message requests the app will make, sent at once — and paints a
 * static copy of the page. The app's first identical calls take those answers (no second round trip,
 * src/shell/request/prefetch.ts), and the live list replaces the copy when its first page shows
 * (endPrepaint in src/engine/prepaint-handoff.ts). Nothing is painted without a stored session, on a
 * route that is not a resource list, or when any answer is not a success: the app then starts as usual.
 *
 * @example
 * void startPrepaint(); // from src/app/prepaint/index.ts, the first script of index.html
 */
import type { Resource, ScreenRoute } from '../../schema';
import { screens } from '../../generated/routes';
import authSchema from '../../../schemas/auth.json';
import { appConfig } from '../../shell/config';
import { getToken } from '../../shell/session/token';
import { storedLocale } from '../../shell/i18n/locale';
import { catalogueUrl } from '../../shell/i18n/load-messages';
import { prefetch, type Prefetched } from '../../shell/request/prefetch';
import { toQuery } from '../../shell/request/query-string';
import { apiPath } from '../../shell/request/paths';
import { fileUrl } from '../../shell/request/file-url';
import { menuScreens } from '../../shell/router/access';
import { readColumnSettings } from '../../engine/column-settings-storage';
import { filtersForCounts, listQuery, parseListState } from '../../engine/search-params';
import { requireBinding } from '../../engine/resource-helpers';
import { prepaintHandle, registerPrepaint } from '../../engine/prepaint-handoff';
import { frameHtml, toolbarHtml, type FrameInput } from './frame';

/** The live app takes over within this time at the latest (a stuck boot must not leave a dead copy). */
const FAILSAFE_MS = 20_000;

/**
 * JSON with integers of 16 digits and more kept as their digit strings, like the app's json-bigint
 * (storeAsString): strings are skipped whole, so digits inside them are never touched.
 */
export function parseExact(text: string): unknown {
  return JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|-?\d{16,}(?![.\deE])/g, (m) => (m.startsWith('"') ? m : `"${m}"`)));
}

/** The envelope's data of a successful answer, else undefined (the app handles every failure itself). */
export function dataOf(r: Prefetched | undefined): unknown {
  if (!r || r.status !== 200) return undefined;
  try {
    const body = parseExact(r.text) as { code?: unknown; data?: unknown };
    return body && body.code === 0 ? body.data : undefined;
  } catch {
    return undefined;
  }
}

/** ICU-lite: the catalogue's simple `{name}` placeholders (the texts the static page uses have no plurals). */
export function translator(messages: Record<string, string>) {
  return (key: string, values: Record<string, string | number> = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

export async function startPrepaint(): Promise<void> {
  const path = location.pathname;
  const screen = screens.find((s) => s.kind === 'resource' && s.path === path);
  const token = getToken();
  if (!screen || !token) return;
  let settle = () => {};
  const settled = new Promise<void>((r) => (settle = r));
  let painted = false;
  try {
    painted = await paint(path, screen, token, settled);
  } finally {
    // nothing to show: stop watching the path and the clock at once
    if (!painted) prepaintHandle()?.end('skipped');
    // after the frame that shows the copy (rAF runs before that paint, the timeout after it)
    requestAnimationFrame(() => setTimeout(settle, 0));
  }
}

/** Sends the early requests and paints the copy; false when it painted nothing. */
async function paint(path: string, screen: ScreenRoute, token: string, settled: Promise<void>): Promise<boolean> {
  let ended = false;
  let node: HTMLElement | null = null;
  const started = performance.now();
  const poll = setInterval(() => location.pathname !== path && end('navigated'), 100);
  const failsafe = setTimeout(() => end('timeout'), FAILSAFE_MS);
  function end(reason = 'ready') {
    if (ended) return;
    ended = true;
    clearInterval(poll);
    clearTimeout(failsafe);
    node?.remove();
    document.documentElement.classList.remove('pp-on');
    if (node) performance.mark('prepaint-end', { detail: { reason, ms: Math.round(performance.now() - started) } });
  }
  registerPrepaint({ path, end, settled });

  const locale = storedLocale();
  const prefix = appConfig.request.prefix.replace(/\/+$/, '');
  const headers = { 'x-locale': locale, [appConfig.request.tokenHeader]: token };
  const get = (p: string, input?: Record<string, unknown>) => {
    const q = toQuery(input);
    return prefetch(prefix + apiPath(p) + (q ? `?${q}` : ''), headers).catch(() => undefined);
  };
  const soft = <T>(p: Promise<T>) => p.catch(() => undefined);

  // Sent before anything else is known: the messages and who the user is.
  const messagesP = soft(prefetch(catalogueUrl(locale), {}, { cache: 'no-cache' }));
  const userP = get((authSchema.api as Record<string, { path: string }>).info.path);
  const resource = (await soft(screen.load())) as Resource | undefined;
  const view = resource?.list;
  if (!resource || !view || ended) return false;
  const state = parseListState(resource, new URLSearchParams(location.search));
  const listP = get(requireBinding(resource, view.api).path, listQuery(resource, state));
  const countsP = view.tabs?.counts ? get(requireBinding(resource, view.tabs.counts).path, filtersForCounts(resource, state.filters)) : undefined;
  // Toolbar switches read their value with a GET binding of no input (the order list's auto-assign).
  const switchGets = [...new Set((view.toolbar ?? []).flatMap((i) => ('switch' in i ? [i.get] : [])))];
  const switchPs = switchGets.map((name) => get(requireBinding(resource, name).path));

  // The page paints once the list, the user and the messages are in; counts and switches that come
  // later are drawn in when they arrive (a slow count must not hold the rows back).
  const [messagesR, userR, listR] = await Promise.all([messagesP, userP, listP]);
  const user = dataOf(userR) as { id?: unknown; username?: string; nickname?: string; roles?: unknown[] } | undefined;
  const page = dataOf(listR) as { list?: Record<string, unknown>[]; total?: unknown; totalExact?: boolean } | undefined;
  let messages: Record<string, string> | undefined;
  try {
    messages = messagesR && messagesR.status === 200 ? (JSON.parse(messagesR.text) as Record<string, string>) : undefined;
  } catch {
    messages = undefined;
  }
  if (ended || !messages || !user || !Array.isArray(user.roles) || !page || !Array.isArray(page.list)) return false;

  const t = translator(messages);
  const roles = user.roles.map(String);
  const userId = String(user.id ?? '');
  const input: FrameInput = {
    app: appConfig,
    resource,
    locale,
    t,
    fileUrl,
    appTitle: t(appConfig.title),
    path,
    menu: menuScreens(screens, roles),
    localeLabel: appConfig.i18n.locales.find((l) => l.code === locale)?.label ?? locale,
    user: { id: userId, nickname: String(user.nickname || user.username || ''), roles },
    state,
    rows: page.list,
    total: Number(page.total ?? page.list.length) || 0,
    totalExact: page.totalExact !== false,
    counts: undefined,
    switches: {},
    saved: readColumnSettings(resource.name, userId),
    width: document.documentElement.clientWidth - 80,
  };
  node = document.createElement('div');
  node.id = 'prepaint';
  node.className = 'pp';
  node.setAttribute('aria-busy', 'true');
  node.innerHTML = frameHtml(input);
  const paintedNode = node;
  const toolbarNode = () => paintedNode.querySelector('.pp-toolbar');
  void countsP?.then((r) => {
    const counts = dataOf(r) as Record<string, unknown> | undefined;
    const bar = toolbarNode();
    if (ended || !counts || !bar) return;
    input.counts = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v) || 0]));
    bar.innerHTML = toolbarHtml(input);
  });
  switchGets.forEach(
    (name, i) =>
      void switchPs[i].then((r) => {
        const bar = toolbarNode();
        if (ended || !bar) return;
        input.switches = { ...input.switches, [name]: dataOf(r) as Record<string, unknown> | undefined };
        bar.innerHTML = toolbarHtml(input);
      }),
  );
  document.title = `${t(screen.title)} - ${t(appConfig.title)}`;
  document.body.insertBefore(node, document.body.firstChild);
  document.documentElement.classList.add('pp-on');
  performance.mark('prepaint-rows', { detail: { rows: page.list.length } });
  return true;
}
