// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Drawer } from 'antd';
import { Activity } from 'react';
import { useDrawerHost, useScrollLockAfterPaint } from './drawer-host';

function Detail({ open = true }: { open?: boolean }) {
  const host = useDrawerHost();
  useScrollLockAfterPaint(open && !!host);
  if (!host) return null;
  return (
    <Drawer open={open} getContainer={host} title="detail">
      <span>record body</span>
    </Drawer>
  );
}

afterEach(cleanup);

describe('the detail drawer host', () => {
  it('mounts the drawer into its own host on the body, and locks the page only after the drawer is painted', async () => {
    render(<Detail />);
    const body = await screen.findByText('record body');
    const host = body.closest('.drawer-host');
    expect(host?.parentElement).toBe(document.body);
    // antd's own lock (the one that measures inside the click) is not used
    expect(document.querySelector('style[rc-util-key^="rc-util-locker"]')).toBeNull();
    await vi.waitFor(() => expect(document.body.style.overflowY).toBe('hidden'));
    cleanup();
    expect(host?.isConnected).toBe(false);
    expect(document.body.style.overflowY).toBe('');
  });

  it('a page hidden by <Activity> takes its drawer and its lock off the screen, and brings both back on return', async () => {
    const { rerender } = render(
      <Activity mode="visible">
        <Detail />
      </Activity>,
    );
    const host = (await screen.findByText('record body')).closest('.drawer-host')!;
    await vi.waitFor(() => expect(document.body.style.overflowY).toBe('hidden'));
    rerender(
      <Activity mode="hidden">
        <Detail />
      </Activity>,
    );
    expect(host.isConnected).toBe(false);
    expect(document.body.style.overflowY).toBe('');
    rerender(
      <Activity mode="visible">
        <Detail />
      </Activity>,
    );
    // the same host with the same drawer in it
    expect(host.isConnected).toBe(true);
    expect(host.textContent).toContain('record body');
    await vi.waitFor(() => expect(document.body.style.overflowY).toBe('hidden'));
  });

  it('two drawers share the lock: the page scrolls again only when both have closed', async () => {
    const a = render(<Detail />);
    const b = render(<Detail />);
    await vi.waitFor(() => expect(document.body.style.overflowY).toBe('hidden'));
    await new Promise((r) => setTimeout(r, 50));
    a.unmount();
    expect(document.body.style.overflowY).toBe('hidden');
    b.unmount();
    expect(document.body.style.overflowY).toBe('');
  });
});
