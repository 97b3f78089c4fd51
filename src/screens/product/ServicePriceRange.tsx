/**
 * Cell/display "servicePriceRange": the range of a product's SKU service prices, each end drawn by the
 * money type's own cell (`¥80.00 ~ ¥95.00`, one amount when they are equal, the empty mark without
 * enabled SKUs). A slot because the schema language has no range of amounts: the record carries the
 * two ends as money fields (`servicePriceMin`, `servicePriceMax`); `servicePriceRange` is their text
 * for the export.
 */
import type { AnyField } from '../../schema';
import { CellView } from '../../renderer/fields';
import type { SlotProps } from '../../renderer/slots';

const MONEY = { type: 'money', title: 'product.servicePriceRange' } as const satisfies AnyField;

export default function ServicePriceRange({ record, resource }: SlotProps) {
  const min = record.servicePriceMin;
  const max = record.servicePriceMax;
  const end = (name: 'servicePriceMin' | 'servicePriceMax', value: unknown) => (
    <CellView name={name} field={resource.fields?.[name] ?? MONEY} resource={resource} record={record} value={value} />
  );
  if (min === null || min === undefined || max === null || max === undefined || min === max) return end('servicePriceMin', min ?? max);
  return (
    <span className="service-price-range">
      {end('servicePriceMin', min)} ~ {end('servicePriceMax', max)}
    </span>
  );
}
