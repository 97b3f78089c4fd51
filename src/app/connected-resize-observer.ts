/**
 * Stands in for `resize-observer-polyfill` in rc-resize-observer, the size observer under antd's and
 * ProComponents' components that follow their own width (ProTable's toolbar, ProForm's QueryFilter,
 * rc-overflow in the menu, rc-tabs): the browser's own ResizeObserver (the polyfill's default export
 * is that wherever one exists), minus reports on elements outside the document.
 *
 * A list drawn ahead is rendered into a box outside the document (src/shell/layout/KeptPage.tsx), where
 * every element measures 0×0 and the browser reports that size. ProTable's toolbar took it for a
 * phone-narrow width (under 375 px) and switched to its stacked "mobile" layout: the first frame of
 * every first menu visit to a list drew its toolbar stacked, then the real width came in and the
 * toolbar with the search form in it (~200 components) was drawn again. An element outside the
 * document has no size to follow; once it is put in the document its size differs from the 0×0 the
 * browser noted, so it is reported then, laid out.
 */
import ResizeObserverOrPolyfill from 'resize-observer-polyfill';

export default class ConnectedResizeObserver extends ResizeObserverOrPolyfill {
  constructor(callback: ResizeObserverCallback) {
    super((entries, observer) => {
      const laidOut = entries.filter((e) => e.target.isConnected);
      if (laidOut.length) callback(laidOut, observer);
    });
  }
}
