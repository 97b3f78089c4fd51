/** date, datetime and dateRange: pickers hold dayjs, the form holds strings ("YYYY-MM-DD", ISO datetimes). */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormats, formatDate, formatDateTime, isEmptyValue, useRuntime } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

const DAY = 'YYYY-MM-DD';
const ISO = 'YYYY-MM-DDTHH:mm:ssZ';

function toDay(v: unknown): Dayjs | null {
  if (isEmptyValue(v)) return null;
  const d = dayjs(String(v));
  return d.isValid() ? d : null;
}

function dateCell({ value, field }: ValueProps, { runtime: { locale } }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  if (Array.isArray(value)) return value.map((v) => formatDate(v, locale)).join(' ~ ');
  // a datetime may break between its day and its time (its column is as wide as the wider of the two)
  return field.type === 'datetime' ? formatDateTime(value, locale) : <span className="cell-nowrap">{formatDate(value, locale)}</span>;
}

function DateInput(p: ControlProps) {
  const { locale } = useRuntime();
  const t = useT();
  const withTime = p.field.type === 'datetime';
  const f = dateFormats(locale);
  return (
    <DatePicker
      id={p.id}
      style={{ width: '100%' }}
      value={toDay(p.value)}
      disabled={p.disabled}
      showTime={withTime}
      format={withTime ? f.datetime : f.date}
      placeholder={t('renderer.placeholder.select', { field: p.field.title ? t(p.field.title) : '' })}
      onChange={(d) => p.onChange?.(d ? d.format(withTime ? ISO : DAY) : undefined)}
    />
  );
}

/** A range of days: dateRange values, and "search": "range" on dates and datetimes. */
function RangeInput(p: ControlProps) {
  const { locale } = useRuntime();
  const t = useT();
  const v = Array.isArray(p.value) ? p.value : [];
  return (
    <DatePicker.RangePicker
      id={p.id}
      style={{ width: '100%' }}
      value={[toDay(v[0]), toDay(v[1])]}
      disabled={p.disabled}
      format={dateFormats(locale).date}
      allowEmpty={p.mode === 'search' ? [true, true] : undefined}
      placeholder={[t('renderer.range.start'), t('renderer.range.end')]}
      onChange={(ds) => {
        const out = [ds?.[0]?.format(DAY) ?? null, ds?.[1]?.format(DAY) ?? null];
        p.onChange?.(out[0] === null && out[1] === null ? undefined : out);
      }}
    />
  );
}

function DateSearch(p: ControlProps) {
  return p.field.search === 'range' ? <RangeInput {...p} /> : <DateInput {...p} />;
}

const DateValue = cellAsComponent(dateCell, 'DateValue');

export const dateType: FieldTypeRenderer = { cell: dateCell, Display: DateValue, SearchControl: DateSearch, FormControl: DateInput };
export const datetimeType: FieldTypeRenderer = dateType;
export const dateRangeType: FieldTypeRenderer = { cell: dateCell, Display: DateValue, SearchControl: RangeInput, FormControl: RangeInput };
