/**
 * Renders the sampler in Node and returns antd's styles for it as one plain stylesheet, ending with
 * the rule through which @ant-design/cssinjs recognises styles that come from a CSS file
 * (`.data-ant-cssinjs-cache-path{content:"<path>:<hash>;…"}`): in the browser antd then skips
 * generating and injecting every style listed there, and generates the rest as usual.
 */
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { appConfig } from '../../src/shell/config';
import { antdTheme } from '../../src/shell/i18n/theme';
import { boxSizingOnce } from '../../src/shell/i18n/box-sizing';
import { DialogSample, ListSample } from './sampler';

export function extractAntdCss(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache} transformers={[boxSizingOnce]}>
      <ConfigProvider locale={zhCN} theme={antdTheme}>
        <AntApp>
          <ListSample layout={appConfig.layout as never} />
          <ListSample layout={appConfig.layout as never} menuLoading />
          <DialogSample />
        </AntApp>
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: 'style' });
}
