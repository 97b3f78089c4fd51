/** The region picker (lazy chunk): a searchable cascader over the province/city/district tree. */
import { Cascader } from 'antd';
import { regionPath, useRegions } from '../../engine';
import { useT } from '../i18n';
import type { ControlProps } from './types';

export default function RegionCascader(p: ControlProps) {
  const regions = useRegions();
  const t = useT();
  const placeholder = t('renderer.placeholder.select', { field: p.field.title ? t(p.field.title) : '' });
  if (p.field.multiple) {
    // A set of places: the value is the last code of each picked path (a whole city or one district);
    // the cascader works on full paths, so translate both ways.
    const codes = Array.isArray(p.value) ? (p.value as string[]) : [];
    return (
      <Cascader
        id={p.id}
        style={{ width: '100%' }}
        options={regions?.tree ?? []}
        loading={!regions}
        disabled={p.disabled}
        multiple
        maxTagCount="responsive"
        showCheckedStrategy={Cascader.SHOW_PARENT}
        value={regions ? codes.map((c) => regionPath(regions, c)) : []}
        showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
        placeholder={placeholder}
        onChange={(paths) => {
          const next = (paths as string[][]).map((path) => path[path.length - 1]).filter(Boolean);
          p.onChange?.(next.length ? next : undefined);
        }}
      />
    );
  }
  return (
    <Cascader
      id={p.id}
      style={{ width: '100%' }}
      options={regions?.tree ?? []}
      loading={!regions}
      disabled={p.disabled}
      value={Array.isArray(p.value) ? (p.value as string[]) : undefined}
      changeOnSelect={p.mode === 'search'}
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      placeholder={placeholder}
      onChange={(v) => p.onChange?.(v && v.length ? v : undefined)}
    />
  );
}
