/**
 * The personal centre's live-updates switch (GET/POST /live/settings): on, new and changed orders reach
 * this user's consoles as they happen (header badge, order list bar); off, no stream is kept open.
 * The change applies at once to this tab and, through the server, to the user's other tabs.
 */
import { App, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { liveSaveSettings, liveSettings } from '../../generated/services';
import { useRuntime } from '../../engine';
import { useT } from '../../renderer';
import { restartLive } from '../../shell/live-updates';

export function LiveSwitch() {
  const t = useT();
  const { call } = useRuntime();
  const { message } = App.useApp();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let gone = false;
    liveSettings(call)
      .then((r) => !gone && setEnabled(r.enabled === true))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [call]);

  return (
    <Space direction="vertical" size={2} style={{ width: '100%', marginTop: 16 }}>
      <Space>
        <Switch
          checked={enabled === true}
          loading={enabled === null || saving}
          aria-label={t('live.enabled')}
          onChange={async (on) => {
            setSaving(true);
            try {
              const r = await liveSaveSettings(call, { enabled: on });
              setEnabled(r.enabled === true);
              restartLive();
              message.success(t('live.saved'));
            } catch (err) {
              message.error((err as Error).message);
            } finally {
              setSaving(false);
            }
          }}
        />
        <Typography.Text strong>{t('live.enabled')}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">{t('live.enabledHelp')}</Typography.Text>
    </Space>
  );
}
