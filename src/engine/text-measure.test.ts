// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textMeasure } from './text-measure';

describe('textMeasure', () => {
  afterEach(() => vi.restoreAllMocks());

  it("measures with the page's own layout of the text (in a hidden box, with the font asked for), once per text and font, never with a canvas", () => {
    const canvas = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const seen: { text: string; font: string; hidden: boolean }[] = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const box = this.parentElement!;
      seen.push({
        text: this.textContent ?? '',
        font: this.style.font,
        hidden: box.style.visibility === 'hidden' && box.getAttribute('aria-hidden') === 'true',
      });
      return { width: (this.textContent ?? '').length * 7.5 } as DOMRect;
    });
    const measure = textMeasure('Arial');
    expect(measure('创建时间', 14, true)).toBe(30);
    expect(measure('创建时间', 14, true)).toBe(30);
    expect(measure('创建时间', 12)).toBe(30);
    expect(seen.map((s) => s.text)).toEqual(['创建时间', '创建时间']);
    expect(seen[0].font).toContain('Arial');
    expect(seen.every((s) => s.hidden)).toBe(true);
    expect(document.body.textContent, 'nothing measured is left on the page').not.toContain('创建时间');
    expect(canvas).not.toHaveBeenCalled();
  });

  it('estimates where nothing is laid out (no layout engine), without keeping the estimate', () => {
    const measure = textMeasure('Georgia');
    const w = measure('Merchant authorization', 14);
    expect(w).toBeGreaterThan(100);
    let laidOut = false;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
      laidOut = true;
      return { width: 150.5 } as DOMRect;
    });
    expect(measure('Merchant authorization', 14)).toBe(150.5);
    expect(laidOut).toBe(true);
  });
});
