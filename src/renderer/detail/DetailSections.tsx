/**
 * The sections of a detail view: a description list of fields, or a registered slot.
 *
 * The fields are antd's Descriptions markup (lean-descriptions.tsx: its elements and classes, no component
 * per section, row and cell), drawn as ProDescriptions draws them (its class, content that may
 * shrink), with each value from the field type's Display. ProDescriptions itself wrapped every item in
 * about ten ProForm components (a field render, a form item, a value provider…) that all pass the
 * value's own render through in read mode: the same DOM, and four times the components to draw (an
 * order's detail: 32 items, ~400 components of its ~660). A value whose Display is its type's cell is
 * drawn by a plain call (displayValue), not a component of its own.
 */
import { Card, Skeleton, theme } from 'antd';
import { memo, Suspense } from 'react';
import type { Resource } from '../../schema';
import { fieldOf, type Row } from '../../engine';
import { fieldTypes, useCellEnv } from '../fields';
import { displayValue } from '../fields/cell-env';
import { useT } from '../i18n';
import { getSlot } from '../slots';
import { useNarrow } from '../use-narrow';
import { leanDescriptions, useDescriptionsClasses } from './lean-descriptions';

/** as ProDescriptions sets it: a long value wraps instead of widening its column */
const CONTENT = { minWidth: 0 };
const SECTION = { marginBottom: 16 };

/**
 * Drawn again only for another record, resource or handler: the drawer closing (or its actions
 * changing) leaves the sections as they are. Closing an order's detail drew all of them again inside
 * the click (~200 components: every description cell, value and tag).
 */
export const DetailSections = memo(function DetailSections({
  resource,
  record,
  onRecordChanged,
}: {
  resource: Resource;
  record: Row;
  onRecordChanged?: () => void;
}) {
  const t = useT();
  const env = useCellEnv();
  const cls = useDescriptionsClasses();
  // on a phone the drawer is the window's width: two columns left a value ~90 px, an order number or a
  // phone number broken over three to five lines
  const narrow = useNarrow(theme.useToken().token.screenSM);
  return (
    <>
      {resource.detail!.sections.map((section, i) => {
        if (section.slot) {
          const Slot = getSlot(section.slot);
          const binding = section.api ? resource.api?.[section.api] : undefined;
          return (
            <Card
              key={`slot-${i}`}
              size="small"
              title={t(section.title)}
              variant="borderless"
              styles={{ body: { paddingInline: 0 }, header: { paddingInline: 0 } }}
            >
              <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                <Slot resource={resource} record={record} section={section} binding={binding} onRecordChanged={onRecordChanged} {...(section.props ?? {})} />
              </Suspense>
            </Card>
          );
        }
        const names = (section.fields ?? []).filter((n) => !fieldOf(resource, n).hideInDetail);
        const columns = narrow ? 1 : (section.columns ?? 2);
        return leanDescriptions(cls, {
          key: `fields-${i}`,
          className: 'ant-pro-descriptions',
          title: t(section.title),
          column: columns,
          style: SECTION,
          contentStyle: CONTENT,
          items: names.map((name) => {
            const field = fieldOf(resource, name);
            const { Display } = fieldTypes[field.type];
            const Slot = field.render ? getSlot(field.render) : undefined;
            return {
              key: name,
              label: t(field.title),
              span: field.type === 'text' || field.type === 'file' || field.type === 'image' ? columns : 1,
              children: Slot ? (
                <Suspense fallback={null}>
                  <Slot resource={resource} record={record} name={name} value={record[name]} fieldType={field.type} section={section} />
                </Suspense>
              ) : (
                displayValue(Display, { name, field, resource, value: record[name], record }, env)
              ),
            };
          }),
        });
      })}
    </>
  );
});
