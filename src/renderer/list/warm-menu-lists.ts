/**
 * The text measures the menu's other lists need for their column widths (listColumnWidths: each
 * column's translated title and value labels, laid out once and kept by textMeasure), taken while the
 * browser is idle on this list, one list per idle period. A first visit from the menu then finds them
 * kept: measured in its first render, they were ~8 ms of a menu click to /staff on the bench machine
 * (CPU profile: `listColumnWidths` under ListScreenBody, each first measure laying the probe out).
 *
 * @example
 * const measure = useMemo(() => textMeasure(token.fontFamily), [token.fontFamily]);
 * useWarmMenuLists(resource, t, measure, locale);
 */
import { useEffect } from 'react';
import type { Resource } from '../../schema';
import { listColumnWidths, useDrawnAhead, useRuntime, type Measure, type Translate } from '../../engine';
import { whenIdle } from '../../engine/idle';

/** How long after the list is up its idle work may wait at most. */
const WARM_AFTER_MS = 5000;

export function useWarmMenuLists(current: Resource, t: Translate, measure: Measure, locale: string): void {
  const { app, menuResources } = useRuntime();
  // the list shown does it; one drawn ahead (the menu's others, waiting for a visit) does not again
  const drawnAhead = useDrawnAhead();
  useEffect(() => {
    if (!menuResources || drawnAhead) return;
    let cancel = () => {};
    let live = true;
    cancel = whenIdle(() => {
      void menuResources().then(
        (all) => {
          const todo = all.filter((r) => r !== current && r.list);
          const next = () => {
            const r = todo.shift();
            if (!live || !r) return;
            try {
              listColumnWidths(app, r, t, { measure, locale, padding: 8 });
            } catch {
              // a schema the list itself cannot draw says so when it is opened, not here
            }
            cancel = whenIdle(next, WARM_AFTER_MS);
          };
          next();
        },
        () => {},
      );
    }, WARM_AFTER_MS);
    return () => {
      live = false;
      cancel();
    };
  }, [app, menuResources, current, t, measure, locale, drawnAhead]);
}
