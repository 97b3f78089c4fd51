/**
 * The first script of index.html: paints a list screen's first page before the app has booted
 * (see start.ts). Never lets an error escape: the app starts as usual whatever happens here.
 */
import './prepaint.css';
import { startPrepaint } from './start';

startPrepaint().catch((e: unknown) => {
  console.warn('prepaint skipped:', e);
  // A half-painted copy would hide the app: take it away.
  document.getElementById('prepaint')?.remove();
  document.documentElement.classList.remove('pp-on');
});
