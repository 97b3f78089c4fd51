/**
 * The operation cell: the actions this user may run on this row (roles + when; forbidden ones are
 * not rendered). The first three are links, the rest sit under "更多". Plain links (antd styles `a`,
 * cells.css keeps each on one line) in a plain row 12 px apart (as antd's Space lays them out, without
 * its two components and a div per link on every row), and the "更多" dropdown is mounted at its
 * first click: a Dropdown per row was a good part of a page's render. A plain call, not a component:
 * the list's row keeps a column's result while the record is the same (lean-row.tsx), which is all a
 * memo did, and a component and its memo were two more per row on every new page.
 *
 * @example
 * render: (_, record) => rowActions({ gate, record, onRun, onPress }, t)
 */
import { useState, type ReactNode } from 'react';
import { Dropdown } from 'antd';
import { splitRowActions, type ActionGate, type Row, type Translate } from '../../engine';
import { useT } from '../i18n';

interface Props {
  gate: ActionGate;
  record: Row;
  onRun: (name: string, record: Row) => void;
  /** an inline link pressed, before its click (a detail's requests can leave then) */
  onPress?: (name: string, record: Row) => void;
}

export function rowActions({ gate, record, onRun, onPress }: Props, t: Translate): ReactNode {
  const names = gate.rowActions(record);
  if (!names.length) return null;
  const { inline, more } = splitRowActions(names);
  return (
    <span className="row-actions">
      {inline.map((n) => (
        <a
          key={n}
          data-action={n}
          className={gate.action(n).danger ? 'cell-action-danger' : undefined}
          onPointerDown={onPress && ((e) => e.button === 0 && onPress(n, record))}
          onClick={() => onRun(n, record)}
        >
          {t(gate.action(n).title)}
        </a>
      ))}
      {more.length > 0 && <More gate={gate} names={more} record={record} onRun={onRun} />}
    </span>
  );
}

/**
 * The first click mounts the dropdown already open (afterwards it opens and closes it itself). Not on
 * hover: mounting replaces the link's element, and a click whose press and release land on different
 * elements is no click (a quick automated or touch click right after the pointer arrived was lost).
 */
function More({ gate, names, record, onRun }: Props & { names: string[] }) {
  const t = useT();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const link = (
    // its chevron is painted by cells.css (.row-more, mask-icon.ts)
    <a data-more className="row-more" onClick={() => !armed && (setArmed(true), setOpen(true))}>
      {t('renderer.more')}
    </a>
  );
  if (!armed) return link;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: names.map((n) => ({ key: n, label: <span data-action={n}>{t(gate.action(n).title)}</span>, danger: !!gate.action(n).danger })),
        onClick: ({ key }) => {
          setOpen(false);
          onRun(key, record);
        },
      }}
    >
      {link}
    </Dropdown>
  );
}
