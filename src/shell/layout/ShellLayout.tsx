/**
 * The console frame: ProLayout with app.json's layout (top menu, fluid, fixed header, light theme,
 * header height 48, app title), the menu of the screens the user may open (hidden ones out, external
 * ones in a new tab), the locale switch, the user menu, the ICP footer, and the kept-alive body.
 * It paints at once; only the body suspends (schema and renderer load behind it).
 */
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { ProLayout } from '@ant-design/pro-components';
import { SWRConfig } from 'swr';
import type { MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { appConfig } from '../config';
import { useSession } from '../session/session-store';
import { useShell } from '../shell-context';
import { menuScreens } from '../router/access';
import { drawableAhead, loadScreenSchemas, startScreenCalls } from '../router/screen-routes';
import { PRESS_TTL_MS } from '../request/prefetch';
import { useGuardPending } from '../router/guard-context';
import { useDocumentTitle } from '../router/use-document-title';
import { useRouterNavigate } from '../router/use-router-navigate';
import { LocaleSwitch } from '../i18n/LocaleSwitch';
import { LoadingOverlay } from '../i18n/LoadingOverlay';
import { KeepAliveOutlet, type KeptPages } from './KeepAliveOutlet';
import { aheadPaths } from './ahead-paths';
import { shareKeptPages } from './keep-alive-context';
import { iconComponent } from '../icon';
import { useIcons } from '../use-icons';
import { whenIdle } from '../../engine/idle';
import { askAhead } from '../../engine/rest';
import { MultiTabs } from './MultiTabs';
import { quietMenuItem } from './quiet-menu-item';
import { AvatarMenu } from './AvatarMenu';
import { IcpFooter } from './IcpFooter';
import { LiveBadge } from '../LiveBadge';

interface MenuItem {
  path: string;
  name: string;
  icon?: React.ReactNode;
  externalUrl?: string;
  key: string;
}

/**
 * The route element: follows the location, and renders the frame only when the path changes. A list's
 * search, page or tab lives in the query string, so most clicks change the search alone: they
 * re-render the page (KeepAliveOutlet follows the location itself), not the header, menu and footer.
 */
export default function ShellLayout() {
  const { pathname } = useLocation();
  // after ProLayout's own mount effect, which would write the bare app title
  useDocumentTitle();
  // The menu marks the new path in a commit of its own, after the page has switched: marking it redraws
  // all of ProLayout (~300 components: its config providers, the menu's items and their tooltips), and
  // in the same commit as the page it held the page back (menu back: the kept page showed ~150 ms after
  // the click, most of it the frame's render). The page below follows the location by itself.
  const [menuPath, setMenuPath] = useState(pathname);
  useEffect(() => {
    if (menuPath !== pathname) startTransition(() => setMenuPath(pathname));
  }, [menuPath, pathname]);
  return <Frame pathname={menuPath} />;
}

/**
 * ProLayout fetches its menu through SWR as it mounts even without a `menu.request` (ours is the
 * route list): the fetch sets its loading flag twice and SWR's own state twice, and each redrew the
 * whole frame — two commits of ~330 components right after a page's first paint (render log of a
 * load of /order). Nothing asks, so nothing is fetched at mount.
 */
const NO_MENU_REQUEST = { revalidateOnMount: false, revalidateOnFocus: false, revalidateOnReconnect: false };

/**
 * ProLayout's object props, made once: ProLayout hands `token` to a ProConfigProvider whose context
 * value every Pro component reads (ProTable, ProForm and each of its fields), and a new object there on
 * each frame render re-rendered every kept page's table and form on every path change (menu back's profile).
 */
const LAYOUT_TOKEN = { header: { heightLayoutHeader: appConfig.layout.headerHeight } };
const MENU_PROPS = { locale: false };
/**
 * The menu's own props (ProLayout spreads them into rc-menu's Menu last). Not selectable: the selected
 * item is ours to give (`selectedKeys`, from the path). Selectable, a click on an item also set rc-menu's
 * own selection state, which drew the whole menu again (~80 components) in the click's synchronous
 * render, before the new page's render could start (render log of a menu click). Nor does the pointer
 * set rc-menu's active item, which drew it again as well (quiet-menu-item.ts).
 */
const MENU_ITEM_PROPS: MenuProps = { selectable: false, _internalRenderMenuItem: quietMenuItem };
/** What ProLayout matches its menu against: nothing (the Frame gives the selected item itself). */
const MENU_LOCATION = { pathname: '/' };

/** At most how long each page drawn ahead waits for the browser to be idle after the one before. */
const AHEAD_EVERY_MS = 5000;

const Frame = memo(function Frame({ pathname }: { pathname: string }) {
  const intl = useIntl();
  const navigate = useRouterNavigate();
  const session = useSession();
  const shell = useShell();
  const pending = useGuardPending();
  const layout = appConfig.layout;
  const icons = useIcons();
  // Kept pages, shared with the menu: a menu click returns to the page's last URL (its list state
  // lives in the query string), not to a bare path that would reset it.
  const [kept] = useState<KeptPages>(() => shareKeptPages(new Map()));
  const linkTo = (path: string) => {
    const loc = layout.keepAlive ? kept.get(path)?.nav.location : undefined;
    return loc ? loc.pathname + loc.search : path;
  };

  // On an open route (home) a signed-in visitor's info is loaded in the background for the menu.
  useEffect(() => {
    if (session.signedIn && !session.user && session.status === 'idle' && !pending) void shell.ensureUser();
  }, [session.signedIn, session.user, session.status, pending, shell]);

  // Once the page is up and the browser idle, the schemas of the user's menu screens (a few KB each):
  // a first visit from the menu then renders at once and its route's loader asks for the list as
  // the click lands, instead of after the schema's download (~40-90 ms into a menu click to /staff).
  // Then, one per idle period, the menu's list screens are drawn ahead, hidden (KeepAliveOutlet
  // `prerender`): a first visit from the menu shows a page already drawn.
  const roles = session.user?.roles;
  const [ahead] = useState(aheadPaths);
  useEffect(() => {
    if (!roles) return;
    let live = true;
    let cancel = whenIdle(() => {
      const loading = loadScreenSchemas(menuScreens(shell.screens, roles));
      if (!layout.keepAlive) return;
      void loading.then((loaded) => {
        const todo = loaded.filter((l) => l.screen.kind === 'resource').map((l) => l.screen.path);
        const next = () => {
          const path = todo.shift();
          if (!live || !path) return;
          ahead.add(path);
          cancel = whenIdle(next, AHEAD_EVERY_MS);
        };
        next();
      });
    }, 2000);
    return () => {
      live = false;
      cancel();
      ahead.clear();
    };
  }, [roles, shell.screens, ahead, layout.keepAlive]);

  const menu: MenuItem[] = useMemo(() => {
    const home: MenuItem = { key: '/index', path: '/index', name: intl.formatMessage({ id: 'menu.index' }), icon: <HomeOutlined /> };
    if (!session.user) return [home];
    return [
      home,
      ...menuScreens(shell.screens, session.user.roles).map((s) => {
        const Icon = iconComponent(icons, s.icon);
        return { key: s.path, path: s.path, name: intl.formatMessage({ id: s.title }), icon: Icon ? <Icon /> : undefined, externalUrl: s.externalUrl };
      }),
    ];
  }, [session.user, shell.screens, icons, intl]);
  const route = useMemo(() => ({ path: '/', routes: menu }), [menu]);
  // The menu's selected item is ours to give, from the path: ProLayout's menu set it from an effect
  // after every path change, which drew the whole menu a second time (~240 components, 11 items of
  // about twenty each, in every menu click's render log: its effect always sets a state). ProLayout
  // gets a location that does not change (its other uses of it: a page title and breadcrumb we do not
  // show, per-menu-item layout settings we do not have), and the menu is flat (no open submenus).
  const selectedKeys = useMemo(() => menu.filter((m) => pathname === m.path || pathname.startsWith(`${m.path}/`)).map((m) => m.key), [menu, pathname]);

  return (
    <SWRConfig value={NO_MENU_REQUEST}>
      <ProLayout
        className="shell-layout"
        layout={layout.layout}
        contentWidth={layout.contentWidth}
        fixedHeader={layout.fixedHeader}
        navTheme={layout.navTheme}
        title={intl.formatMessage({ id: appConfig.title })}
        logo={appConfig.logo ?? false}
        token={LAYOUT_TOKEN}
        location={MENU_LOCATION}
        selectedKeys={selectedKeys}
        openKeys={false}
        route={route}
        menu={MENU_PROPS}
        menuProps={MENU_ITEM_PROPS}
        onMenuHeaderClick={() => navigate('/index')}
        menuItemRender={(item, dom) => {
          const it = item as unknown as MenuItem & { isMobile?: boolean; onClick?: () => void };
          // On a phone the menu is ProLayout's drawer: its item's onClick folds it (ProLayout's own items
          // do that; a custom item must call it), so the page picked shows, not the menu over it.
          const closeDrawer = () => {
            if (it.isMobile) it.onClick?.();
          };
          if (it.externalUrl) {
            return (
              <a href={it.externalUrl} target="_blank" rel="noopener noreferrer" onClick={closeDrawer}>
                {dom}
              </a>
            );
          }
          // The list's first calls (startScreenCalls: nothing for a kept page, a screen the user may not
          // open or one whose schema is not in) leave as the pointer rests on the item or presses it
          // (engine/rest.ts); the click's own calls take their answer, kept as a press's is
          // (PRESS_TTL_MS), so a first visit draws its rows at once instead of waiting for them.
          const asks = askAhead(() => startScreenCalls(linkTo(it.path), PRESS_TTL_MS));
          return (
            // a plain link (the click navigates through the router below): react-router's Link follows the
            // location and drew all the menu's items again after every list click
            <a
              href={linkTo(it.path)}
              {...asks}
              // a pointer on its way to the item: its list is drawn ahead now if it is not yet (a
              // person's pointer reaches the item 100–300 ms before the press, as the page may still be
              // busy after its load and its lists not drawn while idle yet)
              onPointerEnter={() => {
                if (layout.keepAlive && drawableAhead(it.path)) ahead.add(it.path);
                asks.onPointerEnter();
              }}
              onClick={(e) => {
                // The kept page's URL is read at click time: ProLayout may keep an item rendered before the
                // page's last query change, whose href would drop the list's filters (seen in e2e/guard).
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                closeDrawer();
                const to = linkTo(it.path);
                startScreenCalls(to);
                navigate(to);
              }}
            >
              {dom}
            </a>
          );
        }}
        actionsRender={() => [<LiveBadge key="live" />, <LocaleSwitch key="locale" />, <AvatarMenu key="user" />]}
        footerRender={() => <IcpFooter />}
        // No boundary of ProLayout's own (an English "Something went wrong." that never resets): a
        // screen's failure reaches the router's error element, which offers a reload when a deploy
        // removed the chunk (StaleBuildPage) and the localized error page otherwise.
        ErrorBoundary={false}
        // the shell's guard owns document.title ("<route title> - <app title>", spec §2)
        pageTitleRender={false}
      >
        {pending ? (
          <LoadingOverlay />
        ) : (
          <KeepAliveOutlet
            pages={kept}
            prerender={ahead}
            enabled={layout.keepAlive}
            renderTabs={layout.multiTab ? (tabs, active, close) => <MultiTabs tabs={tabs} active={active} close={close} /> : undefined}
          />
        )}
      </ProLayout>
    </SWRConfig>
  );
});
