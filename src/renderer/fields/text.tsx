/** string, text, password, phone and bigint: text boxes in forms, plain (or masked) text in cells. */
import { Input } from 'antd';
import { isEmptyValue, maskPhone } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import { EllipsisText } from './EllipsisText';
import { ellipsisCell, type ShowTip } from './ellipsis-tip';
import { CopyableText } from './CopyableText';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

function placeholderOf(t: ReturnType<typeof useT>, p: ControlProps): string {
  return p.field.placeholder ? t(p.field.placeholder) : t('renderer.placeholder.input', { field: p.field.title ? t(p.field.title) : '' });
}

/** The value as one text (a list joined with the locale's separator). */
function textOf(value: unknown, t: CellEnv['t']): string {
  return Array.isArray(value) ? value.join(t('renderer.listSeparator')) : String(value);
}

/**
 * A text value in a table cell as plain elements (antd's Typography around every value was most of a
 * page click's render: a resize observer, a tooltip and a measuring element each): with its copy
 * button when the field is `copyable` (CopyableText), cut by CSS at the column's width with the whole
 * text on hover when it is `ellipsis` (in a table with a tip host, a plain span and the table's one
 * tooltip: ellipsis-tip.tsx; elsewhere EllipsisText).
 */
function shownText(text: string, field: ValueProps['field'], tip?: ShowTip) {
  if (field.copyable) return <CopyableText text={text} />;
  if (field.ellipsis) return tip ? ellipsisCell(text, tip) : <EllipsisText text={text} />;
  return text;
}

/**
 * In a detail: the whole text, wrapping within its cell (the description's content breaks long words),
 * whether or not the field is `ellipsis`: cutting with "…" is for table cells, whose width is the
 * column's. A `text` (typed in a text area) keeps its line breaks.
 */
function textDetail({ value, field }: ValueProps, { t }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  const text = textOf(value, t);
  if (field.copyable) return <CopyableText text={text} />;
  return field.type === 'text' ? <span className="cell-lines">{text}</span> : text;
}
const TextValue = cellAsComponent(textDetail, 'TextValue');

/** In a table: an `ellipsis` field is as wide as its column (src/engine/column-width.ts), cut beyond. */
function textCell(p: ValueProps, { t, tip }: CellEnv) {
  if (isEmptyValue(p.value)) return EMPTY;
  return shownText(textOf(p.value, t), p.field, tip);
}

function TextInput(p: ControlProps) {
  const t = useT();
  return (
    <Input
      id={p.id}
      value={(p.value as string) ?? ''}
      disabled={p.disabled}
      allowClear={p.mode === 'search'}
      maxLength={p.mode === 'search' ? undefined : p.field.maxLength}
      placeholder={placeholderOf(t, p)}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  );
}

function TextArea(p: ControlProps) {
  const t = useT();
  return (
    <Input.TextArea
      id={p.id}
      value={(p.value as string) ?? ''}
      disabled={p.disabled}
      maxLength={p.field.maxLength}
      showCount={!!p.field.maxLength}
      autoSize={{ minRows: 2, maxRows: 6 }}
      placeholder={placeholderOf(t, p)}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  );
}

function PasswordInput(p: ControlProps) {
  const t = useT();
  return (
    <Input.Password
      id={p.id}
      value={(p.value as string) ?? ''}
      disabled={p.disabled}
      maxLength={p.field.maxLength}
      autoComplete="new-password"
      placeholder={placeholderOf(t, p)}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  );
}

function Hidden() {
  return '••••••';
}

function phoneCell({ value, field }: ValueProps) {
  if (isEmptyValue(value)) return EMPTY;
  return field.mask ? maskPhone(value) : String(value);
}

function PhoneDisplay({ value, field }: ValueProps) {
  if (isEmptyValue(value)) return EMPTY;
  return field.copyable ? <CopyableText text={String(value)} /> : String(value);
}

function PhoneInput(p: ControlProps) {
  const t = useT();
  return (
    <Input
      id={p.id}
      value={(p.value as string) ?? ''}
      disabled={p.disabled}
      allowClear={p.mode === 'search'}
      inputMode="tel"
      maxLength={20}
      placeholder={placeholderOf(t, p)}
      onChange={(e) => p.onChange?.(e.target.value.trim())}
    />
  );
}

/** 64-bit ids: digit strings in and out, never Number(). */
function BigintInput(p: ControlProps) {
  const t = useT();
  const v = Array.isArray(p.value) ? p.value.join(',') : ((p.value as string) ?? '');
  return (
    <Input
      id={p.id}
      value={v}
      disabled={p.disabled}
      allowClear={p.mode === 'search'}
      inputMode="numeric"
      placeholder={placeholderOf(t, p)}
      onChange={(e) => {
        const raw = e.target.value.replace(/[^\d,]/g, '');
        p.onChange?.(p.field.multiple ? raw.split(',').filter(Boolean) : raw);
      }}
    />
  );
}

export const stringType: FieldTypeRenderer = { cell: textCell, Display: TextValue, SearchControl: TextInput, FormControl: TextInput };
export const textType: FieldTypeRenderer = { cell: textCell, Display: TextValue, SearchControl: TextInput, FormControl: TextArea };
export const passwordType: FieldTypeRenderer = { cell: Hidden, Display: Hidden, SearchControl: TextInput, FormControl: PasswordInput };
export const phoneType: FieldTypeRenderer = { cell: phoneCell, Display: PhoneDisplay, SearchControl: PhoneInput, FormControl: PhoneInput };
export const bigintType: FieldTypeRenderer = { cell: textCell, Display: TextValue, SearchControl: BigintInput, FormControl: BigintInput };
