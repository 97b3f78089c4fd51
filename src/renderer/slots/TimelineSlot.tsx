/**
 * Built-in slot "timeline": the record's log entries [{operator, at, action, before, after, remark}]
 * from the section's api binding (input from the record, e.g. { id }), newest first, with each
 * changed field shown as before → after using the resource's field titles and displays.
 */
import { Empty, Skeleton, Timeline } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { bindingInputOf, formatDateTime, useArrived, useRuntime } from '../../engine';
import { fieldTypes } from '../fields';
import { useT } from '../i18n';
import type { SlotProps } from '../slots';
import './timeline.css';

interface LogEntry {
  id?: string;
  operator?: string;
  operatorName?: string;
  at?: string;
  action?: string;
  /** i18n key of the entry's title, when the server names it (else the action's title is used) */
  title?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  remark?: string | null;
  /** the names of the ids `before`/`after` hold, by field then id (`{ storeId: { "9172…": "…店" } }`) */
  names?: Record<string, Record<string, string>> | null;
}

function Value({ resource, name, value, names }: { resource: SlotProps['resource']; name: string; value: unknown; names: LogEntry['names'] }) {
  const field = resource.fields?.[name];
  if (!field) return <span>{value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  const { Display } = fieldTypes[field.type];
  // the entry's name for this id is the value's `<field>Name`, as a record's own (no dictionary lookup)
  const named = value === null || value === undefined ? undefined : names?.[name]?.[String(value)];
  return <Display name={name} field={field} resource={resource} value={value} record={named ? { [name]: value, [`${name}Name`]: named } : undefined} />;
}

/** The entries of a logs answer: a list, or a page of them. */
function toEntries(d: unknown): LogEntry[] {
  if (Array.isArray(d)) return d as LogEntry[];
  return ((d as { list?: LogEntry[] } | null)?.list ?? []) as LogEntry[];
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export default function TimelineSlot({ resource, record, binding }: SlotProps) {
  const { call, locale } = useRuntime();
  const t = useT();
  const key = binding ? JSON.stringify(bindingInputOf(resource, binding, record)) : '';
  // The entries when their answer is in already (asked for with the record as the row's link was
  // pressed): drawn with the record's sections, not a skeleton first and the entries a frame later.
  const first = useArrived(binding, binding ? (JSON.parse(key) as Record<string, unknown>) : {}, toEntries);
  const [entries, setEntries] = useState<LogEntry[] | null>(first?.value ?? null);
  const [error, setError] = useState<string | null>(null);
  const arrivedKey = useRef(first ? key : '');

  // `record` too: the detail view reloads the record after an action while this section stays
  // mounted, and the action wrote a log entry to show.
  useEffect(() => {
    if (!binding) return;
    if (arrivedKey.current === key) {
      arrivedKey.current = '';
      return;
    }
    let live = true;
    call<LogEntry[] | { list: LogEntry[] }>(binding, JSON.parse(key) as Record<string, unknown>)
      .then((d) => live && (setEntries(toEntries(d)), setError(null)))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [call, binding, key, record]);

  if (!binding) return <span className="text-danger">{t('renderer.timeline.noApi')}</span>;
  if (error) return <span className="text-danger">{error}</span>;
  if (!entries) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renderer.timeline.empty')} />;
  const sorted = [...entries].sort((a, b) => String(b.at ?? '').localeCompare(String(a.at ?? '')));
  return (
    <Timeline
      items={sorted.map((e, i) => {
        const act = e.title ?? (e.action ? resource.actions?.[e.action]?.title : undefined);
        // a field that was empty and stays empty, or did not change, says nothing
        const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])].filter(
          (k) => !(isBlank(e.before?.[k]) && isBlank(e.after?.[k])) && JSON.stringify(e.before?.[k] ?? null) !== JSON.stringify(e.after?.[k] ?? null),
        );
        return {
          key: e.id ?? String(i),
          color: i === 0 ? 'blue' : 'gray',
          // plain elements laid out as antd's Space and coloured as its Typography (timeline.css): a
          // Typography text is seven components and a resize observer, and an entry had three and more
          children: (
            <div className="timeline-entry">
              <div className="timeline-head">
                <span className="text-strong">{act ? t(act) : e.action}</span>
                <span className="text-secondary">{e.operator ?? e.operatorName ?? t('renderer.timeline.system')}</span>
                <span className="text-secondary">{formatDateTime(e.at, locale)}</span>
              </div>
              {keys.map((k) => (
                <div key={k} className="timeline-change">
                  <span className="text-secondary">{t('renderer.timeline.field', { field: resource.fields?.[k] ? t(resource.fields[k].title) : k })}</span>
                  <Value resource={resource} name={k} value={e.before?.[k] ?? null} names={e.names} /> →{' '}
                  <Value resource={resource} name={k} value={e.after?.[k] ?? null} names={e.names} />
                </div>
              ))}
              {e.remark && <div>{e.remark}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
