/**
 * One table cell: the field type's cell (or a registered `render` slot), with the column's `also`
 * fields stacked underneath in secondary text (plain elements styled by fields/cells.css).
 *
 * A plain call, not a component: the column's render makes it, inside rc-table's own cell (which keeps
 * what a render gave while the row's record and the column's render are the same). A component of its
 * own was one fiber more per cell, 180 on a page of /order.
 *
 * @example
 * render: (_, record) => fieldCell({ resource, record, name: 'amount' }, env) // env: useCellEnv() of the list
 */
import { cloneElement, isValidElement, Suspense, type ReactNode } from 'react';
import type { Resource } from '../../schema';
import { fieldOf } from '../../engine';
import { fieldTypes, type CellEnv } from '../fields';
import { getSlot } from '../slots';

export interface FieldCellProps {
  resource: Resource;
  record: Record<string, unknown>;
  name: string;
  render?: string;
  also?: string[];
}

/** One value's cell. */
function one({ resource, record, name, render }: Omit<FieldCellProps, 'also'>, env: CellEnv): ReactNode {
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
  return fieldTypes[field.type].cell({ name, field, resource, value: record[name], record }, env);
}

/**
 * An `also` line. A value drawn as one of the cells' own plain elements (cells.css `cell-…`: a number,
 * a cut text, the empty "-") becomes the line itself, with `cell-also` beside its class: one element
 * per line instead of a box around another (/order: five fewer per row). Text, a component or any other
 * element (an antd tag's own span) goes in a box.
 */
function alsoLine(node: ReactNode, key: string): ReactNode {
  if (isValidElement<{ className?: unknown }>(node) && typeof node.type === 'string') {
    const cls = node.props.className;
    if (typeof cls === 'string' && /^cell-[\w-]+$/.test(cls)) return cloneElement(node, { key, className: `cell-also ${cls}` });
  }
  return (
    <span key={key} className="cell-also">
      {node}
    </span>
  );
}

export function fieldCell({ also = [], ...p }: FieldCellProps, env: CellEnv): ReactNode {
  if (!also.length) return one(p, env);
  // no box around them: the `also` lines are blocks of their own (cells.css)
  return (
    <>
      {one(p, env)}
      {also.map((n) => alsoLine(one({ resource: p.resource, record: p.record, name: n }, env), n))}
    </>
  );
}
