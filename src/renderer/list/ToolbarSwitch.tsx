/** A toolbar switch bound to a config (useSwitch); refusals show the server's message. */
import { App, Space, Switch } from 'antd';
import type { Resource } from '../../schema';
import { useSwitch, type SwitchItem } from '../../engine';
import { useT } from '../i18n';

export function ToolbarSwitch({ resource, item, title }: { resource: Resource; item: SwitchItem; title: string }) {
  const sw = useSwitch(resource, item);
  const { message } = App.useApp();
  const t = useT();
  return (
    <Space size={6} className="list-toolbar-switch">
      <span>{t(title)}</span>
      <Switch
        aria-label={t(title)}
        checked={sw.value}
        loading={sw.loading || sw.saving}
        onChange={async (v) => {
          const ok = await sw.set(v);
          if (ok) message.success(t(v ? 'renderer.switch.on' : 'renderer.switch.off', { name: t(title) }));
          else message.error(t('renderer.switch.failed', { name: t(title) }));
        }}
      />
    </Space>
  );
}
