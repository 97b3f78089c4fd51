/**
 * The search form's folded fields draw no control. ProTable's search form (ProForm's QueryFilter) shows
 * at most three fields while folded and keeps the others mounted but hidden, so that their values stay
 * in the form (a filter from the URL, or one set before folding, is still searched on). Each hidden
 * field still drew its control — a Select, a date range or a cascader — on every list's first render
 * (/order: 8 of its 11 fields). Here a field that the folded form never shows keeps its form item, and
 * with it its value, but draws its control only once the form is unfolded.
 *
 * @example
 * <SearchFoldContext.Provider value={folded}>…ProTable…</SearchFoldContext.Provider>
 * renderFormItem: () => <FoldedAway index={i}><SearchControl … /></FoldedAway>
 */
import { cloneElement, createContext, useContext, type ReactElement } from 'react';

/** QueryFilter shows at most this many fields while folded (four columns, one for its buttons). */
export const SHOWN_FOLDED = 3;

/** whether the list's search form is folded */
export const SearchFoldContext = createContext(false);

/**
 * The control of the `index`-th search field, or nothing while the form is folded and it is hidden. The
 * form item hands its value, onChange and id to its child, this: they go on to the control.
 */
export function FoldedAway({ index, children, ...fromFormItem }: { index: number; children: ReactElement<Record<string, unknown>> }) {
  const folded = useContext(SearchFoldContext);
  return folded && index >= SHOWN_FOLDED ? null : cloneElement(children, fromFormItem);
}
