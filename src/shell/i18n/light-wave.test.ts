// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { theme } from 'antd';
import { lightWave } from './light-wave';

const token = theme.getDesignToken();
const info = { className: 'ant-wave', token, component: 'Button' as const, event: new MouseEvent('click'), hashId: '' };

/** an element whose animate() records its keyframes and options */
function target(cls = 'ant-btn ant-btn-primary') {
  const el = document.createElement('button');
  el.className = cls;
  const animate = vi.fn();
  Object.assign(el, { animate });
  return { el, animate };
}

describe('lightWave', () => {
  it("rings the element itself: from 0 to 6 px at 20 % to none, over antd's own shadow, without touching the DOM", () => {
    const { el, animate } = target();
    lightWave(el, info);
    expect(animate).toHaveBeenCalledTimes(1);
    const [frames, options] = animate.mock.calls[0] as [Keyframe[], KeyframeAnimationOptions];
    expect(frames[0].boxShadow).toBe('0 0 0 0px rgba(22,119,255,0.2)');
    expect(frames.at(-1)!.boxShadow).toBe('0 0 0 6px rgba(22,119,255,0)');
    // the ring spreads fully by 0.4 s, fading all the way
    const spread = frames.find((f) => f.offset === 0.5)!;
    expect(spread.boxShadow).toMatch(/^0 0 0 6px rgba\(22,119,255,0\.0[0-9]+\)$/);
    expect(options).toEqual({ duration: 800, composite: 'add' });
    expect(el.childNodes).toHaveLength(0);
    expect(document.body.childNodes).toHaveLength(0);
  });

  it("is red on a dangerous button, as antd's", () => {
    const { el, animate } = target('ant-btn ant-btn-dangerous');
    lightWave(el, info);
    const [frames] = animate.mock.calls[0] as [Keyframe[]];
    expect(frames[0].boxShadow).toBe('0 0 0 0px rgba(255,77,79,0.2)');
  });

  it('does nothing where the browser has no Web Animations', () => {
    const el = document.createElement('button');
    Object.assign(el, { animate: undefined });
    expect(() => lightWave(el, info)).not.toThrow();
  });
});
