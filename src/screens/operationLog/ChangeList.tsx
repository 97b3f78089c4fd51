/**
 * Cell and detail slot "auditChanges": an operation-log entry's changes ("Status: Pending → Approved") or
 * submitted values, already named in the reader's locale by the server. A table cell shows the first
 * lines and how many more; the detail drawer shows them all.
 */
import { Typography } from 'antd';
import type { SlotProps } from '../../renderer/slots';
import { useT } from '../../renderer';
import type { OperationLogChange as Line } from '../../generated/types';

const IN_CELL = 2;

export default function ChangeList({ value, section }: SlotProps) {
  const t = useT();
  const lines = Array.isArray(value) ? (value as Line[]) : [];
  if (!lines.length) return <Typography.Text type="secondary">{t('operationLog.noChanges')}</Typography.Text>;
  const shown = section ? lines : lines.slice(0, IN_CELL);
  return (
    <div data-testid="audit-changes">
      {shown.map((l, i) => (
        <div key={i} style={section ? undefined : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 360 }}>
          <Typography.Text type="secondary">{t('operationLog.line', { label: l.label })}</Typography.Text>
          {l.before ? (
            <>
              <Typography.Text delete type="secondary">
                {l.before}
              </Typography.Text>
              {' → '}
            </>
          ) : null}
          <Typography.Text>{l.after}</Typography.Text>
        </div>
      ))}
      {shown.length < lines.length ? <Typography.Text type="secondary">{t('operationLog.more', { n: lines.length - shown.length })}</Typography.Text> : null}
    </div>
  );
}
