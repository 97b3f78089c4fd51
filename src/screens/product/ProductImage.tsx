/**
 * Cell/display "productImage": a product's picture. A slot because the value is a platform image URL
 * (synced products keep the platform's picture), while the schema's "image" type holds uploaded
 * file keys only.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import type { SlotProps } from '../../renderer/slots';

/** Only http(s) and same-origin paths are shown; anything else is treated as no picture. */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

export default function ProductImage({ value, record }: SlotProps) {
  const src = safeImageUrl(value);
  const alt = typeof record?.title === 'string' ? record.title : '';
  if (!src) {
    return (
      <span
        role="img"
        aria-label={alt}
        style={{
          display: 'inline-flex',
          width: 48,
          height: 48,
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
          borderRadius: 6,
          color: '#bfbfbf',
        }}
      >
        <AppstoreOutlined />
      </span>
    );
  }
  return <Image src={src} alt={alt} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}
