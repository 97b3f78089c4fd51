// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EllipsisTipHost, ellipsisCell, type ShowTip } from './ellipsis-tip';
import { stubWidths as widths } from '../testing';

afterEach(cleanup);

/** A table's cells as the list draws them: plain spans, and the one host. */
function Cells({ texts }: { texts: string[] }) {
  const tip = useRef<ShowTip>(null);
  return (
    <>
      {texts.map((text, i) => (
        <div key={i}>{ellipsisCell(text, (el, t) => tip.current?.(el, t))}</div>
      ))}
      <EllipsisTipHost show={tip} />
    </>
  );
}

// antd marks the element a tooltip is open on (here the host's stand-in over the span)
const openTip = () => document.querySelector('.ant-tooltip-open');

describe('ellipsisCell and EllipsisTipHost', () => {
  it('draws a plain span cut by CSS, with no tooltip until a cut text is hovered', () => {
    render(<Cells texts={['人民路256号万科城6栋3单元1222室']} />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    expect(span.className).toBe('cell-ellipsis');
    expect(span.getAttribute('style')).toBeNull(); // no inline style set on every mount
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('shows the whole text of the hovered cut span, and closes when the pointer leaves it', async () => {
    render(<Cells texts={['人民路256号万科城6栋3单元1222室', '中山路88号']} />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    widths(span, 320, 200);
    fireEvent.mouseEnter(span);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('人民路256号万科城6栋3单元1222室');
    fireEvent.mouseLeave(span);
    await waitFor(() => expect(openTip()).toBeNull());
  });

  it('shows nothing for a text that fits', async () => {
    render(<Cells texts={['短地址']} />);
    const span = screen.getByText('短地址');
    widths(span, 48, 48);
    fireEvent.mouseEnter(span);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes when the hovered span shows another text (its row drawn again for another record)', async () => {
    const { rerender } = render(<Cells texts={['人民路256号万科城6栋3单元1222室']} />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    widths(span, 320, 200);
    fireEvent.mouseEnter(span);
    await screen.findByRole('tooltip');
    rerender(<Cells texts={['短地址']} />);
    expect(screen.getByText('短地址')).toBe(span);
    await waitFor(() => expect(openTip()).toBeNull());
  });

  it('moves to the next cut span hovered, with its text', async () => {
    render(<Cells texts={['人民路256号万科城6栋3单元1222室', '建设路1号世纪广场A座2001室']} />);
    const [a, b] = [screen.getByText('人民路256号万科城6栋3单元1222室'), screen.getByText('建设路1号世纪广场A座2001室')];
    widths(a, 320, 200);
    widths(b, 320, 200);
    fireEvent.mouseEnter(a);
    await screen.findByRole('tooltip');
    fireEvent.mouseLeave(a);
    act(() => {
      fireEvent.mouseEnter(b);
    });
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('建设路1号世纪广场A座2001室'));
    expect(openTip()).not.toBeNull();
  });
});
