/**
 * Upload control (lazy chunk) for image and file fields: checks accept and maxSizeMB before sending
 * (the message names the limit), uploads through Runtime.upload with progress, shows the server's
 * refusal message, previews images and removes files. The form value is the key (or list of keys).
 */
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { acceptAttr, checkUpload, useRuntime } from '../../engine';
import { useT } from '../i18n';
import type { ControlProps } from './types';

function keysOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

export default function FileUpload(p: ControlProps) {
  const { upload, fileUrl } = useRuntime();
  const { message } = App.useApp();
  const t = useT();
  const isImage = p.field.type === 'image';
  const max = p.field.multiple ? (p.field.maxItems ?? 9) : 1;
  const [list, setList] = useState<UploadFile[]>(() =>
    keysOf(p.value).map((k, i) => ({
      uid: k,
      name: t('renderer.file.n', { n: i + 1 }),
      status: 'done',
      url: fileUrl(k),
      thumbUrl: isImage ? fileUrl(k) : undefined,
    })),
  );
  const listRef = useRef(list);
  listRef.current = list;

  // The form may set a value later (an edit form loading): show it unless the user already changed files.
  const valueKey = keysOf(p.value).join(',');
  useEffect(() => {
    const current = listRef.current
      .filter((f) => f.status === 'done')
      .map((f) => f.uid)
      .join(',');
    if (current === valueKey || listRef.current.some((f) => f.status === 'uploading')) return;
    setList(
      valueKey
        ? valueKey
            .split(',')
            .map((k, i) => ({ uid: k, name: t('renderer.file.n', { n: i + 1 }), status: 'done', url: fileUrl(k), thumbUrl: isImage ? fileUrl(k) : undefined }))
        : [],
    );
  }, [valueKey, fileUrl, isImage, t]);

  const emit = (files: UploadFile[]) => {
    const keys = files.filter((f) => f.status === 'done').map((f) => f.uid);
    p.onChange?.(p.field.multiple ? keys : keys[0]);
  };

  return (
    <Upload
      id={p.id}
      accept={acceptAttr(p.field)}
      listType={isImage ? 'picture-card' : 'text'}
      fileList={list}
      disabled={p.disabled}
      maxCount={max}
      multiple={!!p.field.multiple}
      beforeUpload={(file) => {
        const problem = checkUpload(file, p.field);
        if (problem) {
          message.error(t(problem.key, { ...problem.values, name: file.name }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        upload(file as File, { onProgress: (percent) => onProgress?.({ percent }) })
          .then((res) => onSuccess?.(res))
          .catch((e: Error) => {
            message.error(e.message || t('renderer.upload.failed'));
            onError?.(e);
          });
      }}
      onChange={({ file, fileList }) => {
        const next = fileList
          .filter((f) => f.status !== 'error')
          .map((f) => {
            const res = f.response as { key?: string; url?: string; name?: string } | undefined;
            if (f.status === 'done' && res?.key)
              return { ...f, uid: res.key, url: fileUrl(res.key), thumbUrl: isImage ? fileUrl(res.key) : f.thumbUrl, name: res.name ?? f.name };
            return f;
          });
        setList(next);
        if (file.status === 'done' || file.status === 'removed') emit(next);
      }}
      onPreview={(f) => f.url && window.open(f.url, '_blank', 'noopener')}
    >
      {list.length >= max ? null : isImage ? (
        <button type="button" style={{ border: 0, background: 'none' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('renderer.upload.button')}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>{t('renderer.upload.button')}</Button>
      )}
    </Upload>
  );
}
