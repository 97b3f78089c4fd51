/**
 * ResultPage loaded on demand: antd's Result carries large SVG illustrations that no ordinary page
 * needs, so they stay out of the first chunk.
 */
import { lazy, Suspense } from 'react';
import type { ResultCode } from './ResultPage';
import { LoadingOverlay } from '../i18n/LoadingOverlay';

const ResultPageImpl = lazy(() => import('./ResultPage'));

export function LazyResultPage({ code, embedded = false }: { code: ResultCode; embedded?: boolean }) {
  return (
    <Suspense fallback={<LoadingOverlay fullScreen={!embedded} />}>
      <ResultPageImpl code={code} embedded={embedded} />
    </Suspense>
  );
}
