/**
 * image and file: values are stored file keys (one, or a list when `multiple`). Cells and details
 * show thumbnails or links through Runtime.fileUrl; the upload control is a lazy chunk.
 */
import { Image, Skeleton, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { isEmptyValue, useRuntime } from '../../engine';
import { useT } from '../i18n';
import { EMPTY } from './Empty';
import type { ControlProps, FieldTypeRenderer, ValueProps } from './types';

const FileUpload = lazy(() => import('./FileUpload'));

function keysOf(value: unknown): string[] {
  if (isEmptyValue(value)) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function Images({ value, size }: ValueProps & { size: number }) {
  const { fileUrl } = useRuntime();
  const keys = keysOf(value);
  if (!keys.length) return EMPTY;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {keys.map((k) => (
          <Image key={k} src={fileUrl(k)} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function Files({ value }: ValueProps) {
  const { fileUrl } = useRuntime();
  const t = useT();
  const keys = keysOf(value);
  if (!keys.length) return EMPTY;
  return (
    <Space direction="vertical" size={2}>
      {keys.map((k, i) => (
        <a key={k} href={fileUrl(k)} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {t('renderer.file.n', { n: i + 1 })}
        </a>
      ))}
    </Space>
  );
}

function UploadControl(p: ControlProps) {
  return (
    <Suspense fallback={<Skeleton.Button active />}>
      <FileUpload {...p} />
    </Suspense>
  );
}

export const imageType: FieldTypeRenderer = {
  Cell: (p) => <Images {...p} size={40} />,
  Display: (p) => <Images {...p} size={96} />,
  SearchControl: UploadControl,
  FormControl: UploadControl,
};
export const fileType: FieldTypeRenderer = { Cell: Files, Display: Files, SearchControl: UploadControl, FormControl: UploadControl };
