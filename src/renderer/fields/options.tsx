/**
 * dict and ref: selects with search-as-you-type (debounced keyword) and dependent filters; cells show
 * the record's `<field>Name`/`<field>Label` when sent, else a cached lookup.
 */
import { Select, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { isEmptyValue, labelFromRecord, labelsFromRecord, useOptionLabel, useOptions } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

/** The record's own label (`<field>Name`/`<field>Label`) when sent, else a cached lookup (OptionLookup). */
function optionCell({ name, field, value, record }: ValueProps, { t }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  const sep = t('renderer.listSeparator');
  const fromRecord = labelFromRecord(record, name, sep);
  return fromRecord ?? <OptionLookup field={field} value={value} sep={sep} />;
}

function OptionLookup({ field, value, sep }: { field: ValueProps['field']; value: unknown; sep: string }) {
  return useOptionLabel(field, value, undefined, sep) ?? '';
}

function OptionSelect(p: ControlProps) {
  const t = useT();
  const multiple = !!p.field.multiple && p.mode !== 'search';
  const value = isEmptyValue(p.value) ? undefined : Array.isArray(p.value) ? p.value.map(String) : String(p.value);
  // The options are asked for when the select is used (focused, opened, typed into) or holds a value
  // whose name the record does not give: a list's search form has several such selects, and their
  // answers re-drew it while the page was still becoming usable.
  const [used, setUsed] = useState(false);
  const fromRecord = labelsFromRecord(p.record, p.name);
  const unnamed = (value === undefined ? [] : Array.isArray(value) ? value : [value]).some((v) => !fromRecord.has(v));
  const { options, loading, search } = useOptions(p.field, p.depends, used || unnamed);
  const use = () => setUsed(true);
  // Every label seen (the record's own, then each option list): a chosen value keeps its name when a
  // later search, or the first page of options, no longer holds it — never a bare id in the box.
  const known = useRef(new Map<string, string>());
  const shown = useMemo(() => {
    for (const [v, l] of labelsFromRecord(p.record, p.name)) if (!known.current.has(v)) known.current.set(v, l);
    const list = options.map((o) => ({ value: String(o.value), label: o.label }));
    for (const o of list) known.current.set(o.value, String(o.label));
    const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const missing = chosen.filter((v) => !list.some((o) => o.value === v) && known.current.has(v));
    return [...list, ...missing.map((v) => ({ value: v, label: known.current.get(v)! }))];
  }, [options, value, p.record, p.name]);
  return (
    <Select
      id={p.id}
      value={value}
      disabled={p.disabled}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      filterOption={false}
      options={shown}
      onSearch={(k) => {
        use();
        search(k);
      }}
      onFocus={use}
      onOpenChange={(open) => open && use()}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      placeholder={t('renderer.placeholder.select', { field: p.field.title ? t(p.field.title) : '' })}
      onChange={(v) => p.onChange?.(v)}
      onClear={() => search('')}
    />
  );
}

const OptionValue = cellAsComponent(optionCell, 'OptionValue');

export const dictType: FieldTypeRenderer = { cell: optionCell, Display: OptionValue, SearchControl: OptionSelect, FormControl: OptionSelect };
export const refType: FieldTypeRenderer = dictType;
