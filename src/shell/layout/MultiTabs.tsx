/** The multi-tab bar (app.json layout.multiTab, off by default): visited pages as closable tabs. */
import { Tabs } from 'antd';
import { useIntl } from 'react-intl';
import { useRouterNavigate } from '../router/use-router-navigate';
import type { KeptTab } from './KeepAliveOutlet';
import { appConfig } from '../config';

export function MultiTabs({ tabs, active, close }: { tabs: KeptTab[]; active: string; close: (path: string) => void }) {
  const intl = useIntl();
  const navigate = useRouterNavigate();
  const onClose = (path: string) => {
    const i = tabs.findIndex((t) => t.path === path);
    close(path);
    if (path === active) {
      const next = tabs[i + 1] ?? tabs[i - 1];
      navigate(next ? next.location.pathname + next.location.search : appConfig.session.lastPathDefault);
    }
  };
  return (
    <Tabs
      className="shell-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={(key) => {
        const t = tabs.find((x) => x.path === key);
        if (t) navigate(t.location.pathname + t.location.search);
      }}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onClose(key)}
      items={tabs.map((t) => ({ key: t.path, label: t.titleKey ? intl.formatMessage({ id: t.titleKey }) : t.path, closable: tabs.length > 1 }))}
    />
  );
}
