// @vitest-environment happy-dom
import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EllipsisText } from './EllipsisText';
import { stubWidths as widths } from '../testing';

afterEach(cleanup);

describe('EllipsisText', () => {
  it('cuts the text to one line by CSS, with no tooltip until hovered', () => {
    render(<EllipsisText text="人民路256号万科城6栋3单元1222室" />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    // cut by the class's rules (cells.css: one line, "…" at the end)
    expect(span.className).toBe('cell-ellipsis');
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('shows the whole text in a tooltip on hover when the text is cut', async () => {
    render(<EllipsisText text="人民路256号万科城6栋3单元1222室" />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    widths(span, 320, 200);
    fireEvent.mouseEnter(span);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('人民路256号万科城6栋3单元1222室');
  });

  it('shows no tooltip when the whole text fits', async () => {
    render(<EllipsisText text="短地址" />);
    const span = screen.getByText('短地址');
    widths(span, 48, 48);
    fireEvent.mouseEnter(span);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('drawn again with another text (a table row reused for another record), it starts uncut: no tooltip of the old text', async () => {
    const { rerender } = render(<EllipsisText text="人民路256号万科城6栋3单元1222室" />);
    const span = screen.getByText('人民路256号万科城6栋3单元1222室');
    widths(span, 320, 200);
    fireEvent.mouseEnter(span);
    await screen.findByRole('tooltip');
    rerender(<EllipsisText text="短地址" />);
    expect(document.querySelector('.ant-tooltip-open')).toBeNull();
    expect(screen.getByText('短地址').className).toBe('cell-ellipsis');
  });
});
