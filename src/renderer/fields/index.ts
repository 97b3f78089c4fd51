/**
 * The field-type registry: one renderer per FieldType. `satisfies Record<FieldType, …>` makes a
 * type without a renderer a compile error. A type's table cell is a plain call (list/field-cell.tsx makes it
 * in the list); elsewhere `CellView` draws it.
 *
 * @example
 * <CellView name="phone" field={field} resource={staff} value="13812341234" record={row} />  // 138****1234
 */
import type { FieldType } from '../../schema';
import type { FieldTypeRenderer, ValueProps } from './types';
import { useCellEnv } from './cell-env';
import './cells.css';
import { bigintType, passwordType, phoneType, stringType, textType } from './text';
import { integerType, moneyType, numberType } from './number';
import { booleanType, enumType } from './choice';
import { dateRangeType, dateType, datetimeType } from './date';
import { regionType } from './region';
import { fileType, imageType } from './files';
import { dictType, refType } from './options';

export const fieldTypes = {
  string: stringType,
  text: textType,
  password: passwordType,
  number: numberType,
  integer: integerType,
  money: moneyType,
  bigint: bigintType,
  boolean: booleanType,
  enum: enumType,
  date: dateType,
  datetime: datetimeType,
  dateRange: dateRangeType,
  region: regionType,
  image: imageType,
  file: fileType,
  phone: phoneType,
  dict: dictType,
  ref: refType,
} satisfies Record<FieldType, FieldTypeRenderer>;

/** A field type's table cell outside a list's table (a change line, a nested table). */
export function CellView(p: ValueProps) {
  return fieldTypes[p.field.type].cell(p, useCellEnv());
}

export { useCellEnv } from './cell-env';
export type { FieldTypeRenderer, ControlProps, ValueProps, CellEnv, CellRender } from './types';
