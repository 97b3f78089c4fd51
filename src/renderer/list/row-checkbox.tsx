/**
 * A row's selection checkbox as the plain elements antd's Checkbox draws, for `rowSelection.renderCell`.
 *
 * antd's Checkbox is four components a row (Checkbox, its click Wave, the Wave's DOM wrapper and
 * rc-checkbox), each asking for the theme and registering its styles: a fifth of a page of rows' render
 * in the profile of a page click. The table's own selection logic stays antd's: the checkbox gets the
 * props antd made for its Checkbox (checked, onChange with the native event for shift-click ranges,
 * onClick that keeps the click from the row) and draws the same label, spans, input and classes, so it
 * looks and acts the same; only the click ripple is left out. The select-all checkbox in the header is
 * still antd's, and registers the styles both use.
 *
 * A page of new rows keeps the checkboxes already drawn (rowCheckboxes): a row's checkbox element is
 * the same while what it shows is, its handlers calling antd's latest ones, so React leaves its input
 * alone — every new input element made React write the input's `type` and remove its `name` again
 * (react-dom's updateInput), 40 DOM writes a page click on /order.
 *
 * @example
 * const boxes = rowCheckboxes({ prefixCls: 'ant-checkbox', hashId });
 * rowSelection={{ ..., renderCell: (_c, _r, index, node) => boxes(index, node) }}
 */
import type { ChangeEvent, MouseEvent, ReactElement, ReactNode } from 'react';

/** What antd's selection hands its row Checkbox (antd/es/table/hooks/useSelection.js). */
interface OriginProps {
  checked?: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  title?: string;
  name?: string;
  'aria-label'?: string;
  onClick?: (e: MouseEvent<HTMLInputElement>) => void;
  onChange?: (e: { target: { checked: boolean; type: string }; nativeEvent: Event; stopPropagation(): void; preventDefault(): void }) => void;
}

export interface CheckboxClasses {
  /** the checkbox's class prefix (ConfigProvider's getPrefixCls('checkbox')) */
  prefixCls: string;
  /** the theme's style hash class (theme.useToken().hashId) */
  hashId: string;
}

const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

const originProps = (origin: ReactNode): OriginProps | null =>
  origin && typeof origin === 'object' && 'props' in origin ? (origin as ReactElement<OriginProps>).props : null;

/** `origin` is the Checkbox element antd's selection made for the row (renderCell's last argument). */
export function rowCheckbox(origin: ReactNode, classes: CheckboxClasses): ReactNode {
  const props = originProps(origin);
  return props ? drawCheckbox(props, classes) : origin;
}

/** What a row's checkbox shows: the same, the same element will do. */
const shownBy = (o: OriginProps) => [!!o.checked, !!o.indeterminate, !!o.disabled, o.title, o.name, o['aria-label']].join('\u0000');

/**
 * rowCheckbox for a table's rows by position (renderCell's index): the element drawn for a position is
 * given again while what it shows is unchanged; its handlers call the handlers of the latest origin.
 */
export function rowCheckboxes(classes: CheckboxClasses): (index: number, origin: ReactNode) => ReactNode {
  const drawn = new Map<number, { shown: string; latest: OriginProps; element: ReactNode }>();
  return (index, origin) => {
    const props = originProps(origin);
    if (!props) return origin;
    const shown = shownBy(props);
    const had = drawn.get(index);
    if (had && had.shown === shown) {
      had.latest = props;
      return had.element;
    }
    const entry = { shown, latest: props, element: null as ReactNode };
    entry.element = drawCheckbox(
      {
        ...props,
        onClick: (e) => entry.latest.onClick?.(e),
        onChange: (e) => entry.latest.onChange?.(e),
      },
      classes,
    );
    drawn.set(index, entry);
    return entry.element;
  };
}

function drawCheckbox(
  { checked = false, indeterminate = false, disabled = false, title, name, onClick, onChange, 'aria-label': label }: OriginProps,
  { prefixCls: p, hashId }: CheckboxClasses,
): ReactNode {
  return (
    <label className={cls(`${p}-wrapper`, checked && `${p}-wrapper-checked`, disabled && `${p}-wrapper-disabled`, hashId)}>
      <span
        className={cls(p, indeterminate && `${p}-indeterminate`, 'ant-wave-target', hashId, checked && `${p}-checked`, disabled && `${p}-disabled`)}
        title={title}
      >
        <input
          className={`${p}-input`}
          type="checkbox"
          name={name}
          aria-label={label}
          checked={checked}
          disabled={disabled}
          // the DOM's own half-checked state, as antd sets it
          ref={(el) => {
            if (el) el.indeterminate = indeterminate;
          }}
          onClick={onClick}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            if (disabled) return;
            onChange?.({
              target: { checked: e.target.checked, type: 'checkbox' },
              nativeEvent: e.nativeEvent,
              stopPropagation: () => e.stopPropagation(),
              preventDefault: () => e.preventDefault(),
            });
          }}
        />
        <span className={`${p}-inner`} />
      </span>
    </label>
  );
}
