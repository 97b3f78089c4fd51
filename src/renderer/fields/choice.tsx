/** enum (coloured tags; selects in forms and search) and boolean (是/否; a switch in forms). */
import { Select, Switch } from 'antd';
import { enumValues, isEmptyValue, useRuntime } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { tagOf } from './static-tag';
import { cellAsComponent } from './cell-env';

/** Coloured tags, as plain elements under a StaticTagProvider (a list screen): static-tag.tsx. */
function enumCell({ value, field, resource }: ValueProps, { runtime: { app }, t, tags: cls }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  const values = enumValues(app, resource, field);
  const tag = (v: unknown) => {
    const def = values.find((e) => e.value === v || String(e.value) === String(v));
    return tagOf(cls, def?.color, def ? t(def.label) : String(v), String(v));
  };
  // one value (a status): the tag alone, without a Space around it. Keyed by its value: a row drawn
  // again for another record gets a new tag, not the old one recoloured (antd's Tag transitions its
  // colours, and would fade from the old status's for 0.2 s)
  if (!Array.isArray(value)) return tag(value);
  // several (a multiple enum field): side by side, wrapping, as antd's Space (size [0, 4], wrap) lays
  // them out, but one element: Space drew a component and a box per tag in every row (render log: two
  // components a row on a list's first visit)
  return <span className="cell-tags">{value.map(tag)}</span>;
}

function EnumSelect(p: ControlProps) {
  const { app } = useRuntime();
  const t = useT();
  const options = enumValues(app, p.resource, p.field).map((v) => ({ value: v.value as string, label: t(v.label) }));
  const multiple = !!p.field.multiple && p.mode !== 'search';
  return (
    <Select
      id={p.id}
      value={p.value as string | undefined}
      disabled={p.disabled}
      options={options}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      placeholder={t('renderer.placeholder.select', { field: p.field.title ? t(p.field.title) : '' })}
      onChange={(v) => p.onChange?.(v)}
    />
  );
}

function booleanCell({ value }: ValueProps, { t, tags: cls }: CellEnv) {
  if (isEmptyValue(value)) return EMPTY;
  return value === true || value === 'true' ? tagOf(cls, 'success', t('renderer.yes')) : tagOf(cls, undefined, t('renderer.no'));
}

function BooleanSelect(p: ControlProps) {
  const t = useT();
  return (
    <Select
      id={p.id}
      value={p.value as boolean | undefined}
      allowClear
      placeholder={t('renderer.placeholder.select', { field: p.field.title ? t(p.field.title) : '' })}
      options={[
        { value: true, label: t('renderer.yes') },
        { value: false, label: t('renderer.no') },
      ]}
      onChange={(v) => p.onChange?.(v)}
    />
  );
}

function BooleanSwitch(p: ControlProps) {
  return <Switch id={p.id} checked={p.value === true} disabled={p.disabled} onChange={(v) => p.onChange?.(v)} />;
}

const EnumTags = cellAsComponent(enumCell, 'EnumTags');
const BooleanValue = cellAsComponent(booleanCell, 'BooleanValue');

export const enumType: FieldTypeRenderer = { cell: enumCell, Display: EnumTags, SearchControl: EnumSelect, FormControl: EnumSelect };
export const booleanType: FieldTypeRenderer = { cell: booleanCell, Display: BooleanValue, SearchControl: BooleanSelect, FormControl: BooleanSwitch };
