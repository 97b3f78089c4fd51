/**
 * The list's column settings, behind the toolbar's gear: which columns show (one checkbox each, and
 * one for all), their order (drag a line by its handle), which stay pinned at the left or right edge,
 * and a reset to the schema's defaults. The value is ProTable's column state (`columnsState.value`),
 * kept per user and list by use-column-settings.ts.
 *
 * Drawn here instead of by ProTable's own panel: that one is an rc-tree whose data is a new array at
 * each of its renders, so rc-tree re-derived its nodes and redrew the whole tree three more times within
 * a checkbox click (~440 components each: an ellipsis tooltip, two pin tooltips and resize observers per
 * line), about half of the click's ~115 ms Event Timing in the bench. Here a click draws the lines and
 * the table once; a line is a checkbox and plain elements (its pin buttons show on hover, titled natively).
 *
 * @example
 * <ColumnSettings columns={[{ key: 'orderNo', title: '订单编号' }]} value={map} defaults={{}} onChange={setMap} />
 */
import { Checkbox, Popover, Tooltip } from 'antd';
import HolderOutlined from '@ant-design/icons-svg/es/asn/HolderOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import VerticalAlignBottomOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignBottomOutlined';
import VerticalAlignMiddleOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignMiddleOutlined';
import VerticalAlignTopOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignTopOutlined';
import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ColumnState } from '../../engine';
import { useT } from '../i18n';
import { staticIcon } from '../static-icon';
import { orderedColumns, movedColumn, pinnedColumn, shownAll, shownColumn, type Pin, type SettingsColumn } from './column-settings-state';

export type { SettingsColumn };

const GEAR = staticIcon(SettingOutlined);
const HOLDER = staticIcon(HolderOutlined);
const PIN_ICON: Record<Pin, ReactNode> = {
  left: staticIcon(VerticalAlignTopOutlined),
  none: staticIcon(VerticalAlignMiddleOutlined),
  right: staticIcon(VerticalAlignBottomOutlined),
};
const PIN_TITLE: Record<Pin, string> = { left: 'renderer.columns.pinLeft', none: 'renderer.columns.unpin', right: 'renderer.columns.pinRight' };
const GROUP_TITLE: Record<Pin, string> = { left: 'renderer.columns.pinnedLeft', none: 'renderer.columns.unpinned', right: 'renderer.columns.pinnedRight' };

interface Props {
  /** the table's columns that the settings list, in the schema's order */
  columns: readonly SettingsColumn[];
  value: Record<string, ColumnState>;
  /** what "reset" goes back to */
  defaults: Record<string, ColumnState>;
  onChange: (next: Record<string, ColumnState>) => void;
}

