/**
 * image and file: values are stored file keys (one, or a list when `multiple`). Cells and details
 * show thumbnails or links through Runtime.fileUrl; the upload control is a lazy chunk.
 */
import { Image, Skeleton, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { isEmptyValue } from '../../engine';
import { EMPTY } from './Empty';
import type { CellEnv, ControlProps, FieldTypeRenderer, ValueProps } from './types';
import { cellAsComponent } from './cell-env';

const FileUpload = lazy(() => import('./FileUpload'));

function keysOf(value: unknown): string[] {
  if (isEmptyValue(value)) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function images({ value }: ValueProps, { runtime: { fileUrl } }: CellEnv, size: number) {
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

function filesCell({ value }: ValueProps, { runtime: { fileUrl }, t }: CellEnv) {
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
  cell: (p, env) => images(p, env, 40),
  Display: cellAsComponent((p, env) => images(p, env, 96), 'Images'),
  SearchControl: UploadControl,
  FormControl: UploadControl,
};
export const fileType: FieldTypeRenderer = {
  cell: filesCell,
  Display: cellAsComponent(filesCell, 'Files'),
  SearchControl: UploadControl,
  FormControl: UploadControl,
};
