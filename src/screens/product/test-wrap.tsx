/**
 * Test support for this folder's slots: antd App + react-intl with the zh-CN messages of this
 * module + a fake runtime. Never imported by app code.
 */
import { App } from 'antd';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { RuntimeProvider } from '../../engine';
import { fakeRuntime, type Handler } from '../../engine/testing';
import merchantAuthZh from '../../../locales/zh-CN/merchantAuth.json';
import productZh from '../../../locales/zh-CN/product.json';
import enumsZh from '../../../locales/zh-CN/enums.json';

export function wrapSlot(handlers: Record<string, Handler>, roles: string[] = ['admin']) {
  const rt = fakeRuntime(handlers, { id: '1', username: 'u', nickname: 'U', roles });
  const messages = { ...enumsZh, ...productZh, ...merchantAuthZh } as Record<string, string>;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="zh-CN" messages={messages} onError={() => undefined}>
      <App>
        <RuntimeProvider value={rt.runtime}>{children}</RuntimeProvider>
      </App>
    </IntlProvider>
  );
  return { rt, Wrapper };
}