export function ColumnSettings({ columns, value, defaults, onChange }: Props) {
  const t = useT();
  const lines = orderedColumns(columns, value);
  const shown = lines.filter((c) => value[c.key]?.show !== false).length;
  const groups = (['left', 'none', 'right'] as const).map((pin) => ({ pin, lines: lines.filter((l) => l.pin === pin) })).filter((g) => g.lines.length);
  const grouped = groups.length > 1 || groups[0]?.pin !== 'none';
  // the line being dragged (by its handle) and where it would land: within its own group (a pin
  // decides the group, the order only places a line inside it)
  const [drag, setDrag] = useState<{ key: string; pin: Pin; over?: string; after?: boolean } | null>(null);
  // The lines' handlers, one object for good, acting on the latest value: a click draws again only the
  // lines that show something else (new handlers at each render drew all ten lines of /order, with
  // their checkboxes, on every checkbox click).
  const latest = useRef({ value, lines, drag, onChange });
  latest.current = { value, lines, drag, onChange };
  const on = useMemo(
    (): LineHandlers => ({
      check: (key, show) => latest.current.onChange(shownColumn(latest.current.value, key, show)),
      pin: (key, pin) => latest.current.onChange(pinnedColumn(latest.current.value, key, pin)),
      dragStart: (line) => setDrag({ key: line.key, pin: line.pin }),
      dragOver: (line, after) => setDrag((d) => (d && d.pin === line.pin && (d.over !== line.key || d.after !== after) ? { ...d, over: line.key, after } : d)),
      drop: (line) => {
        const { drag, lines, value, onChange } = latest.current;
        if (drag && drag.key !== line.key && drag.pin === line.pin)
          onChange(
            movedColumn(
              lines.map((l) => l.key),
              value,
              drag.key,
              line.key,
              !!drag.after,
            ),
          );
        setDrag(null);
      },
    }),
    [],
  );

  const title = (
    <div className="column-settings-title">
      <Checkbox
        indeterminate={shown > 0 && shown < lines.length}
        checked={shown === lines.length}
        onChange={(e) => onChange(shownAll(columns, value, e.target.checked))}
      >
        {t('renderer.columns.shown')}
      </Checkbox>
      <a className="column-settings-reset" onClick={() => onChange(defaults)}>
        {t('renderer.reset')}
      </a>
    </div>
  );
  const content = (
    <div className="column-settings-list" onDragEnd={() => setDrag(null)}>
      {groups.map((g) => (
        <div key={g.pin} className="column-settings-group">
          {grouped && <div className="column-settings-group-title">{t(GROUP_TITLE[g.pin])}</div>}
          {g.lines.map((c) => (
            <Line
              key={c.key}
              column={c}
              checked={value[c.key]?.show !== false}
              dropAt={drag?.over === c.key && drag.key !== c.key ? (drag.after ? 'after' : 'before') : undefined}
              on={on}
            />
          ))}
        </div>
      ))}
    </div>
  );
  return (
    <Popover arrow={false} trigger="click" placement="bottomRight" title={title} content={content} classNames={{ root: 'column-settings' }}>
      <Tooltip title={t('renderer.columns.settings')}>
        <button type="button" className="column-settings-trigger" aria-label={t('renderer.columns.settings')}>
          {GEAR}
        </button>
      </Tooltip>
    </Popover>
  );
}

type SettingsLine = SettingsColumn & { pin: Pin };

/** What a line's controls do, given the line (the same functions at every render). */
interface LineHandlers {
  check: (key: string, show: boolean) => void;
  pin: (key: string, pin: Pin) => void;
  dragStart: (line: SettingsLine) => void;
  dragOver: (line: SettingsLine, after: boolean) => void;
  drop: (line: SettingsLine) => void;
}

interface LineProps {
  column: SettingsLine;
  checked: boolean;
  dropAt?: 'before' | 'after';
  on: LineHandlers;
}

/** Lines are equal when they show the same (the column's object is made anew at each render). */
const sameLine = (a: LineProps, b: LineProps) =>
  a.checked === b.checked &&
  a.dropAt === b.dropAt &&
  a.on === b.on &&
  a.column.key === b.column.key &&
  a.column.title === b.column.title &&
  a.column.pin === b.column.pin &&
  a.column.fixed === b.column.fixed;

/** One column's line; its pin buttons show while the pointer is over it or focus is inside (list.css). */
const Line = memo(function Line({ column, checked, dropAt, on }: LineProps) {
  const t = useT();
  const pins = (['left', 'none', 'right'] as const).filter((p) => p !== column.pin);
  return (
    <div
      className={'column-settings-item' + (dropAt ? ` column-settings-drop-${dropAt}` : '')}
      data-column={column.key}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', column.key);
        on.dragStart(column);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        const box = e.currentTarget.getBoundingClientRect();
        on.dragOver(column, e.clientY > box.top + box.height / 2);
      }}
      onDrop={(e) => {
        e.preventDefault();
        on.drop(column);
      }}
    >
      <span className="column-settings-handle" title={t('renderer.columns.drag')}>
        {HOLDER}
      </span>
      <Checkbox className="column-settings-check" checked={checked} onChange={(e) => on.check(column.key, e.target.checked)}>
        <span className="column-settings-item-title" title={column.title}>
          {column.title}
        </span>
      </Checkbox>
      <span className="column-settings-pins">
        {pins.map((p) => (
          <button
            key={p}
            type="button"
            className="column-settings-pin"
            title={t(PIN_TITLE[p])}
            aria-label={t(PIN_TITLE[p])}
            onClick={() => on.pin(column.key, p)}
          >
            {PIN_ICON[p]}
          </button>
        ))}
      </span>
    </div>
  );
}, sameLine);
