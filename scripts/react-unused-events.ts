/**
 * A build plugin: React DOM without the three transition events nothing in the console handles.
 *
 * React 19 listens, at its root and at every portal's container (drawers, dropdowns, tooltips), for
 * each event it has a prop for, `transitionrun`, `transitionstart` and `transitioncancel` among them.
 * Blink creates those events only while something listens for them; with React listening, every CSS
 * transition (a hovered menu item, a pager button, a row's background, a tooltip) dispatched each
 * through React's event system. Traces of the bench's interactions counted 20–150 such events per
 * click: ~6 ms of main thread on a page-2 click, ~11 ms on a menu click to another list and ~20 ms on a
 * menu click back to a kept page. No component of the app or its libraries uses `onTransitionRun`,
 * `onTransitionStart` or `onTransitionCancel` (they appear nowhere in the built bundle but React's own
 * table, and ESLint forbids them in src/); `onTransitionEnd`, which antd's Badge uses, is kept.
 *
 * The dev server's pre-bundled React keeps them (only a production build is transformed).
 *
 * @example
 * plugins: [reactUnusedEvents(), react()]
 */
import type { Plugin } from 'vite';

/** React DOM's registrations of the three events (react-dom-client.production.js, React 19). */
const REGISTRATIONS = [
  'registerSimpleEvent(TRANSITION_RUN, "onTransitionRun");',
  'registerSimpleEvent(TRANSITION_START, "onTransitionStart");',
  'registerSimpleEvent(TRANSITION_CANCEL, "onTransitionCancel");',
];

/** React DOM's client code without the registrations; throws when one is missing (React changed: revisit this plugin). */
export function withoutTransitionEvents(code: string): string {
  let out = code;
  for (const r of REGISTRATIONS) {
    if (!out.includes(r))
      throw new Error(`react-unused-events: react-dom no longer has \`${r}\`; update scripts/react-unused-events.ts for this React version`);
    out = out.replace(r, '');
  }
  return out;
}

export function reactUnusedEvents(): Plugin {
  return {
    name: 'react-unused-events',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(id)) return null;
      return { code: withoutTransitionEvents(code), map: null };
    },
  };
}
