// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The browser's ResizeObserver as the stand-in sees it: keeps the callback it was given, to call it as the browser would. */
class BrowserObserver {
  static last: BrowserObserver | undefined;
  constructor(readonly callback: ResizeObserverCallback) {
    BrowserObserver.last = this;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

async function standIn() {
  vi.resetModules();
  vi.stubGlobal('ResizeObserver', BrowserObserver);
  return (await import('./connected-resize-observer')).default;
}

const entry = (target: Element) => ({ target }) as unknown as ResizeObserverEntry;

afterEach(() => vi.unstubAllGlobals());

describe('the ResizeObserver rc-resize-observer gets', () => {
  it('is the browser’s own, passing on what it reports for elements in the document', async () => {
    const Observer = await standIn();
    const seen: Element[][] = [];
    const ro = new Observer((entries) => seen.push(entries.map((e) => e.target)));
    expect(ro).toBeInstanceOf(BrowserObserver);
    const inDoc = document.body.appendChild(document.createElement('div'));
    BrowserObserver.last!.callback([entry(inDoc)], ro);
    expect(seen).toEqual([[inDoc]]);
  });

  it('leaves out elements outside the document (a list drawn ahead, whose 0×0 is no width to follow)', async () => {
    const Observer = await standIn();
    const seen: Element[][] = [];
    const ro = new Observer((entries) => seen.push(entries.map((e) => e.target)));
    const inDoc = document.body.appendChild(document.createElement('div'));
    const detached = document.createElement('div');
    BrowserObserver.last!.callback([entry(detached), entry(inDoc)], ro);
    BrowserObserver.last!.callback([entry(detached)], ro);
    expect(seen).toEqual([[inDoc]]);
  });
});
