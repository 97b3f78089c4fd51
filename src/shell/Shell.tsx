/**
 * The browser app frame: i18n + antd providers, the engine's Runtime, the router with its guard.
 * Screens, icons and the screen drawer come from the composition root (src/app), so the shell itself
 * names no screen.
 *
 * @example
 * createRoot(el).render(<Shell screens={screens} icons={icons} ScreenView={ScreenView} />);
 */
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { useIntl } from 'react-intl';
import { RuntimeProvider, ApiError } from '../engine/runtime';
import { appConfig } from './config';
import { createRuntime } from './runtime';
import { I18nProvider } from './i18n/I18nProvider';
import { useLocale } from './i18n/locale-context';
import { setRequestHooks } from './request/hooks';
import { useSession } from './session/session-store';
import { forgetSession, loadUser } from './session/session-actions';
import { ShellContext, type ShellApi, type ShellOptions } from './shell-context';
import { createShellRouter, installScreenRoutes, type ShellRouter } from './router/create-router';
import { menuScreens, screensForRoles } from './router/access';
import { loadScreenSchemas } from './router/screen-routes';
import type { Resource, ScreenRoute } from '../schema';
import { useNavigationTransitions } from './router/use-navigation-transitions';
import { quietRouter } from './router/quiet-router';
import './shell.css';

/** Connects the request layer to this React tree: router navigation, localized messages, locale. */
function RequestBridge({ router }: { router: ShellRouter }) {
  const { message } = AntApp.useApp();
  const intl = useIntl();
  const { locale } = useLocale();
  useEffect(() => {
    setRequestHooks({
      navigate: (to) => void router.navigate(to, { replace: true }),
      sessionEnded: () => forgetSession(true),
      notifyError: (text) => void message.error(text),
      locale: () => locale,
      translate: (key) => intl.formatMessage({ id: key }),
    });
  }, [router, message, intl, locale]);
  return null;
}

/** The schemas of the resource screens in the menu of a user with `roles` (loaded once, shared with their routes). */
function menuResources(screens: readonly ScreenRoute[], roles: readonly string[]): Promise<Resource[]> {
  return loadScreenSchemas(menuScreens(screens, roles)).then((loaded) => loaded.filter((l) => l.screen.kind === 'resource').map((l) => l.resource));
}

function Routed({ api, router }: { api: ShellApi; router: ShellRouter }) {
  const transitions = useNavigationTransitions(router);
  const { user } = useSession();
  const { locale } = useLocale();
  const runtime = useMemo(
    () =>
      createRuntime({
        app: appConfig,
        user,
        locale,
        loadResource: api.loadResource,
        menuResources: user ? () => menuResources(api.screens, user.roles) : undefined,
        optionReaders: api.optionReaders,
      }),
    [user, locale, api],
  );
  return (
    <ShellContext.Provider value={api}>
      <RuntimeProvider value={runtime}>
        <RequestBridge router={router} />
        {/* navigations as ordinary updates once the first page is up (use-navigation-transitions.ts);
            a kept page is shown after the click's paint (ShellLayout) */}
        <RouterProvider router={quietRouter(router)} useTransitions={transitions} />
      </RuntimeProvider>
    </ShellContext.Provider>
  );
}

export function Shell(options: ShellOptions) {
  const [router] = useState(createShellRouter);
  const api = useMemo<ShellApi>(
    () => ({
      ...options,
      ensureUser: async (target) => {
        try {
          const user = await loadUser();
          installScreenRoutes(router, screensForRoles(options.screens, user.roles), options.preloadScreenView);
          const here = router.state.location;
          await router.navigate(target ?? here.pathname + here.search + here.hash, { replace: true });
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) await router.navigate('/401', { replace: true });
          else console.error('loading user info failed', e); // spec §8: not handled visibly
        }
      },
    }),
    [router],
  );
  return (
    <I18nProvider>
      <Routed api={api} router={router} />
    </I18nProvider>
  );
}
