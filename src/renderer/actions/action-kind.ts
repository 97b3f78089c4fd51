import type { Action } from '../../schema';

/** An action's kind, inferred when the schema leaves it out: form → api → link → detail. */
export function actionKind(a: Action): 'api' | 'form' | 'detail' | 'link' {
  return a.kind ?? (a.form ? 'form' : a.api ? 'api' : a.to ? 'link' : 'detail');
}
