/**
 * Thumbnails of image fields (antd Image with its preview), a lazy chunk: a list without images (the
 * order list) does not load antd's Image.
 */
import { Image, Space } from 'antd';
import { useRuntime } from '../../engine';

export default function ImageThumbs({ keys, size }: { keys: string[]; size: number }) {
  const { fileUrl } = useRuntime();
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
