/**
 * The items of a form: label, control from the field-type registry, rules from the engine
 * (the same declaration the server validates), read-only items as displays, visibleWhen and
 * dependsOn, in one or two columns.
 */
import { Col, Form, Row } from 'antd';
import { useEffect, useRef } from 'react';
import type { Resource } from '../../schema';
import { fieldOf, fieldRules, pick, type NormalizedFormItem } from '../../engine';
import { fieldTypes } from '../fields';
import { useT } from '../i18n';
import { matchesWhen } from '../../schema';

interface Props {
  resource: Resource;
  items: NormalizedFormItem[];
  columns: 1 | 2;
  requiredNames: Set<string>;
}

function ReadOnlyValue({ resource, name, value }: { resource: Resource; name: string; value?: unknown }) {
  const field = fieldOf(resource, name);
  const { Display } = fieldTypes[field.type];
  return <Display name={name} field={field} resource={resource} value={value} />;
}

function Control({
  resource,
  item,
  id,
  value,
  onChange,
}: {
  resource: Resource;
  item: NormalizedFormItem;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const field = fieldOf(resource, item.field);
  const form = Form.useFormInstance();
  // preserve: a dependency may be a value of the record the form was opened on without being one of
  // its items (the order's region when choosing a store to assign it to)
  const watched = Form.useWatch((values: Record<string, unknown>) => (item.dependsOn.length ? JSON.stringify(pick(values ?? {}, item.dependsOn)) : ''), {
    form,
    preserve: true,
  });
  const depends = watched || item.params ? { ...(item.params ?? {}), ...(watched ? (JSON.parse(watched) as Record<string, unknown>) : {}) } : undefined;
  // A choice that depended on another field is cleared when the user changes that field
  // (not when the form first fills in: then there was nothing chosen before).
  const previous = useRef(watched);
  useEffect(() => {
    const before = previous.current;
    previous.current = watched;
    if (!before || before === watched || before === '{}' || watched === undefined) return;
    if (value !== undefined && value !== null && value !== '') onChange?.(undefined);
  }, [watched]); // only a change of the watched fields clears
  const { FormControl } = fieldTypes[field.type];
  const record = form.getFieldsValue(true) as Record<string, unknown>;
  return (
    <FormControl name={item.field} field={field} resource={resource} id={id} value={value} onChange={onChange} depends={depends} mode="form" record={record} />
  );
}

function Item({ resource, item, requiredNames }: { resource: Resource; item: NormalizedFormItem; requiredNames: Set<string> }) {
  const t = useT();
  const field = fieldOf(resource, item.field);
  const label = t(field.title);
  if (item.readOnly) {
    return (
      <Form.Item name={item.field} label={label}>
        <ReadOnlyValue resource={resource} name={item.field} />
      </Form.Item>
    );
  }
  const rules = fieldRules(field, t, { label, required: !!field.required || requiredNames.has(item.field) });
  return (
    <Form.Item name={item.field} label={label} rules={rules} tooltip={field.description ? t(field.description) : undefined}>
      <Control resource={resource} item={item} />
    </Form.Item>
  );
}

export function FormItems({ resource, items, columns, requiredNames }: Props) {
  return (
    <Row gutter={16}>
      {items.map((item) => {
        const field = fieldOf(resource, item.field);
        const wide = field.type === 'text' || field.type === 'file' || (field.type === 'image' && !!field.multiple);
        const span = item.span ?? (columns === 1 || wide ? 24 : 12);
        const col = (
          <Col key={item.field} xs={24} sm={span}>
            <Item resource={resource} item={item} requiredNames={requiredNames} />
          </Col>
        );
        if (!item.visibleWhen) return col;
        const deps = Object.keys(item.visibleWhen).filter((k) => !k.startsWith('$'));
        return (
          <Form.Item key={item.field} noStyle dependencies={deps}>
            {({ getFieldsValue }) => (matchesWhen(item.visibleWhen, getFieldsValue(true) as Record<string, unknown>) ? col : null)}
          </Form.Item>
        );
      })}
    </Row>
  );
}
