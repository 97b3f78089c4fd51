/**
 * Starts the prepaint (see start.ts) from the entry. Never lets an error escape: the app starts as
 * usual whatever happens here.
 */
import './prepaint.css';
import { startPrepaint } from './start';

export function runPrepaint(): void {
  startPrepaint().catch((e: unknown) => {
    console.warn('prepaint skipped:', e);
    // A half-painted copy would hide the app: take it away.
    document.getElementById('prepaint')?.remove();
    document.documentElement.classList.remove('pp-on');
  });
}
