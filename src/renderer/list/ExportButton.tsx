/**
 * Exports the current search (filters and tab) and the visible columns through Runtime.download,
 * showing progress while a large file streams in (rows announced by the server, bytes received).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { ApiBinding } from '../../schema';
import { useRuntime } from '../../engine';
import { useT } from '../i18n';

const KEY = 'list-export';

function size(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toLocaleString(locale, { maximumFractionDigits: 1 })} MB` : `${Math.ceil(bytes / 1024).toLocaleString(locale)} KB`;
}

/**
 * `input` and `columns`: the binding's inputs and the visible columns, both asked at the click (a new
 * page, new filters or column settings change without redrawing the toolbar).
 */
export function ExportButton({
  binding,
  input,
  title,
  columns,
}: {
  binding: ApiBinding;
  input: () => Record<string, unknown>;
  title?: string;
  columns?: () => string[];
}) {
  const { download, locale } = useRuntime();
  const { message } = App.useApp();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const takesColumns = !!binding.input?.extra?.columns;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="list-export"
      onClick={async () => {
        setBusy(true);
        let rows: number | null = null;
        try {
          const visible = columns?.() ?? [];
          const values = input();
          await download(binding, takesColumns && visible.length ? { ...values, columns: visible.join(',') } : values, {
            onDownload: (received, total) => {
              rows = total;
              const text =
                total === null
                  ? t('renderer.export.receiving', { size: size(received, locale) })
                  : t('renderer.export.progress', { rows: total, size: size(received, locale) });
              message.open({ key: KEY, type: 'loading', content: text, duration: 0 });
            },
          });
          message.open({
            key: KEY,
            type: 'success',
            content: rows === null ? t('renderer.export.done') : t('renderer.export.doneRows', { rows }),
            duration: 3,
          });
        } catch (e) {
          message.open({ key: KEY, type: 'error', content: (e as Error).message || t('renderer.export.failed'), duration: 4 });
        } finally {
          setBusy(false);
        }
      }}
    >
      {t(title ?? 'renderer.export')}
    </Button>
  );
}
