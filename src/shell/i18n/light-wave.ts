/**
 * The click wave of antd's buttons, checkboxes, radios and switches (ConfigProvider `wave.showEffect`),
 * drawn as an animation of the element's own box-shadow instead of antd's.
 *
 * antd's default (antd/es/_util/wave/WaveEffect.js) reads the element's computed style for its colour
 * and radius and mounts a React root with a motion component for every click: a style recalculation
 * forced inside the click's task, a root created, then three more commits as the motion runs. In the
 * trace of a list's Search click that work ran while the list's answer was already in and waiting for
 * the main thread (A/B in one run, 6 × 3 clicks each: Search click → rows, median 124 → 92 ms with the
 * wave off). This draws the same ring — 0 → 6 px, 20 % → 0 opacity, antd's ease-out-circ — with the Web
 * Animations API: nothing read from the page, nothing rendered, the shadow the element already has
 * kept underneath (`composite: 'add'`).
 *
 * @example
 * <ConfigProvider wave={{ showEffect: lightWave }}>…</ConfigProvider>
 */
import { FastColor } from '@ant-design/fast-color';
import type { ConfigProviderProps } from 'antd';

type ShowEffect = NonNullable<NonNullable<ConfigProviderProps['wave']>['showEffect']>;

/** antd's motionEaseOutCirc */
const EASE_OUT_CIRC = (t: number) => Math.sqrt(1 - (1 - t) ** 2);
/**
 * antd: the ring spreads in 0.4 s and fades over 2 s, the last 1.6 s below 8 % opacity. Faded here by
 * 0.8 s: a box-shadow animates by painting, and every frame it runs is one the next click may wait for.
 */
const SPREAD_MS = 400;
const FADE_MS = 800;
const SPREAD_PX = 6;
const OPACITY = 0.2;

function ring(color: FastColor, spread: number, alpha: number): string {
  return `0 0 0 ${spread}px ${color.clone().setA(alpha).toRgbString()}`;
}

export const lightWave: ShowEffect = (element, { token }) => {
  if (typeof element.animate !== 'function') return;
  // a dangerous button's ring is red, as antd's (its colour follows the element's border or background)
  const base = new FastColor(element.classList.contains('ant-btn-dangerous') ? token.colorError : token.colorPrimary);
  // opacity as antd's 2 s fade has it at the same moments, until the spread ends
  const alpha = (ms: number) => OPACITY * (1 - EASE_OUT_CIRC(ms / 2000));
  const frames: Keyframe[] = [
    { offset: 0, boxShadow: ring(base, 0, OPACITY) },
    { offset: SPREAD_MS / 2 / FADE_MS, boxShadow: ring(base, SPREAD_PX * EASE_OUT_CIRC(0.5), alpha(SPREAD_MS / 2)) },
    { offset: SPREAD_MS / FADE_MS, boxShadow: ring(base, SPREAD_PX, alpha(SPREAD_MS)) },
    { offset: 1, boxShadow: ring(base, SPREAD_PX, 0) },
  ];
  element.animate(frames, { duration: FADE_MS, composite: 'add' });
};
