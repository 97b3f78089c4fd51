/**
 * A list's banner (list "banner" in the schema): the registered slot of that name above the table,
 * given the rows on screen, when they were asked for and when they came (`rowsAskedAt`,
 * `rowsAnsweredAt`: performance.now()) and `show` (page 1 with the same filters, fetched again).
 */
import { Suspense } from 'react';
import type { Resource } from '../../schema';
import type { Row } from '../../engine';
import { getSlot } from '../slots';

export function ListBanner({
  name,
  ...props
}: {
  name: string;
  resource: Resource;
  rows: Row[];
  rowsAskedAt: number;
  rowsAnsweredAt: number;
  show: () => void;
}) {
  const Slot = getSlot(name);
  return (
    <Suspense fallback={null}>
      <Slot record={{}} {...props} />
    </Suspense>
  );
}
