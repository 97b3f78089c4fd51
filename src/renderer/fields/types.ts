/**
 * What a field type must provide to the renderer: a table cell, a search-form control, a form control
 * and a detail display. Controls take and give the wire format (decimal strings for money, digit
 * strings for ids, "YYYY-MM-DD" dates, file keys) so forms never hold anything else.
 */
import type { ComponentType } from 'react';
import type { AnyField, Resource } from '../../schema';

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

export interface FieldTypeRenderer {
  Cell: ComponentType<ValueProps>;
  Display: ComponentType<ValueProps>;
  SearchControl: ComponentType<ControlProps>;
  FormControl: ComponentType<ControlProps>;
}
