/** Exports the current search (filters and tab) through Runtime.download. */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { ApiBinding } from '../../schema';
import { useRuntime } from '../../engine';
import { useT } from '../i18n';

export function ExportButton({ binding, input, title }: { binding: ApiBinding; input: Record<string, unknown>; title?: string }) {
  const { download } = useRuntime();
  const { message } = App.useApp();
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await download(binding, input);
        } catch (e) {
          message.error((e as Error).message || t('renderer.export.failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t(title ?? 'renderer.export')}
    </Button>
  );
}
