/** The renderer: antd/ProComponents views of the engine, the field-type registry and the slot/screen registries. */
export { ResourceScreen, type ResourceScreenProps } from './ResourceScreen';
export { fieldTypes, CellView, type FieldTypeRenderer, type ControlProps, type ValueProps } from './fields';
export { registerSlot, getSlot, hasSlot, registerScreen, getScreen, type SlotProps, type ScreenProps } from './slots';
export { useActionRunner, type ActionRunner } from './actions/useActionRunner';
export { useT } from './i18n';
export { LEAN_ROWS, SKIP_SCROLLBAR_MEASURE } from './list/StableTable';
