/**
 * One table cell: the field type's cell (or a registered `render` slot), with the column's `also`
 * fields stacked underneath in secondary text (plain elements styled by fields/cells.css).
 */
import { memo, Suspense } from 'react';
import type { Resource } from '../../schema';
import { fieldOf } from '../../engine';
import { fieldTypes } from '../fields';
import { getSlot } from '../slots';

interface Props {
  resource: Resource;
  record: Record<string, unknown>;
  name: string;
  render?: string;
  also?: string[];
}

/** One value's cell: a plain call, not a component of its own (one element less per value on a page). */
function one({ resource, record, name, render }: Omit<Props, 'also'>) {
  const field = fieldOf(resource, name);
  const slot = render ?? field.render;
  if (slot) {
    const Slot = getSlot(slot);
    // A lazily registered cell must not suspend the whole table.
    return (
      <Suspense fallback={null}>
        <Slot resource={resource} record={record} name={name} value={record[name]} fieldType={field.type} />
      </Suspense>
    );
  }
  const { Cell } = fieldTypes[field.type];
  return <Cell name={name} field={field} resource={resource} value={record[name]} record={record} />;
}

/**
 * Memoised: ProTable re-renders every row when its own state changes (a page or page-size click,
 * a submitted search), with the same records; a cell whose record and column are unchanged is
 * not drawn again (the cells' antd widgets were most of that render in the profile).
 */
export const FieldCell = memo(function FieldCell({ also = [], ...p }: Props) {
  if (!also.length) return one(p);
  // no box around them: the `also` lines are blocks of their own (cells.css)
  return (
    <>
      {one(p)}
      {also.map((n) => (
        <span key={n} className="cell-also">
          {one({ resource: p.resource, record: p.record, name: n })}
        </span>
      ))}
    </>
  );
});
