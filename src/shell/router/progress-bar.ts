/**
 * A thin progress bar at the top of the window (what nprogress draws: `#nprogress > .bar > .peg`),
 * moved with the Web Animations API. nprogress lays the page out at each step (it reads `offsetWidth`
 * to restart its CSS transitions) and puts a class on <html> while it shows, which makes the browser
 * restyle the whole document twice a navigation: ~20 ms each on a list page here, in the middle of a
 * menu click (trace of "menu: other list": a timer's 21 ms style recalculation before the new rows'
 * frame). Animations need neither.
 *
 * @example
 * const bar = progressBar(); bar.start(); …; bar.done(); // the element: #nprogress (styles in shell.css)
 */

/** how long a step of the bar and its fading take, and how often it creeps on while waiting */
const STEP_MS = 200;
const TRICKLE_MS = 150;

export interface ProgressBar {
  /** shows the bar near its start and lets it creep towards the end */
  start(): void;
  /** runs the bar to the end and fades it out (shows it first if it was not) */
  done(): void;
  isStarted(): boolean;
}

/** How far the bar creeps from `n` (0–1) in one trickle: less the further it is, never to the end. */
export function trickle(n: number): number {
  const amount = n < 0.2 ? 0.1 : n < 0.5 ? 0.04 : n < 0.8 ? 0.02 : n < 0.99 ? 0.005 : 0;
  return Math.min(0.994, n + amount);
}

export function progressBar(): ProgressBar {
  let root: HTMLElement | null = null;
  let bar: HTMLElement | null = null;
  let n = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let generation = 0;

  const place = (to: number, from: number) => {
    const keyframes = [{ transform: `translate3d(${(from - 1) * 100}%,0,0)` }, { transform: `translate3d(${(to - 1) * 100}%,0,0)` }];
    if (typeof bar!.animate === 'function') bar!.animate(keyframes, { duration: STEP_MS, easing: 'ease', fill: 'forwards' });
    else bar!.style.transform = keyframes[1].transform;
  };
  const create = () => {
    const doc = document;
    root = doc.createElement('div');
    root.id = 'nprogress';
    root.setAttribute('role', 'progressbar');
    bar = doc.createElement('div');
    bar.className = 'bar';
    bar.style.transform = 'translate3d(-100%,0,0)';
    const peg = doc.createElement('div');
    peg.className = 'peg';
    bar.appendChild(peg);
    root.appendChild(bar);
    doc.body.appendChild(root);
  };
  const remove = () => {
    clearInterval(timer);
    timer = undefined;
    root?.remove();
    root = bar = null;
    n = 0;
  };

  return {
    isStarted: () => timer !== undefined,
    start() {
      if (timer !== undefined) return;
      generation++;
      // a bar still fading out from the last navigation goes, and a new one starts
      if (root && n >= 1) remove();
      if (!root) create();
      const from = n;
      n = Math.max(n, 0.08);
      place(n, from);
      timer = setInterval(() => {
        const from = n;
        n = trickle(n);
        place(n, from);
      }, TRICKLE_MS);
    },
    done() {
      if (!root) this.start();
      clearInterval(timer);
      timer = undefined;
      const mine = ++generation;
      place(1, n);
      n = 1;
      const fade = () => {
        if (mine !== generation || !root) return;
        if (typeof root.animate === 'function') {
          const a = root.animate([{ opacity: 1 }, { opacity: 0 }], { duration: STEP_MS, easing: 'linear', fill: 'forwards' });
          a.onfinish = () => mine === generation && remove();
        } else remove();
      };
      setTimeout(fade, STEP_MS);
    },
  };
}
