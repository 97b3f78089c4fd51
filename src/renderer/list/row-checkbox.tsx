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
 * @example
 * rowSelection={{ ..., renderCell: (_c, _r, _i, node) => rowCheckbox(node, { prefixCls: 'ant-checkbox', hashId }) }}
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

/** `origin` is the Checkbox element antd's selection made for the row (renderCell's last argument). */
export function rowCheckbox(origin: ReactNode, { prefixCls: p, hashId }: CheckboxClasses): ReactNode {
  if (!origin || typeof origin !== 'object' || !('props' in origin)) return origin;
  const {
    checked = false,
    indeterminate = false,
    disabled = false,
    title,
    name,
    onClick,
    onChange,
    'aria-label': label,
  } = (origin as ReactElement<OriginProps>).props;
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
