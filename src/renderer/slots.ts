/**
 * Registries for what a schema cannot express: slots (detail sections, cell renders, action dialogs,
 * named by "slot"/"render" in schemas) and whole screens (resources of kind "custom").
 * Console code registers its components at start-up (src/screens/index.ts).
 *
 * @example
 * registerSlot('orderRecords', OrderRecords);            // "slot": "orderRecords" in a detail section
 * registerScreen('dashboard', lazy(() => import('./Dashboard')));
 * const Screen = getScreen('dashboard');
 */
import type { ComponentType } from 'react';
import type { ApiBinding, DetailSection, FieldType, Resource } from '../schema';

/** Props every slot receives; detail sections get `section` and `binding`, cells get `value` and `name`. */
export interface SlotProps {
  resource: Resource;
  record: Record<string, unknown>;
  section?: DetailSection;
  binding?: ApiBinding;
  name?: string;
  value?: unknown;
  fieldType?: FieldType;
  /** action dialogs: close and tell the list whether something changed */
  onClose?: (changed: boolean) => void;
  /** detail sections: the section changed data the record shows (a count, a status); reload it */
  onRecordChanged?: () => void;
  [extra: string]: unknown;
}

export interface ScreenProps {
  resource: Resource;
}

const slots = new Map<string, ComponentType<SlotProps>>();
const screens = new Map<string, ComponentType<ScreenProps>>();

export function registerSlot(name: string, component: ComponentType<SlotProps>): void {
  slots.set(name, component);
}

/** A registered slot, or a clear error naming the missing one. */
export function getSlot(name: string): ComponentType<SlotProps> {
  const c = slots.get(name);
  if (!c) throw new Error(`no slot registered as "${name}" (registerSlot("${name}", Component))`);
  return c;
}

export function hasSlot(name: string): boolean {
  return slots.has(name);
}

export function registerScreen(name: string, component: ComponentType<ScreenProps>): void {
  screens.set(name, component);
}

export function getScreen(name: string): ComponentType<ScreenProps> {
  const c = screens.get(name);
  if (!c) throw new Error(`no screen registered as "${name}" (registerScreen("${name}", lazy(() => import(...))))`);
  return c;
}
