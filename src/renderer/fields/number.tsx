/** number, integer and money. Money stays a decimal string from the server to the input and back. */
import { Input, InputNumber, Space } from 'antd';
import { formatMoney, formatNumber, isEmptyValue } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

function numberCell({ value, field }: ValueProps, { runtime: { locale } }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  const n = Number(value);
  const text = Number.isFinite(n) ? formatNumber(n, locale, field.type === 'integer') : String(value);
  return <span className="cell-num">{text}</span>;
}

function NumberInput(p: ControlProps) {
  const t = useT();
  return (
    <InputNumber
      id={p.id}
      style={{ width: '100%' }}
      value={p.value as number | null | undefined}
      disabled={p.disabled}
      precision={p.field.type === 'integer' ? 0 : undefined}
      min={typeof p.field.min === 'number' ? p.field.min : undefined}
      max={typeof p.field.max === 'number' ? p.field.max : undefined}
      placeholder={t('renderer.placeholder.input', { field: p.field.title ? t(p.field.title) : '' })}
      onChange={(v) => p.onChange?.(v ?? undefined)}
    />
  );
}

function moneyCell({ value }: ValueProps, { runtime: { locale } }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  return <span className="cell-num">{formatMoney(value, locale)}</span>;
}

/** Keeps what the user typed as text; only digits, one dot and two decimals get through. */
function MoneyInput(p: ControlProps) {
  const t = useT();
  return (
    <Input
      id={p.id}
      prefix="¥"
      inputMode="decimal"
      value={(p.value as string) ?? ''}
      disabled={p.disabled}
      allowClear={p.mode === 'search'}
      placeholder={p.field.placeholder ? t(p.field.placeholder) : '0.00'}
      onChange={(e) => {
        const v = e.target.value.replace(/[^\d.-]/g, '');
        p.onChange?.(v === '' ? undefined : v);
      }}
      onBlur={() => {
        // "12" and "12.5" become "12.00" and "12.50": what the server stores, without a float in between.
        const v = p.value as string | undefined;
        if (v && /^-?\d+(\.\d?)?$/.test(v)) {
          const [i, f = ''] = v.split('.');
          p.onChange?.(`${i}.${(f + '00').slice(0, 2)}`);
        }
      }}
    />
  );
}

/** A from/to pair for "search": "range" on numbers and money. */
function RangeInputs(p: ControlProps) {
  const t = useT();
  const [from, to] = Array.isArray(p.value) ? (p.value as (string | null)[]) : [null, null];
  const set = (i: 0 | 1, v: string) => {
    const next = [from ?? null, to ?? null];
    next[i] = v === '' ? null : v;
    p.onChange?.(next[0] === null && next[1] === null ? undefined : next);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={p.id}
        value={from ?? ''}
        inputMode="decimal"
        placeholder={t('renderer.range.from')}
        onChange={(e) => set(0, e.target.value.replace(/[^\d.-]/g, ''))}
      />
      <Input value={to ?? ''} inputMode="decimal" placeholder={t('renderer.range.to')} onChange={(e) => set(1, e.target.value.replace(/[^\d.-]/g, ''))} />
    </Space.Compact>
  );
}

function searchOf(Single: FieldTypeRenderer['SearchControl']): FieldTypeRenderer['SearchControl'] {
  return function NumberSearch(p: ControlProps) {
    return p.field.search === 'range' ? <RangeInputs {...p} /> : <Single {...p} />;
  };
}

const NumberValue = cellAsComponent(numberCell, 'NumberValue');
const MoneyValue = cellAsComponent(moneyCell, 'MoneyValue');

export const numberType: FieldTypeRenderer = { cell: numberCell, Display: NumberValue, SearchControl: searchOf(NumberInput), FormControl: NumberInput };
export const integerType: FieldTypeRenderer = numberType;
export const moneyType: FieldTypeRenderer = { cell: moneyCell, Display: MoneyValue, SearchControl: searchOf(MoneyInput), FormControl: MoneyInput };
