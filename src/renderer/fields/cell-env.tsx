/**
 * What a cell reads from around it (`useCellEnv`: translations, runtime, tag classes), and
 * `cellAsComponent`: a cell as the detail Display of a type that shows its values the same way.
 *
 * @example
 * const env = useCellEnv();
 * fieldTypes.money.cell({ name: 'amount', field, resource, value: '12.5' }, env) // ¥12.50
 */
import { useContext, type ComponentType } from 'react';
import { useRuntime } from '../../engine';
import { useT } from '../i18n';
import { StaticTagContext } from './static-tag';
import type { CellEnv, CellRender, ValueProps } from './types';

export function useCellEnv(): CellEnv {
  return { t: useT(), runtime: useRuntime(), tags: useContext(StaticTagContext) };
}

export function cellAsComponent(cell: CellRender, name: string): ComponentType<ValueProps> {
  const C = (p: ValueProps) => cell(p, useCellEnv());
  C.displayName = name;
  return C;
}
