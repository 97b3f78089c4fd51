// @vitest-environment happy-dom
/**
 * The order list's live bar announces what the rows on screen do not show yet: a change to a row on
 * screen that arrived after those rows were asked for, and new orders not on screen. The user's own
 * action (its change arrives before the list asks again) and an order already on screen are not news.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { messages } from '../../renderer/testing';
import { startLive, stopLive } from '../../shell/live-updates';
import { clearToken, setToken } from '../../shell/session/token';
import type { Resource } from '../../schema';
import LiveBar from './LiveBar';

let stream: { listeners: Map<string, ((e: { data: string }) => void)[]>; onopen: (() => void) | null };
class FakeEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor() {
    stream = this;
  }
  addEventListener(name: string, fn: (e: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {}
}
const emit = (data: unknown) => act(() => stream.listeners.get('order')?.forEach((fn) => fn({ data: JSON.stringify(data) })));

beforeEach(async () => {
  setToken('tok_abcdefghijklmnopqrstuvwxyz');
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ticket: 'tk' } })));
  startLive();
  await vi.waitFor(() => expect(stream).toBeTruthy());
  act(() => stream.onopen?.());
});
afterEach(() => {
  stopLive();
  clearToken();
  vi.unstubAllGlobals();
});

const ROWS = [
  { id: '1876543210987654321', status: 'pending' },
  { id: '2', status: 'closed' },
];
/** the bar over ROWS, asked for at `asked` and answered at `answered` (performance.now()) */
function bar(asked: number, answered = asked, show = () => undefined) {
  return (
    <IntlProvider locale="zh-CN" messages={messages}>
      <LiveBar resource={{} as Resource} record={{}} rows={ROWS} rowsAskedAt={asked} rowsAnsweredAt={answered} show={show} />
    </IntlProvider>
  );
}

describe('order live bar', () => {
  it('announces a change to a row on screen made after the rows were asked for, until the list asks again', () => {
    const { rerender } = render(bar(performance.now()));
    emit({ op: 'update', id: '3', status: 'assigned' }); // not on screen
    expect(screen.queryByRole('status')).toBeNull();
    emit({ op: 'update', id: '1876543210987654321', status: 'assigned' });
    expect(screen.getByRole('status').textContent).toBe('订单有更新 — 查看');
    // the list asked again after that change arrived (the user's own action, or "查看"): it shows it
    rerender(bar(performance.now()));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("does not announce the user's own change, whether its event comes before the list asks again or while it does", () => {
    const { rerender } = render(bar(performance.now()));
    emit({ op: 'update', id: '2', status: 'closed' });
    rerender(bar(performance.now())); // the action's answer came, then the list asked again
    expect(screen.queryByRole('status')).toBeNull();
    const asked = performance.now();
    emit({ op: 'update', id: '2', status: 'closed' }); // arrived while the list was being fetched
    rerender(bar(asked, performance.now())); // and the answer shows the row in that status
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a change that arrived during the fetch when the answer shows the row in another status (read before it)', () => {
    const asked = performance.now();
    const { rerender } = render(bar(0));
    emit({ op: 'update', id: '1876543210987654321', status: 'assigned' });
    rerender(bar(asked, performance.now()));
    expect(screen.getByRole('status').textContent).toBe('订单有更新 — 查看');
  });

  it('counts new orders not on screen, once each, until "查看"', () => {
    const show = vi.fn();
    const { rerender } = render(bar(performance.now(), undefined, show));
    emit({ op: 'insert', id: '2', status: 'pending' }); // already on screen
    expect(screen.queryByRole('status')).toBeNull();
    emit({ op: 'insert', id: '7', status: 'pending' });
    emit({ op: 'enter', id: '8', status: 'pending' });
    emit({ op: 'update', id: '7', status: 'assigned' });
    expect(screen.getByRole('status').textContent).toBe('2 个新订单 — 查看');
    act(() => screen.getByRole('button').click());
    expect(show).toHaveBeenCalledOnce();
    rerender(bar(performance.now(), undefined, show));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
