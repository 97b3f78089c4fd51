/** The sections of a detail view: ProDescriptions of fields, or a registered slot. */
import { ProDescriptions } from '@ant-design/pro-components';
import { Card, Skeleton } from 'antd';
import { Suspense, type ReactNode } from 'react';
import type { Resource } from '../../schema';
import { fieldOf, type Row } from '../../engine';
import { fieldTypes } from '../fields';
import { useT } from '../i18n';
import { getSlot } from '../slots';

export function DetailSections({ resource, record, onRecordChanged }: { resource: Resource; record: Row; onRecordChanged?: () => void }) {
  const t = useT();
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
        return (
          <ProDescriptions<Row>
            key={`fields-${i}`}
            title={t(section.title)}
            column={section.columns ?? 2}
            dataSource={record}
            style={{ marginBottom: 16 }}
            columns={names.map((name) => {
              const field = fieldOf(resource, name);
              const { Display } = fieldTypes[field.type];
              return {
                key: name,
                title: t(field.title),
                dataIndex: name,
                span: field.type === 'text' || field.type === 'file' || field.type === 'image' ? (section.columns ?? 2) : 1,
                render: (_: ReactNode, rec: Row) => {
                  if (field.render) {
                    const Slot = getSlot(field.render);
                    return (
                      <Suspense fallback={null}>
                        <Slot resource={resource} record={rec} name={name} value={rec[name]} fieldType={field.type} section={section} />
                      </Suspense>
                    );
                  }
                  return <Display name={name} field={field} resource={resource} value={rec[name]} record={rec} />;
                },
              };
            })}
          />
        );
      })}
    </>
  );
}
