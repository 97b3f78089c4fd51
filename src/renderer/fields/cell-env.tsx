/**
 * What a cell reads from around it (`useCellEnv`: translations, runtime, tag classes), and
 * `cellAsComponent`: a cell as the detail Display of a type that shows its values the same way, and
 * `displayValue`: a Display's value, by its cell when it has one.
 *
 * @example
 * const env = useCellEnv();
 * fieldTypes.money.cell({ name: 'amount', field, resource, value: '12.5' }, env) // ¥12.50
 */
import { useContext, type ComponentType, type ReactNode } from 'react';
import { useRuntime } from '../../engine';
import { useT } from '../i18n';
import { StaticTagContext } from './static-tag';
import type { CellEnv, CellRender, ValueProps } from './types';

export function useCellEnv(): CellEnv {
  return { t: useT(), runtime: useRuntime(), tags: useContext(StaticTagContext) };
}

/** A Display that is a cell drawn as a component; `cell` is that cell, for a caller that has the env already. */
export type CellDisplay = ComponentType<ValueProps> & { cell: CellRender };

export function cellAsComponent(cell: CellRender, name: string): CellDisplay {
  const C = (p: ValueProps) => cell(p, useCellEnv());
  C.displayName = name;
  C.cell = cell;
  return C;
}

/**
 * A value as a type's Display shows it: the Display's own cell called directly where it has one (a
 * plain call with `env`, no component per value: an order's detail drew ~50 of them), else the Display.
 */
export function displayValue(Display: ComponentType<ValueProps>, p: ValueProps, env: CellEnv): ReactNode {
  const cell = (Display as Partial<CellDisplay>).cell;
  return cell ? cell(p, env) : <Display {...p} />;
}
