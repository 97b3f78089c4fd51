/**
 * Test support for renderer tests: mounts a screen with a router, zh-CN messages from locales/,
 * antd's App and a fake Runtime. Never imported by app code.
 *
 * @example
 * const { rt, location } = mountScreen(<ResourceScreen resource={staff} />, { '/user/list': () => page });
 */
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { RuntimeProvider, type Runtime, type RuntimeUser } from '../engine';
import { fakeRuntime, type Handler } from '../engine/testing';

const files = import.meta.glob('../../locales/zh-CN/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, string>>;
// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// The machine is shared and slow: give async queries room before calling a wait a failure.
configure({ asyncUtilTimeout: 15_000 });

/** Every zh-CN message of the project. */
export const messages: Record<string, string> = Object.assign({}, ...Object.values(files));

function Loc({ onChange }: { onChange: (s: string) => void }) {
  onChange(useLocation().search);
  return null;
}

export function mountScreen(
  ui: ReactElement,
  handlers: Record<string, Handler>,
  opts: { url?: string; user?: RuntimeUser | null; runtime?: Partial<Runtime> } = {},
) {
  const rt = fakeRuntime(handlers, opts.user === undefined ? { id: '1', username: 'admin', nickname: '管理员', roles: ['admin'] } : opts.user);
  // parts of the runtime a test gives itself (a prefetch whose answers it holds back, say)
  Object.assign(rt.runtime, opts.runtime);
  let search = '';
  const utils = render(
    <MemoryRouter initialEntries={[opts.url ?? '/']}>
      <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
        <ConfigProvider locale={zhCN}>
          <App>
            <RuntimeProvider value={rt.runtime}>
              {ui}
              <Loc onChange={(s) => (search = s)} />
            </RuntimeProvider>
          </App>
        </ConfigProvider>
      </IntlProvider>
    </MemoryRouter>,
  );
  return { ...utils, rt, location: () => new URLSearchParams(search) };
}

/** happy-dom lays nothing out: gives `el` the widths a browser would measure (a text cut by CSS: scrollWidth > clientWidth). */
export function stubWidths(el: HTMLElement, scrollWidth: number, clientWidth: number): void {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}
