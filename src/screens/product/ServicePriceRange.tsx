/**
 * Cell/display "servicePriceRange": the range of a product's SKU service prices, each end drawn by the
 * money type's own cell (`¥80.00 ~ ¥95.00`, one amount when they are equal, the empty mark without
 * enabled SKUs). A slot because the schema language has no range of amounts: the record carries the
 * two ends as money fields (`servicePriceMin`, `servicePriceMax`); `servicePriceRange` is their text
 * for the export.
 */
import { fieldOf } from '../../engine';
import { CellView } from '../../renderer/fields';
import type { SlotProps } from '../../renderer/slots';

export default function ServicePriceRange({ record, resource }: SlotProps) {
  const end = (name: 'servicePriceMin' | 'servicePriceMax') => (
    <CellView name={name} field={fieldOf(resource, name)} resource={resource} record={record} value={record[name]} />
  );
  // no enabled SKU (both ends empty), or one price for all of them
  if (record.servicePriceMin == null || record.servicePriceMin === record.servicePriceMax) return end('servicePriceMin');
  // one box around the three: a detail's value box lays out its children as flex items, where the
  // spaces around "~" were dropped ("¥50.00~¥95.00")
  return (
    <span>
      {end('servicePriceMin')} ~ {end('servicePriceMax')}
    </span>
  );
}
