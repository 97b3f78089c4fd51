/**
 * What a field type must provide to the renderer: a table cell, a search-form control, a form control
 * and a detail display. Controls take and give the wire format (decimal strings for money, digit
 * strings for ids, "YYYY-MM-DD" dates, file keys) so forms never hold anything else.
 */
import type { ComponentType, ReactNode } from 'react';
import type { AnyField, Resource } from '../../schema';
import type { Runtime, Translate } from '../../engine';
import type { TagClasses } from './static-tag';
import type { ShowTip } from './ellipsis-tip';

export interface ValueProps {
  name: string;
  field: AnyField;
  resource: Resource;
  value: unknown;
  record?: Record<string, unknown>;
}

export interface ControlProps {
  name: string;
  field: AnyField;
  resource: Resource;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** values of FormItem.dependsOn fields (dict/ref searches) */
  depends?: Record<string, unknown>;
  /** the search form (ranges, single-valued filters) rather than an edit form */
  mode?: 'search' | 'form';
  /** the values the form holds (the record it was opened on): labels of its own dict/ref values */
  record?: Record<string, unknown>;
}

/** What a cell reads from around it (read once by a list for all its cells, or by `CellView`). */
export interface CellEnv {
  t: Translate;
  runtime: Runtime;
  /** StaticTagProvider's classes: coloured tags as plain elements (null outside one: antd's Tag) */
  tags: TagClasses | null;
  /** the table's one tooltip for cut texts (ellipsis-tip.tsx); without it a cut text keeps its own (EllipsisText) */
  tip?: ShowTip;
}

/**
 * A table cell: a plain call, not a component. A page of rows draws hundreds of cells, and each
 * component of its own is a fiber React creates, renders and walks on every page click. A cell that
 * keeps state (hover, a lookup) returns an element of its own component.
 */
export type CellRender = (p: ValueProps, env: CellEnv) => ReactNode;

export interface FieldTypeRenderer {
  cell: CellRender;
  Display: ComponentType<ValueProps>;
  SearchControl: ComponentType<ControlProps>;
  FormControl: ComponentType<ControlProps>;
}
