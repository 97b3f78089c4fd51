/**
 * Cell and detail slot "auditChanges": an operation-log entry's changes ("Status: Pending → Approved")
 * or submitted values. The server names each line in the reader's locale and sends its value as the
 * wire carries it; the value is drawn by the field-type registry with the field's declaration from the
 * logged resource's schema, so a time reads in local time, an enum by its label, money as money, as
 * that field reads everywhere else (a value that is no field, such as a refusal's reason, as text).
 * A table cell shows the first lines and how many more; the detail drawer shows them all.
 */
import { Typography } from 'antd';
import { use, type ReactNode } from 'react';
import type { AnyField, Resource } from '../../schema';
import { isEmptyValue, useRuntime } from '../../engine';
import { CellView, fieldTypes, useT } from '../../renderer';
import type { SlotProps } from '../../renderer/slots';
import type { OperationLogChange, OperationLogSubmitted } from '../../generated/types';
import { loggedResource } from './logged-resource';
import './change-list.css';

type Line = OperationLogChange | OperationLogSubmitted;

const IN_CELL = 2;

/** A line's field as the server named it: the binding's own input field first, as the server does (labels.ts). */
function fieldOf(resource: Resource | undefined, binding: string, line: Line): AnyField | undefined {
  if (!resource || !line.field) return undefined;
  const own = 'value' in line ? resource.api?.[binding]?.input?.extra?.[line.field] : undefined;
  return (own as AnyField | undefined) ?? resource.fields?.[line.field];
}

interface ValueOfProps {
  value: unknown;
  line: Line;
  field: AnyField | undefined;
  resource: Resource | undefined;
  inCell: boolean;
}

function Value({ value, line, field, resource, inCell }: ValueOfProps): ReactNode {
  const t = useT();
  if (isEmptyValue(value)) return t('operationLog.empty');
  if (!field || !resource) {
    if (Array.isArray(value)) return value.map(String).join(t('renderer.listSeparator'));
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const { Display } = fieldTypes[field.type];
  // in a table cell the line itself is cut to one line: no copy button or second cut inside it
  return inCell ? (
    <CellView name={line.field!} field={{ ...field, copyable: false, ellipsis: false }} resource={resource} value={value} />
  ) : (
    <Display name={line.field!} field={field} resource={resource} value={value} />
  );
}

export default function ChangeList({ value, section, record }: SlotProps) {
  const t = useT();
  const { loadResource } = useRuntime();
  const resource = use(loggedResource(loadResource, String(record.resource ?? '')));
  const operation = String(record.operation ?? '');
  const binding = operation.slice(operation.indexOf('.') + 1);
  const lines = Array.isArray(value) ? (value as Line[]) : [];
  if (!lines.length) return <Typography.Text type="secondary">{t('operationLog.noChanges')}</Typography.Text>;
  const inCell = !section;
  const shown = inCell ? lines.slice(0, IN_CELL) : lines;
  return (
    <div data-testid="audit-changes">
      {shown.map((l, i) => {
        const field = fieldOf(resource, binding, l);
        const of = (v: unknown) => <Value value={v} line={l} field={field} resource={resource} inCell={inCell} />;
        return (
          <div key={i} style={inCell ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 360 } : undefined}>
            <Typography.Text type="secondary">{t('operationLog.line', { label: l.label })}</Typography.Text>
            {'value' in l ? (
              of(l.value)
            ) : (
              <>
                <Typography.Text delete type="secondary" className="audit-before">
                  {of(l.before)}
                </Typography.Text>
                {' → '}
                {of(l.after)}
              </>
            )}
          </div>
        );
      })}
      {shown.length < lines.length ? <Typography.Text type="secondary">{t('operationLog.more', { n: lines.length - shown.length })}</Typography.Text> : null}
    </div>
  );
}
