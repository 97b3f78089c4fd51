import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutTransitionEvents } from './react-unused-events';

// the file the production build takes for react-dom/client (beside the package's own package.json)
const reactDom = readFileSync(join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js'), 'utf8');

describe('react-unused-events', () => {
  it("removes the installed React DOM's registrations of transitionrun, transitionstart and transitioncancel, and only those", () => {
    const out = withoutTransitionEvents(reactDom);
    expect(out).not.toMatch(/registerSimpleEvent\(TRANSITION_(RUN|START|CANCEL),/);
    // what stays: transitionend (antd's Badge uses onTransitionEnd) and every other event
    expect(out).toContain('registerSimpleEvent(TRANSITION_END, "onTransitionEnd")');
    expect(reactDom.length - out.length).toBe(
      [
        'registerSimpleEvent(TRANSITION_RUN, "onTransitionRun");',
        'registerSimpleEvent(TRANSITION_START, "onTransitionStart");',
        'registerSimpleEvent(TRANSITION_CANCEL, "onTransitionCancel");',
      ]
        .map((s) => s.length)
        .reduce((a, b) => a + b),
    );
  });

  it('fails the build when React DOM has changed (a registration not found)', () => {
    expect(() => withoutTransitionEvents('registerSimpleEvent(TRANSITION_END, "onTransitionEnd");')).toThrow(/no longer has .*onTransitionRun/);
  });
});
